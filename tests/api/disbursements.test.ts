import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 12 over REST (spec §7.2, §7.3, DESIGN §11): cheque books generating their numbers, cheque
// number void and restore, gapless vouchers with lines, cheque issuances from the next available
// number (50 at once), the void cascade and its exact reversal, and the permission gates of §6.

let server: TestServer;
let admin: ApiClient;
let clerk: ApiClient; // update- but not delete-cheque_issuance
let accountId: number;
let natureId: number;
let typeId: number;

const ENTITIES = ["cheque_book", "cheque_number", "disbursement", "cheque_issuance", "bank_account", "payment_nature", "disbursement_type"];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  await createUser(server.db, {
    username: "dv-clerk",
    permissions: [
      ...ENTITIES.flatMap((e) => ["manage", "view", "create"].map((a) => `${a}-${e}`)),
      "update-cheque_issuance",
      "update-disbursement",
    ],
  });
  clerk = await signedIn(server, { username: "dv-clerk", password: "Test-Passw0rd!" });
  const bank = await admin.post("/backend/api/bank", { code: "LBP", name: "Land Bank of the Philippines" });
  const account = await admin.post("/backend/api/bank_account", {
    bank_id: bank.body.data.id,
    account_name: "Barangay General Fund",
    account_number: "0012-3456-78",
    fund_type: "General Fund",
  });
  accountId = account.body.data.id;
  typeId = (await admin.post("/backend/api/disbursement_type", { name: "Maintenance and Other Operating Expenses" })).body.data.id;
  natureId = (await admin.post("/backend/api/payment_nature", { name: "Office supplies", disbursement_type_id: typeId })).body.data.id;
});
afterAll(async () => {
  await server?.close();
});

async function book(code: string, series: string, quantity: number, account = accountId) {
  return admin.post("/backend/api/cheque_book", { bank_account_id: account, cheque_book_code: code, series, quanty_generated: quantity });
}

async function voucher(amount: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post("/backend/api/disbursement", {
    voucher_date: "2026-11-05",
    payee: "Juan Dela Cruz Hardware",
    disbursement_type_id: typeId,
    fund_type: "General Fund",
    particulars: "Supplies for the barangay hall",
    lines: [{ payment_nature_id: natureId, amount }],
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; disbursement_number: string; amount: string; balance: string };
}

async function cheque(disbursementId: number, amount: string, client = admin) {
  return client.post("/backend/api/cheque-issuance", {
    disbursement_id: disbursementId,
    bank_account_id: accountId,
    cheque_date: "2026-11-06",
    payee: "Juan Dela Cruz Hardware",
    amount,
  });
}

describe("cheque books", () => {
  it("generate one cheque number per leaf, keep leading zeros, count them, and refuse an overlapping range", async () => {
    const res = await book("LBP-A", "0001001", 50);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      series: "0001001",
      series_end: "0001050",
      series_joint: "0001001–0001050",
      cheque_numbers_count: 50,
    });
    const numbers = await admin.get(`/backend/api/cheque_number?filter[cheque_book_id]=${res.body.data.id}&per_page=100&sort=number`);
    expect(numbers.body.meta.total).toBe(50);
    expect(numbers.body.data[0]).toMatchObject({ number: "0001001", state: "available", cheque_book_code: "LBP-A", status: "Active" });

    const overlap = await book("LBP-B", "0001040", 20);
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors.series[0]).toContain("overlap cheque book LBP-A");
    expect((await book("LBP-B", "0001051", 50)).status).toBe(201);
  });

  it("another account may hold the same serials", async () => {
    const other = await admin.post("/backend/api/bank_account", {
      bank_id: (await admin.get("/backend/api/bank")).body.data[0].id,
      account_name: "SK Fund",
      account_number: "0099-1111-22",
      fund_type: "SK Fund",
    });
    expect((await book("SK-A", "0001001", 10, other.body.data.id)).status).toBe(201);
  });

  it("an edited range generates its numbers again; a used number fixes the range (the booklet rules of DESIGN §11)", async () => {
    const created = await book("LBP-M", "0003001", 10);
    const id = created.body.data.id;
    const edit = (series: string, quantity: number, code = "LBP-M") =>
      admin.put(`/backend/api/cheque_book/${id}`, {
        bank_account_id: accountId,
        cheque_book_code: code,
        series,
        quanty_generated: quantity,
      });
    const numbers = () =>
      server.db.selectFrom("cheque_numbers").select(["id", "number"]).where("cheque_book_id", "=", id).orderBy("number").execute();
    const moved = await edit("0003101", 5);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ series_end: "0003105", cheque_numbers_count: 5 });
    expect((await numbers()).map((n) => n.number)).toEqual(["0003101", "0003102", "0003103", "0003104", "0003105"]);
    // A new code alone keeps the numbers as they are.
    const before = await numbers();
    expect((await edit("0003101", 5, "LBP-M2")).status).toBe(200);
    expect(await numbers()).toEqual(before);
    expect((await admin.put(`/backend/api/cheque_number/void/${before[0].id}`, { reason: "Torn" })).status).toBe(200);
    const fixed = await edit("0003201", 5);
    expect(fixed.status).toBe(422);
    expect(fixed.body.errors.series).toEqual(["Cheque number 0003101 of this book is already used; its range cannot change."]);
  });
});

describe("cheque numbers", () => {
  it("void with a reason (PUT cheque_number/void/{id}) and restore exactly; an issued number is neither", async () => {
    const list = await admin.get(`/backend/api/cheque_number?filter[bank_account_id]=${accountId}&sort=number&order=desc&per_page=1`);
    const leaf = list.body.data[0];
    // The screens and tRPC ask the reason; a REST client of the spec sends none (issue 26 item 3).
    const noReason = await admin.post("/trpc/resource.command", { resource: "cheque_number", command: "void", id: leaf.id, input: {} });
    expect(noReason.status).toBe(422);
    expect(JSON.stringify(noReason.body.error)).toContain("The reason field is required.");
    const voided = await admin.put(`/backend/api/cheque_number/void/${leaf.id}`, { reason: "Torn while printing" });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.message).toBe(`Successfully voided ${leaf.number}.`);
    expect(voided.body.data).toMatchObject({ state: "void", status: "Void", void_reason: "Torn while printing" });
    const restored = await admin.post("/backend/api/cheque_number/restore", { id: leaf.id });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ state: "available", status: "Active", void_reason: null });
    // DELETE is void too (spec §4 wording), for the §7.2 clients: the same recorded command, and like
    // every REST void without a reason it records that none was given (decisions 192, 197).
    const deleted = await admin.delete(`/backend/api/cheque_number/${leaf.id}`);
    expect(deleted.status).toBe(200);
    expect((await admin.get(`/backend/api/cheque_number/${leaf.id}`)).body.data).toMatchObject({
      state: "void",
      void_reason: "no reason given (REST)",
    });
    expect((await admin.post("/backend/api/cheque_number/restore", { id: leaf.id })).body.data.state).toBe("available");
  });

  it("void needs delete-cheque_number (spec §6)", async () => {
    const list = await clerk.get(`/backend/api/cheque_number?filter[bank_account_id]=${accountId}&per_page=1`);
    expect((await clerk.put(`/backend/api/cheque_number/void/${list.body.data[0].id}`, { reason: "Spoiled leaf" })).status).toBe(403);
    expect((await clerk.delete(`/backend/api/cheque_number/${list.body.data[0].id}`)).status).toBe(403);
  });
});

describe("disbursement vouchers", () => {
  it("number YYYY-MM-NNNN gapless per month, amount = sum of lines, lines nested with their nature", async () => {
    const a = await voucher("1000.00");
    const failed = await admin.post("/backend/api/disbursement", {
      voucher_date: "2026-11-05",
      payee: "X",
      disbursement_type_id: typeId,
      fund_type: "General Fund",
      particulars: "Bad",
      lines: [{ payment_nature_id: 987654, amount: "5" }],
    });
    expect(failed.status).toBe(422);
    expect(failed.body.errors["lines.0.payment_nature_id"]).toBeTruthy();
    const res = await admin.post("/backend/api/disbursement", {
      voucher_date: "2026-11-20",
      payee: "Maria Santos",
      disbursement_type_id: typeId,
      fund_type: "General Fund",
      particulars: "Honoraria",
      lines: [
        { payment_nature_id: natureId, amount: "1500.50" },
        { payment_nature_id: natureId, description: "Snacks", amount: "499.50" },
      ],
    });
    expect(res.status, res.text).toBe(201);
    const [year, month, serial] = a.disbursement_number.split("-");
    expect(`${year}-${month}`).toBe("2026-11");
    expect(res.body.data.disbursement_number).toBe(`2026-11-${String(Number(serial) + 1).padStart(4, "0")}`);
    expect(res.body.data.amount).toBe("2000.00");
    expect(res.body.data.lines).toEqual([
      { payment_nature_id: natureId, description: null, amount: "1500.50", payment_nature: { id: natureId, name: "Office supplies" } },
      { payment_nature_id: natureId, description: "Snacks", amount: "499.50", payment_nature: { id: natureId, name: "Office supplies" } },
    ]);
    const december = await voucher("10.00", { voucher_date: "2026-12-01" });
    expect(december.disbursement_number).toBe("2026-12-0001");
    expect(res.body.data.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });

  it("takes the payee's name from a resident record", async () => {
    const resident = await server.db.insertInto("users").values({ kind: "resident" }).returning("id").executeTakeFirstOrThrow();
    await server.db.insertInto("user_profiles").values({ user_id: resident.id, firstname: "Pedro", lastname: "Penduko" }).execute();
    const dv = await voucher("50.00", { payee_kind: "Resident", payee_id: resident.id, payee: null });
    expect(dv).toMatchObject({ payee: "Pedro Penduko" });
    const missing = await admin.post("/backend/api/disbursement", {
      voucher_date: "2026-11-05",
      payee_kind: "Resident",
      disbursement_type_id: typeId,
      fund_type: "General Fund",
      particulars: "x",
      lines: [{ payment_nature_id: natureId, amount: "1" }],
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.payee_id).toBeTruthy();
  });

  it("void (DELETE) and restore with the void wording; refused while it has issued cheques", async () => {
    const dv = await voucher("300.00");
    const voided = await admin.delete(`/backend/api/disbursement/${dv.id}`);
    expect(voided.status).toBe(200);
    expect(voided.body.message).toBe(`Successfully voided ${dv.disbursement_number}.`);
    expect((await admin.get(`/backend/api/disbursement/${dv.id}`)).body.data.status).toBe("Void");
    expect((await cheque(dv.id, "100")).status).toBe(422);
    expect((await admin.post("/backend/api/disbursement/restore", { id: dv.id })).body.data.status).toBe("Active");
    expect((await cheque(dv.id, "100")).status).toBe(201);
    const refused = await admin.delete(`/backend/api/disbursement/${dv.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toContain("void them first");
  });
});

describe("cheque issuances", () => {
  it("take the next available number of the account, at most what the voucher owes, and answer the data", async () => {
    const dv = await voucher("1000.00");
    const first = await cheque(dv.id, "600.00");
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({ payee: "Juan Dela Cruz Hardware", amount: "600.00", status: "Active", state: "issued" });
    expect(first.body.data.cheque_number).toMatchObject({ state: "issued" });
    expect(first.body.data.description_with_nature_of_payment).toBe("Supplies for the barangay hall");
    const tooMuch = await cheque(dv.id, "400.01");
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount[0]).toContain("₱400.00");
    const second = await cheque(dv.id, "400.00");
    expect(second.status).toBe(201);
    expect(Number(second.body.data.number)).toBe(Number(first.body.data.number) + 1);
    expect((await admin.get(`/backend/api/disbursement/${dv.id}`)).body.data.balance).toBe("0.00");
    const updated = await admin.put(`/backend/api/cheque-issuance/${second.body.data.id}`, {
      disbursement_id: dv.id,
      bank_account_id: accountId,
      cheque_date: "2026-11-07",
      amount: "400.00",
      payee: "Juan Dela Cruz",
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.data).toMatchObject({ payee: "Juan Dela Cruz", cheque_date: "2026-11-07" });
  });

  it("skip a voided leaf", async () => {
    const dv = await voucher("20.00");
    const next = (
      await admin.get(`/backend/api/cheque_number?filter[bank_account_id]=${accountId}&filter[state]=available&sort=number&per_page=2`)
    ).body.data;
    await admin.put(`/backend/api/cheque_number/void/${next[0].id}`, { reason: "Misprinted" });
    const res = await cheque(dv.id, "20.00");
    expect(res.body.data.number).toBe(next[1].number);
  });

  it("50 written at once get 50 distinct numbers, in sequence", async () => {
    const dv = await voucher("5000.00");
    const results = await Promise.all(Array.from({ length: 50 }, () => cheque(dv.id, "100.00")));
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => Number(r.body.data.number));
    expect(new Set(numbers).size).toBe(50);
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(sorted[49] - sorted[0]).toBe(49);
    expect((await cheque(dv.id, "0.01")).status).toBe(422);
  });

  it("void cascades to the voucher's other cheques and spoils their numbers; unvoid reverses exactly; gates of spec §6", async () => {
    const dv = await voucher("900.00");
    const a = (await cheque(dv.id, "300.00")).body.data;
    const b = (await cheque(dv.id, "300.00")).body.data;
    const other = await voucher("100.00");
    const c = (await cheque(other.id, "100.00")).body.data;
    const snapshot = async () =>
      (
        await sql<{ id: number; state: string; number_state: string; void_reason: string | null; deleted: boolean }>`
        select ci.id, ci.state, n.state as number_state, ci.void_reason, n.deleted_at is not null as deleted
        from cheque_issuances ci join cheque_numbers n on n.id = ci.cheque_number_id
        where ci.id in (${a.id}, ${b.id}, ${c.id}) order by ci.id`.execute(server.db)
      ).rows;
    const before = await snapshot();

    const trpcNoReason = await admin.post("/trpc/resource.command", { resource: "cheque_issuance", command: "void", id: a.id, input: {} });
    expect(trpcNoReason.status).toBe(422); // reason required where a person types it
    const voided = await clerk.put(`/backend/api/cheque-issuance/void/${a.id}`, { reason: "Wrong payee" }); // update- suffices
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.message).toBe(`Successfully voided ${a.number}.`);
    expect(voided.body.data).toMatchObject({ state: "void", status: "Void", void_reason: "Wrong payee" });
    const after = await snapshot();
    expect(after.map((r) => [r.state, r.number_state, r.deleted])).toEqual([
      ["void", "void", true],
      ["void", "void", true],
      ["issued", "issued", false],
    ]);
    expect((await admin.get(`/backend/api/cheque_number/${b.cheque_number.id}`)).body.data.status).toBe("Void");
    expect((await admin.get(`/backend/api/disbursement/${dv.id}`)).body.data.balance).toBe("900.00");
    // A spoiled number of a voided cheque comes back only with the cheque.
    expect((await admin.post("/backend/api/cheque_number/restore", { id: b.cheque_number.id })).status).toBe(422);
    expect((await admin.put(`/backend/api/cheque-issuance/void/${a.id}`, { reason: "again" })).status).toBe(422);

    expect((await clerk.put(`/backend/api/cheque-issuance/unvoid/${a.id}`, {})).status).toBe(403); // needs delete-
    const unvoided = await admin.put(`/backend/api/cheque-issuance/unvoid/${a.id}`, {});
    expect(unvoided.status, unvoided.text).toBe(200);
    expect(unvoided.body.message).toBe(`Successfully unvoided ${a.number}.`);
    expect(await snapshot()).toEqual(before);
    // One audit row or more per touched row, for the void and for the unvoid.
    const touched = (action: string) =>
      server.db
        .selectFrom("audit_log")
        .select(["entity", "entity_id"])
        .distinct()
        .where("action", "=", action)
        .where((eb) =>
          eb.or([
            eb.and([eb("entity", "=", "cheque_issuance"), eb("entity_id", "in", [a.id, b.id])]),
            eb.and([eb("entity", "=", "cheque_number"), eb("entity_id", "in", [a.cheque_number.id, b.cheque_number.id])]),
          ]),
        )
        .execute();
    expect(await touched("void")).toHaveLength(4);
    expect(await touched("unvoid")).toHaveLength(4);
  });

  it("delete and restore are separate from void; restore is refused when the voucher is paid by then", async () => {
    const dv = await voucher("100.00");
    const a = (await cheque(dv.id, "100.00")).body.data;
    expect((await admin.delete(`/backend/api/cheque-issuance/${a.id}`)).body.data).toMatchObject({ status: "Trashed", state: "issued" });
    const b = (await cheque(dv.id, "100.00")).body.data;
    const refused = await admin.post("/backend/api/cheque-issuance/restore", { id: a.id });
    expect(refused.status).toBe(422);
    await admin.put(`/backend/api/cheque-issuance/void/${b.id}`, { reason: "Lost in transit" });
    expect((await admin.post("/backend/api/cheque-issuance/restore", { id: a.id })).body.data.status).toBe("Active");
    expect((await admin.get("/backend/api/cheque-issuance/count")).body.data).toBeGreaterThan(0);
  });
});

describe("lists", () => {
  it("sort by every sortable column and read index_trashed and count (spec §7.2, §7.3)", async () => {
    for (const [path, name] of [
      ["cheque_book", "cheque_book"],
      ["cheque_number", "cheque_number"],
      ["disbursement", "disbursement"],
      ["cheque-issuance", "cheque_issuance"],
    ] as const) {
      const { getResource } = await import("../../domain/registry/index.ts");
      for (const column of getResource(name).columns.filter((c) => c.sortable)) {
        for (const order of ["asc", "desc"]) {
          const res = await admin.get(`/backend/api/${path}?sort=${column.key}&order=${order}`);
          expect(res.status, `${path} sorted by ${column.key}: ${res.text}`).toBe(200);
        }
      }
      expect((await admin.get(`/backend/api/${path}/index_trashed`)).status).toBe(200);
    }
    for (const path of ["cheque_number", "disbursement", "cheque-issuance"])
      expect((await admin.get(`/backend/api/${path}/count`)).body.data).toBeGreaterThan(0);
  });
});

describe("REST clients of the spec send no reason (issue 26 item 3)", () => {
  it("PUT cheque-issuance/void/{id} and DELETE cheque_number/{id} without a body succeed, recording 'no reason given (REST)'", async () => {
    const dv = await voucher("500.00");
    const issued = await cheque(dv.id, "500.00");
    expect(issued.status, issued.text).toBe(201);
    const voided = await admin.put(`/backend/api/cheque-issuance/void/${issued.body.data.id}`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ state: "void", void_reason: "no reason given (REST)" });
    const list = await admin.get(`/backend/api/cheque_number?filter[bank_account_id]=${accountId}&filter[state]=available&per_page=1`);
    const leaf = list.body.data[0];
    const spoiled = await admin.delete(`/backend/api/cheque_number/${leaf.id}`);
    expect(spoiled.status, spoiled.text).toBe(200);
    expect((await admin.get(`/backend/api/cheque_number/${leaf.id}`)).body.data).toMatchObject({ state: "void" });
  });
});
