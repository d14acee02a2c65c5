import { sql } from "kysely";
import { ACCESS_ACTIONS, PERSONAL_DATA_ENTRIES } from "../../../domain/registry/audit.ts";
import type { ColumnDef } from "../../../domain/registry/types.ts";
import { pageNumber } from "../../../domain/registry/list-query.ts";
import { isCalendarDate, todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { choiceLabelSql } from "./access-log-service.ts";
import { ACTION_WORDS } from "./history.ts";

const AUDIT_ACTIONS = Object.entries(ACTION_WORDS).map(([value, label]) => ({ value, label }));

// Breach readiness (decision 182): the NPC asks within 72 hours who accessed which
// personal records between two dates. One query answers it from the sign-in log (audit_log rows
// `login`/`logout` of users, with their address), the access log (records opened, printed,
// exported) and the changes to personal records (audit_log rows of the people entries; their print
// rows are left out, the access log holds each print), in one
// timeline and a summary by user. Calendar dates are the office's (Asia/Manila), both included.

export const BREACH_PERMISSION = "manage-access_log";
const USER_ENTRIES = ["resident", "non_resident", "organization", "user"];
export const BREACH_PAGE_SIZE = 100;

export interface BreachQuery {
  from: string;
  to: string;
  /** Only this user's events. */
  userId: number | null;
  page: number;
}

// A type rather than an interface: a row of the CSV export, read by column key (Record<string, unknown>).
export type BreachEvent = {
  at: Date;
  user: { id: number; fullname: string } | null;
  event: string;
  record: string | null;
  reason: string | null;
  ip: string | null;
};

export interface BreachSummaryRow {
  user: { id: number; fullname: string } | null;
  sign_ins: number;
  accesses: number;
  changes: number;
  records: number;
  first_at: Date;
  last_at: Date;
}

/** The timeline's columns (the page and the CSV read the same). */
export const BREACH_COLUMNS: readonly ColumnDef[] = [
  { key: "at", label: "When", kind: "datetime" },
  { key: "user", label: "User", kind: "person" },
  { key: "event", label: "Event", kind: "text" },
  { key: "record", label: "Record", kind: "text" },
  { key: "reason", label: "Reason", kind: "text" },
  { key: "ip", label: "Address", kind: "text" },
];

/** Reads `from`, `to` (YYYY-MM-DD; default the last seven days) and `user` from a query string. */
export function parseBreachQuery(params: URLSearchParams): BreachQuery {
  const today = todayInManila();
  const weekAgo = new Date(`${today}T00:00:00Z`);
  weekAgo.setUTCDate(weekAgo.getUTCDate() - 6);
  const from = params.get("from") || weekAgo.toISOString().slice(0, 10);
  const to = params.get("to") || today;
  const errors: Record<string, string[]> = {};
  if (!isCalendarDate(from)) errors.from = ["The from field must be a valid date."];
  if (!isCalendarDate(to)) errors.to = ["The to field must be a valid date."];
  if (!errors.from && !errors.to && from > to) errors.to = ["The to field must be a date after or equal to from."];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const user = Number(params.get("user"));
  return {
    from,
    to,
    userId: Number.isSafeInteger(user) && user > 0 ? user : null,
    page: pageNumber(params.get("page")),
  };
}

function personJson(idColumn: string, alias: string) {
  return sql`case when ${sql.ref(idColumn)} is null then null else jsonb_build_object('id', ${sql.ref(idColumn)}, 'fullname', ${fullNameOf(alias)}) end`;
}

/** Every event of the range as one union: sign-ins, access rows and changes to personal records. */
function eventsSql(q: BreachQuery) {
  const day = (column: string) => sql`(${sql.ref(column)} at time zone 'Asia/Manila')::date`;
  const inRange = (column: string) => sql`${day(column)} between ${q.from}::date and ${q.to}::date`;
  const byUser = (column: string) => (q.userId == null ? sql`true` : sql`${sql.ref(column)} = ${q.userId}`);
  const personal = sql.join(PERSONAL_DATA_ENTRIES.map((e) => sql`${e}`));
  const userEntries = sql.join(USER_ENTRIES.map((e) => sql`${e}`));
  return sql`
    select a.at, a.user_id, case a.action when 'login' then 'Signed in' else 'Signed out' end as event,
      null::text as record, null::text as reason, a.ip, 'sign_in' as kind, null::text as record_key
    from audit_log a
    where a.entity = 'user' and a.action in ('login', 'logout') and ${inRange("a.at")} and ${byUser("a.user_id")}
    union all
    select l.created_at, l.created_by, ${choiceLabelSql("l.action", ACCESS_ACTIONS)}, l.record, l.reason, l.ip, 'access',
      l.entity || ':' || coalesce(l.entity_id::text, l.record)
    from access_log l
    where ${inRange("l.created_at")} and ${byUser("l.created_by")}
    union all
    select a.at, a.user_id,
      ${choiceLabelSql("a.action", AUDIT_ACTIONS, sql`initcap(replace(a.action, '_', ' '))`)},
      coalesce(case when a.entity in (${userEntries}) and a.entity_id ~ '^[0-9]+$' then
        (select ${fullNameOf("rp")} from user_profiles rp where rp.user_id = a.entity_id::bigint) end,
        initcap(replace(a.entity, '_', ' ')) || ' #' || a.entity_id),
      a.after ->> 'reason', a.ip, 'change', a.entity || ':' || a.entity_id
    from audit_log a
    where a.entity in (${personal}) and a.action not in ('login', 'logout', 'print', 'reprint') and ${inRange("a.at")} and ${byUser("a.user_id")}`;
}

function authorize(ctx: ServiceContext): void {
  if (!can(ctx.user, BREACH_PERMISSION)) throw forbidden();
}

/** The summary by user: sign-ins, accesses, changes, distinct records, first and last event. */
export async function breachSummary(ctx: ServiceContext, q: BreachQuery): Promise<BreachSummaryRow[]> {
  authorize(ctx);
  const rows = await sql<BreachSummaryRow & { user_id: number | null }>`
    with e as (${eventsSql(q)})
    select e.user_id, ${personJson("e.user_id", "p")} as user,
      count(*) filter (where e.kind = 'sign_in' and e.event = 'Signed in')::int as sign_ins,
      count(*) filter (where e.kind = 'access')::int as accesses,
      count(*) filter (where e.kind = 'change')::int as changes,
      count(distinct e.record_key)::int as records,
      min(e.at) as first_at, max(e.at) as last_at
    from e left join user_profiles p on p.user_id = e.user_id
    group by e.user_id, p.firstname, p.middlename, p.lastname, p.suffix
    order by count(distinct e.record_key) desc, max(e.at) desc`.execute(ctx.db);
  return rows.rows.map(({ user_id: _id, ...row }) => row);
}

/** One page of the timeline, newest first, and the total. */
export async function breachEvents(
  ctx: ServiceContext,
  q: BreachQuery,
  page: { limit: number; offset: number } = { limit: BREACH_PAGE_SIZE, offset: (q.page - 1) * BREACH_PAGE_SIZE },
): Promise<{ events: BreachEvent[]; total: number }> {
  authorize(ctx);
  const [rows, count] = await Promise.all([
    sql<BreachEvent>`
      with e as (${eventsSql(q)})
      select e.at, ${personJson("e.user_id", "p")} as user, e.event, e.record, e.reason, e.ip
      from e left join user_profiles p on p.user_id = e.user_id
      order by e.at desc, e.kind, e.record
      limit ${page.limit} offset ${page.offset}`.execute(ctx.db),
    sql<{ total: number }>`with e as (${eventsSql(q)}) select count(*)::int as total from e`.execute(ctx.db),
  ]);
  return { events: rows.rows, total: count.rows[0]?.total ?? 0 };
}
