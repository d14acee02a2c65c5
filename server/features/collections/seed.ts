import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { toMoneyString } from "../../../app/lib/money.ts";
import { todayInManila } from "../../../app/lib/dates.ts";
import { newVerificationCode } from "../../resources/documents.ts";

// Demo accountable forms and receipts (issue 10 item 7): two AF 51 pads with the administrator and
// a demo treasurer as collectors, and a month of receipts up to today — some cancelled, one form
// spoiled, the days before the last three remitted — so the screens and reports show something.
// Idempotent: nothing is added once a pad exists.

type Tx = DB;

function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const NATURES = [
  { nature: "Barangay Clearance", code: "4-01-02-010", amount: 5000 },
  { nature: "Business Clearance", code: "4-01-02-020", amount: 50000 },
  { nature: "Certificate of Residency", code: "4-01-02-010", amount: 5000 },
  { nature: "Certificate of Indigency", code: "4-01-02-010", amount: 3000 },
  { nature: "Community Tax Certificate", code: "4-01-01-050", amount: 1050 },
  { nature: "Rental of Covered Court", code: "4-02-02-050", amount: 150000 },
];

export async function seedCollections(db: Tx): Promise<void> {
  if (await db.selectFrom("form_pads").select("id").limit(1).executeTakeFirst()) return;
  const formType =
    (await db.selectFrom("form_types").select("id").where("name", "ilike", "%51%").orderBy("id").executeTakeFirst()) ??
    (await db.selectFrom("form_types").select("id").orderBy("id").executeTakeFirst());
  const collectionType = await db.selectFrom("collection_types").select(["id", "fund_type"]).orderBy("id").executeTakeFirst();
  const account = await db.selectFrom("bank_accounts").select("id").orderBy("id").executeTakeFirst();
  const admin = await db.selectFrom("users").select("id").where("kind", "=", "staff").orderBy("id").executeTakeFirst();
  if (!formType || !collectionType || !admin) return;

  // A demo treasurer (no password: an administrator sets one to let them sign in).
  let treasurer = await db.selectFrom("users").select("id").where("username", "=", "treasurer").executeTakeFirst();
  if (!treasurer) {
    treasurer = await db.insertInto("users").values({ kind: "staff", username: "treasurer" }).returning("id").executeTakeFirstOrThrow();
    await db
      .insertInto("user_profiles")
      .values({ user_id: treasurer.id, firstname: "Rosario", middlename: "Santos", lastname: "Villanueva", hex_color: "#bbf7d0" })
      .execute();
    const role = await db.selectFrom("roles").select("id").where("name", "=", "Treasurer").executeTakeFirst();
    if (role) await db.insertInto("user_roles").values({ user_id: treasurer.id, role_id: role.id }).execute();
  }

  const pads: number[] = [];
  for (const [code, from, to] of [
    ["OR-2026-001", 4364301, 4364350],
    ["OR-2026-002", 4364351, 4364400],
  ] as const) {
    const pad = await db
      .insertInto("form_pads")
      .values({
        form_type_id: formType.id,
        pad_code: code,
        series_start: `${from} T`,
        series_end: `${to} T`,
        serial_from: from,
        serial_to: to,
        serial_width: 7,
        suffix: " T",
        quanty_generated: to - from + 1,
        // Received before the month of receipts, so the RAAF's balances add up.
        created_at: new Date(`${addDays(todayInManila(), -35)}T09:00:00+08:00`),
        created_by: admin.id,
        updated_by: admin.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await sql`insert into form_numbers (form_pad_id, position, number, created_by, updated_by)
      select ${pad.id}, g - ${from}, g::text || ' T', ${admin.id}, ${admin.id} from generate_series(${from}::bigint, ${to}::bigint) g`.execute(
      db,
    );
    await db
      .insertInto("form_pad_collectors")
      .values([
        { form_pad_id: pad.id, position: 0, user_id: admin.id },
        { form_pad_id: pad.id, position: 1, user_id: treasurer.id },
      ])
      .execute();
    pads.push(pad.id);
  }

  const residents = await db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", sql<string>`concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix)`.as("name")])
    .where("u.kind", "=", "resident")
    .orderBy("u.id")
    .limit(60)
    .execute();
  const rnd = prng(20261124);
  const numbers = await db
    .selectFrom("form_numbers")
    .select(["id", "number", "position"])
    .where("form_pad_id", "=", pads[0])
    .orderBy("position")
    .execute();
  const today = todayInManila();
  let next = 0;
  const remitted = new Map<string, { collector: number; date: string; ids: number[]; amount: number }>();
  for (let back = 29; back >= 0 && next < numbers.length - 2; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const count = 1 + Math.floor(rnd() * 2);
    for (let k = 0; k < count && next < numbers.length - 2; k++) {
      // One spoiled form in the month, voided with its reason (strict sequence: skipped by voiding).
      if (next === 7) {
        await db
          .updateTable("form_numbers")
          .set({ state: "void", void_reason: "Misprinted; spoiled", updated_by: admin.id })
          .where("id", "=", numbers[next].id)
          .execute();
        next++;
      }
      const n = numbers[next++];
      const collector = back % 2 === 0 ? admin.id : treasurer.id;
      const line = NATURES[Math.floor(rnd() * NATURES.length)];
      const extra = rnd() < 0.25 ? NATURES[4] : null;
      const lines = extra && extra !== line ? [line, extra] : [line];
      const total = lines.reduce((s, l) => s + l.amount, 0);
      const person = residents.length && rnd() < 0.8 ? residents[Math.floor(rnd() * residents.length)] : null;
      const byCheque = line.amount >= 50000 && rnd() < 0.5;
      const cancelled = rnd() < 0.08;
      const created = await db
        .insertInto("collections")
        .values({
          form_number_id: n.id,
          form_pad_id: pads[0],
          or_number: n.number,
          date_issued: date,
          payor_kind: person ? "resident" : "name",
          issued_to_user_id: person?.id ?? null,
          issued_to: person?.name ?? "Sari-Sari Store ni Aling Nena",
          collection_type_id: collectionType.id,
          fund_type: collectionType.fund_type,
          amount_paid: toMoneyString(total),
          payment_mode: byCheque ? "Cheque" : "Cash",
          drawee_bank: byCheque ? "Land Bank of the Philippines" : null,
          cheque_number: byCheque ? String(1000100 + next) : null,
          cheque_date: byCheque ? date : null,
          collector_id: collector,
          verification_code: newVerificationCode(),
          created_by: collector,
          updated_by: collector,
          deleted_at: cancelled ? new Date(`${date}T16:00:00+08:00`) : null,
          deleted_by: cancelled ? collector : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("collection_lines")
        .values(
          lines.map((l, position) => ({
            collection_id: created.id,
            position,
            nature: l.nature,
            account_code: l.code,
            amount: toMoneyString(l.amount),
          })),
        )
        .execute();
      await db.updateTable("form_numbers").set({ state: "issued" }).where("id", "=", n.id).execute();
      if (back >= 3 && account) {
        const key = `${collector}:${date}`;
        const day = remitted.get(key) ?? { collector, date, ids: [], amount: 0 };
        day.ids.push(created.id);
        if (!cancelled) day.amount += total;
        remitted.set(key, day);
      }
    }
  }
  if (!account) return;
  let ref = 1;
  // RCD numbers run through each collector's year, in the order of the days remitted.
  const rcdSerials = new Map<string, number>();
  for (const day of [...remitted.values()].sort((a, b) => a.date.localeCompare(b.date) || a.collector - b.collector)) {
    const serialKey = `${day.collector}:${day.date.slice(0, 4)}`;
    const serial = (rcdSerials.get(serialKey) ?? 0) + 1;
    rcdSerials.set(serialKey, serial);
    const r = await db
      .insertInto("remittances")
      .values({
        collector_id: day.collector,
        remit_date: day.date,
        receipt_count: day.ids.length,
        amount: toMoneyString(day.amount),
        deposit_date: addDays(day.date, 1),
        bank_account_id: account.id,
        deposit_reference: `DS-${day.date.replace(/-/g, "")}-${String(ref++).padStart(2, "0")}`,
        rcd_number: `${day.date.slice(0, 7)}-${String(serial).padStart(3, "0")}`,
        created_by: admin.id,
        updated_by: admin.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("collections").set({ remittance_id: r.id }).where("id", "in", day.ids).execute();
  }
}
