import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { requestContext } from "../../server/http/pages/context.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Issue 18 items 2 and 6: opening a resident's page, printing a certificate and exporting personal
// data (the list CSV, a report file) each write an access row — who, which record, which action,
// when, from which address; the access log is listed, filtered and exported through the registry
// (manage-access_log) and cannot be changed on any transport; the breach query answers who accessed
// which records between two dates. The page loaders run in process with the request context the
// HTTP layer builds (the test server serves no pages; the e2e suite covers the HTTP page path).

let server: TestServer;
let admin: ApiClient;
let secretary: ApiClient;
let secretaryId: number;
let residentId: number;
let transactionId: number;

type Loader = (args: { request: Request; context: RouterContextProvider; params: Record<string, string>; url?: URL }) => Promise<unknown>;

async function pageContext(userId: number, ip = "203.0.113.7"): Promise<RouterContextProvider> {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    db: server.db,
    user: await loadAuthUser(server.db, userId),
    sessionId: null,
    csrfToken: "test",
    ip,
    requestId: "access-log-test",
    userAgent: "vitest",
    secureCookies: false,
  });
  return context;
}

async function runLoader(file: string, path: string, params: Record<string, string>, userId = secretaryId) {
  const mod = (await import(file)) as { loader: Loader };
  const url = new URL(`http://portal.test${path}`);
  return mod.loader({ request: new Request(url), context: await pageContext(userId), params, url });
}

function accessRows() {
  return server.db.selectFrom("access_log").selectAll().orderBy("id", "desc").execute();
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  secretaryId = (await createUser(server.db, { username: "secretary", firstname: "Sekretarya", lastname: "Reyes", roles: ["Secretary"] })).id;
  secretary = await signedIn(server, { username: "secretary", password: "Test-Passw0rd!" });
  const purok = (await admin.post("/backend/api/purok", { name: "Purok Dos" })).body.data.id;
  const resident = await admin.post("/backend/api/resident", {
    user_profile: { lastname: "Magbanua", firstname: "Teresa", sex: "Female", date_of_birth: "1988-08-08", civil_status: "Single", purok_id: purok },
  });
  expect(resident.status, resident.text).toBe(201);
  residentId = resident.body.data.id;
  const type = await admin.post("/backend/api/transaction_type", {
    name: "Residency Free",
    title: "Certificate of Residency",
    custom_forms: [],
    custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "0" }],
    template: "<p>This certifies that {{user_fullname}} lives here.</p>",
    validity_days: 30,
  });
  expect(type.status, type.text).toBe(201);
  const transaction = await admin.post("/backend/api/transaction", { transaction_type_id: type.body.data.id, issued_to_user_id: residentId });
  expect(transaction.status, transaction.text).toBe(201);
  transactionId = transaction.body.data.id;
});

afterAll(async () => {
  await server?.close();
});

describe("access rows", () => {
  it("opening a resident's page writes who, which record, view, when and the address", async () => {
    await runLoader("../../app/routes/people.resident.tsx", `/manage/residents/${residentId}`, { resident_id: String(residentId) });
    const [row] = await accessRows();
    expect(row).toMatchObject({
      created_by: secretaryId,
      entity: "resident",
      entity_id: residentId,
      subject_id: residentId,
      record: "Teresa Magbanua",
      action: "view",
      ip: "203.0.113.7",
    });
    expect(Date.now() - new Date(row.created_at).getTime()).toBeLessThan(10 * 60_000);
  });

  it("a refused page writes nothing", async () => {
    const before = (await accessRows()).length;
    const viewer = (await createUser(server.db, { username: "nobody", permissions: ["manage-purok"] })).id;
    await expect(
      runLoader("../../app/routes/people.resident.tsx", `/manage/residents/${residentId}`, { resident_id: String(residentId) }, viewer),
    ).rejects.toMatchObject({ init: { status: 403 } });
    expect((await accessRows()).length).toBe(before);
  });

  it("printing a certificate writes a print row naming the person it is about", async () => {
    await runLoader("../../app/routes/certificates.transaction.print.tsx", `/manage/transactions/${transactionId}/print`, {
      transaction_id: String(transactionId),
    });
    const [row] = await accessRows();
    expect(row).toMatchObject({ created_by: secretaryId, entity: "transaction", entity_id: transactionId, subject_id: residentId, action: "print" });
  });

  it("printing a household record writes a print row naming its head", async () => {
    const purok = (await admin.get("/backend/api/purok?search=Purok%20Dos")).body.data[0].id;
    const household = await admin.post("/backend/api/household", { household_head_user_id: residentId, purok_id: purok, address: "3 Rizal St." });
    expect(household.status, household.text).toBe(201);
    const id = household.body.data.id;
    await runLoader("../../app/routes/people.household.print.tsx", `/manage/households/${id}/print`, { household_id: String(id) });
    const [row] = await accessRows();
    expect(row).toMatchObject({ created_by: secretaryId, entity: "household", entity_id: id, subject_id: residentId, action: "print" });
  });

  it("printing a voucher paid to a person writes a print row naming the payee; a typed payee names no one", async () => {
    const treasurerId = (await createUser(server.db, { username: "treasurer", roles: ["Treasurer"] })).id;
    const typeId = (await admin.post("/backend/api/disbursement_type", { name: "Financial assistance" })).body.data.id;
    const natureId = (await admin.post("/backend/api/payment_nature", { name: "Medical assistance", disbursement_type_id: typeId })).body.data.id;
    const voucher = (payee: Record<string, unknown>) =>
      admin.post("/backend/api/disbursement", {
        voucher_date: "2026-11-20",
        disbursement_type_id: typeId,
        fund_type: "General Fund",
        particulars: "Medical assistance",
        lines: [{ payment_nature_id: natureId, amount: "1500.00" }],
        ...payee,
      });
    const toResident = await voucher({ payee_kind: "Resident", payee_id: residentId });
    expect(toResident.status, toResident.text).toBe(201);
    const id = toResident.body.data.id;
    await runLoader("../../app/routes/disbursements.print.tsx", `/manage/disbursements/${id}/print`, { disbursement_id: String(id) }, treasurerId);
    const [row] = await accessRows();
    expect(row).toMatchObject({ created_by: treasurerId, entity: "disbursement", entity_id: id, subject_id: residentId, action: "print" });

    const typed = await voucher({ payee_kind: "Other", payee: "Hardware Supply Co." });
    expect(typed.status, typed.text).toBe(201);
    await runLoader("../../app/routes/disbursements.print.tsx", `/manage/disbursements/${typed.body.data.id}/print`, {
      disbursement_id: String(typed.body.data.id),
    }, treasurerId);
    const [typedRow] = await accessRows();
    expect(typedRow).toMatchObject({ entity: "disbursement", entity_id: typed.body.data.id, subject_id: null, action: "print" });
  });

  it("the CSV export of residents writes an export row with the row count and filters", async () => {
    const response = (await runLoader("../../app/routes/export.tsx", "/export/resident?search=Magbanua", { resource: "resident" })) as Response;
    expect(response.status).toBe(200);
    await response.text();
    const [row] = await accessRows();
    expect(row).toMatchObject({ created_by: secretaryId, entity: "resident", entity_id: null, action: "export", record: "Residents (1 row)" });
    expect(row.detail).toContain("search=Magbanua");
    // A list without personal data (puroks) is not logged.
    const count = (await accessRows()).length;
    await ((await runLoader("../../app/routes/export.tsx", "/export/purok", { resource: "purok" })) as Response).text();
    expect((await accessRows()).length).toBe(count);
  });

  it("a report export over REST writes an export row", async () => {
    const file = await secretary.get("/backend/api/reports/residents/export.csv");
    expect(file.status, file.text).toBe(200);
    const [row] = await accessRows();
    expect(row).toMatchObject({ created_by: secretaryId, entity: "report", action: "export" });
    expect(row.record).toMatch(/report$/);
  });
});

describe("the access log", () => {
  it("lists, filters by user, action and date, and exports the rows (manage-access_log)", async () => {
    const all = await admin.get("/backend/api/access_log?per_page=100");
    expect(all.status, all.text).toBe(200);
    expect(all.body.data.length).toBeGreaterThanOrEqual(4);
    const viewed = await admin.get(`/backend/api/access_log?filter[user]=${secretaryId}&filter[action]=view`);
    expect(viewed.body.data.map((r: { record: string; action_label: string; record_type: string }) => [r.record, r.action_label, r.record_type])).toEqual([
      ["Teresa Magbanua", "Viewed", "Resident"],
    ]);
    expect(viewed.body.data[0].created_by.fullname).toBe("Sekretarya Reyes");
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const ranged = await admin.get(`/backend/api/access_log?filter[created_at_from]=${today}&filter[created_at_to]=${today}&per_page=100`);
    expect(ranged.body.meta.total).toBe(all.body.meta.total);
    const past = await admin.get("/backend/api/access_log?filter[created_at_from]=2020-01-01&filter[created_at_to]=2020-01-31");
    expect(past.body.meta.total).toBe(0);
    const printed = await admin.get("/backend/api/access_log?filter[entity]=transaction");
    expect(printed.body.data.map((r: { action: string }) => r.action)).toEqual(["print"]);

    const adminId = (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow()).id;
    const csv = (await runLoader("../../app/routes/export.tsx", `/export/access_log?filter[user]=${secretaryId}`, { resource: "access_log" }, adminId)) as Response;
    const lines = (await csv.text()).replace(/^\uFEFF/, "").trim().split(/\r?\n/);
    expect(lines[0]).toBe("When,User,Record,Action,Record type,Reason,Address,Detail");
    expect(lines.some((l) => l.includes("Teresa Magbanua") && l.includes("Viewed") && l.includes("203.0.113.7"))).toBe(true);
  });

  it("is refused (403) without manage-access_log, and cannot be changed on any transport", async () => {
    expect((await secretary.get("/backend/api/access_log")).status).toBe(403);
    const id = (await admin.get("/backend/api/access_log?per_page=1")).body.data[0].id;
    expect((await admin.post("/backend/api/access_log", {})).status).toBe(405);
    expect((await admin.put(`/backend/api/access_log/${id}`, { record: "forged" })).status).toBe(405);
    expect((await admin.delete(`/backend/api/access_log/${id}`)).status).toBe(405);
    expect((await admin.post("/backend/api/access_log/multiple_delete_access_log", { ids: [id] })).status).toBe(405);
    const row = await server.db.selectFrom("access_log").select("record").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.record).not.toBe("forged");
    const names = (await server.db.selectFrom("permissions").select("name").where("name", "like", "%access_log").execute()).map((p) => p.name);
    expect(names.sort()).toEqual(["manage-access_log", "view-access_log"]);
  });
});

describe("the breach query", () => {
  it("answers who signed in and which records they opened, printed, exported or changed between two dates", async () => {
    const { breachEvents, breachSummary, parseBreachQuery } = await import("../../server/features/audit/breach.ts");
    const adminUser = await loadAuthUser(server.db, 1);
    const ctx = { db: server.db, user: adminUser };
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const query = parseBreachQuery(new URLSearchParams({ from: today, to: today, user: String(secretaryId) }));
    const { events, total } = await breachEvents(ctx, query);
    expect(total).toBe(events.length);
    const kinds = new Set(events.map((e) => e.event));
    expect(kinds).toEqual(new Set(["Signed in", "Viewed", "Printed", "Exported"]));
    expect(events.filter((e) => e.event === "Viewed").map((e) => e.record)).toEqual(["Teresa Magbanua"]);
    const [summary] = await breachSummary(ctx, query);
    expect(summary).toMatchObject({ user: { id: secretaryId, fullname: "Sekretarya Reyes" }, sign_ins: 1, accesses: 5 });
    // The administrator's changes to the resident count as access to a personal record.
    const mine = await breachEvents(ctx, { ...query, userId: adminUser!.id });
    expect(mine.events.some((e) => e.event === "Created" && e.record === "Teresa Magbanua")).toBe(true);
    // Another range holds nothing.
    expect((await breachEvents(ctx, parseBreachQuery(new URLSearchParams({ from: "2020-01-01", to: "2020-01-02" })))).total).toBe(0);
    expect(() => parseBreachQuery(new URLSearchParams({ from: today, to: "2020-01-01" }))).toThrow();
    // Without manage-access_log: 403.
    const secretaryUser = await loadAuthUser(server.db, secretaryId);
    await expect(breachEvents({ db: server.db, user: secretaryUser }, query)).rejects.toMatchObject({ status: 403 });
  });
});
