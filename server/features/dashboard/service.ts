import { sql } from "kysely";
import { can } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { toCentavos, toMoneyString } from "../../../domain/money.ts";
import { inOwnBarangay } from "../../../db/tenant.ts";
import type { ServiceContext } from "../../context.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import type { DashboardData, TrendPoint } from "../../../domain/reports/dashboard.ts";
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

/** A tally's rows ("YYYY-MM" keys) as running totals at the end of each month: the months before the window, then each month's. */
function trendOf(rows: { key: string; count: number }[], months: string[]): TrendPoint[] {
  let running = rows.filter((r) => r.key < months[0]).reduce((sum, r) => sum + r.count, 0);
  const per = new Map(rows.map((r) => [r.key, r.count]));
  return months.map((month) => {
    running += per.get(month) ?? 0;
    return { month, value: running };
  });
}

/** A dashboard tally's rows by tally name: a month's, a day's or a collector's count and amount. */
type Tallies = Map<string, { key: string; count: number; amount: string }[]>;

export async function dashboard(ctx: ServiceContext): Promise<DashboardData> {
  const user = ctx.user;
  const today = todayInManila();
  const monthStart = `${today.slice(0, 7)}-01`;
  const months = lastMonths(today);
  const may = (...permissions: string[]) => permissions.some((p) => can(user, p));
  const tables = await existingTables(ctx, ["collections", "disbursements", "transactions", "remittances"]);

  // The counts of residents, households, the month's receipts and the unremitted ones come from
  // dashboard_tallies (decision 220), which the writes keep in their own transaction: one read of a
  // few hundred rows instead of every resident, household and receipt on each view. Only the tallies
  // the user may see are read. The other widgets read their own few rows; all read at once, each on
  // its own connection (decision 188).
  const wanted = [
    ...(may("manage-resident", "manage-report") ? ["residents", "residents:Male", "residents:Female"] : []),
    ...(may("manage-household", "manage-report") ? ["households"] : []),
    ...(may("manage-collection") && tables.has("collections") ? ["collections_day"] : []),
    ...(may("manage-remittance") && tables.has("collections") ? ["unremitted"] : []),
  ];
  const readTallies = async (): Promise<Tallies> => {
    if (!wanted.length) return new Map();
    const rows = await ctx.db
      .selectFrom("dashboard_tallies")
      .select(["tally", "key", "count", "amount"])
      .where(inOwnBarangay("barangay_id"))
      .where("tally", "in", wanted)
      // A day's receipts matter only this month; every other tally is read whole (months, collectors).
      .where((eb) => eb.or([eb("tally", "<>", "collections_day"), eb("key", ">=", monthStart)]))
      .where("count", "<>", "0")
      .execute();
    const byTally: Tallies = new Map();
    for (const row of rows) {
      const list = byTally.get(row.tally) ?? [];
      list.push({ key: row.key, count: Number(row.count), amount: String(row.amount) });
      byTally.set(row.tally, list);
    }
    return byTally;
  };
  const sumOf = (rows: { count: number }[] = []) => rows.reduce((sum, r) => sum + r.count, 0);
  const centsOf = (rows: { amount: string }[] = []) => rows.reduce((sum, r) => sum + toCentavos(r.amount), 0);

  const populationOf = (tallies: Tallies) => {
    if (!wanted.includes("residents")) return null;
    const residents = tallies.get("residents") ?? [];
    return {
      total: sumOf(residents),
      male: sumOf(tallies.get("residents:Male")),
      female: sumOf(tallies.get("residents:Female")),
      trend: trendOf(residents, months),
    };
  };

  const householdsOf = (tallies: Tallies) => {
    if (!wanted.includes("households")) return null;
    const rows = tallies.get("households") ?? [];
    return { total: sumOf(rows), trend: trendOf(rows, months) };
  };

  const collectionsOf = (tallies: Tallies) => {
    if (!wanted.includes("collections_day")) return null;
    // Days up to today: a receipt dated ahead (none should be) stays out, as it always has.
    const days = (tallies.get("collections_day") ?? []).filter((r) => r.key <= today).sort((a, b) => a.key.localeCompare(b.key));
    const todayRow = days.find((row) => row.key === today);
    return {
      today: { count: todayRow?.count ?? 0, amount: toMoneyString(todayRow?.amount ?? 0) },
      month: { count: sumOf(days), amount: toMoneyString(centsOf(days)) },
      days: days.map((row) => ({ day: row.key, amount: Number(row.amount) })),
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

  const remittancesOf = (tallies: Tallies) => {
    if (!wanted.includes("unremitted")) return null;
    const collectors = tallies.get("unremitted") ?? [];
    return { pending: { count: sumOf(collectors), amount: toMoneyString(centsOf(collectors)) }, collectors: collectors.length };
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

  const [tallies, disbursements, certificates, activity, kpDeadlines] = await Promise.all([
    readTallies(),
    readDisbursements(),
    readCertificates(),
    readActivity(),
    kpDeadlinesForDashboard(ctx, today),
  ]);
  return {
    population: populationOf(tallies),
    households: householdsOf(tallies),
    collections: collectionsOf(tallies),
    disbursements,
    remittances: remittancesOf(tallies),
    certificates,
    activity,
    kpDeadlines,
  };
}
