import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import type { ServiceContext } from "../../server/context.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { markTransactionsPaid } from "../../server/features/certificates/service.ts";
import { giveResidentAccount, myProfile } from "../../server/features/resident-requests/service.ts";
import { SEEDED_ROLES } from "../../server/seed.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Residents ask from home (decision 208): staff give a resident an account; the resident asks for a
// certificate (its type's custom fields checked as the certificates area checks them) or a
// correction, sees only their own requests; the Secretary approves (the transaction is created by
// the certificates service), marks ready and releases only once a fee is paid; the resident
// downloads the same certificate (same verification code); every step is audited.

let server: TestServer;
let secretary: ApiClient;
let secretaryCtx: ServiceContext;
let residentId: number;
let otherId: number;
let typeId: number;
let freeTypeId: number;

const ctxOf = async (id: number): Promise<ServiceContext> => ({ db: server.db, user: await loadAuthUser(server.db, id) });
const requests = () => serviceFor("resident_request");

beforeAll(async () => {
  server = await startTestServer();
  const sec = await createUser(server.db, { username: "secretary", roles: ["Secretary"] });
  secretary = await signedIn(server, sec);
  secretaryCtx = await ctxOf(sec.id);
  const purok = (await secretary.post("/backend/api/purok", { name: "Purok Home" })).body.data.id;
  // Residents as the registry keeps them: no username, no password until staff give one.
  const mk = async (first: string) => {
    const res = await secretary.post("/backend/api/resident", {
      user_profile: {
        firstname: first,
        lastname: "Santos",
        sex: "Female",
        date_of_birth: "1990-03-04",
        civil_status: "Single",
        purok_id: purok,
      },
    });
    expect(res.status, res.text).toBe(201);
    return Number(res.body.data.id);
  };
  residentId = await mk("Maria");
  otherId = await mk("Rosa");
  const type = await secretary.post("/backend/api/transaction_type", {
    name: "Clearance From Home",
    title: "Barangay Clearance",
    custom_forms: [
      { label: "Purpose", fieldId: "purpose", type: "text", required: true },
      { label: "CTC number", fieldId: "ctc_number", type: "number", required: true },
    ],
    custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50" }],
    template: "<p>{{user_fullname}} for {{purpose}} ({{ctc_number}}).</p>",
  });
  expect(type.status, type.text).toBe(201);
  typeId = type.body.data.id;
  const free = await secretary.post("/backend/api/transaction_type", {
    name: "Residency From Home",
    custom_forms: [],
    custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "0" }],
    template: "<p>{{user_fullname}}</p>",
  });
  expect(free.status, free.text).toBe(201);
  freeTypeId = free.body.data.id;
});

afterAll(async () => {
  await server?.close();
});

describe("a resident's account", () => {
  it("is given by staff who may edit residents: a generated username and password, shown once, that sign in", async () => {
    const given = await giveResidentAccount(secretaryCtx, residentId);
    expect(given.username).toBe("maria.santos");
    expect(given.password.length).toBeGreaterThanOrEqual(12);
    // signedIn fails unless the login answers 200.
    await signedIn(server, given);
    // A second giving keeps the username and replaces the password: the old one no longer signs in.
    const again = await giveResidentAccount(secretaryCtx, residentId);
    expect(again.username).toBe(given.username);
    expect((await server.client().login(given.username, given.password)).status).toBe(422);
    const audit = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "resident")
      .where("entity_id", "=", String(residentId))
      .where("action", "like", "account_%")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["account_given", "account_password"]);
  });

  it("is refused to staff who may not edit residents, and to a staff user's own row", async () => {
    const viewer = await createUser(server.db, { username: "viewer", roles: ["Viewer"] });
    await expect(giveResidentAccount(await ctxOf(viewer.id), otherId)).rejects.toMatchObject({ status: 403 });
    await expect(giveResidentAccount(secretaryCtx, viewer.id)).rejects.toMatchObject({ status: 404 });
  });
});

describe("a resident's requests", () => {
  let mine: ServiceContext;
  let theirs: ServiceContext;
  let client: ApiClient;
  beforeAll(async () => {
    mine = await ctxOf(residentId);
    theirs = await ctxOf(otherId);
    client = await signedIn(server, await giveResidentAccount(secretaryCtx, residentId));
  });

  it("checks the type's custom fields as the certificates area does (422 on the field)", async () => {
    await expect(requests().requestCertificate(mine, { transaction_type_id: typeId, purpose: "Employment" })).rejects.toMatchObject({
      status: 422,
      errors: { "custom_values.ctc_number": ["The ctc number field is required."] },
    });
    await expect(
      requests().requestCertificate(mine, { transaction_type_id: typeId, purpose: "Employment", custom_values: { ctc_number: "abc" } }),
    ).rejects.toMatchObject({ errors: { "custom_values.ctc_number": ["The ctc number must be a number."] } });
    await expect(requests().requestCertificate(mine, { transaction_type_id: typeId, purpose: "" })).rejects.toMatchObject({
      errors: { purpose: ["The purpose field is required."] },
    });
    expect(await requests().mine(mine)).toEqual([]);
  });

  it("follows a certificate from requested to released, the fee paid first, and downloads the same certificate", async () => {
    const filed = await requests().requestCertificate(mine, {
      transaction_type_id: typeId,
      purpose: "Employment",
      custom_values: { ctc_number: "12345" },
    });
    expect(filed.state).toBe("requested");
    // Staff only: the resident holds no permission of the list or its commands.
    expect((await client.get("/backend/api/resident_request")).status).toBe(403);
    expect((await client.put(`/backend/api/resident_request/approve/${filed.id}`, {})).status).toBe(403);

    const approved = await secretary.put(`/backend/api/resident_request/approve/${filed.id}`, {});
    expect(approved.status, approved.text).toBe(200);
    const request = await requests().mineOne(mine, filed.id);
    expect(request.state).toBe("approved");
    expect(request.reference_number).toMatch(/^\d{4}-\d{2}-\d+/);
    const transaction = await server.db
      .selectFrom("transactions")
      .selectAll()
      .where("reference_number", "=", request.reference_number!)
      .executeTakeFirstOrThrow();
    // The transaction as the Secretary's create makes it: the resident, the type's fee, the values asked.
    expect(Number(transaction.issued_to_user_id)).toBe(residentId);
    expect(Number(transaction.amount)).toBe(50);
    expect(transaction.custom_values).toEqual({ purpose: "Employment", ctc_number: "12345" });

    expect((await secretary.put(`/backend/api/resident_request/ready/${filed.id}`, {})).status).toBe(200);
    await expect(requests().myCertificate(mine, filed.id, "https://portal.example")).rejects.toMatchObject({ status: 422 });
    const unpaid = await secretary.put(`/backend/api/resident_request/release/${filed.id}`, {});
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.message).toContain("is not paid yet");
    await server.db.transaction().execute((trx) => markTransactionsPaid({ ...secretaryCtx, db: trx }, [transaction.id], 901, residentId));
    expect((await secretary.put(`/backend/api/resident_request/release/${filed.id}`, {})).status).toBe(200);

    const doc = await requests().myCertificate(mine, filed.id, "https://portal.example");
    expect(doc.reference_number).toBe(transaction.reference_number);
    expect(doc.verificationCode.replace(/-/g, "")).toBe(transaction.verification_code);

    const actions = await server.db
      .selectFrom("audit_log")
      .select(["action", "user_id"])
      .where("entity", "=", "resident_request")
      .where("entity_id", "=", String(filed.id))
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["request", "approve", "ready", "release", "download"]));
    expect(Number(actions.find((a) => a.action === "request")!.user_id)).toBe(residentId);
  });

  it("shows another resident's request to no one but its resident (404, as an unknown one)", async () => {
    const filed = await requests().requestCertificate(mine, { transaction_type_id: freeTypeId, purpose: "School" });
    await expect(requests().mineOne(theirs, filed.id)).rejects.toMatchObject({ status: 404 });
    await expect(requests().myCertificate(theirs, filed.id, "https://portal.example")).rejects.toMatchObject({ status: 404 });
    expect((await requests().mine(theirs)).map((r) => r.id)).not.toContain(filed.id);
    // A staff user is not a resident: the resident's page is not theirs.
    await expect(requests().mine(secretaryCtx)).rejects.toMatchObject({ status: 403 });
  });

  it("refuses with a reason the resident reads, and a refused request moves no further", async () => {
    const filed = await requests().requestCertificate(mine, { transaction_type_id: freeTypeId, purpose: "Scholarship" });
    // The pages and tRPC send what was typed; REST fills its compatibility reason (spec §7) when none is sent.
    await expect(requests().command(secretaryCtx, "refuse", filed.id, { reason: " " })).rejects.toMatchObject({
      status: 422,
      errors: { reason: ["The reason field is required."] },
    });
    const refused = await secretary.put(`/backend/api/resident_request/refuse/${filed.id}`, {
      reason: "Please come in person with an ID.",
    });
    expect(refused.status, refused.text).toBe(200);
    const row = await requests().mineOne(mine, filed.id);
    expect(row).toMatchObject({ state: "refused", reason: "Please come in person with an ID.", reference_number: null });
    expect((await secretary.put(`/backend/api/resident_request/approve/${filed.id}`, {})).status).toBe(422);
  });

  it("files a correction that staff resolve (not approve), and shows the resident their own profile", async () => {
    const filed = await requests().requestCorrection(mine, { details: "My date of birth is 1990-03-05." });
    expect((await secretary.put(`/backend/api/resident_request/approve/${filed.id}`, {})).status).toBe(422);
    expect((await secretary.put(`/backend/api/resident_request/resolve/${filed.id}`, { reason: "Corrected." })).status).toBe(200);
    expect((await requests().mineOne(mine, filed.id)).state).toBe("resolved");
    const profile = await myProfile(mine);
    expect(profile).toMatchObject({ id: residentId, firstname: "Maria", lastname: "Santos", date_of_birth: "1990-03-04" });
  });
});

describe("the seeded roles", () => {
  it("give the requests' work to the Secretary, who issues certificates, and their reading to the Treasurer and the Punong Barangay", () => {
    const holders = (permission: string) => SEEDED_ROLES.filter((role) => role.permissions().includes(permission)).map((r) => r.name);
    expect(holders("update-resident_request")).toEqual(["Administrator", "Secretary"]);
    expect(holders("manage-resident_request")).toEqual(["Administrator", "Punong Barangay", "Secretary", "Treasurer"]);
    // Approving creates the transaction: whoever approves must be able to create one.
    for (const role of holders("update-resident_request"))
      expect(SEEDED_ROLES.find((r) => r.name === role)!.permissions()).toContain("create-transaction");
  });
});
