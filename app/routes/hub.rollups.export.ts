import type { Route } from "./+types/hub.rollups.export";
import { requireRollups, rollupDownload } from "../../server/features/rollups/pages.server.ts";

// /hub/rollups/{rollup}/export?<period> (issue 29 item 4): the roll-up as XLSX, one sheet per section.

export const middleware: Route.MiddlewareFunction[] = [requireRollups];

export function loader(args: Route.LoaderArgs) {
  return rollupDownload(args, args.params.rollup);
}
