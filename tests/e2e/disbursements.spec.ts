import fs from "node:fs";
import { getResource } from "../../domain/registry/index";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { ResourceListPage } from "./pages/resource-list-page";

// Disbursements end to end in Chromium: the treasurer registers a cheque book, writes a
// voucher and two cheques for it, voids one (the tied one follows, and its number shows spoiled),
// unvoids it (all restored as before), prints the voucher and a cheque to PDF, and opens the three
// registers. axe on every screen.

const chequeBook = getResource("cheque_book");
const chequeNumber = getResource("cheque_number");
const disbursement = getResource("disbursement");
const chequeIssuance = getResource("cheque_issuance");

test("the treasurer's cheque cycle: book, voucher, two cheques, void cascade, unvoid, prints, registers", async ({
  adminApi,
  signInAs,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = uniqueId();
  const serial = String(7_000_000 + (Number(id.replace(/\D/g, "").slice(-5)) % 100_000) * 10);
  const banks = await adminApi.call<{ data: { id: number; name: string }[] }>("GET", "/backend/api/bank?per_page=1");
  const account = await adminApi.create<{ id: number; account_name: string }>("bank_account", {
    bank_id: banks.data[0].id,
    account_name: `E2E Fund ${id}`,
    account_number: `0077-${id.replace(/\D/g, "").slice(-8)}`,
    fund_type: "General Fund",
  });
  const treasurer = await adminApi.createUser("Treasurer", { welcomed: true });
  const page = await signInAs(treasurer);

  // 1. A cheque book of 10 leaves: its numbers are generated and counted.
  const books = new ResourceListPage(page, chequeBook);
  await books.goto();
  await expectAccessible(page, "cheque books");
  await books.openCreate();
  await books.fill({
    "Bank account": account.account_name,
    "Cheque book code": `E2E-${id}`,
    "First serial": serial,
    "Number of leaves": "10",
  });
  await books.save();
  await expect(books.message("Successfully saved.")).toBeVisible();
  await expect(books.row(`E2E-${id}`)).toContainText(`${serial}–`);

  // 2. A voucher with one payment nature line.
  const vouchers = new ResourceListPage(page, disbursement);
  await vouchers.goto();
  await expectAccessible(page, "disbursements");
  await vouchers.openCreate();
  await vouchers.fill({
    "Voucher date": "2026-11-10",
    "Payee is a": "Other",
    "Payee name": `E2E Supplier ${id}`,
    "Disbursement type": "Maintenance and Other Operating Expenses",
    Fund: "General Fund",
    Particulars: `E2E supplies ${id}`,
  });
  await vouchers.dialog.getByRole("button", { name: "Add payment nature" }).click();
  const line = vouchers.dialog.getByTestId("child-row").first();
  await line.getByLabel(/^Nature of payment/).selectOption({ index: 1 });
  await line.getByLabel(/^Amount/).fill("1500");
  await vouchers.save();
  await expect(vouchers.message("Successfully saved.")).toBeVisible();
  const dv = await adminApi.call<{ data: { id: number; disbursement_number: string; amount: string }[] }>(
    "GET",
    `/backend/api/disbursement?search=${encodeURIComponent(`E2E Supplier ${id}`)}`,
  );
  expect(dv.data[0]).toMatchObject({ amount: "1500.00" });
  const dvNumber = dv.data[0].disbursement_number;
  expect(dvNumber).toMatch(/^2026-11-\d{4}$/);

  // 2b. A voucher to a resident, found by name with the resident picker: the name comes from the record.
  const firstPurok = async () => (await adminApi.call<{ data: { id: number }[] }>("GET", "/backend/api/purok?per_page=1")).data[0].id;
  const surname = `Ramos ${id.replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`;
  await adminApi.create("resident", {
    user_profile: {
      lastname: surname,
      firstname: "Jose",
      sex: "Male",
      date_of_birth: "1985-06-01",
      civil_status: "Married",
      purok_id: await firstPurok(),
    },
  });
  await vouchers.openCreate();
  await vouchers.fill({
    "Voucher date": "2026-11-10",
    "Payee is a": "Resident",
    "Disbursement type": "Maintenance and Other Operating Expenses",
    Fund: "General Fund",
    Particulars: `E2E honorarium ${id}`,
  });
  await vouchers.dialog.getByRole("combobox", { name: "Payee", exact: true }).fill(`jose ${surname}`);
  await vouchers.dialog.getByRole("option", { name: new RegExp(`Jose ${surname}`, "i") }).click();
  await vouchers.dialog.getByRole("button", { name: "Add payment nature" }).click();
  const residentLine = vouchers.dialog.getByTestId("child-row").first();
  await residentLine.getByLabel(/^Nature of payment/).selectOption({ index: 1 });
  await residentLine.getByLabel(/^Amount/).fill("250");
  await vouchers.save();
  await expect(vouchers.row(`E2E honorarium ${id}`)).toContainText(`Jose ${surname}`);

  // 3. Two cheques for it from the account: the next two numbers of the book.
  const cheques = new ResourceListPage(page, chequeIssuance);
  // The form's voucher list names each voucher's payee and amount, and what a partly paid one still owes.
  const voucherLabels = [`${dvNumber} · E2E Supplier ${id} · ₱1,500.00`, `${dvNumber} · E2E Supplier ${id} · ₱1,500.00 (unpaid ₱500.00)`];
  for (const [i, amount] of ["1000", "500"].entries()) {
    await cheques.goto(`?search=${encodeURIComponent(`E2E Supplier ${id}`)}`);
    await cheques.openCreate();
    await cheques.fill({
      "Disbursement voucher": voucherLabels[i],
      "Bank account": account.account_name,
      "Cheque date": "2026-11-11",
      Amount: amount,
      Payee: `E2E Supplier ${id}`,
    });
    await cheques.save();
    await expect(cheques.message("Successfully saved.")).toBeVisible();
  }
  const first = serial;
  const second = String(Number(serial) + 1);
  await expect(cheques.rowStatus(first)).toHaveText("Active");
  await expect(cheques.rowStatus(second)).toHaveText("Active");
  await expectAccessible(page, "cheque issuances");

  // 4. Void the first: the second (same voucher) follows, and both numbers show spoiled.
  await cheques.rowAction(first, "Void");
  await cheques.confirmDialog.getByLabel(/^Reason/).fill("Wrong amount written");
  await cheques.confirm("Void");
  await expect(cheques.message(`Successfully voided ${first}.`)).toBeVisible();
  await expect(cheques.rowStatus(first)).toHaveText("Void");
  await expect(cheques.rowStatus(second)).toHaveText("Void");
  const numbers = new ResourceListPage(page, chequeNumber);
  await numbers.goto(`?filter[bank_account_id]=${account.id}&sort=number`);
  await expect(numbers.row(first)).toContainText("void");
  await expect(numbers.rowStatus(first)).toHaveText("Void");
  await expect(numbers.rowStatus(second)).toHaveText("Void");
  await expectAccessible(page, "cheque numbers");

  // 5. Unvoid: everything as it was.
  await cheques.goto(`?search=${encodeURIComponent(`E2E Supplier ${id}`)}`);
  await cheques.rowAction(first, "Unvoid");
  await cheques.confirm("Unvoid");
  await expect(cheques.message(`Successfully unvoided ${first}.`)).toBeVisible();
  await expect(cheques.rowStatus(first)).toHaveText("Active");
  await expect(cheques.rowStatus(second)).toHaveText("Active");
  await numbers.goto(`?filter[bank_account_id]=${account.id}&sort=number`);
  await expect(numbers.row(first)).toContainText("issued");
  await expect(numbers.rowStatus(second)).toHaveText("Active");

  // 6. Print the voucher and the first cheque to PDF.
  await page.goto(`/manage/disbursements/${dv.data[0].id}/print`);
  await expect(page.getByTestId("dv-number")).toHaveText(dvNumber);
  await expect(page.getByTestId("dv-words")).toHaveText("One Thousand Five Hundred Pesos Only");
  await expect(page.getByTestId("dv-cheques")).toContainText(first);
  await expectAccessible(page, "voucher print");
  await page.emulateMedia({ media: "print" });
  const dvPdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(testInfo.outputPath("disbursement-voucher.pdf"), dvPdf);
  expect(dvPdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: "screen" });
  const chequeId = (
    await adminApi.call<{ data: { id: number; number: string }[] }>(
      "GET",
      `/backend/api/cheque-issuance?filter[bank_account_id]=${account.id}`,
    )
  ).data.find((c) => c.number === first)!.id;
  await page.goto(`/manage/cheque_issuances/${chequeId}/print`);
  await expect(page.getByTestId("cheque-date-month")).toHaveText("11");
  await expect(page.getByTestId("cheque-figures")).toHaveText("1,000.00");
  await expect(page.getByTestId("cheque-words")).toHaveText("***One Thousand Pesos Only***");
  await expect(page.getByTestId("cheque-payee")).toHaveText(`E2E Supplier ${id}`);
  await expectAccessible(page, "cheque print");
  await page.emulateMedia({ media: "print" });
  fs.writeFileSync(testInfo.outputPath("cheque.pdf"), await page.pdf({ preferCSSPageSize: true }));
  await page.emulateMedia({ media: "screen" });

  // 7. The three registers.
  for (const [name, heading, text] of [
    ["cheque-issuances", "Cheque issuances", first],
    ["cheque-disbursements", "Cheque disbursements", dvNumber],
    ["cheque-registrations", "Cheque registrations", `E2E-${id}`],
  ] as const) {
    await page.goto(`/manage/reports/${name}?filter[bank_account_id]=${account.id}`);
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(text);
    await expectAccessible(page, `${name} register`);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a cheque is voided with its reason and unvoided as plain forms; the voucher's other cheque follows", async ({
    adminApi,
    adminPage,
  }) => {
    const id = uniqueId();
    const serial = String(8_000_000 + (Number(id.replace(/\D/g, "").slice(-5)) % 100_000) * 10);
    const banks = await adminApi.call<{ data: { id: number }[] }>("GET", "/backend/api/bank?per_page=1");
    const account = await adminApi.create("bank_account", {
      bank_id: banks.data[0].id,
      account_name: `E2E NoJS Fund ${id}`,
      account_number: `0088-${id.replace(/\D/g, "").slice(-8)}`,
      fund_type: "General Fund",
    });
    await adminApi.create("cheque_book", {
      bank_account_id: account.id,
      cheque_book_code: `NOJS-${id}`,
      series: serial,
      quanty_generated: 5,
    });
    const types = await adminApi.call<{ data: { id: number }[] }>("GET", "/backend/api/disbursement_type?per_page=1");
    const natures = await adminApi.call<{ data: { id: number }[] }>("GET", "/backend/api/payment_nature?per_page=1");
    const dv = await adminApi.create("disbursement", {
      voucher_date: "2026-11-12",
      payee: `E2E NoJS Payee ${id}`,
      disbursement_type_id: types.data[0].id,
      fund_type: "General Fund",
      particulars: "No-JS voucher",
      lines: [{ payment_nature_id: natures.data[0].id, amount: "200" }],
    });
    const cheque = (amount: string) =>
      adminApi.create<{ id: number; number: string }>("cheque-issuance", {
        disbursement_id: dv.id,
        bank_account_id: account.id,
        cheque_date: "2026-11-12",
        payee: `E2E NoJS Payee ${id}`,
        amount,
      });
    const a = await cheque("100");
    const b = await cheque("100");
    const list = new ResourceListPage(adminPage, chequeIssuance, { javaScript: false });
    await list.goto(`?filter[bank_account_id]=${account.id}&modal=void&id=${a.id}`);
    await list.confirmDialog.getByLabel(/^Reason/).fill("Misspelled payee");
    await list.confirm("Void");
    await expect(list.message(`Successfully voided ${a.number}.`)).toBeVisible();
    await expect(list.rowStatus(a.number)).toHaveText("Void");
    await expect(list.rowStatus(b.number)).toHaveText("Void");
    await list.goto(`?filter[bank_account_id]=${account.id}&modal=unvoid&id=${a.id}`);
    await list.confirm("Unvoid");
    await expect(list.message(`Successfully unvoided ${a.number}.`)).toBeVisible();
    await expect(list.rowStatus(a.number)).toHaveText("Active");
    await expect(list.rowStatus(b.number)).toHaveText("Active");
  });
});
