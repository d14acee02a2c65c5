import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, notFound } from "../../errors.ts";
import { recordAccessBy } from "../audit/access-log.ts";

// Who reads a KP case (decision 202): the holders of the KP permissions read every case; a Lupon
// member sitting on a case's Pangkat reads that case, its hearings and its attachments, and no other
// (RA 7160 §404: the Pangkat hears the dispute; its secretary keeps the minutes). The member is
// known by the Lupon record that names the signed-in user (lupon_members.user_id). A member whose
// seat was vacated reads no more. Every such read is in the access log.

export type CaseReader = "kp" | "pangkat";

/** Holds the KP case permissions (reads every case). */
export function readsEveryCase(ctx: ServiceContext): boolean {
  return can(ctx.user, "manage-kp_case") || can(ctx.user, "view-kp_case");
}

/** The signed-in user sits on the Pangkat of case `caseId` today. */
export async function sitsOnPangkat(ctx: ServiceContext, caseId: number): Promise<boolean> {
  if (!ctx.user) return false;
  const seat = await ctx.db
    .selectFrom("kp_pangkat_members as pm")
    .innerJoin("lupon_members as lm", "lm.id", "pm.lupon_member_id")
    .select("pm.id")
    .where("pm.case_id", "=", caseId)
    .where("pm.vacated_on", "is", null)
    .where("lm.user_id", "=", ctx.user.id)
    .where("lm.deleted_at", "is", null)
    .executeTakeFirst();
  return !!seat;
}

/**
 * How the user may read case `caseId`: by the KP permissions, or as a member of its Pangkat; 403
 * for anyone else (the same answer whether or not the case exists, so an outsider learns nothing).
 */
export async function caseReader(ctx: ServiceContext, caseId: number): Promise<CaseReader> {
  if (readsEveryCase(ctx)) return "kp";
  if (await sitsOnPangkat(ctx, caseId)) return "pangkat";
  throw forbidden();
}

/** The docket number of a case, for the access log and messages; 404 when there is none. */
export async function docketOf(ctx: ServiceContext, caseId: number): Promise<string> {
  const row = await ctx.db.selectFrom("kp_cases").select("docket_number").where("id", "=", caseId).executeTakeFirst();
  if (!row) throw notFound("KP case");
  return row.docket_number;
}

/** One read of a case's records in the access log: what was read (`detail`) and by which right. */
export function logCaseRead(ctx: ServiceContext, caseId: number, docket: string, reader: CaseReader, detail?: string): Promise<void> {
  const parts = [detail, reader === "pangkat" ? "as a member of its Pangkat" : null].filter(Boolean);
  return recordAccessBy(ctx, {
    entity: "kp_case",
    entityId: caseId,
    record: `KP case ${docket}`,
    action: "view",
    detail: parts.length ? parts.join(", ") : null,
  });
}

/** The cases on whose Pangkat the signed-in user sits today, newest first: their own list. */
export async function pangkatCasesOf(ctx: ServiceContext) {
  if (!ctx.user) throw forbidden();
  const rows = await ctx.db
    .selectFrom("kp_pangkat_members as pm")
    .innerJoin("lupon_members as lm", "lm.id", "pm.lupon_member_id")
    .innerJoin("kp_cases as c", "c.id", "pm.case_id")
    .select(["c.id", "c.docket_number", "c.title", "c.state", "c.filed_on", "pm.role"])
    .where("lm.user_id", "=", ctx.user.id)
    .where("lm.deleted_at", "is", null)
    .where("pm.vacated_on", "is", null)
    .where("c.deleted_at", "is", null)
    .orderBy("c.filed_on", "desc")
    .orderBy("c.id", "desc")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}
