import type { ServiceContext } from "../../../context.ts";
import { recordRun } from "../../../engine/commands.ts";

// File a complaint (KP Form 7): the case's create is its filing, recorded as the `file` command
// with the date and time the complaint was received, the stamp the record book keeps (research
// notes §6, LTIA I.A.1). Never reversed: a case entered by mistake is trashed while only filed.
export async function fileCase(ctx: ServiceContext, id: number): Promise<void> {
  await recordRun(ctx, { entity: "kp_case", command: "file" }, id, null, (recorder) =>
    recorder.change("kp_case", id, { received_at: new Date() }),
  );
}
