import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { allPermissionNames } from "../../../domain/registry/index.ts";
import { loadAuthUser } from "../../auth/sessions.ts";
import type { ServiceContext } from "../../context.ts";
import { serviceFor } from "../../engine/services.ts";

// Demo disbursements and cheques: the officials who sign vouchers, a cheque book
// of the general fund's account, a month of vouchers up to today paid by cheques — one voucher's
// cheque voided with its cascade (the voucher's other cheque follows, both numbers spoiled), one
// voided and written again (a voucher with two cheques, one void), one blank leaf spoiled — so every screen and register shows something. Written through the services
// (numbering, locks, commands) as a clerk would; idempotent: nothing is added once a book exists.

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const VOUCHERS: { days: number; payee: string; particulars: string; lines: [string, string][]; cheques: string[] }[] = [
  {
    days: -27,
    payee: "Santos General Merchandise",
    particulars: "Office supplies for the barangay hall",
    lines: [["Office Supplies", "4850.00"]],
    cheques: ["4850.00"],
  },
  {
    days: -24,
    payee: "Meralco",
    particulars: "Electricity of the barangay hall, October",
    lines: [["Electricity", "6320.75"]],
    cheques: ["6320.75"],
  },
  {
    days: -20,
    payee: "Juan Dela Cruz",
    particulars: "Honorarium of the barangay tanod, October",
    lines: [["Honoraria", "3000.00"]],
    cheques: ["1500.00", "1500.00"],
  },
  {
    days: -15,
    payee: "Reyes Hardware",
    particulars: "Repair of the covered court lights",
    lines: [
      ["Repairs and Maintenance", "12500.00"],
      ["Office Supplies", "750.00"],
    ],
    cheques: ["13250.00"],
  },
  {
    days: -9,
    payee: "Maynilad Water Services",
    particulars: "Water of the barangay hall, October",
    lines: [["Water", "1180.40"]],
    cheques: ["1180.40"],
  },
  {
    days: -4,
    payee: "Villanueva Catering",
    particulars: "Meals of the barangay assembly",
    lines: [["Office Supplies", "8400.00"]],
    cheques: ["4200.00", "4200.00"],
  },
  {
    days: -1,
    payee: "Bulacan Printing Press",
    particulars: "Printing of barangay clearance forms",
    lines: [["Printing and Publication", "2600.00"]],
    cheques: [],
  },
];

export async function seedDisbursements(db: DB): Promise<void> {
  if (await db.selectFrom("cheque_books").select("id").limit(1).executeTakeFirst()) return;
  const account = await db
    .selectFrom("bank_accounts")
    .select("id")
    .where("fund_type", "=", "General Fund")
    .orderBy("id")
    .executeTakeFirst();
  // Supplies, utilities and repairs are MOOE (the seeded type of that title), else the first type.
  const type =
    (await db.selectFrom("disbursement_types").select("id").where("title", "=", "MOOE").executeTakeFirst()) ??
    (await db.selectFrom("disbursement_types").select("id").orderBy("id").executeTakeFirst());
  const admin = await db.selectFrom("users").select("id").where("kind", "=", "staff").orderBy("id").executeTakeFirst();
  if (!account || !type || !admin) return;
  const user = await loadAuthUser(db, admin.id);
  if (!user) return;
  // The seed acts with every permission (the administrator's), whatever roles exist yet.
  const ctx: ServiceContext = { db, user: { ...user, permissions: allPermissionNames() } };

  await db
    .insertInto("settings")
    .values({
      key: "officials",
      value: JSON.stringify({
        punong_barangay: "Hon. Ricardo M. Bautista",
        treasurer: "Rosario S. Villanueva",
        appropriations_chairman: "Hon. Elena P. Cruz",
        bookkeeper: "Marites D. Ramos",
        accountant: "Antonio L. Garcia, CPA",
      }),
    })
    .onConflict((oc) => oc.columns(["barangay_id", "key"]).doNothing())
    .execute();

  // Payment natures by name, made when the parameters seed has none of that name.
  const natures = new Map<string, number>();
  for (const row of await db.selectFrom("payment_natures").select(["id", "name"]).where("deleted_at", "is", null).execute())
    natures.set(row.name, row.id);
  const natureId = async (name: string): Promise<number> => {
    const known = natures.get(name);
    if (known) return known;
    const made = await serviceFor("payment_nature").create(ctx, { name, disbursement_type_id: type.id });
    natures.set(name, made.id);
    return made.id;
  };

  // The account held money before the portal's first deposit: its register runs from that balance
  // (without it, a month of cheques against a few deposits closes below zero).
  await db
    .updateTable("bank_accounts")
    .set({ opening_balance: "250000.00", opening_date: addDays(todayInManila(), -60) })
    .where("id", "=", account.id)
    .where("opening_date", "is", null)
    .execute();

  const book = await serviceFor("cheque_book").create(ctx, {
    bank_account_id: account.id,
    cheque_book_code: "LBP-GF-0045",
    series: "0004501",
    quanty_generated: 50,
  });
  const today = todayInManila();
  let voidTarget: number | null = null;
  for (const [i, v] of VOUCHERS.entries()) {
    const date = addDays(today, v.days);
    const lines = [];
    for (const [name, amount] of v.lines) lines.push({ payment_nature_id: await natureId(name), amount });
    const dv = await serviceFor("disbursement").create(ctx, {
      voucher_date: date,
      payee_kind: "Other",
      payee: v.payee,
      disbursement_type_id: type.id,
      fund_type: "General Fund",
      particulars: v.particulars,
      lines,
    });
    if (i === 3) {
      // A leaf torn while printing: spoiled with its reason before the next cheque is written.
      const blank = await db
        .selectFrom("cheque_numbers")
        .select("id")
        .where("cheque_book_id", "=", book.id)
        .where("state", "=", "available")
        .orderBy("number")
        .executeTakeFirstOrThrow();
      await serviceFor("cheque_number").command(ctx, "void", blank.id, { reason: "Torn while printing" });
    }
    for (const amount of v.cheques) {
      const cheque = await serviceFor("cheque_issuance").create(ctx, {
        disbursement_id: dv.id,
        bank_account_id: account.id,
        cheque_date: addDays(date, 1),
        payee: v.payee,
        amount,
      });
      if (i === 5 && voidTarget == null) voidTarget = cheque.id;
    }
  }
  // The caterer's first cheque was written for the wrong amount: voided, the voucher's other cheque with it.
  if (voidTarget != null) await serviceFor("cheque_issuance").command(ctx, "void", voidTarget, { reason: "Wrong amount; to be reissued" });
  // The hardware's cheque named the payee wrongly: voided, and another written for the voucher — a
  // voucher with two cheques, one void, as the treasurer's day leaves them.
  const hardware = await db
    .selectFrom("cheque_issuances as ci")
    .innerJoin("disbursements as d", "d.id", "ci.disbursement_id")
    .select(["ci.id", "ci.disbursement_id", sql<string>`ci.amount::text`.as("amount"), "d.payee"])
    .where("d.payee", "=", "Reyes Hardware")
    .executeTakeFirst();
  if (hardware) {
    await serviceFor("cheque_issuance").command(ctx, "void", hardware.id, { reason: "Payee's name misspelled on the cheque" });
    await serviceFor("cheque_issuance").create(ctx, {
      disbursement_id: hardware.disbursement_id,
      bank_account_id: account.id,
      cheque_date: addDays(today, -14),
      payee: hardware.payee,
      amount: hardware.amount,
    });
  }
}
