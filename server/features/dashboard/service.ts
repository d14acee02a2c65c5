import { sql } from "kysely";
import { can } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { toCentavos, toMoneyString } from "../../../domain/money.ts";
import type { ServiceContext } from "../../context.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import type { DashboardData, MoneyFigure, TrendPoint } from "../../../domain/reports/dashboard.ts";
import { auditSubjects } from "../audit/subjects.ts";
import { kpDeadlinesForDashboard } from "../kp/clock.ts";

// The dashboard's widgets, each behind the permission of the records it counts,
// so nobody sees a number of records they may not open:
// - population (manage-resident or manage-report) and households (manage-household or
//   manage-report), each with its trend over the last 12 months;
// - collections today and this month, with this month's days (manage-collection);
// - disbursements today and this month (manage-disbursement);
// - receipts not yet remitted (manage-remittance);
// - certificates issued this month (manage-transaction);
// - recent activity: audit rows of the entities the user may manage or view, without their data,
//   each naming its record by the number or name people know it by;
// - the KP deadlines overdue, due today or within three days (view-kp_case or manage-kp_case).
// A finance table that does not exist yet (its issue has not landed) leaves its widget out.

/** The last 12 months, oldest first, as "YYYY-MM". */
export function lastMonths(today: string, count = 12): string[] {
  const [y, m] = today.split("-").map(Number);
  return Array.from({ length: count }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

async function existingTables(ctx: ServiceContext, names: string[]): Promise<Set<string>> {
  const rows = await sql<{
    name: string;
  }>`select name from unnest(${names}::text[]) as name where to_regclass('public.' || name) is not null`.execute(ctx.db);
  return new Set(rows.rows.map((r) => r.name));
}

/** The month of a row's creation ("YYYY-MM"), or null before the window's first month. */
const createdMonth = (months: string[]) =>
  sql`case when t.created_at < (${`${months[0]}-01`}::date::timestamp at time zone 'Asia/Manila') then null
    else to_char(t.created_at at time zone 'Asia/Manila', 'YYYY-MM') end`;

/** Running totals at the end of each month: the rows before the window plus each month's new rows. */
function trendOf(rows: { month: string | null; n: number }[], months: string[]): TrendPoint[] {
  let running = Number(rows.find((r) => r.month == null)?.n ?? 0);
  const per = new Map(rows.filter((r) => r.month != null).map((r) => [r.month!, Number(r.n)]));
  return months.map((month) => {
    running += per.get(month) ?? 0;
    return { month, value: running };
  });
}

const figure = (row: { count: number | string; amount: string | null } | undefined): MoneyFigure => ({
  count: Number(row?.count ?? 0),
  amount: row?.amount ?? "0.00",
});

export async function dashboard(ctx: ServiceContext): Promise<DashboardData> {
  const user = ctx.user;
  const today = todayInManila();
  const monthStart = `${today.slice(0, 7)}-01`;
  const months = lastMonths(today);
  const may = (...permissions: string[]) => permissions.some((p) => can(user, p));
  const tables = await existingTables(ctx, ["collections", "disbursements", "transactions", "remittances"]);

  // Every widget reads on its own connection at once: the page waits for the slowest, not the sum
  // (200,000 residents: 140 ms of statements one after another; decision 188). The population counts
  // the profiles alone (they carry the user's kind and state; the join with users cost half again),
  // and its trend reads users at the same time; households count and trend in one read.
  const readPopulation = async () => {
    if (!may("manage-resident", "manage-report")) return null;
    const [counts, trend] = await Promise.all([
      sql<{ total: number; male: number; female: number }>`
        select count(*)::int as total, count(*) filter (where p.sex = 'Male')::int as male, count(*) filter (where p.sex = 'Female')::int as female
        from user_profiles p where p.user_kind = 'resident' and not p.user_deleted`.execute(ctx.db),
      sql<{ month: string | null; n: number }>`
        select ${createdMonth(months)} as month, count(*)::int as n
        from users t where t.kind = 'resident' and t.deleted_at is null group by 1`.execute(ctx.db),
    ]);
    const row = counts.rows[0];
    return { total: Number(row.total), male: Number(row.male), female: Number(row.female), trend: trendOf(trend.rows, months) };
  };

  const readHouseholds = async () => {
    if (!may("manage-household", "manage-report")) return null;
    const { rows } = await sql<{ month: string | null; n: number }>`
      select ${createdMonth(months)} as month, count(*)::int as n from households t where t.deleted_at is null group by 1`.execute(ctx.db);
    return { total: rows.reduce((sum, row) => sum + Number(row.n), 0), trend: trendOf(rows, months) };
  };

  const readCollections = async () => {
    if (!(may("manage-collection") && tables.has("collections"))) return null;
    const r = await sql<{ day: string; count: number; amount: string }>`
      select date_issued::text as day, count(*)::int as count, sum(amount_paid)::numeric(14,2)::text as amount
      from collections where deleted_at is null and date_issued between ${monthStart}::date and ${today}::date
      group by 1 order by 1`.execute(ctx.db);
    const month = r.rows.reduce((acc, row) => ({ count: acc.count + Number(row.count), cents: acc.cents + toCentavos(row.amount) }), {
      count: 0,
      cents: 0,
    });
    const todayRow = r.rows.find((row) => row.day === today);
    return {
      today: figure(todayRow),
      month: { count: month.count, amount: toMoneyString(month.cents) },
      days: r.rows.map((row) => ({ day: row.day, amount: Number(row.amount) })),
    };
  };

  const readDisbursements = async () => {
    if (!(may("manage-disbursement") && tables.has("disbursements"))) return null;
    const r = await sql<{ today_count: number; today_amount: string; month_count: number; month_amount: string }>`
      select count(*) filter (where voucher_date = ${today}::date)::int as today_count,
        coalesce(sum(amount) filter (where voucher_date = ${today}::date), 0)::numeric(14,2)::text as today_amount,
        count(*)::int as month_count, coalesce(sum(amount), 0)::numeric(14,2)::text as month_amount
      from disbursements where deleted_at is null and voucher_date between ${monthStart}::date and ${today}::date`.execute(ctx.db);
    const row = r.rows[0];
    return {
      today: { count: Number(row.today_count), amount: row.today_amount },
      month: { count: Number(row.month_count), amount: row.month_amount },
    };
  };

  const readRemittances = async () => {
    if (!(may("manage-remittance") && tables.has("collections"))) return null;
    const r = await sql<{ count: number; amount: string; collectors: number }>`
      select count(*)::int as count, coalesce(sum(amount_paid), 0)::numeric(14,2)::text as amount, count(distinct collector_id)::int as collectors
      from collections where deleted_at is null and remittance_id is null`.execute(ctx.db);
    const row = r.rows[0];
    return { pending: figure(row), collectors: Number(row.collectors) };
  };

  const readCertificates = async () => {
    if (!(may("manage-transaction") && tables.has("transactions"))) return null;
    const r = await sql<{ month: number; today: number }>`
      select count(*)::int as month, count(*) filter (where date_issued = ${today}::date)::int as today
      from transactions where deleted_at is null and date_issued between ${monthStart}::date and ${today}::date`.execute(ctx.db);
    return { month: Number(r.rows[0].month), today: Number(r.rows[0].today) };
  };

  // The entities whose records the user may open: any permission on `manage-x` or `view-x`.
  const entities = [
    ...new Set((user?.permissions ?? []).filter((p) => /^(manage|view)-/.test(p)).map((p) => p.replace(/^(manage|view)-/, ""))),
  ];
  const readActivity = async () => {
    if (!entities.length) return null;
    const rows = await ctx.db
      .selectFrom("audit_log as a")
      .leftJoin("user_profiles as p", "p.user_id", "a.user_id")
      .select(["a.id", "a.at", "a.action", "a.entity", "a.entity_id", "a.user_id", fullNameOf("p").as("who")])
      .where("a.entity", "in", entities)
      .orderBy("a.id", "desc")
      .limit(8)
      .execute();
    const subjects = await auditSubjects(ctx, rows);
    return rows.map((r, i) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      who: r.who,
      action: r.action,
      entity: r.entity,
      subject: subjects[i],
    }));
  };

  const [population, households, collections, disbursements, remittances, certificates, activity, kpDeadlines] = await Promise.all([
    readPopulation(),
    readHouseholds(),
    readCollections(),
    readDisbursements(),
    readRemittances(),
    readCertificates(),
    readActivity(),
    kpDeadlinesForDashboard(ctx, today),
  ]);
  return { population, households, collections, disbursements, remittances, certificates, activity, kpDeadlines };
}
