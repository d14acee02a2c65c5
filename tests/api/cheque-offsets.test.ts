import { sql } from "kysely";
import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type TestServer } from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";

// The cheque print's calibration (the offsets saved from the test print and from a cheque's print
// view) is a change of the bank account like any other: it needs update-bank_account, runs in one
// transaction, moves updated_at and updated_by and writes an audit row with the values before and
// after. The page actions run in process with the request context the HTTP layer builds (the test
// server serves no pages).

let server: TestServer;
let accountId: number;
let calibratorId: number;
let viewerId: number;

type Action = (args: { request: Request; context: RouterContextProvider; params: Record<string, string> }) => Promise<unknown>;

/** POSTs the offsets form of the test print page as `userId`; answers the status and body of the page's answer. */
async function saveOffsets(userId: number, x: string, y: string): Promise<{ status: number; body?: unknown }> {
  const { action } = (await import("../../app/routes/cheque-test-print.tsx")) as unknown as { action: Action };
  const path = `/system/parameters/bank_accounts/${accountId}/cheque-test`;
  const context = await pageContext(server.db, userId, "cheque-offsets-test");
  const form = new FormData();
  form.set("offset_x", x);
  form.set("offset_y", y);
  const request = new Request(`http://portal.test${path}`, { method: "POST", body: form });
  try {
    const answer = await action({ request, context, params: { bank_account_id: String(accountId) } });
    if (answer instanceof Response) return { status: answer.status };
    const init = (answer as { init?: ResponseInit | null }).init;
    return { status: init?.status ?? 200, body: (answer as { data?: unknown }).data };
  } catch (thrown) {
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return { status: init.status, body: (thrown as { data?: unknown }).data };
    throw thrown;
  }
}

async function stored() {
  return server.db
    .selectFrom("bank_accounts")
    .select(["cheque_offset_x", "cheque_offset_y", "updated_at", "updated_by"])
    .where("id", "=", accountId)
    .executeTakeFirstOrThrow();
}

async function audits() {
  return server.db
    .selectFrom("audit_log")
    .selectAll()
    .where("entity", "=", "bank_account")
    .where("entity_id", "=", String(accountId))
    .where("action", "=", "update")
    .orderBy("id")
    .execute();
}

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server, server.admin);
  const bank = await admin.post("/backend/api/bank", { code: "PNB", name: "Philippine National Bank" });
  const account = await admin.post("/backend/api/bank_account", {
    bank_id: bank.body.data.id,
    account_name: "Barangay Trust Fund",
    account_number: "0042-0042-42",
    fund_type: "Trust Fund",
  });
  expect(account.status, account.text).toBe(201);
  accountId = account.body.data.id;
  calibratorId = (await createUser(server.db, { username: "calibrator", permissions: ["view-bank_account", "update-bank_account"] })).id;
  viewerId = (await createUser(server.db, { username: "stock-viewer", permissions: ["view-bank_account", "manage-bank_account"] })).id;
  // Long ago, so that a write now is seen to move it.
  await sql`update bank_accounts set updated_at = now() - interval '1 day' where id = ${accountId}`.execute(server.db);
});

afterAll(async () => {
  await server?.close();
});

describe("cheque print calibration (the bank account's cheque offsets)", () => {
  it("is saved through the bank account's service: updated_at and updated_by move, one audit row with before and after", async () => {
    const before = await stored();
    const auditsBefore = (await audits()).length;
    const saved = await saveOffsets(calibratorId, "1.54", "-2");
    expect(saved.status).toBe(302);
    const after = await stored();
    expect([Number(after.cheque_offset_x), Number(after.cheque_offset_y)]).toEqual([1.5, -2]);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThan(new Date(before.updated_at).getTime());
    expect(after.updated_by).toBe(calibratorId);
    const rows = await audits();
    expect(rows).toHaveLength(auditsBefore + 1);
    const row = rows.at(-1)!;
    expect(row.user_id).toBe(calibratorId);
    const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as Record<string, unknown>;
    expect(Object.keys(json(row.after)).sort()).toEqual(["cheque_offset_x", "cheque_offset_y"]);
    expect(Number(json(row.after).cheque_offset_x)).toBe(1.5);
    expect(Number(json(row.before).cheque_offset_x)).toBe(0);
  });

  it("is refused without update-bank_account (403 page), and nothing is written or audited", async () => {
    const before = await stored();
    const auditsBefore = (await audits()).length;
    const refused = await saveOffsets(viewerId, "5", "5");
    expect(refused.status).toBe(403);
    expect(await stored()).toEqual(before);
    expect(await audits()).toHaveLength(auditsBefore);
  });

  it("an offset beyond ±50 mm is the form's 422 message, and nothing is written", async () => {
    const before = await stored();
    const refused = await saveOffsets(calibratorId, "90", "0");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ error: expect.stringContaining("between -50 and 50") });
    expect(await stored()).toEqual(before);
  });
});
