import type { DB } from "../../../db/index.ts";
import { PHILIPPINE_HOLIDAYS } from "../../../domain/kp/philippine-holidays.ts";

// The national holidays of the proclaimed years, inserted at every start (decision 201). A year is
// filled only while the table holds no holiday dated in it, deleted ones included, so the
// barangay's edits and deletions stay; a later release adds the next year the same way.

export async function seedHolidays(db: DB): Promise<void> {
  for (const [year, rows] of Object.entries(PHILIPPINE_HOLIDAYS)) {
    const any = await db
      .selectFrom("holidays")
      .select("id")
      .where("holiday_date", ">=", `${year}-01-01`)
      .where("holiday_date", "<=", `${year}-12-31`)
      .limit(1)
      .executeTakeFirst();
    if (any || rows.length === 0) continue;
    await db
      .insertInto("holidays")
      .values(rows.map((h) => ({ ...h })))
      .execute();
  }
}
