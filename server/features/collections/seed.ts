import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { toMoneyString } from "../../../domain/money.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { newVerificationCode } from "../../engine/documents.ts";
import { lastWeekdayOnOrBefore } from "../certificates/seed.ts";

// Demo accountable forms and receipts: two AF 51 pads with the administrator and a demo treasurer
// as collectors, and a month of receipts up to today — the certificates of the month paid at the
// window (a few of the last days still waiting), some receipts cancelled with their reason, one
// form spoiled, the days before the last three remitted (one of them in two remittances) — so a
// newcomer sees every screen and report with something in it.
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
  // Both pads' forms, the first pad's first (a collector takes the lowest number).
  const numbers = await db
    .selectFrom("form_numbers")
    .select(["id", "number", "position", "form_pad_id"])
    .where("form_pad_id", "in", pads)
    .orderBy("form_pad_id")
    .orderBy("position")
    .execute();
  const today = todayInManila();
  const lastWorkday = lastWeekdayOnOrBefore(today);
  let next = 0;
  // The certificates issued in the month (seedCertificates), by day: most are paid at the window
  // on the day they are issued, by a receipt whose lines name them; a few of the last days wait.
  const certificates = await db
    .selectFrom("transactions as t")
    .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
    .innerJoin("user_profiles as p", "p.user_id", "t.issued_to_user_id")
    .select([
      "t.id",
      "t.reference_number",
      sql<string>`t.date_issued::text`.as("date"),
      "t.issued_to_user_id",
      "t.fee_lines",
      "tt.name",
      sql<string>`concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix)`.as("payor"),
    ])
    .where("t.amount", ">", "0")
    .where("t.collection_id", "is", null)
    .orderBy("t.id")
    .execute();
  const certificatesOn = new Map<string, typeof certificates>();
  for (const c of certificates) certificatesOn.set(c.date, [...(certificatesOn.get(c.date) ?? []), c]);
  /** A remittance of the demo: one collector's receipts of a day, or of part of it. */
  type Remit = { collector: number; date: string; part: number; ids: number[]; valid: number; amount: number };
  const remitted = new Map<string, Remit>();

  async function issueReceipt(o: {
    date: string;
    collector: number;
    payor: { id: number | null; name: string };
    lines: { nature: string; code: string | null; amount: number; transaction_id?: number }[];
    byCheque: boolean;
    cancelled: boolean;
    part: number;
    remit: boolean;
  }): Promise<number> {
    const n = numbers[next++];
    const total = o.lines.reduce((sum, l) => sum + l.amount, 0);
    const created = await db
      .insertInto("collections")
      .values({
        form_number_id: n.id,
        form_pad_id: n.form_pad_id,
        or_number: n.number,
        date_issued: o.date,
        payor_kind: o.payor.id ? "resident" : "name",
        issued_to_user_id: o.payor.id,
        issued_to: o.payor.name,
        collection_type_id: collectionType!.id,
        fund_type: collectionType!.fund_type,
        amount_paid: toMoneyString(total),
        payment_mode: o.byCheque ? "Cheque" : "Cash",
        drawee_bank: o.byCheque ? "Land Bank of the Philippines" : null,
        cheque_number: o.byCheque ? String(1000100 + next) : null,
        cheque_date: o.byCheque ? o.date : null,
        collector_id: o.collector,
        verification_code: newVerificationCode(),
        created_by: o.collector,
        updated_by: o.collector,
        deleted_at: o.cancelled ? new Date(`${o.date}T16:00:00+08:00`) : null,
        deleted_by: o.cancelled ? o.collector : null,
        cancel_reason: o.cancelled ? "Wrong amount written; issued again" : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("collection_lines")
      .values(
        o.lines.map((l, position) => ({
          collection_id: created.id,
          position,
          nature: l.nature,
          account_code: l.code,
          amount: toMoneyString(l.amount),
          transaction_id: l.transaction_id ?? null,
        })),
      )
      .execute();
    await db.updateTable("form_numbers").set({ state: "issued" }).where("id", "=", n.id).execute();
    const paid = o.lines.flatMap((l) => (l.transaction_id ? [l.transaction_id] : []));
    if (paid.length && !o.cancelled)
      await db.updateTable("transactions").set({ collection_id: created.id }).where("id", "in", paid).execute();
    if (o.remit && account) {
      const key = `${o.collector}:${o.date}:${o.part}`;
      const remit = remitted.get(key) ?? { collector: o.collector, date: o.date, part: o.part, ids: [], valid: 0, amount: 0 };
      remit.ids.push(created.id);
      if (!o.cancelled) {
        remit.valid++;
        remit.amount += total;
      }
      remitted.set(key, remit);
    }
    return created.id;
  }

  let splitDay: string | null = null;
  for (let back = 29; back >= 0 && next < numbers.length - 12; back--) {
    const date = addDays(today, -back);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    // The days before the last three are remitted; one of them twice (a noon deposit, then the
    // afternoon's), as a market day's collections are.
    const remit = back >= 3;
    const twice = remit && back <= 6 && !splitDay;
    if (twice) splitDay = date;
    let issuedToday = 0;
    for (const c of certificatesOn.get(date) ?? []) {
      // The last workday's are still waiting at the window, and some of the two days before.
      if (date === lastWorkday || (back < 3 && rnd() < 0.5)) continue;
      const collector = back % 2 === 0 ? admin.id : treasurer.id;
      await issueReceipt({
        date,
        collector,
        payor: { id: Number(c.issued_to_user_id), name: c.payor },
        lines: c.fee_lines
          .filter((l) => Number(l.amount) > 0)
          .map((l) => ({
            nature: `${l.label === "Default Amount" ? c.name : l.label} (${c.reference_number})`,
            code: "4-01-02-010",
            amount: Math.round(Number(l.amount) * 100),
            transaction_id: Number(c.id),
          })),
        byCheque: false,
        cancelled: false,
        part: twice && issuedToday >= 1 ? 2 : 1,
        remit,
      });
      issuedToday++;
    }
    const count = 1 + Math.floor(rnd() * 2);
    for (let k = 0; k < count && next < numbers.length - 12; k++) {
      // One spoiled form in the month, voided with its reason (strict sequence: skipped by voiding).
      if (next === 7) {
        await db
          .updateTable("form_numbers")
          .set({ state: "void", void_reason: "Misprinted; spoiled", updated_by: admin.id })
          .where("id", "=", numbers[next].id)
          .execute();
        next++;
      }
      const collector = back % 2 === 0 ? admin.id : treasurer.id;
      const line = NATURES[Math.floor(rnd() * NATURES.length)];
      const extra = rnd() < 0.25 ? NATURES[4] : null;
      const lines = extra && extra !== line ? [line, extra] : [line];
      const person = residents.length && rnd() < 0.8 ? residents[Math.floor(rnd() * residents.length)] : null;
      await issueReceipt({
        date,
        collector,
        payor: person ? { id: Number(person.id), name: person.name } : { id: null, name: "Sari-Sari Store ni Aling Nena" },
        lines,
        byCheque: line.amount >= 50000 && rnd() < 0.5,
        cancelled: rnd() < 0.08,
        part: twice && issuedToday >= 1 ? 2 : 1,
        remit,
      });
      issuedToday++;
    }
  }
  if (!account) return;
  let ref = 1;
  // RCD numbers run through each collector's year, in the order of the remittances.
  const rcdSerials = new Map<string, number>();
  const inOrder = [...remitted.values()].sort((a, b) => a.date.localeCompare(b.date) || a.collector - b.collector || a.part - b.part);
  for (const day of inOrder) {
    const serialKey = `${day.collector}:${day.date.slice(0, 4)}`;
    const serial = (rcdSerials.get(serialKey) ?? 0) + 1;
    rcdSerials.set(serialKey, serial);
    const r = await db
      .insertInto("remittances")
      .values({
        collector_id: day.collector,
        remit_date: day.date,
        receipt_count: day.valid,
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
