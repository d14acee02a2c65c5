import type { ServiceContext } from "../../context.ts";
import { forbidden, notFound } from "../../errors.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { getBarangayInfo } from "../../system/settings.ts";
import { recordAccessBy } from "../audit/access-log.ts";
import { actionLabel, describeChanges } from "../audit/history.ts";
import type { PersonDataExport } from "../../../domain/privacy/personal-data.ts";
import { findResource } from "../../../domain/registry/index.ts";
import { can } from "../../../domain/permissions.ts";
import { EXPORT_PERSONAL_DATA_PERMISSION } from "../../../domain/privacy/schemas.ts";

// A data subject's request for their data (RA 10173 §16(c), docs/decisions/185):
// everything the portal holds on one person, read from the tables themselves — the profile and
// account, the photo, household membership, businesses owned, certificates and other
// transactions, official receipts naming them as payor, disbursement vouchers naming them as
// payee, corrections made on their request, their record's history, their sign-in sessions, and
// the access log of their data. The same object is the JSON file and the printed document. Each
// export writes its own access-log row first, so the file lists itself.

export const PERSON_KINDS_EXPORTED = ["resident", "non_resident", "staff"] as const;
/** The registry entry of each person kind: its access-log and audit entity. */
export const ENTITY_OF_PERSON_KIND: Record<string, string> = { resident: "resident", non_resident: "non_resident", staff: "user" };

/**
 * Rows as the file lists them: the columns as selected (aliased to the file's keys), with
 * `deleted_at` read as the row's status — what trashing, cancelling or voiding it is called.
 */
function withStatus<R extends { deleted_at: unknown }, const Active extends string, const Deleted extends string>(
  rows: R[],
  active: Active,
  deleted: Deleted,
): (Omit<R, "deleted_at"> & { status: Active | Deleted })[] {
  return rows.map(({ deleted_at, ...row }) => ({ ...row, status: deleted_at ? deleted : active }));
}

const iso = (value: Date | string | null | undefined): string | null => (value == null ? null : new Date(value).toISOString());

/** Reads everything the portal holds on person `id` and logs the access (`export`: the file; `print`: the sheet). */
export async function exportPersonData(ctx: ServiceContext, id: number, how: { action: "export" | "print" }): Promise<PersonDataExport> {
  if (!can(ctx.user, EXPORT_PERSONAL_DATA_PERMISSION)) throw forbidden();
  const db = ctx.db;
  const person = await db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .leftJoin("puroks as pk", "pk.id", "p.purok_id")
    .leftJoin("religions as rl", "rl.id", "p.religion_id")
    .leftJoin("occupations as oc", "oc.id", "p.occupation_id")
    .select([
      "u.id",
      "u.kind",
      "u.username",
      "u.email",
      "u.last_sign_in_at",
      "u.created_at",
      "u.updated_at",
      "u.deleted_at",
      "u.blocked_at",
      "u.blocked_reason",
      fullNameOf("p").as("fullname"),
      "p.firstname",
      "p.middlename",
      "p.lastname",
      "p.suffix",
      "p.sex",
      "p.date_of_birth",
      "p.place_of_birth",
      "p.civil_status",
      "p.citizenship",
      "rl.name as religion",
      "oc.name as occupation",
      "p.contact_number",
      "p.house_number",
      "p.street",
      "pk.name as purok",
      "p.highest_educational_attended",
      "p.mother_fullname",
      "p.father_fullname",
      "p.sss_number",
      "p.sss_membership_date",
      "p.sss_retirement_date",
      "p.sss_job",
      "p.is_voter",
      "p.precinct_number",
      "p.is_pwd",
      "p.is_solo_parent",
      "p.is_4ps",
      "p.is_ofw",
      "p.is_indigenous",
    ])
    .where("u.id", "=", id)
    .where("u.kind", "in", PERSON_KINDS_EXPORTED)
    .executeTakeFirst();
  if (!person) throw notFound("person");
  const entity = ENTITY_OF_PERSON_KIND[person.kind] ?? "user";
  const def = findResource(entity);

  // The access row first: the export lists itself among the accesses to the person's data.
  await recordAccessBy(ctx, {
    entity,
    entityId: id,
    subjectId: id,
    record: person.fullname,
    action: how.action,
    detail:
      how.action === "export"
        ? "Personal data export (JSON), data subject request"
        : "Personal data export (printed), data subject request",
  });

  const [
    barangay,
    roles,
    photo,
    households,
    businesses,
    transactions,
    receipts,
    receiptLines,
    disbursements,
    corrections,
    history,
    sessions,
    accesses,
  ] = await Promise.all([
    getBarangayInfo(ctx),
    db
      .selectFrom("user_roles as ur")
      .innerJoin("roles as r", "r.id", "ur.role_id")
      .select("r.name")
      .where("ur.user_id", "=", id)
      .orderBy("r.name")
      .execute(),
    db.selectFrom("resident_photos").select(["content", "mime", "width", "height"]).where("user_id", "=", id).executeTakeFirst(),
    db
      .selectFrom("households as h")
      .leftJoin("household_members as m", (j) => j.onRef("m.household_id", "=", "h.id").on("m.user_id", "=", id))
      .leftJoin("puroks as pk", "pk.id", "h.purok_id")
      .select(["h.id", "h.household_head_user_id", "m.relation_to_head", "h.head_name", "h.address", "pk.name as purok", "h.deleted_at"])
      .where((eb) => eb.or([eb("h.household_head_user_id", "=", id), eb("m.user_id", "=", id)]))
      .orderBy("h.id")
      .execute(),
    db
      .selectFrom("businesses as b")
      .leftJoin("business_lines as bl", "bl.id", "b.business_line_id")
      .select(["b.id", "b.name", "bl.name as business_line", "b.location", "b.date_acquired", "b.deleted_at"])
      .where("b.owner_user_id", "=", id)
      .orderBy("b.id")
      .execute(),
    db
      .selectFrom("transactions as t")
      .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
      .leftJoin("collections as c", "c.id", "t.collection_id")
      .select([
        "t.id",
        "t.reference_number",
        "tt.name as type",
        "t.date_issued",
        "t.amount",
        "t.custom_values as details",
        "c.or_number as receipt",
        "t.deleted_at",
      ])
      .where("t.issued_to_user_id", "=", id)
      .orderBy("t.date_issued")
      .orderBy("t.id")
      .execute(),
    db
      .selectFrom("collections as c")
      .innerJoin("collection_types as ct", "ct.id", "c.collection_type_id")
      .select([
        "c.id",
        "c.or_number",
        "c.date_issued",
        "c.issued_to as payor_name",
        "ct.name as collection_type",
        "c.amount_paid",
        "c.payment_mode",
        "c.deleted_at",
      ])
      .where("c.issued_to_user_id", "=", id)
      .orderBy("c.date_issued")
      .orderBy("c.id")
      .execute(),
    db
      .selectFrom("collection_lines as l")
      .innerJoin("collections as c", "c.id", "l.collection_id")
      .select(["l.collection_id", "l.nature", "l.amount"])
      .where("c.issued_to_user_id", "=", id)
      .orderBy("l.collection_id")
      .orderBy("l.position")
      .execute(),
    db
      .selectFrom("disbursements as d")
      .select(["d.id", "d.disbursement_number", "d.voucher_date", "d.payee", "d.particulars", "d.amount", "d.deleted_at"])
      .where("d.payee_id", "=", id)
      .where("d.payee_kind", "in", ["Resident", "Non-resident"])
      .orderBy("d.voucher_date")
      .orderBy("d.id")
      .execute(),
    db
      .selectFrom("correction_requests as cr")
      .innerJoin("audit_log as a", "a.id", "cr.audit_log_id")
      .leftJoin("user_profiles as by", "by.user_id", "cr.created_by")
      .select(["cr.requested_on", "cr.channel", "cr.reference", "cr.created_at", fullNameOf("by").as("recorded_by"), "a.before", "a.after"])
      .where("cr.subject_id", "=", id)
      .orderBy("cr.created_at")
      .orderBy("cr.id")
      .execute(),
    db
      .selectFrom("audit_log as a")
      .leftJoin("user_profiles as by", "by.user_id", "a.user_id")
      .select(["a.at", "a.action", fullNameOf("by").as("by"), "a.before", "a.after"])
      .where("a.entity", "=", entity)
      .where("a.entity_id", "=", String(id))
      .orderBy("a.at")
      .orderBy("a.id")
      .execute(),
    db
      .selectFrom("sessions")
      .select(["created_at", "last_seen_at", "expires_at", "ip", "user_agent"])
      .where("user_id", "=", id)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("access_log as l")
      .leftJoin("user_profiles as by", "by.user_id", "l.created_by")
      .select(["l.created_at", fullNameOf("by").as("by"), "l.action", "l.record", "l.reason", "l.detail"])
      .where((eb) => eb.or([eb("l.subject_id", "=", id), eb.and([eb("l.entity", "=", entity), eb("l.entity_id", "=", id)])]))
      .orderBy("l.created_at")
      .orderBy("l.id")
      .execute(),
  ]);

  const {
    id: _id,
    kind,
    username,
    email,
    last_sign_in_at,
    created_at,
    updated_at,
    deleted_at,
    blocked_at,
    blocked_reason,
    fullname,
    ...profile
  } = person;
  const linesOf = new Map<number, { nature: string; amount: string }[]>();
  for (const line of receiptLines) {
    const list = linesOf.get(line.collection_id) ?? [];
    list.push({ nature: line.nature, amount: line.amount });
    linesOf.set(line.collection_id, list);
  }

  return {
    format: "barangay-portal/personal-data",
    format_version: 1,
    generated_at: new Date().toISOString(),
    generated_by: { id: ctx.user?.id ?? null, name: ctx.user?.user_profile.fullname ?? null },
    controller: { barangay: barangay.name, municipality: barangay.municipality, province: barangay.province, address: barangay.address },
    person: {
      id,
      kind,
      fullname,
      status: deleted_at ? "Trashed" : blocked_at ? "Blocked" : "Active",
      account: { username, email, last_sign_in_at: iso(last_sign_in_at), roles: roles.map((r) => r.name) },
      profile,
      photo: photo
        ? { mime: photo.mime, width: photo.width, height: photo.height, base64: Buffer.from(photo.content).toString("base64") }
        : null,
      registered_at: iso(created_at)!,
      updated_at: iso(updated_at)!,
      trashed_at: iso(deleted_at),
      blocked: blocked_at ? { at: iso(blocked_at)!, reason: blocked_reason } : null,
    },
    households: households.map((h) => ({
      household_id: h.id,
      role: h.household_head_user_id === id ? "Head" : "Member",
      relation_to_head: h.relation_to_head,
      head_name: h.head_name,
      address: h.address,
      purok: h.purok,
      trashed_at: iso(h.deleted_at),
    })),
    businesses: businesses.map((b) => ({
      id: b.id,
      name: b.name,
      business_line: b.business_line,
      location: b.location,
      date_acquired: b.date_acquired,
      trashed_at: iso(b.deleted_at),
    })),
    transactions: withStatus(transactions, "Issued", "Trashed"),
    receipts: withStatus(receipts, "Issued", "Cancelled").map((c) => ({ ...c, lines: linesOf.get(c.id) ?? [] })),
    disbursements: withStatus(disbursements, "Active", "Void"),
    correction_requests: corrections.map((c) => ({
      requested_on: c.requested_on,
      channel: c.channel,
      reference: c.reference,
      recorded_at: iso(c.created_at)!,
      recorded_by: c.recorded_by,
      changes: describeChanges(def, c.before, c.after),
    })),
    record_history: history.map((h) => ({
      at: iso(h.at)!,
      action: actionLabel(def, h.action),
      by: h.by,
      changes: describeChanges(def, h.before, h.after),
      before: h.before,
      after: h.after,
    })),
    sign_in_sessions: sessions.map((s) => ({
      started_at: iso(s.created_at)!,
      last_seen_at: iso(s.last_seen_at)!,
      expires_at: iso(s.expires_at)!,
      ip: s.ip,
      user_agent: s.user_agent,
    })),
    access_log: accesses.map((a) => ({
      at: iso(a.created_at)!,
      by: a.by,
      action: a.action,
      record: a.record,
      reason: a.reason,
      detail: a.detail,
    })),
  };
}

/** The download's file name: personal-data-{id}-{date}.json. */
export function exportFileName(data: PersonDataExport): string {
  return `personal-data-${data.person.id}-${data.generated_at.slice(0, 10)}.json`;
}
