import type { ServiceContext } from "../../context.ts";

// The barangay's holidays as the KP deadline rules read them (domain/kp/deadlines.ts, decision
// 201): the active rows' dates as a set. Deleted holidays no longer close the hall.

/**
 * The dates of the active holidays from `from` to `to` (both included). A case's clock asks for
 * its filing date to a year past today: the longest period, the Lupon's 6 months of execution,
 * ends well inside that.
 */
export async function holidayDates(ctx: Pick<ServiceContext, "db">, from: string, to: string): Promise<ReadonlySet<string>> {
  const rows = await ctx.db
    .selectFrom("holidays")
    .select("holiday_date")
    .where("deleted_at", "is", null)
    .where("holiday_date", ">=", from)
    .where("holiday_date", "<=", to)
    .execute();
  return new Set(rows.map((r) => r.holiday_date));
}
