import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { createTestTables, registerTestEntries, TEST_PERMISSIONS } from "./test-entries.ts";

// The engine's second layer (DESIGN §10, issue 9 items 2–4) on test-only entries: commands with a
// recorded cascade and its exact reversal, refusal of an illegal transition, audit rows for every
// row touched, child rows saved with their parent, and every filter kind — over real HTTP.

registerTestEntries();

let server: TestServer;
let clerk: ApiClient; // every test permission
let reader: ApiClient; // manage and view only
let purokId: number;

beforeAll(async () => {
  server = await startTestServer();
  await createTestTables(server.db);
  await createUser(server.db, { username: "engine-clerk", permissions: [...TEST_PERMISSIONS, "manage-purok"] });
  await createUser(server.db, { username: "engine-reader", permissions: ["manage-test_voucher", "view-test_voucher"] });
  clerk = await signedIn(server, { username: "engine-clerk", password: "Test-Passw0rd!" });
  reader = await signedIn(server, { username: "engine-reader", password: "Test-Passw0rd!" });
  purokId = (await server.db.insertInto("puroks").values({ name: "Purok Engine" }).returning("id").executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await server?.close();
});

async function voucher(number: string, extra: Record<string, unknown> = {}) {
  const res = await clerk.post("/backend/api/test-voucher", { number, amount: "1500.50", voucher_date: "2026-11-02", ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; lines: { label: string; amount: string }[]; state: string };
}

async function cheque(voucherId: number, number: string, state = "issued") {
  const res = await clerk.post("/backend/api/test-cheque", { voucher_id: voucherId, number });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  if (state !== "issued") await sql`update test_cheques set state = ${state} where id = ${res.body.data.id}`.execute(server.db);
  return res.body.data.id as number;
}

const chequeStates = async (ids: number[]) =>
  (
    await sql<{ id: number; state: string }>`select id, state from test_cheques where id in (${sql.join(ids)}) order by id`.execute(
      server.db,
    )
  ).rows.map((r) => r.state);

describe("child rows", () => {
  it("are validated with the parent, written in its transaction, returned nested and replaced on update", async () => {
    const created = await voucher("DV-1", {
      lines: [
        { label: "Office supplies", amount: "1000" },
        { label: "Fuel", amount: "500.50" },
      ],
    });
    expect(created.lines).toEqual([
      { label: "Office supplies", amount: "1000.00" },
      { label: "Fuel", amount: "500.50" },
    ]);

    const bad = await clerk.post("/backend/api/test-voucher", {
      number: "DV-BAD",
      amount: "1",
      voucher_date: "2026-11-02",
      lines: [{ label: "" }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors["lines.0.label"]).toEqual(["The nature of payment field is required."]);
    expect(bad.body.errors["lines.0.amount"]).toEqual(["The amount field is required."]);
    expect((await sql`select 1 from test_vouchers where number = 'DV-BAD'`.execute(server.db)).rows).toHaveLength(0);

    const updated = await clerk.put(`/backend/api/test-voucher/${created.id}`, {
      number: "DV-1",
      amount: "700",
      voucher_date: "2026-11-02",
      lines: [{ label: "Fuel", amount: "700" }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data.lines).toEqual([{ label: "Fuel", amount: "700.00" }]);
    const stored = await sql<{
      label: string;
      position: number;
    }>`select label, position from test_voucher_lines where voucher_id = ${created.id}`.execute(server.db);
    expect(stored.rows).toEqual([{ label: "Fuel", position: 0 }]);
    // The audit row of the update names the lines that changed.
    const auditRow = await server.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("entity", "=", "test_voucher")
      .where("entity_id", "=", String(created.id))
      .where("action", "=", "update")
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(auditRow.before)).toContain("Office supplies");
  });
});

describe("commands", () => {
  it("void cascades to the voucher's issued cheques in one transaction, with an audit row for every row touched", async () => {
    const v = await voucher("DV-10");
    const other = await voucher("DV-11");
    const c1 = await cheque(v.id, "000101");
    const c2 = await cheque(v.id, "000102");
    const c3 = await cheque(other.id, "000103");

    // A person is asked the reason (tRPC, the screens); REST clients of the spec send none (decision 192).
    const noReason = await clerk.post("/trpc/resource.command", { resource: "test_voucher", command: "void", id: v.id, input: {} });
    expect(noReason.status).toBe(422);
    expect(JSON.stringify(noReason.body.error)).toContain("The reason field is required.");

    const voided = await clerk.put(`/backend/api/test-voucher/void/${v.id}`, { reason: "Wrong payee" });
    expect(voided.status).toBe(200);
    expect(voided.body.message).toBe("Successfully voided DV-10.");
    expect(voided.body.data.state).toBe("void");
    expect(await chequeStates([c1, c2, c3])).toEqual(["void", "void", "issued"]);

    const audits = await server.db
      .selectFrom("audit_log")
      .select(["entity", "entity_id", "action", "after"])
      .where("action", "=", "void")
      .where((eb) => eb.or([eb("entity", "=", "test_voucher"), eb("entity", "=", "test_cheque")]))
      .orderBy("id")
      .execute();
    expect(audits.map((a) => `${a.entity}:${a.entity_id}`)).toEqual([`test_voucher:${v.id}`, `test_cheque:${c1}`, `test_cheque:${c2}`]);
    expect(JSON.stringify(audits[0].after)).toContain("Wrong payee");
  });

  it("refuses an illegal transition with a 422 and a message, changing nothing", async () => {
    const v = await voucher("DV-20");
    const c = await cheque(v.id, "000201");
    const unvoidActive = await clerk.put(`/backend/api/test-voucher/unvoid/${v.id}`, {});
    expect(unvoidActive.status).toBe(422);
    expect(unvoidActive.body.message).toBe("DV-20 is active; it cannot be unvoided.");
    expect((await clerk.put(`/backend/api/test-voucher/void/${v.id}`, { reason: "Spoiled" })).status).toBe(200);
    const again = await clerk.put(`/backend/api/test-voucher/void/${v.id}`, { reason: "Twice" });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe("DV-20 is void; it cannot be voided.");
    expect(await chequeStates([c])).toEqual(["void"]);
    const unknown = await clerk.put(`/backend/api/test-voucher/remit/${v.id}`, {});
    expect(unknown.status).toBe(404);
  });

  it("unvoid undoes exactly what the void did: a cheque that was already void stays void", async () => {
    const v = await voucher("DV-30");
    const issued = await cheque(v.id, "000301");
    const spoiledBefore = await cheque(v.id, "000302", "void");
    expect((await clerk.put(`/backend/api/test-voucher/void/${v.id}`, { reason: "Duplicate" })).status).toBe(200);
    expect(await chequeStates([issued, spoiledBefore])).toEqual(["void", "void"]);

    const unvoided = await clerk.put(`/backend/api/test-voucher/unvoid/${v.id}`, {});
    expect(unvoided.status).toBe(200);
    expect(unvoided.body.message).toBe("Successfully unvoided DV-30.");
    expect(unvoided.body.data.state).toBe("active");
    // Recomputing ("un-void every cheque of the voucher") would have revived the spoiled leaf.
    expect(await chequeStates([issued, spoiledBefore])).toEqual(["issued", "void"]);
    const audits = await server.db
      .selectFrom("audit_log")
      .select(["entity", "entity_id"])
      .where("action", "=", "unvoid")
      .orderBy("id")
      .execute();
    expect(audits.map((a) => `${a.entity}:${a.entity_id}`)).toEqual([`test_cheque:${issued}`, `test_voucher:${v.id}`]);

    // A second unvoid has nothing left to reverse.
    expect((await clerk.put(`/backend/api/test-voucher/unvoid/${v.id}`, {})).status).toBe(422);
  });

  it("refuses to reverse when a touched row changed since, and leaves everything as it was", async () => {
    const v = await voucher("DV-40");
    const c = await cheque(v.id, "000401");
    expect((await clerk.put(`/backend/api/test-voucher/void/${v.id}`, { reason: "Lost" })).status).toBe(200);
    await sql`update test_cheques set state = 'cancelled' where id = ${c}`.execute(server.db);
    const res = await clerk.put(`/backend/api/test-voucher/unvoid/${v.id}`, {});
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/test cheque #\d+ has changed since \(state\); it cannot be reversed\./);
    const state = await sql<{ state: string }>`select state from test_vouchers where id = ${v.id}`.execute(server.db);
    expect(state.rows[0].state).toBe("void");
    expect(await chequeStates([c])).toEqual(["cancelled"]);
  });

  it("needs its own permission (403, nothing changed) and is reachable over tRPC too", async () => {
    const v = await voucher("DV-50");
    const refused = await reader.put(`/backend/api/test-voucher/void/${v.id}`, { reason: "Not mine" });
    expect(refused.status).toBe(403);
    const viaTrpc = await clerk.post("/trpc/resource.command", {
      resource: "test_voucher",
      command: "void",
      id: v.id,
      input: { reason: "By tRPC" },
    });
    expect(viaTrpc.status, JSON.stringify(viaTrpc.body)).toBe(200);
    expect(viaTrpc.body.result.data.message).toBe("Successfully voided DV-50.");
    const trpcRefused = await reader.post("/trpc/resource.command", { resource: "test_voucher", command: "unvoid", id: v.id });
    expect(trpcRefused.status).toBe(403);
  });

  it("deletes and restores only rows in a restorable state", async () => {
    const v = await voucher("DV-60");
    const spoiled = await cheque(v.id, "000601", "void");
    const res = await clerk.delete(`/backend/api/test-cheque/${spoiled}`);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe("Test cheque #" + spoiled + " is void; only issued ones can be deleted or restored.");
    const issued = await cheque(v.id, "000602");
    expect((await clerk.delete(`/backend/api/test-cheque/${issued}`)).status).toBe(200);
    expect((await clerk.post("/backend/api/test-cheque/restore", { id: issued })).status).toBe(200);
  });
});

describe("filter kinds", () => {
  it("option, reference, date range, amount range and boolean filter the list and its count alike", async () => {
    await voucher("F-1", { amount: "100", voucher_date: "2026-10-01", urgent: true, payee_id: purokId });
    await voucher("F-2", { amount: "250.75", voucher_date: "2026-10-15" });
    await voucher("F-3", { amount: "999.99", voucher_date: "2026-10-31", urgent: true });
    const numbers = async (query: string) => {
      const list = await reader.get(`/backend/api/test-voucher?search=F-&per_page=100&${query}`);
      expect(list.status).toBe(200);
      const count = await reader.get(`/backend/api/test-voucher/count?search=F-&${query}`);
      expect(count.body.data).toBe(list.body.meta.total);
      return list.body.data.map((r: { number: string }) => r.number).sort();
    };
    expect(await numbers("")).toEqual(["F-1", "F-2", "F-3"]);
    expect(await numbers("filter[urgent]=1")).toEqual(["F-1", "F-3"]);
    expect(await numbers("filter[urgent]=no")).toEqual(["F-2"]);
    expect(await numbers(`filter[payee_id]=${purokId}`)).toEqual(["F-1"]);
    // A reference filter also answers to its bare key (spec §2.1 `?purok_id=`).
    expect(await numbers(`payee_id=${purokId}`)).toEqual(["F-1"]);
    expect(await numbers("filter[voucher_date_from]=2026-10-15")).toEqual(["F-2", "F-3"]);
    expect(await numbers("filter[voucher_date_from]=2026-10-02&filter[voucher_date_to]=2026-10-30")).toEqual(["F-2"]);
    expect(await numbers("filter[amount_from]=250.75&filter[amount_to]=999.98")).toEqual(["F-2"]);
    expect(await numbers("filter[amount_to]=1,000")).toEqual(["F-1", "F-2", "F-3"]);
    expect(await numbers("filter[state]=active&filter[amount_from]=500")).toEqual(["F-3"]);
    // A value not of the filter's kind is dropped, never passed to SQL.
    expect(await numbers("filter[voucher_date_from]=2026-02-30&filter[amount_from]=abc&filter[urgent]=maybe&filter[payee_id]=x")).toEqual([
      "F-1",
      "F-2",
      "F-3",
    ]);
  });
});
