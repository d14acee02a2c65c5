import type { ServiceContext } from "../../context.ts";

// The public verification of a KP certification (decision 205): a court clerk or a party holding a
// certification to file action, to bar action or to bar a counterclaim types its docket number (or
// scans the QR code printed on it) and learns whether the Lupon issued it, when, and whether it
// still stands. Nothing else: not the parties, not the dispute, not the case's state. A docket
// that carries no certification answers exactly as an unknown one, so the page does not tell who
// has a case before the Lupon.

/** The certifications a case may carry, as the commands that issue them name them. */
export const KP_CERTIFICATIONS = {
  certify_file_action: { label: "Certification to file action", forms: "KP Form 20, 20-A or 20-B", column: "certified_on" },
  certify_bar_action: { label: "Certification to bar action", forms: "KP Form 21", column: "certified_on" },
  certify_bar_counterclaim: { label: "Certification to bar counterclaim", forms: "KP Form 22", column: "counterclaim_barred_on" },
} as const;
type CertifyCommand = keyof typeof KP_CERTIFICATIONS;

/** The state a case is left in by a certification that ends it (the counterclaim's leaves it going on). */
const STATE_OF: Partial<Record<CertifyCommand, string>> = {
  certify_file_action: "certified_file_action",
  certify_bar_action: "certified_bar_action",
};

export interface KpCertificationCheck {
  kind: string;
  forms: string;
  /** The date the certification was issued (the step's date). */
  issued_on: string | null;
  /**
   * `issued`: the case still stands on it; `superseded`: the case was re-opened or the
   * certification replaced after it was issued, so it no longer stands.
   */
  status: "issued" | "superseded";
}

export interface KpVerification {
  docket_number: string;
  certifications: KpCertificationCheck[];
}

/** A docket number as typed: "2026-004", spaces and a "No." or "#" prefix dropped. */
export function normalizeDocket(typed: string): string | null {
  const value = typed
    .trim()
    .replace(/^(no\.?|#)\s*/i, "")
    .replace(/\s+/g, "");
  return /^\d{4}-\d{1,6}$/.test(value) ? value : null;
}

/** The certifications of a docket, or null when there is none (an unknown docket, or a case never certified). */
export async function verifyKpCertification(ctx: Pick<ServiceContext, "db">, typed: string): Promise<KpVerification | null> {
  const docket = normalizeDocket(typed);
  if (!docket) return null;
  const kase = await ctx.db
    .selectFrom("kp_cases")
    .select(["id", "docket_number", "state", "certified_on", "counterclaim_barred_on", "deleted_at"])
    .where("docket_number", "=", docket)
    .executeTakeFirst();
  if (!kase) return null;
  const runs = await ctx.db
    .selectFrom("command_runs")
    .select(["id", "command", "reversed_by_run_id"])
    .where("entity", "=", "kp_case")
    .where("entity_id", "=", kase.id)
    .where("command", "in", Object.keys(KP_CERTIFICATIONS))
    .orderBy("id")
    .execute();
  if (runs.length === 0) return null;
  const certifications = runs.map((run): KpCertificationCheck => {
    const command = run.command as CertifyCommand;
    const def = KP_CERTIFICATIONS[command];
    const issuedOn = kase[def.column];
    const endsIn = STATE_OF[command];
    const stands = run.reversed_by_run_id == null && kase.deleted_at == null && issuedOn != null && (!endsIn || kase.state === endsIn);
    return { kind: def.label, forms: def.forms, issued_on: issuedOn, status: stands ? "issued" : "superseded" };
  });
  return { docket_number: kase.docket_number, certifications };
}
