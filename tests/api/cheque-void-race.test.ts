import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "../../server/errors.ts";
import { inTransaction } from "../../server/engine/transaction.ts";
import { usingPostgres } from "../helpers/db.ts";
import { signedIn, startTestServer, type ApiClient, type ApiResponse, type TestServer } from "../helpers/server.ts";

// Two clerks voiding (or one voiding, one unvoiding) cheques of the same voucher at once. The void
// cascades over the voucher's other cheques, so both requests want the same rows: taken in two
// orders they deadlocked on PostgreSQL and one clerk got a 500. Each must get an answer of its
// own (200, or the 422 of a cheque already void, or at worst a 409 "try again"), and the cheques
// and their numbers must end in one consistent state.

let server: TestServer;
let admin: ApiClient;
let other: ApiClient;
let accountId: number;
let natureId: number;
let typeId: number;

const ROUNDS = 20;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  other = await signedIn(server, server.admin); // a second session: two clerks at two desks
  const bank = await admin.post("/backend/api/bank", { code: "DBP", name: "Development Bank of the Philippines" });
  const account = await admin.post("/backend/api/bank_account", {
    bank_id: bank.body.data.id,
    account_name: "Barangay General Fund",
    account_number: "0077-1234-55",
    fund_type: "General Fund",
  });
  accountId = account.body.data.id;
  typeId = (await admin.post("/backend/api/disbursement_type", { name: "Capital Outlay" })).body.data.id;
  natureId = (await admin.post("/backend/api/payment_nature", { name: "Equipment", disbursement_type_id: typeId })).body.data.id;
  const book = await admin.post("/backend/api/cheque_book", {
    bank_account_id: accountId,
    cheque_book_code: "DBP-RACE",
    series: "0500001",
    quanty_generated: 200,
  });
  expect(book.status, book.text).toBe(201);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A voucher paid by two cheques, A and B. */
async function voucherWithTwoCheques(): Promise<{ a: number; b: number }> {
  const dv = await admin.post("/backend/api/disbursement", {
    voucher_date: "2026-11-05",
    payee: "Santos Trading",
    disbursement_type_id: typeId,
    fund_type: "General Fund",
    particulars: "Generator set",
    lines: [{ payment_nature_id: natureId, amount: "300.00" }],
  });
  expect(dv.status, dv.text).toBe(201);
  const cheque = async () => {
    const res = await admin.post("/backend/api/cheque-issuance", {
      disbursement_id: dv.body.data.id,
      bank_account_id: accountId,
      cheque_date: "2026-11-06",
      payee: "Santos Trading",
      amount: "100.00",
    });
    expect(res.status, res.text).toBe(201);
    return Number(res.body.data.id);
  };
  return { a: await cheque(), b: await cheque() };
}

/** Each cheque's state and its number's, in id order. */
async function states(ids: number[]) {
  return (
    await sql<{ state: string; number_state: string }>`
      select ci.state, n.state as number_state from cheque_issuances ci join cheque_numbers n on n.id = ci.cheque_number_id
      where ci.id in (${sql.join(ids)}) order by ci.id`.execute(server.db)
  ).rows;
}

function expectNo5xx(results: ApiResponse[]) {
  for (const r of results) {
    expect(r.status, r.text).toBeLessThan(500);
    expect([200, 409, 422], r.text).toContain(r.status);
    if (r.status === 409) expect(r.body.message).toMatch(/try again/i);
  }
}

describe("concurrent void and unvoid of one voucher's cheques", () => {
  it(`${ROUNDS} rounds of void A ∥ void B: no 5xx, one of them voids both, numbers spoiled with them`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await voucherWithTwoCheques();
      const results = await Promise.all([
        admin.put(`/backend/api/cheque-issuance/void/${a}`, { reason: "Wrong amount" }),
        other.put(`/backend/api/cheque-issuance/void/${b}`, { reason: "Wrong payee" }),
      ]);
      expectNo5xx(results);
      expect(results.filter((r) => r.status === 200).length, results.map((r) => r.text).join("\n")).toBeGreaterThanOrEqual(1);
      expect(await states([a, b])).toEqual([
        { state: "void", number_state: "void" },
        { state: "void", number_state: "void" },
      ]);
    }
  }, 120_000);

  it(`${ROUNDS} rounds of unvoid A ∥ void B after A was voided: no 5xx, both cheques and numbers end alike`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { a, b } = await voucherWithTwoCheques();
      const first = await admin.put(`/backend/api/cheque-issuance/void/${a}`, { reason: "Wrong amount" });
      expect(first.status, first.text).toBe(200);
      const results = await Promise.all([
        admin.put(`/backend/api/cheque-issuance/unvoid/${a}`, {}),
        other.put(`/backend/api/cheque-issuance/void/${b}`, { reason: "Wrong payee" }),
      ]);
      expectNo5xx(results);
      const [unvoid, voidB] = results;
      const after = await states([a, b]);
      // Whatever the order, the voucher's cheques move together and each number follows its cheque.
      expect(after[0]).toEqual(after[1]);
      expect(after[0].number_state).toBe(after[0].state);
      if (unvoid.status === 200 && voidB.status === 200) expect(after[0].state).toBe("void"); // unvoid, then void B
      if (unvoid.status === 200 && voidB.status !== 200) expect(after[0].state).toBe("issued"); // void B saw B void
      if (unvoid.status !== 200) expect(after[0].state).toBe("void");
    }
  }, 120_000);
});

describe("a transaction that loses to another (deadlock 40P01, serialisation failure 40001)", () => {
  const lost = (code: string) => Object.assign(new Error(code === "40P01" ? "deadlock detected" : "could not serialize access"), { code });

  it("is run once more from the start, and a second loss is a 409 asking to try again, never a 500", async () => {
    for (const code of ["40P01", "40001"]) {
      let runs = 0;
      const value = await inTransaction({ db: server.db, user: null }, async () => {
        runs++;
        if (runs === 1) throw lost(code);
        return "done";
      });
      expect([value, runs]).toEqual(["done", 2]);

      runs = 0;
      const error = await inTransaction({ db: server.db, user: null }, async () => {
        runs++;
        throw lost(code);
      }).catch((e: unknown) => e);
      expect(runs).toBe(2);
      expect(isAppError(error) && { status: error.status, message: error.message }).toMatchObject({
        status: 409,
        message: expect.stringMatching(/try again/i),
      });
    }
  });

  it("a joined transaction passes the loss up to the outermost one, which alone runs again", async () => {
    let outer = 0;
    let inner = 0;
    const value = await inTransaction({ db: server.db, user: null }, async (tx) => {
      outer++;
      return inTransaction(tx, async () => {
        inner++;
        if (inner === 1) throw lost("40P01");
        return "done";
      });
    });
    expect([value, outer, inner]).toEqual(["done", 2, 2]);
  });

  it.skipIf(!usingPostgres())(
    "a real deadlock between two transactions: both commit, the loser on its second run (PostgreSQL; PGlite runs one transaction at a time)",
    async () => {
      const [x, y] = (
        await sql<{ id: number }>`insert into religions (name) values ('Deadlock X'), ('Deadlock Y') returning id`.execute(server.db)
      ).rows.map((r) => Number(r.id));
      let arrived = 0;
      let release!: () => void;
      const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
      const runs = [0, 0];
      const lockBoth = (who: 0 | 1, first: number, second: number) =>
        inTransaction({ db: server.db, user: null }, async (tx) => {
          runs[who]++;
          await sql`select id from religions where id = ${first} for update`.execute(tx.db);
          if (++arrived === 2) release();
          await bothHoldOne;
          await sql`select id from religions where id = ${second} for update`.execute(tx.db);
          await sql`update religions set updated_at = now() where id in (${x}, ${y})`.execute(tx.db);
          return who;
        });
      expect(await Promise.all([lockBoth(0, x, y), lockBoth(1, y, x)])).toEqual([0, 1]);
      expect(runs.sort()).toEqual([1, 2]);
    },
  );
});
