import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInManila } from "../../domain/dates.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import type { ServiceContext } from "../../server/context.ts";
import {
  markTransactionsPaid,
  transactionForPrint,
  unpaidTransactionsOf,
  verifyTransaction,
} from "../../server/features/certificates/service.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Transactions and their types over REST (issue 11, spec §7): template rules on the type, the
// gapless monthly reference number (also under concurrent issuing), custom values, fee snapshot,
// First Time Jobseeker rules, payment through the collections hand-off, print refusal and
// verification.

let server: TestServer;
let admin: ApiClient;
let ctx: ServiceContext;
let resident: number;
let clearanceType: number;
let purok: number;
const today = todayInManila();
const month = today.slice(0, 7);

async function createResident(first: string, sex = "Male", profile: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post("/backend/api/resident", {
    user_profile: {
      firstname: first,
      lastname: "Dela Cruz",
      middlename: "Santos",
      sex,
      date_of_birth: "1990-03-04",
      civil_status: "Single",
      purok_id: purok,
      ...profile,
    },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  const adminRow = await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow();
  ctx = { db: server.db, user: await loadAuthUser(server.db, adminRow.id) };
  purok = (await admin.post("/backend/api/purok", { name: "Purok Certificates" })).body.data.id;
  resident = await createResident("Juan");
  const type = await admin.post("/backend/api/transaction_type", {
    name: "Clearance Test",
    title: "Barangay Clearance",
    custom_forms: [{ label: "Purpose", fieldId: "purpose", type: "text", required: true }],
    custom_payment_form: [
      { fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50" },
      { fieldId: "doc_stamp", label: "Documentary stamp", amount: "30.50" },
    ],
    template: "<p>This certifies that {{user_fullname}} needs it for {{purpose}}.</p>",
    validity_days: 180,
  });
  expect(type.status, type.text).toBe(201);
  clearanceType = type.body.data.id;
});
afterAll(async () => {
  await server?.close();
});

describe("transaction types", () => {
  it("store a sanitised template and refuse an unknown placeholder by its name", async () => {
    const res = await admin.post("/backend/api/transaction_type", {
      name: "Sanitised",
      custom_forms: [{ label: "CTC number", fieldId: "ctc_number", type: "text" }],
      template: `<p onclick="alert(1)" style="text-align:center;position:fixed">Hi {{user_firstname}} {{ctc_number}}<script>alert(1)</script></p><img src="https://evil.example/x.png"><img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(1)"><a href="javascript:alert(1)">x</a>`,
    });
    expect(res.status, res.text).toBe(201);
    const template: string = res.body.data.template;
    expect(template).not.toMatch(/script|onclick|onerror|evil\.example|javascript|position/);
    expect(template).toContain('style="text-align:center"');
    expect(template).toContain("data:image/png;base64,");
    expect(res.body.data.paper_size).toBe("A4");

    const unknown = await admin.put(`/backend/api/transaction_type/${res.body.data.id}`, {
      name: "Sanitised",
      custom_forms: [],
      template: "<p>{{user_firstname}} {{ctc_number}} {{favourite_food}}</p>",
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.template[0]).toBe("The template uses unknown placeholders: {{ctc_number}}, {{favourite_food}}.");

    // An update that leaves the template out keeps it (the generic modal does not post it).
    const kept = await admin.put(`/backend/api/transaction_type/${res.body.data.id}`, {
      name: "Sanitised 2",
      custom_forms: [{ label: "CTC number", fieldId: "ctc_number", type: "text" }],
    });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body.data.template).toBe(template);
  });

  it("refuse fees on a First Time Jobseeker type", async () => {
    const res = await admin.post("/backend/api/transaction_type", {
      name: "FTJ with fee",
      eligibility: "first_time_jobseeker",
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "10" }],
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.custom_payment_form[0]).toMatch(/issued free/);
  });
});

describe("issuing", () => {
  it("numbers gaplessly per month, snapshots the fee lines and checks custom values", async () => {
    const missing = await admin.post("/backend/api/transaction", { transaction_type_id: clearanceType, issued_to_user_id: resident });
    expect(missing.status).toBe(422);
    expect(missing.body.errors["custom_values.purpose"]).toEqual(["The purpose field is required."]);

    const future = await admin.post("/backend/api/transaction", {
      transaction_type_id: clearanceType,
      issued_to_user_id: resident,
      date_issued: "2999-01-01",
      custom_values: { purpose: "x" },
    });
    expect(future.body.errors.date_issued).toEqual(["The date issued must not be in the future."]);

    const staff = await admin.post("/backend/api/transaction", {
      transaction_type_id: clearanceType,
      issued_to_user_id: ctx.user!.id,
      custom_values: { purpose: "x" },
    });
    expect(staff.status).toBe(422);

    const res = await admin.post("/backend/api/transaction", {
      transaction_type_id: clearanceType,
      issued_to_user_id: resident,
      custom_values: { purpose: "Employment", stray: "dropped" },
    });
    expect(res.status, res.text).toBe(201);
    const t = res.body.data;
    expect(t.reference_number).toBe(`${month}-0001`);
    expect(t.date_issued).toBe(today);
    expect(t.amount).toBe("80.50");
    expect(t.payment_status).toBe("Unpaid");
    expect(t.custom_values).toEqual({ purpose: "Employment" });
    expect(t.transaction_type).toEqual({ id: clearanceType, name: "Clearance Test" });
    expect(t.issued_to.name).toBe("Juan Santos Dela Cruz");
    expect(t.user.user_profile.fullname).toBe("Juan Santos Dela Cruz");
    expect(t.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    // A refused create gives its number back: the next one is 0002.
    const next = await admin.post("/backend/api/transaction", {
      transaction_type_id: clearanceType,
      issued_to_user_id: resident,
      custom_values: { purpose: "Loan" },
    });
    expect(next.body.data.reference_number).toBe(`${month}-0002`);

    // The count call and the list filter by person (the resident's transactions tab).
    expect((await admin.get("/backend/api/transaction/count")).body.data).toBeGreaterThanOrEqual(2);
    const listed = await admin.get(`/backend/api/transaction?filter[issued_to_user_id]=${resident}`);
    expect(listed.body.data.map((r: { reference_number: string }) => r.reference_number)).toEqual(
      expect.arrayContaining([`${month}-0001`, `${month}-0002`]),
    );

    const deleted = await admin.delete(`/backend/api/transaction/${next.body.data.id}`);
    expect(deleted.body.message).toBe("Successfully deleted transaction.");
    const restored = await admin.post("/backend/api/transaction/restore", { id: next.body.data.id });
    expect(restored.body.message).toBe("Successfully restored transaction.");
  });

  it("never gives two concurrent issues the same number, and leaves no gap", async () => {
    const before = await sql<{
      n: number;
    }>`select count(*)::int as n from transactions where reference_number like ${`${month}-%`}`.execute(server.db);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        admin.post("/backend/api/transaction", {
          transaction_type_id: clearanceType,
          issued_to_user_id: resident,
          custom_values: { purpose: `Parallel ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(12).fill(201));
    const numbers = results.map((r) => Number(String(r.body.data.reference_number).slice(8))).sort((a, b) => a - b);
    const start = before.rows[0].n + 1;
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => start + i));
  });
});

describe("First Time Jobseeker", () => {
  it("is free, for residents of at least six months, once per person", async () => {
    const type = await admin.post("/backend/api/transaction_type", {
      name: "FTJ Test",
      eligibility: "first_time_jobseeker",
      custom_forms: [{ label: "Resident since", fieldId: "resident_since", type: "date" }],
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "0" }],
    });
    expect(type.status, type.text).toBe(201);
    const jobseeker = await createResident("Maria", "Female");
    const issue = (values: Record<string, string>, person = jobseeker) =>
      admin.post("/backend/api/transaction", { transaction_type_id: type.body.data.id, issued_to_user_id: person, custom_values: values });

    // Registered today, no earlier residency given: refused.
    const fresh = await issue({});
    expect(fresh.status).toBe(422);
    expect(fresh.body.errors.issued_to_user_id[0]).toMatch(/at least 6 months/);

    const organization = (await admin.post("/backend/api/organization", { user_profile: { firstname: "Org FTJ" } })).body.data.id;
    const org = await issue({ resident_since: "2020-01-01" }, organization);
    expect(org.body.errors.issued_to_user_id[0]).toMatch(/only to a resident/);

    const ok = await issue({ resident_since: "2020-01-01" });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data.payment_status).toBe("Free");

    const again = await issue({ resident_since: "2020-01-01" });
    expect(again.status).toBe(422);
    expect(again.body.errors.issued_to_user_id[0]).toBe(
      `A First Time Jobseeker certification can be availed only once; this resident already has ${ok.body.data.reference_number}.`,
    );
    // An edit that sends only the purpose keeps the other stored values (and the one FTJ is itself).
    const edited = await admin.put(`/backend/api/transaction/${ok.body.data.id}`, {
      transaction_type_id: type.body.data.id,
      issued_to_user_id: jobseeker,
      custom_values: { purpose: "Employment" },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.data.custom_values).toEqual({ resident_since: "2020-01-01", purpose: "Employment" });
    expect(edited.body.data.reference_number).toBe(ok.body.data.reference_number);
    // A free certificate prints at once.
    expect((await transactionForPrint(ctx, ok.body.data.id, { count: false })).reference_number).toBe(ok.body.data.reference_number);
  });
});

describe("payment, print and verification", () => {
  it("lists unpaid fee lines for collections, refuses printing until paid, counts reprints and verifies", async () => {
    const payor = await createResident("Pedro");
    const issued = await admin.post("/backend/api/transaction", {
      transaction_type_id: clearanceType,
      issued_to_user_id: payor,
      custom_values: { purpose: "Scholarship" },
    });
    const id = issued.body.data.id as number;

    const unpaid = await unpaidTransactionsOf(ctx, payor);
    expect(unpaid).toEqual([
      {
        id,
        reference_number: issued.body.data.reference_number,
        name: "Clearance Test",
        date_issued: today,
        amount: "80.50",
        custom_payment_form: [
          { id: 1, fieldId: "custom_field_default_amount", label: "Clearance Test", amount: "50.00" },
          { id: 2, fieldId: "doc_stamp", label: "Documentary stamp", amount: "30.50" },
        ],
      },
    ]);

    await expect(transactionForPrint(ctx, id, { count: true })).rejects.toThrow(
      `${issued.body.data.reference_number} is not paid yet: its fee of ₱80.50 (Clearance Test ₱50.00, Documentary stamp ₱30.50) must be paid through an official receipt before it is printed.`,
    );
    const code = issued.body.data.verification_code as string;
    expect((await verifyTransaction(ctx, code))?.status).toBe("Unpaid");

    // Until collections exist (issue 10), a collection id stands for the receipt.
    await expect(server.db.transaction().execute((trx) => markTransactionsPaid({ ...ctx, db: trx }, [id], 901, resident))).rejects.toThrow(
      /issued to another person/,
    );
    const paid = await server.db.transaction().execute((trx) => markTransactionsPaid({ ...ctx, db: trx }, [id], 901, payor));
    expect(paid).toBe("80.50");
    expect(await unpaidTransactionsOf(ctx, payor)).toEqual([]);

    const first = await transactionForPrint(ctx, id, { count: true });
    const second = await transactionForPrint(ctx, id, { count: true });
    expect([first.print_count, second.print_count]).toEqual([1, 2]);
    const audits = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "transaction")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audits.map((a) => a.action)).toEqual(["create", "paid", "print", "reprint"]);

    const verified = await verifyTransaction(ctx, code.toLowerCase());
    expect(verified).toMatchObject({
      type: "Clearance Test",
      reference_number: issued.body.data.reference_number,
      status: "Valid",
      name: "P*** S*** D*** C***",
      expired: false,
    });
    expect(await verifyTransaction(ctx, String(id))).toBeNull();

    // Released as a cancelled receipt's cancel releases what it paid (the cancel itself: collections.test.ts).
    await server.db.updateTable("transactions").set({ collection_id: null }).where("collection_id", "=", 901).execute();
    expect(await unpaidTransactionsOf(ctx, payor)).toHaveLength(1);

    // A reader without view-transaction cannot print.
    const clerk = await createUser(server.db, { username: "tx-lister", permissions: ["manage-resident"] });
    const clerkCtx = { db: server.db, user: await loadAuthUser(server.db, clerk.id) };
    await expect(transactionForPrint(clerkCtx, id, { count: false })).rejects.toThrow("This action is unauthorized.");
  });
});
