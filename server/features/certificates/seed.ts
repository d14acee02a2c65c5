import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { sumCentavos, toMoneyString } from "../../../domain/money.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { newVerificationCode } from "../../engine/documents.ts";

// Demo certificates: a month of them up to today, on weekdays, to residents — clearances and
// certificates of residency with their fees, free certificates of indigency, a business clearance
// now and then — numbered as the service numbers them (YYYY-MM-NNNN, gapless per month). The
// collections' demo then pays most of them at the window. Idempotent: nothing is added once a
// transaction exists.

const PURPOSES = [
  "employment",
  "scholarship application",
  "bank account opening",
  "police clearance",
  "postal ID",
  "medical assistance",
  "school enrollment",
  "loan application",
];

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The latest weekday on or before a date: the office's last workday. */
export function lastWeekdayOnOrBefore(date: string): string {
  let day = date;
  while ([0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay())) day = addDays(day, -1);
  return day;
}

export async function seedCertificates(db: DB): Promise<void> {
  if (await db.selectFrom("transactions").select("id").limit(1).executeTakeFirst()) return;
  const types = await db
    .selectFrom("transaction_types")
    .select(["id", "name", "custom_forms", "custom_payment_form"])
    .where("deleted_at", "is", null)
    .orderBy("id")
    .execute();
  const residents = await db.selectFrom("users").select("id").where("kind", "=", "resident").orderBy("id").limit(80).execute();
  const secretary = await db.selectFrom("users").select("id").where("kind", "=", "staff").orderBy("id").executeTakeFirst();
  if (types.length === 0 || residents.length === 0 || !secretary) return;
  const today = todayInManila();
  const lastWorkday = lastWeekdayOnOrBefore(today);
  const lastOfMonth = new Map<string, number>();
  let turn = 0;
  for (let back = 29; back >= 0; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    // The last workday has two, so one with a fee is among them (the collections' demo leaves its unpaid).
    const count = date === lastWorkday ? 2 : 1 + (back % 3);
    for (let k = 0; k < count; k++) {
      turn++;
      const type = types[turn % types.length];
      const resident = residents[(turn * 7) % residents.length];
      const month = date.slice(0, 7);
      const serial = (lastOfMonth.get(month) ?? 0) + 1;
      lastOfMonth.set(month, serial);
      const fees = type.custom_payment_form;
      const custom: Record<string, string> = { purpose: PURPOSES[turn % PURPOSES.length] };
      for (const field of type.custom_forms) if (field.fieldId === "business_name") custom.business_name = "Aling Nena's Sari-sari Store";
      await db
        .insertInto("transactions")
        .values({
          reference_number: `${month}-${String(serial).padStart(4, "0")}`,
          transaction_type_id: type.id,
          issued_to_user_id: resident.id,
          custom_values: JSON.stringify(custom),
          fee_lines: JSON.stringify(fees),
          amount: toMoneyString(sumCentavos(fees.map((f) => f.amount))),
          date_issued: date,
          verification_code: newVerificationCode(),
          created_by: secretary.id,
          updated_by: secretary.id,
        })
        .execute();
    }
  }
  // The service numbers the next certificate of each month after these.
  for (const [period, last] of lastOfMonth)
    await sql`insert into number_series (series, period, last_number) values ('transaction', ${period}, ${last})
      on conflict (barangay_id, series, period) do update set last_number = greatest(number_series.last_number, excluded.last_number)`.execute(db);
}
