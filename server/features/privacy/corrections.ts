import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { audit } from "../../engine/audit.ts";
import { can } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { correctionRequestSchema, type CorrectionRequestInput } from "../../../domain/privacy/schemas.ts";

// A correction made on the data subject's request (RA 10173 §16(d),
// docs/decisions/185): the person's record is changed the usual way (the engine's update, its own
// audit row), and in the same transaction this records when and how the person asked (date,
// channel, reference) with a link to that audit row — the change itself.

/** Form fields of the request, as the resident form posts them. */
export const CORRECTION_FIELDS = {
  flag: "correction.requested",
  date: "correction.requested_on",
  channel: "correction.channel",
  reference: "correction.reference",
};

/** The request in a posted form, or null when the form does not say the change was asked for. */
export function correctionRequestOf(form: FormData): Record<string, unknown> | null {
  const flag = form.get(CORRECTION_FIELDS.flag);
  if (flag !== "on" && flag !== "true") return null;
  return {
    requested_on: form.get(CORRECTION_FIELDS.date) ?? undefined,
    channel: form.get(CORRECTION_FIELDS.channel) || undefined,
    reference: form.get(CORRECTION_FIELDS.reference) ?? undefined,
  };
}

/** Checks the request before the change is made (a 422 on its fields, `correction.*`). */
export function parseCorrectionRequest(input: unknown, today = todayInManila()): CorrectionRequestInput {
  const parsed = correctionRequestSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[`correction.${issue.path.map(String).join(".")}`] ??= []).push(issue.message);
    throw new ValidationError(errors);
  }
  if (parsed.data.requested_on > today) throw ValidationError.field(CORRECTION_FIELDS.date, "The request date may not be in the future.");
  return parsed.data;
}

/**
 * Records the request with the change just made to `entity` #`subjectId` in this transaction. Call it
 * right after the update, in the update's transaction; the update's audit row is the one written in
 * this transaction (its `at` is the transaction's `now()`, and the row lock the update holds keeps
 * any other change to the record out until commit).
 */
export async function recordCorrectionRequest(
  ctx: ServiceContext,
  entity: string,
  subjectId: number,
  request: CorrectionRequestInput,
): Promise<{ id: number; audit_log_id: number }> {
  if (!can(ctx.user, `update-${entity}`)) throw forbidden();
  if (!ctx.db.isTransaction) throw new Error("recordCorrectionRequest runs in the update's transaction");
  const change = await ctx.db
    .selectFrom("audit_log")
    .select(["id", "after"])
    .where("entity", "=", entity)
    .where("entity_id", "=", String(subjectId))
    .where("action", "=", "update")
    .where("at", "=", sql<Date>`now()`)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!change) throw new Error(`no update of ${entity} #${subjectId} in this transaction`);
  const changed = change.after && typeof change.after === "object" ? Object.keys(change.after) : [];
  if (changed.length === 0) {
    throw new ValidationError({ "": ["Nothing was changed: a correction on the person's request records the change they asked for."] });
  }
  const row = await ctx.db
    .insertInto("correction_requests")
    .values({
      subject_id: subjectId,
      requested_on: request.requested_on,
      channel: request.channel,
      reference: request.reference,
      audit_log_id: change.id,
      created_by: ctx.user?.id ?? null,
    })
    .returning(["id", "audit_log_id"])
    .executeTakeFirstOrThrow();
  await audit(ctx, {
    entity,
    entityId: subjectId,
    action: "correction_request",
    after: { ...request, audit_log_id: change.id, fields: changed },
  });
  return row;
}

/** The corrections made on the person's request, newest first (the resident page lists them). */
export async function correctionRequestsOf(ctx: ServiceContext, entity: string, subjectId: number) {
  if (!can(ctx.user, `view-${entity}`) && !can(ctx.user, `manage-${entity}`)) throw forbidden();
  const rows = await ctx.db
    .selectFrom("correction_requests as cr")
    .innerJoin("audit_log as a", "a.id", "cr.audit_log_id")
    .leftJoin("user_profiles as by", "by.user_id", "cr.created_by")
    .select([
      "cr.id",
      "cr.requested_on",
      "cr.channel",
      "cr.reference",
      "cr.created_at",
      "cr.audit_log_id",
      "a.after",
      sql<string | null>`nullif(concat_ws(' ', by.firstname, by.lastname), '')`.as("recorded_by"),
    ])
    .where("cr.subject_id", "=", subjectId)
    .orderBy("cr.created_at", "desc")
    .orderBy("cr.id", "desc")
    .execute();
  return rows.map(({ after, ...r }) => ({ ...r, fields: after && typeof after === "object" ? Object.keys(after) : [] }));
}
