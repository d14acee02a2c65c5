import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { startHourlyJob, type JobLogger } from "../../system/hourly-job.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { audit } from "../../engine/audit.ts";
import { getSetting, putSetting } from "../../system/settings.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { can, SYSTEM_ADMIN_PERMISSION } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { COA_RETENTION_YEARS, DEFAULT_RETENTION, retentionSchema, type RetentionSettings } from "../../../domain/privacy/schemas.ts";

// Retention (docs/decisions/186). Once a day the portal
// - anonymises the trashed personal records (people: residents, non-residents, staff; households)
//   trashed longer ago than the `retention` setting says: names, birth data, contacts, photo and the
//   sensitive sector flags become placeholders or empty; ids, sex, civil status and purok stay, so
//   every count still adds up. The record's own audit rows lose the same values.
// - never touches a person named on an official receipt (payor or collector), a certificate or a
//   disbursement voucher (payee) dated within the COA retention period (10 years): the person is
//   kept, and the dry run says until when;
// - deletes access-log rows older than their period.
// The dry run (`planRetention`) and the run (`applyRetention`) read the same queries.

export const RETENTION_SETTING = "retention";
const JOB = "retention";
/** How many records of each list the dry run shows; the counts are always complete. */
export const PLAN_LIST_LIMIT = 200;

/** The user kinds that are natural persons (organizations are not personal data). */
const PERSON_KINDS = ["resident", "non_resident", "staff"] as const;
/** The registry entry (and audit entity) of each person kind. */
const ENTITY_OF_KIND: Record<string, string> = { resident: "resident", non_resident: "non_resident", staff: "user" };
const PLACEHOLDER = "[anonymised]";

export async function getRetentionSettings(ctx: Pick<ServiceContext, "db">): Promise<RetentionSettings> {
  const stored = await getSetting<Partial<RetentionSettings>>(ctx, RETENTION_SETTING, {});
  return { ...DEFAULT_RETENTION, ...stored };
}

function authorize(ctx: ServiceContext): void {
  if (!can(ctx.user, SYSTEM_ADMIN_PERMISSION)) throw forbidden();
}

export async function saveRetentionSettings(ctx: ServiceContext, input: unknown): Promise<RetentionSettings> {
  authorize(ctx);
  const parsed = retentionSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  await inTransaction(ctx, (tx) => putSetting(tx, RETENTION_SETTING, parsed.data));
  return parsed.data;
}

export interface PlannedPerson {
  id: number;
  kind: string;
  name: string;
  deleted_at: Date;
}
export interface KeptPerson extends PlannedPerson {
  /** The documents within the COA period that name them, newest first. */
  documents: string[];
  /** The day the last of them leaves the COA period. */
  kept_until: string;
}
export interface PlannedHousehold {
  id: number;
  head_name: string | null;
  address: string;
  deleted_at: Date;
}

export interface RetentionPlan {
  today: string;
  settings: RetentionSettings;
  /** Records trashed before this are past their period. */
  trashed_before: Date;
  /** Access-log rows written before this are past theirs. */
  access_log_before: Date;
  /** Documents dated after this are still within the COA period. */
  coa_after: string;
  people: { count: number; rows: PlannedPerson[] };
  households: { count: number; rows: PlannedHousehold[] };
  kept: { count: number; rows: KeptPerson[] };
  access_log_rows: number;
}

interface Cutoffs {
  today: string;
  settings: RetentionSettings;
  trashed_before: Date;
  access_log_before: Date;
  coa_after: string;
}

async function cutoffs(ctx: Pick<ServiceContext, "db">, today: string): Promise<Cutoffs> {
  const settings = await getRetentionSettings(ctx);
  const row = await sql<{ trashed_before: Date; access_log_before: Date; coa_after: string }>`
    select now() - make_interval(days => ${settings.trashed_personal_days}::int) as trashed_before,
           now() - make_interval(days => ${settings.access_log_days}::int) as access_log_before,
           to_char((${today}::date - make_interval(years => ${COA_RETENTION_YEARS}::int))::date, 'YYYY-MM-DD') as coa_after`.execute(
    ctx.db,
  );
  return { today, settings, ...row.rows[0]! };
}

/**
 * The trashed people past their period, each with the documents of the COA period naming them
 * (none: they are anonymised; some: they are kept). Documents: official receipts (payor or
 * collector, cancelled ones included), certificates and other transactions, disbursement vouchers
 * paying a resident or non-resident.
 */
function trashedPeople(db: ServiceContext["db"], c: Cutoffs, held: boolean, limit: number | null) {
  return sql<KeptPerson & { total: number }>`
    with candidates as (
      select u.id, u.kind, u.deleted_at,
             concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix) as name
      from users u join user_profiles p on p.user_id = u.id
      where u.deleted_at < ${c.trashed_before} and u.kind in (${sql.join(PERSON_KINDS)})
        and not exists (select 1 from privacy_anonymisations a where a.entity = 'user' and a.entity_id = u.id)
    ),
    documents as (
      select c.issued_to_user_id as user_id, c.date_issued as dated, 'Official receipt ' || c.or_number as label
        from collections c where c.issued_to_user_id in (select id from candidates) and c.date_issued > ${c.coa_after}::date
      union all
      select c.collector_id, c.date_issued, 'Official receipt ' || c.or_number || ' (collector)'
        from collections c where c.collector_id in (select id from candidates) and c.date_issued > ${c.coa_after}::date
      union all
      select t.issued_to_user_id, t.date_issued, 'Certificate ' || t.reference_number
        from transactions t where t.issued_to_user_id in (select id from candidates) and t.date_issued > ${c.coa_after}::date
      union all
      select d.payee_id, d.voucher_date, 'Disbursement voucher ' || d.disbursement_number
        from disbursements d where d.payee_kind in ('Resident', 'Non-resident') and d.payee_id in (select id from candidates)
          and d.voucher_date > ${c.coa_after}::date
    ),
    held as (
      select user_id, max(dated) as last_dated,
             array_agg(label || ' of ' || to_char(dated, 'YYYY-MM-DD') order by dated desc, label) as documents
      from documents group by user_id
    )
    select c.id, c.kind, c.name, c.deleted_at,
           coalesce(h.documents, array[]::text[]) as documents,
           to_char((h.last_dated + make_interval(years => ${COA_RETENTION_YEARS}::int))::date, 'YYYY-MM-DD') as kept_until,
           count(*) over ()::int as total
    from candidates c left join held h on h.user_id = c.id
    where ${held ? sql`h.user_id is not null` : sql`h.user_id is null`}
    order by c.deleted_at, c.id
    ${limit == null ? sql`` : sql`limit ${limit}`}`.execute(db);
}

function trashedHouseholds(db: ServiceContext["db"], c: Cutoffs, limit: number | null) {
  return sql<PlannedHousehold & { total: number }>`
    select h.id, h.head_name, h.address, h.deleted_at, count(*) over ()::int as total
    from households h
    where h.deleted_at < ${c.trashed_before}
      and not exists (select 1 from privacy_anonymisations a where a.entity = 'household' and a.entity_id = h.id)
    order by h.deleted_at, h.id
    ${limit == null ? sql`` : sql`limit ${limit}`}`.execute(db);
}

async function accessLogRowsPast(db: ServiceContext["db"], c: Cutoffs): Promise<number> {
  const row = await db
    .selectFrom("access_log")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", "<", c.access_log_before)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const listed = <T extends { total: number }>(rows: T[]) => ({
  count: rows[0]?.total ?? 0,
  rows: rows.map(({ total: _total, ...rest }) => rest),
});

/** The dry run: what a run today would anonymise, keep and delete. Changes nothing. */
export async function planRetention(ctx: ServiceContext, today = todayInManila()): Promise<RetentionPlan> {
  authorize(ctx);
  const c = await cutoffs(ctx, today);
  const [people, kept, households, accessLog] = [
    await trashedPeople(ctx.db, c, false, PLAN_LIST_LIMIT),
    await trashedPeople(ctx.db, c, true, PLAN_LIST_LIMIT),
    await trashedHouseholds(ctx.db, c, PLAN_LIST_LIMIT),
    await accessLogRowsPast(ctx.db, c),
  ];
  return {
    ...c,
    people: listed(people.rows),
    kept: listed(kept.rows),
    households: listed(households.rows),
    access_log_rows: accessLog,
  };
}

export interface RetentionResult {
  people: number;
  households: number;
  kept: number;
  access_log_rows: number;
}

/**
 * The run: anonymises and deletes what the plan lists, in the caller's transaction, with an audit row
 * per record (values never written) and one for the access-log rows deleted. Called by the daily job
 * (no user) — it has no permission check of its own; `planRetention` is the people's way in.
 */
export async function applyRetention(ctx: ServiceContext, today = todayInManila()): Promise<RetentionResult> {
  const c = await cutoffs(ctx, today);
  const people = (await trashedPeople(ctx.db, c, false, null)).rows;
  const kept = (await trashedPeople(ctx.db, c, true, null)).rows.length;
  const households = (await trashedHouseholds(ctx.db, c, null)).rows;
  const ids = people.map((p) => p.id);

  if (ids.length) {
    await ctx.db
      .updateTable("users")
      .set({
        username: null,
        email: null,
        password_hash: null,
        blocked_reason: sql`case when blocked_reason is null then null else ${PLACEHOLDER} end`,
      })
      .where("id", "in", ids)
      .execute();
    await ctx.db
      .updateTable("user_profiles")
      .set({
        firstname: "Anonymised",
        middlename: null,
        lastname: sql`'Person ' || user_id`,
        suffix: null,
        image: null,
        date_of_birth: null,
        place_of_birth: null,
        citizenship: null,
        religion_id: null,
        occupation_id: null,
        contact_number: null,
        house_number: null,
        street: null,
        highest_educational_attended: null,
        mother_fullname: null,
        father_fullname: null,
        sss_number: null,
        sss_membership_date: null,
        sss_retirement_date: null,
        sss_job: null,
        precinct_number: null,
        is_voter: false,
        is_pwd: false,
        is_solo_parent: false,
        is_4ps: false,
        is_ofw: false,
        is_indigenous: false,
        updated_at: sql`now()`,
      })
      .where("user_id", "in", ids)
      .execute();
    await ctx.db.deleteFrom("resident_photos").where("user_id", "in", ids).execute();
    await ctx.db.deleteFrom("sessions").where("user_id", "in", ids).execute();
    await ctx.db
      .updateTable("access_log")
      .set({ record: sql`'Anonymised person #' || subject_id` })
      .where("subject_id", "in", ids)
      .execute();
    for (const person of people) {
      const entity = ENTITY_OF_KIND[person.kind] ?? "user";
      await redactAuditTrail(ctx, entity, person.id);
      await ctx.db
        .updateTable("access_log")
        .set({ record: `Anonymised person #${person.id}` })
        .where("entity", "=", entity)
        .where("entity_id", "=", person.id)
        .execute();
      await audit(ctx, {
        entity,
        entityId: person.id,
        action: "anonymise",
        after: { retention: "names, birth data, contacts and photo removed" },
      });
    }
    await ctx.db
      .insertInto("privacy_anonymisations")
      .values(ids.map((id) => ({ entity: "user" as const, entity_id: id })))
      .execute();
  }

  if (households.length) {
    const householdIds = households.map((h) => h.id);
    await ctx.db
      .updateTable("households")
      .set({ head_name: PLACEHOLDER, address: PLACEHOLDER, latitude: null, longitude: null })
      .where("id", "in", householdIds)
      .execute();
    for (const household of households) {
      await redactAuditTrail(ctx, "household", household.id);
      await audit(ctx, {
        entity: "household",
        entityId: household.id,
        action: "anonymise",
        after: { retention: "head's name, address and map pin removed" },
      });
    }
    await ctx.db
      .insertInto("privacy_anonymisations")
      .values(householdIds.map((id) => ({ entity: "household" as const, entity_id: id })))
      .execute();
  }

  const deleted = await ctx.db.deleteFrom("access_log").where("created_at", "<", c.access_log_before).executeTakeFirst();
  const accessLogRows = Number(deleted.numDeletedRows);
  if (accessLogRows) {
    await audit(ctx, {
      entity: "access_log",
      action: "purge",
      after: { rows: accessLogRows, written_before: c.access_log_before.toISOString() },
    });
  }
  return { people: people.length, households: households.length, kept, access_log_rows: accessLogRows };
}

/** Values that stay in an anonymised record's audit rows: ids, dates, status, and what counts rest on. */
const KEPT_AUDIT_KEYS = new Set([
  "id",
  "user_id",
  "kind",
  "status",
  "sex",
  "civil_status",
  "purok_id",
  "purok",
  "created_at",
  "updated_at",
  "deleted_at",
  "created_by",
  "updated_by",
  "deleted_by",
  "roles",
  "members_count",
]);

/** Replaces every other value (nested ones too) by the placeholder; null stays null. */
export function redactPersonal(value: unknown): unknown {
  if (value == null) return value;
  if (Array.isArray(value)) return value.map(redactPersonal);
  if (typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, v]) => [key, KEPT_AUDIT_KEYS.has(key) ? v : redactPersonal(v)]),
    );
  }
  return PLACEHOLDER;
}

async function redactAuditTrail(ctx: ServiceContext, entity: string, id: number): Promise<void> {
  const rows = await ctx.db
    .selectFrom("audit_log")
    .select(["id", "before", "after"])
    .where("entity", "=", entity)
    .where("entity_id", "=", String(id))
    .execute();
  for (const row of rows) {
    await ctx.db
      .updateTable("audit_log")
      .set({
        before: row.before == null ? null : JSON.stringify(redactPersonal(row.before)),
        after: row.after == null ? null : JSON.stringify(redactPersonal(row.after)),
      })
      .where("id", "=", row.id)
      .execute();
  }
}

export interface JobRun {
  run_on: string;
  started_at: Date;
  finished_at: Date | null;
  result: RetentionResult | null;
}

/** The last runs of the daily job, newest first (the dry-run page shows them). */
export async function recentRetentionRuns(ctx: ServiceContext, limit = 7): Promise<JobRun[]> {
  authorize(ctx);
  const rows = await ctx.db
    .selectFrom("scheduled_job_runs")
    .select(["run_on", "started_at", "finished_at", "result"])
    .where("job", "=", JOB)
    .orderBy("run_on", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, result: r.result as RetentionResult | null }));
}

/**
 * Today's run, at most once a day however many processes share the database: the day's
 * scheduled_job_runs row is claimed (INSERT … ON CONFLICT DO NOTHING) in the run's own transaction.
 * A second process waits on the first one's claim and then finds the day taken; a run that fails
 * rolls its claim back, so the next hourly check tries again.
 */
export async function runDailyRetention(db: DB, now = new Date()): Promise<RetentionResult | null> {
  const today = todayInManila(now);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto("scheduled_job_runs")
      .values({ job: JOB, run_on: today })
      .onConflict((oc) => oc.columns(["barangay_id", "job", "run_on"]).doNothing())
      .returning("job")
      .executeTakeFirst();
    if (!claimed) return null;
    const result = await applyRetention({ db: trx, user: null }, today);
    await trx
      .updateTable("scheduled_job_runs")
      .set({ finished_at: sql`clock_timestamp()`, result: JSON.stringify(result) })
      .where("job", "=", JOB)
      .where("run_on", "=", today)
      .execute();
    return result;
  });
}

/** Checks once an hour (first a minute after start) whether today's run is still to do. */
export function startRetentionSchedule(db: DB, logger: JobLogger): { stop(): void } {
  return startHourlyJob(
    {
      db,
      name: JOB,
      firstAfterMs: 60_000,
      run: () => runDailyRetention(db),
      worthLogging: (result) => result != null,
      done: "retention: daily run done",
      failed: "retention: daily run failed; tried again within the hour",
    },
    logger,
  );
}
