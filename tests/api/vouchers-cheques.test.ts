import type { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { pageContext } from "../helpers/page-context.ts";

// Vouchers lead to cheques: a voucher's own page (lines, signatories, cheques and their state,
// what it still owes), the cheque form opened from it (filled with the voucher, its payee and its
// unpaid amount; its voucher list without the void and the fully paid), the cheque books'
// "Available" as the cheque book report counts it, the print of a void cheque and of a cancelled
// receipt (a page that says so, never a 422), one reverse action for a void cheque (a restore that
// changes nothing is a 422), and the bank account's opening balance the cheque register runs from.
// REST for the rules; the page loaders run in process with the HTTP layer's request context.

let server: TestServer;
let admin: ApiClient;
let adminId: number;
let accountId: number;
let natureId: number;
let typeId: number;

type Loader = (args: { request: Request; context: RouterContextProvider; params: Record<string, string>; url?: URL }) => Promise<unknown>;

/** Runs a route's loader as the HTTP layer would; answers its data, or the status it refused with. */
async function runLoader(file: string, path: string, params: Record<string, string>, userId = adminId) {
  const mod = (await import(file)) as { loader: Loader };
  const url = new URL(`http://portal.test${path}`);
  const context = await pageContext(server.db, userId, "vouchers-cheques-test");
  try {
    const answer = (await mod.loader({ request: new Request(url), context, params, url })) as { data?: unknown; type?: string };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each loader's own shape, read by the test
    const body: any = answer && typeof answer === "object" && answer.type === "DataWithResponseInit" ? answer.data : answer;
    return { status: 200, body };
  } catch (thrown) {
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return { status: init.status, body: (thrown as { data?: unknown }).data };
    throw thrown;
  }
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  adminId = (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow()).id;
  const bank = await admin.post("/backend/api/bank", { code: "DBP", name: "Development Bank of the Philippines" });
  const account = await admin.post("/backend/api/bank_account", {
    bank_id: bank.body.data.id,
    account_name: "Barangay General Fund",
    account_number: "0099-0001-01",
    fund_type: "General Fund",
  });
  expect(account.status, account.text).toBe(201);
  accountId = account.body.data.id;
  typeId = (await admin.post("/backend/api/disbursement_type", { name: "MOOE" })).body.data.id;
  natureId = (await admin.post("/backend/api/payment_nature", { name: "Office supplies", disbursement_type_id: typeId })).body.data.id;
  const book = await admin.post("/backend/api/cheque_book", {
    bank_account_id: accountId,
    cheque_book_code: "DBP-01",
    series: "0007001",
    quanty_generated: 20,
  });
  expect(book.status, book.text).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

async function voucher(amount: string, payee = "Santos Hardware", date = "2026-11-05") {
  const res = await admin.post("/backend/api/disbursement", {
    voucher_date: date,
    payee,
    disbursement_type_id: typeId,
    fund_type: "General Fund",
    particulars: "Supplies for the barangay hall",
    lines: [{ payment_nature_id: natureId, description: "Bond paper", amount }],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; disbursement_number: string };
}

async function cheque(disbursementId: number, amount: string, date = "2026-11-06") {
  const res = await admin.post("/backend/api/cheque-issuance", {
    disbursement_id: disbursementId,
    bank_account_id: accountId,
    cheque_date: date,
    payee: "Santos Hardware",
    amount,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; number: string };
}

describe("a voucher's own page", () => {
  it("shows its lines, signatories, cheques with their state and what it still owes; Issue cheque fills the form", async () => {
    const dv = await voucher("5000.00", "Villanueva Catering");
    const first = await cheque(dv.id, "2000.00");
    await admin.put(`/backend/api/cheque-issuance/void/${first.id}`, { reason: "Wrong amount" });
    await cheque(dv.id, "1500.00");

    const page = await runLoader("../../app/routes/disbursements.detail.tsx", `/manage/disbursements/${dv.id}`, {
      disbursement_id: String(dv.id),
    });
    expect(page.status).toBe(200);
    expect(page.body.voucher).toMatchObject({
      disbursement_number: dv.disbursement_number,
      amount: "5000.00",
      paid: "1500.00",
      balance: "3500.00",
    });
    expect(page.body.voucher.lines).toEqual([expect.objectContaining({ description: "Bond paper", amount: "5000.00" })]);
    expect(page.body.cheques.map((c: { state: string; void_reason: string | null }) => [c.state, c.void_reason])).toEqual([
      ["Void", "Wrong amount"],
      ["Issued", null],
    ]);
    expect(Object.keys(page.body.officials)).toEqual(expect.arrayContaining(["treasurer", "punong_barangay", "appropriations_chairman"]));
    expect(page.body.can).toMatchObject({ issue: true, void: true, unvoid: true });

    // "Issue cheque": the cheque form filled with the voucher, its payee and its unpaid amount.
    const form = await runLoader(
      "../../app/routes/cheque-issuances.list.tsx",
      `/manage/cheque_issuances?modal=create&disbursement_id=${dv.id}&back=/manage/disbursements/${dv.id}`,
      {},
    );
    expect(form.status).toBe(200);
    expect(form.body.form.defaults).toMatchObject({
      disbursement_id: String(dv.id),
      payee: "Villanueva Catering",
      amount: "3500.00",
      bank_account_id: String(accountId),
    });
    expect(form.body.form.problem).toBeNull();

    await expect(
      runLoader("../../app/routes/disbursements.detail.tsx", "/manage/disbursements/999999", { disbursement_id: "999999" }),
    ).resolves.toMatchObject({ status: 404 });
  });

  it("the cheque form's voucher list names payee and amount and leaves out fully paid and void vouchers", async () => {
    const open = await voucher("800.00", "Open Payee Store");
    const partly = await voucher("1000.00", "Partly Paid Trading");
    await cheque(partly.id, "400.00");
    const paid = await voucher("300.00", "Fully Paid Supply");
    await cheque(paid.id, "300.00");
    const voided = await voucher("700.00", "Void Voucher Enterprises");
    expect((await admin.delete(`/backend/api/disbursement/${voided.id}`)).status).toBe(200);

    const form = await runLoader("../../app/routes/cheque-issuances.list.tsx", "/manage/cheque_issuances?modal=create", {});
    const labels: string[] = form.body.options.disbursement_id.map((o: { label: string }) => o.label);
    expect(labels).toContain(`${open.disbursement_number} · Open Payee Store · ₱800.00`);
    expect(labels).toContain(`${partly.disbursement_number} · Partly Paid Trading · ₱1,000.00 (unpaid ₱600.00)`);
    expect(labels.join("\n")).not.toContain(paid.disbursement_number);
    expect(labels.join("\n")).not.toContain(voided.disbursement_number);

    // Opened for a fully paid voucher, the form says so and fills no amount; the save is refused.
    const full = await runLoader(
      "../../app/routes/cheque-issuances.list.tsx",
      `/manage/cheque_issuances?modal=create&disbursement_id=${paid.id}`,
      {},
    );
    expect(full.body.form.problem).toBe(`Disbursement ${paid.disbursement_number} is fully paid.`);
    expect(full.body.form.defaults.amount).toBeUndefined();
    const refused = await admin.post("/backend/api/cheque-issuance", {
      disbursement_id: paid.id,
      bank_account_id: accountId,
      cheque_date: "2026-11-06",
      payee: "Fully Paid Supply",
      amount: "1.00",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.amount).toEqual([`Disbursement ${paid.disbursement_number} is fully paid.`]);
  });
});

describe("cheque books", () => {
  it("the list's Available is the leaves still available, as the cheque book report counts them", async () => {
    const list = async () =>
      (await admin.get("/backend/api/cheque_book?search=DBP-01")).body.data.find(
        (b: { cheque_book_code: string }) => b.cheque_book_code === "DBP-01",
      );
    const report = async () =>
      (await admin.get(`/backend/api/reports/cheque-registrations?filter[bank_account_id]=${accountId}`)).body.data.sections
        .find((s: { key: string }) => s.key === "books")
        .rows.find((r: { book: string }) => r.book === "DBP-01");
    const before = await list();
    const dv = await voucher("100.00");
    await cheque(dv.id, "100.00");
    // A blank leaf spoiled as well.
    const blank = await server.db
      .selectFrom("cheque_numbers")
      .select("id")
      .where("bank_account_id", "=", accountId)
      .where("state", "=", "available")
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    expect((await admin.delete(`/backend/api/cheque_number/${blank.id}`)).status).toBe(200);
    const after = await list();
    expect(after.available_count).toBe(before.available_count - 2);
    expect(after.available_count).toBe((await report()).remaining);
    expect(after.quanty_generated).toBe(20);
  });
});

describe("a void cheque and a cancelled receipt print as what they are", () => {
  it("a void cheque's print page says it is void and has nothing for the bank's form", async () => {
    const dv = await voucher("250.00");
    const c = await cheque(dv.id, "250.00");
    await admin.put(`/backend/api/cheque-issuance/void/${c.id}`, { reason: "Spoiled by the printer" });
    const res = await runLoader("../../app/routes/cheque-issuances.print.tsx", `/manage/cheque_issuances/${c.id}/print`, {
      cheque_issuance_id: String(c.id),
    });
    expect(res.status).toBe(200);
    expect(res.body.face).toBeNull();
    expect(res.body.cheque).toMatchObject({ number: c.number, status: "Void", void_reason: "Spoiled by the printer" });
  });

  it("a cancelled receipt reprints, marked cancelled", async () => {
    const formType = (await admin.post("/backend/api/form_type", { name: "AF 51 Vouchers test" })).body.data.id;
    const collectionType = (await admin.post("/backend/api/collection_type", { name: "Vouchers test fees", fund_type: "General Fund" }))
      .body.data.id;
    const pad = await admin.post("/backend/api/form_pad", {
      form_type_id: formType,
      pad_code: "OR-VT",
      series_start: "8100001",
      series_end: "8100010",
      collectors: [{ user_id: adminId }],
    });
    expect(pad.status, pad.text).toBe(201);
    const receipt = await admin.post("/backend/api/collection", {
      form_pad_id: pad.body.data.id,
      collection_type_id: collectionType,
      issued_to: "Juan Dela Cruz",
      date_issued: "2026-11-05",
      payment_mode: "Cash",
      lines: [{ nature: "Barangay clearance fee", amount: "50.00" }],
    });
    expect(receipt.status, receipt.text).toBe(201);
    const id = receipt.body.data.id;
    const cancelled = await admin.delete(`/backend/api/collection/${id}`, { body: { reason: "Payor name misspelled" } });
    expect(cancelled.status, cancelled.text).toBe(200);
    const res = await runLoader("../../app/routes/collections.preview.tsx", `/manage/collections/${id}/transactions/preview`, {
      collection_id: String(id),
    });
    expect(res.status).toBe(200);
    expect(res.body.receipt).toMatchObject({ cancelled: true });
  });
});

describe("a void cheque has one way back", () => {
  it("Restore of a void cheque is a 422 that changes nothing; Unvoid brings it back; a deleted cheque restores", async () => {
    const dv = await voucher("600.00");
    const c = await cheque(dv.id, "600.00");
    await admin.put(`/backend/api/cheque-issuance/void/${c.id}`, { reason: "Wrong payee" });
    const audits = async () =>
      (
        await server.db
          .selectFrom("audit_log")
          .select("id")
          .where("entity", "=", "cheque_issuance")
          .where("entity_id", "=", String(c.id))
          .execute()
      ).length;
    const before = await audits();

    const restore = await admin.post("/backend/api/cheque-issuance/restore", { id: c.id });
    expect(restore.status).toBe(422);
    expect(restore.body.message).toBe(`Cheque ${c.number} is void, not deleted: nothing was restored. Unvoid it to bring it back.`);
    expect(await audits()).toBe(before);
    const still = await admin.get(`/backend/api/cheque-issuance/${c.id}`);
    expect(still.body.data).toMatchObject({ state: "void", status: "Void" });

    const unvoid = await admin.put(`/backend/api/cheque-issuance/unvoid/${c.id}`);
    expect(unvoid.status, unvoid.text).toBe(200);
    expect(unvoid.body.message).toBe(`Successfully unvoided ${c.number}.`);

    // An issued cheque not in the trash: nothing to restore either.
    expect((await admin.post("/backend/api/cheque-issuance/restore", { id: c.id })).status).toBe(422);
    // In the trash (REST's delete), it comes back.
    await admin.put(`/backend/api/cheque-issuance/void/${c.id}`, { reason: "Wrong payee" });
    expect((await admin.delete(`/backend/api/cheque-issuance/${c.id}`)).status).toBe(200);
    const back = await admin.post("/backend/api/cheque-issuance/restore", { id: c.id });
    expect(back.status, back.text).toBe(200);
    expect(back.body.message).toMatch(/^Successfully restored/);
  });

  it("the screens offer void and unvoid only: the registry shows no delete or restore of a cheque", async () => {
    const { chequeIssuance } = await import("../../domain/registry/disbursements.ts");
    const { rowActions } = await import("../../app/components/resource/row-actions.tsx");
    const gates = {
      create: true,
      update: true,
      delete: true,
      restore: true,
      commands: { void: true, unvoid: true },
      links: { print: true, "voucher-page": true, voucher: true },
    };
    const query = { page: 1, perPage: 15, search: "", filter: {}, sort: null } as never;
    const labels = (row: Record<string, unknown>) => rowActions(chequeIssuance, row, gates, query).map((a) => a.label);
    expect(labels({ id: 1, state: "void", status: "Void", deleted_at: null })).toEqual(["View voucher", "Print voucher", "Unvoid"]);
    expect(labels({ id: 1, state: "issued", status: "Active", deleted_at: null })).not.toContain("Restore");
    expect(labels({ id: 1, state: "issued", status: "Active", deleted_at: null })).toContain("Void");
  });
});

describe("a bank account's opening balance", () => {
  it("stands on a date, is kept when a client leaves it out, and starts the cheque disbursement register", async () => {
    const bank = (await admin.post("/backend/api/bank", { code: "PNB", name: "Philippine National Bank" })).body.data.id;
    const base = { bank_id: bank, account_name: "Barangay Trust Fund", account_number: "0077-5555-01", fund_type: "Trust Fund" };
    const undated = await admin.post("/backend/api/bank_account", { ...base, opening_balance: "50000" });
    expect(undated.status).toBe(422);
    expect(undated.body.errors.opening_date).toEqual(["The opening balance as of date is required with an opening balance."]);
    const negative = await admin.post("/backend/api/bank_account", { ...base, opening_balance: "-5", opening_date: "2026-10-01" });
    expect(negative.body.errors.opening_balance).toEqual(["The opening balance must not be negative."]);
    const made = await admin.post("/backend/api/bank_account", { ...base, opening_balance: "50,000", opening_date: "2026-10-01" });
    expect(made.status, made.text).toBe(201);
    expect(made.body.data).toMatchObject({ opening_balance: "50000.00", opening_date: "2026-10-01" });
    const trust = made.body.data.id;
    // An older client's update sends neither: both stay.
    const renamed = await admin.put(`/backend/api/bank_account/${trust}`, { ...base, account_name: "Barangay Trust Fund Account" });
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.data).toMatchObject({ opening_balance: "50000.00", opening_date: "2026-10-01" });

    await admin.post("/backend/api/cheque_book", {
      bank_account_id: trust,
      cheque_book_code: "PNB-01",
      series: "0001",
      quanty_generated: 5,
    });
    const dv = await voucher("30000.00", "Reyes Construction", "2026-10-10");
    const pay = async (amount: string, date: string) => {
      const res = await admin.post("/backend/api/cheque-issuance", {
        disbursement_id: dv.id,
        bank_account_id: trust,
        cheque_date: date,
        payee: "Reyes Construction",
        amount,
      });
      expect(res.status, res.text).toBe(201);
    };
    await pay("1000.00", "2026-09-15"); // before the opening date: already in the opening balance
    await pay("12000.00", "2026-10-12");
    await pay("8000.00", "2026-10-20");

    const res = await admin.get(`/backend/api/reports/cheque-disbursements?filter[bank_account_id]=${trust}&per_page=100`);
    expect(res.status, res.text).toBe(200);
    const rows = res.body.data.listing.rows as {
      particulars: string;
      deposit: string | null;
      check_issued: string | null;
      balance: string;
    }[];
    expect(rows.map((r) => [r.particulars, r.deposit, r.check_issued, r.balance])).toEqual([
      ["Balance brought forward", null, null, "50000.00"],
      ["Reyes Construction", null, "12000.00", "38000.00"],
      ["Reyes Construction", null, "8000.00", "30000.00"],
    ]);
    expect(res.body.data.listing.totals).toMatchObject({ deposit: "0.00", check_issued: "20000.00" });
    const byAccount = res.body.data.sections.find((s: { key: string }) => s.key === "by_account");
    expect(byAccount.rows[0]).toMatchObject({ opening: "50000.00", deposits: "0.00", cheques: "20000.00", closing: "30000.00" });
    // A period after the first cheque opens with the balance after it.
    const later = await admin.get(
      `/backend/api/reports/cheque-disbursements?filter[bank_account_id]=${trust}&filter[period_from]=2026-10-15`,
    );
    expect(later.body.data.sections.find((s: { key: string }) => s.key === "by_account").rows[0]).toMatchObject({
      opening: "38000.00",
      cheques: "8000.00",
      closing: "30000.00",
    });
  });

  it("is a registry field of the account's form", async () => {
    const { bankAccount } = await import("../../domain/registry/parameters.ts");
    expect(bankAccount.fields.map((f) => f.name)).toEqual(expect.arrayContaining(["opening_balance", "opening_date"]));
  });
});
