import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { verifyByNumber } from "../../server/features/collections/verify.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { recordHistory } from "../../server/features/audit/history.ts";

// Hostile input on the finance path (DESIGN §5, §7, §10, §11), as an attacker and as two busy
// clerks would send it: a serial is held by one booklet even when fifty creates race for it, an
// impossible date is a 422 on its field, a page number past any list is never a database error,
// and a bulk call with nothing to act on is a 422 naming the ids. On PGlite and on PostgreSQL.

let server: TestServer;
let admin: ApiClient;
let formTypeId: number;
let collectionTypeId: number;
let accountId: number;
let padId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  formTypeId = (await admin.post("/backend/api/form_type", { name: "AF 51 Hardening" })).body.data.id;
  collectionTypeId = (await admin.post("/backend/api/collection_type", { name: "Clearance Fees", fund_type: "General Fund" })).body.data.id;
  const bank = await admin.post("/backend/api/bank", { code: "DBP", name: "Development Bank of the Philippines" });
  accountId = (
    await admin.post("/backend/api/bank_account", {
      bank_id: bank.body.data.id,
      account_name: "Barangay Trust Fund",
      account_number: "7777-0000-11",
      fund_type: "Trust Fund",
    })
  ).body.data.id;
  const adminId = (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow())
    .id;
  const pad = await admin.post("/backend/api/form_pad", {
    form_type_id: formTypeId,
    pad_code: "HARD-OR-1",
    series_start: "9100001",
    series_end: "9100010",
    collectors: [{ user_id: adminId }],
  });
  expect(pad.status, pad.text).toBe(201);
  padId = pad.body.data.id;
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const receipt = (extra: Record<string, unknown> = {}) => ({
  form_pad_id: padId,
  date_issued: "2026-11-02",
  payor_kind: "name",
  issued_to: "Juan Dela Cruz",
  collection_type_id: collectionTypeId,
  payment_mode: "Cash",
  lines: [{ nature: "Barangay clearance", amount: "50" }],
  ...extra,
});

/** The code of the database error a statement raised (23505 for a unique key), or null when it ran. */
async function errorCodeOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return String((error as { code?: unknown }).code ?? (error as Error).message);
  }
}

describe("one booklet per serial, held by the database", () => {
  it("50 parallel form pads of one series with different codes: exactly one 201, 49 × 422 'The series overlaps …'", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        admin.post("/backend/api/form_pad", {
          form_type_id: formTypeId,
          pad_code: `RACE-${i}`,
          series_start: "4364301 T",
          series_end: "4364350 T",
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(","),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 422),
      statuses.join(","),
    ).toHaveLength(49);
    for (const r of results.filter((r) => r.status === 422))
      expect(r.body.errors.series_start[0]).toMatch(/^The series overlaps form pad RACE-\d+ /);
    const pads = await server.db.selectFrom("form_pads").select("id").where("pad_code", "like", "RACE-%").execute();
    expect(pads).toHaveLength(1);
    const numbers = await server.db
      .selectFrom("form_numbers")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("form_pad_id", "=", pads[0].id)
      .executeTakeFirstOrThrow();
    expect(numbers.n).toBe(50);
  }, 120_000);

  it("50 parallel cheque books of one account's series: exactly one 201, 49 × 422", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        admin.post("/backend/api/cheque_book", {
          bank_account_id: accountId,
          cheque_book_code: `CRACE-${i}`,
          series: "0005001",
          quanty_generated: 50,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(
      statuses.filter((s) => s === 201),
      statuses.join(","),
    ).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 422),
      statuses.join(","),
    ).toHaveLength(49);
    for (const r of results.filter((r) => r.status === 422)) expect(r.body.errors.series[0]).toMatch(/overlap cheque book CRACE-\d+/);
  }, 120_000);

  it("the database refuses a second form pad's form number of a serial its form type already has, however it is written", async () => {
    const pad = await server.db
      .insertInto("form_pads")
      .values({
        form_type_id: formTypeId,
        pad_code: "SNEAK-1",
        series_start: "9100005",
        series_end: "9100005",
        serial_from: 9100005,
        serial_to: 9100005,
        serial_width: 7,
        suffix: "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The same serial as HARD-OR-1's fifth form, written wider: one serial all the same.
    const insert = (number: string) => server.db.insertInto("form_numbers").values({ form_pad_id: pad.id, position: 0, number }).execute();
    expect(await errorCodeOf(() => insert("009100005"))).toBe("23505");
    // Another form type may use the serial.
    const otherType = (await admin.post("/backend/api/form_type", { name: "CTC Hardening" })).body.data.id;
    await server.db.updateTable("form_pads").set({ form_type_id: otherType }).where("id", "=", pad.id).execute();
    expect(await errorCodeOf(() => insert("9100005"))).toBeNull();
    // Moving the pad back to the first form type would hold the serial twice.
    expect(
      await errorCodeOf(() => server.db.updateTable("form_pads").set({ form_type_id: formTypeId }).where("id", "=", pad.id).execute()),
    ).toBe("23505");
  });

  it("the database refuses a cheque number of a serial its bank account already has, leading zeros or not", async () => {
    const book = await admin.post("/backend/api/cheque_book", {
      bank_account_id: accountId,
      cheque_book_code: "ZEROS-1",
      series: "0008001",
      quanty_generated: 5,
    });
    expect(book.status, book.text).toBe(201);
    const insert = (number: string) =>
      server.db.insertInto("cheque_numbers").values({ cheque_book_id: book.body.data.id, bank_account_id: accountId, number }).execute();
    expect(await errorCodeOf(() => insert("8001"))).toBe("23505");
    // Over REST the same is a 422 on the field, never a 500.
    const typed = await admin.post("/backend/api/cheque_number", { cheque_book_id: book.body.data.id, number: "8002" });
    expect(typed.status, typed.text).toBe(422);
    expect(typed.body.errors.number).toEqual(["The number has already been taken."]);
  });
});

describe("impossible dates are 422 on their field", () => {
  it("POST collection with 30 February or month 13: 422 naming the field, nothing issued", async () => {
    const before = await server.db
      .selectFrom("collections")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const feb = await admin.post("/backend/api/collection", receipt({ date_issued: "2026-02-30" }));
    expect(feb.status, feb.text).toBe(422);
    expect(feb.body.errors.date_issued).toEqual(["The date issued is not a valid date."]);
    const cheque = await admin.post(
      "/backend/api/collection",
      receipt({ payment_mode: "Cheque", drawee_bank: "BDO", cheque_number: "123456", cheque_date: "2026-13-45" }),
    );
    expect(cheque.status, cheque.text).toBe(422);
    expect(cheque.body.errors.cheque_date).toEqual(["The cheque date is not a valid date."]);
    const after = await server.db
      .selectFrom("collections")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // A real date still issues.
    expect((await admin.post("/backend/api/collection", receipt())).status).toBe(201);
  });

  it("every date field of the finance and certificate entries refuses a day that does not exist", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["/backend/api/disbursement", { voucher_date: "2026-02-29" }, "voucher_date"],
      ["/backend/api/cheque-issuance", { cheque_date: "2026-04-31" }, "cheque_date"],
      ["/backend/api/transaction", { date_issued: "2026-02-30" }, "date_issued"],
    ];
    for (const [path, body, field] of cases) {
      const res = await admin.post(path, body);
      expect(res.status, `${path}: ${res.text}`).toBe(422);
      expect(res.body.errors[field], path).toEqual([`The ${field.replace(/_/g, " ")} is not a valid date.`]);
    }
  });

  it("the public lookup by number, date and amount answers 'not found' for 30 February, never a database error", async () => {
    const ctx = { db: server.db };
    expect(await verifyByNumber(ctx, { number: "1", date: "2026-02-30", amount: "1" })).toBeNull();
    expect(await verifyByNumber(ctx, { number: "1", date: "2026-99-99", amount: "1" })).toBeNull();
  });
});

describe("paging out of range", () => {
  it("a record's history at page 10^20 answers an empty page, not a bigint overflow", async () => {
    const created = await admin.post("/backend/api/collection", receipt());
    expect(created.status, created.text).toBe(201);
    for (const page of ["100000000000000000000", "9007199254740993", "1e400", "-5", "abc", "2.5"]) {
      const res = await admin.get(`/backend/api/collection/${created.body.data.id}/history?page=${page}`);
      expect(res.status, `page=${page}: ${res.text}`).toBe(200);
      expect(Number.isSafeInteger(res.body.data.page), `page=${page}`).toBe(true);
    }
    const adminRow = await server.db
      .selectFrom("users")
      .select("id")
      .where("username", "=", server.admin.username)
      .executeTakeFirstOrThrow();
    const history = await recordHistory(
      { db: server.db, user: await loadAuthUser(server.db, adminRow.id) },
      "collection",
      created.body.data.id,
      1e20,
    );
    expect(history.entries).toEqual([]);
  });

  it("every list, count and report answers huge, negative and fractional page and per_page without a 5xx", async () => {
    const values = ["100000000000000000000", "9007199254740993", "-1", "0", "1.5", "1e3", "abc"];
    const paths = [
      "/backend/api/collection",
      "/backend/api/form_number",
      "/backend/api/cheque_number/count",
      "/backend/api/reports/residents",
    ];
    for (const path of paths)
      for (const page of values)
        for (const perPage of values) {
          const res = await admin.get(`${path}?page=${page}&per_page=${perPage}`);
          expect(res.status, `${path}?page=${page}&per_page=${perPage}: ${res.text.slice(0, 200)}`).toBe(200);
        }
  }, 120_000);
});

describe("bulk calls with nothing to act on", () => {
  async function chequeNumbers(code: string, series: string) {
    const book = await admin.post("/backend/api/cheque_book", {
      bank_account_id: accountId,
      cheque_book_code: code,
      series,
      quanty_generated: 3,
    });
    expect(book.status, book.text).toBe(201);
    return server.db
      .selectFrom("cheque_numbers")
      .select(["id", "number"])
      .where("cheque_book_id", "=", book.body.data.id)
      .orderBy("number")
      .execute();
  }

  it("multiple_restore of an available or unknown cheque number: 422 naming the ids, not a SQL error", async () => {
    const [available] = await chequeNumbers("BULK-1", "0009001");
    const restore = (body: unknown) => admin.post("/backend/api/cheque_number/multiple_restore_cheque_number", body);
    const one = await restore([{ id: available.id }]);
    expect(one.status, one.text).toBe(422);
    expect(one.body.errors.ids[0]).toContain(`#${available.id}`);
    const unknown = await restore([{ id: 987654321 }]);
    expect(unknown.status, unknown.text).toBe(422);
    expect(unknown.body.errors.ids[0]).toContain("#987654321");
    const empty = await restore([]);
    expect(empty.status, empty.text).toBe(422);
    expect(empty.body.errors.ids).toEqual(["Select at least one record."]);
  });

  it("multiple_delete of rows already void or unknown: 422 naming them; a mixed selection acts on the rest", async () => {
    const [a, b] = await chequeNumbers("BULK-2", "0009101");
    const del = (ids: number[]) =>
      admin.post(
        "/backend/api/cheque_number/multiple_delete_cheque_number",
        ids.map((id) => ({ id })),
      );
    const first = await del([a.id]);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data).toBe(1);
    const again = await del([a.id, 987654322]);
    expect(again.status, again.text).toBe(422);
    expect(again.body.errors.ids[0]).toContain(`#${a.id}`);
    expect(again.body.errors.ids[0]).toContain("#987654322");
    const mixed = await del([a.id, b.id]);
    expect(mixed.status, mixed.text).toBe(200);
    expect(mixed.body.data).toBe(1);
    // Restoring them both works; restoring them again has nothing to act on.
    expect((await admin.post("/backend/api/cheque_number/multiple_restore_cheque_number", [{ id: a.id }, { id: b.id }])).body.data).toBe(2);
    expect((await admin.post("/backend/api/cheque_number/multiple_restore_cheque_number", [{ id: a.id }, { id: b.id }])).status).toBe(422);
  });

  it("the user calls and the households' {ids} bodies answer the same 422", async () => {
    for (const path of [
      "/backend/api/user/multiple_delete_user",
      "/backend/api/user/multiple_restore_user",
      "/backend/api/form_pad/multiple_restore_form_pad",
      "/backend/api/collection/multiple_restore_collection",
    ]) {
      const res = await admin.post(path, [{ id: 987654323 }]);
      expect(res.status, `${path}: ${res.text}`).toBe(422);
      expect(res.body.errors.ids[0], path).toContain("#987654323");
    }
    // Receipts are cancelled one at a time, each with its reason: several at once is refused as such.
    const receipts = await admin.post("/backend/api/collection/multiple_delete_collection", [{ id: 987654323 }]);
    expect(receipts.status).toBe(422);
    expect(receipts.body.errors.ids).toEqual(["Cancel collections one at a time, each with its reason."]);
    const households = await admin.post("/backend/api/household/multiple_restore_household", { ids: [987654324] });
    expect(households.status, households.text).toBe(422);
    expect(households.body.errors.ids[0]).toContain("#987654324");
  });
});
