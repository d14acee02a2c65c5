import fs from "node:fs";
import { getResource } from "../../domain/registry/index";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { ResourceListPage } from "./pages/resource-list-page";

// Collections end to end in Chromium: a treasurer signs in, creates a pad (with
// themself as collector), issues three receipts with JavaScript (one by cheque) and one without,
// cancels one, prints a receipt to PDF, remits the day, prints the RCD, and a signed-out visitor
// verifies a receipt by its QR link and by number + date + amount. axe on every screen.

const formPad = getResource("form_pad");
const collection = getResource("collection");

test("the treasurer's day: pad, four receipts (one by cheque, one without JavaScript), cancel, print, remit, RCD, public verify", async ({
  adminApi,
  signInAs,
  expectAccessible,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const id = uniqueId();
  const serial = 8_000_000 + (Number(id.replace(/\D/g, "").slice(-5)) % 90_000) * 10;
  const treasurer = await adminApi.createUser("Treasurer", { welcomed: true });
  const page = await signInAs(treasurer);

  // 1. A pad of ten forms, the treasurer as its collector: its numbers are generated.
  const pads = new ResourceListPage(page, formPad);
  await pads.goto();
  await expectAccessible(page, "form pads");
  await pads.openCreate();
  await pads.fill({
    "Form type": "Accountable Form No. 51",
    "Pad code": `E2E-${id}`,
    "Series start": `${serial} E`,
    "Series end": `${serial + 9} E`,
  });
  await page.getByRole("button", { name: "Add collector" }).click();
  await pads.dialog.getByLabel(/^Collector/).selectOption({ label: treasurer.fullname });
  await pads.save();
  await expect(pads.message("Successfully saved.")).toBeVisible();
  await expect(pads.row(`E2E-${id}`)).toContainText(`${serial} E–${serial + 9} E`);

  // 2. Three receipts with JavaScript: the form shows the number it will get and the amount in words.
  const list = new ResourceListPage(page, collection);
  let issued = 0;
  // A resident payor is searched by name with the resident picker (a barangay has up to 200,000).
  const firstPurok = async () => (await adminApi.call<{ data: { id: number }[] }>("GET", "/backend/api/purok?per_page=1")).data[0].id;
  const surname = `Santos ${id.replace(/\d/g, (d) => "abcdefghij"[Number(d)])}`;
  const resident = await adminApi.create<{ id: number }>("resident", {
    user_profile: {
      lastname: surname,
      firstname: "Maria",
      sex: "Female",
      date_of_birth: "1990-02-14",
      civil_status: "Single",
      purok_id: await firstPurok(),
    },
  });
  const issue = async (payor: string | { resident: string }, amount: string, cheque = false) => {
    await page.goto("/manage/collections?modal=create");
    const form = page.getByTestId("collection-form");
    await form.getByLabel("Form pad").selectOption({ label: `E2E-${id} — next No. ${serial + issued} E` });
    await expect(page.getByTestId("next-number")).toContainText(`No. ${serial + issued} E`);
    if (typeof payor === "string") await form.getByLabel(/^Payor\s*\*?$/).fill(payor);
    else {
      await form.getByLabel("Payor is").selectOption("resident");
      await form.getByRole("combobox", { name: "Resident" }).fill(payor.resident);
      await form.getByRole("option", { name: new RegExp(payor.resident, "i") }).click();
      await expect(form.getByTestId("c-resident-picked")).toContainText(payor.resident);
      await expect(page).toHaveURL(new RegExp(`issued_to_user_id=${resident.id}`));
    }
    await form.getByLabel("Collection type").selectOption({ index: 1 });
    await form.getByLabel("Line 1: nature of collection").fill("Barangay Clearance");
    await form.getByLabel("Line 1: amount").fill(amount);
    await expect(page.getByTestId("amount-in-words")).toContainText("Pesos");
    if (cheque) {
      await form.getByLabel("Payment").selectOption("Cheque");
      await form.getByLabel("Drawee bank").fill("Land Bank of the Philippines");
      await form.getByLabel("Number", { exact: true }).fill("0012345");
      await form.getByLabel("Date", { exact: true }).fill("2026-11-20");
    }
    await page.getByTestId("issue-receipt").click();
    await expect(page.getByTestId("print-panel")).toBeVisible();
    await expect(page.getByTestId("print-panel")).toContainText(`${serial + issued} E`);
    issued++;
  };
  await issue(`Juan Dela Cruz ${id}`, "150");
  await expectAccessible(page, "print panel");
  await issue({ resident: `Maria ${surname}` }, "50.50");
  await issue(`Sari-Sari Store ${id}`, "500", true);

  // 3. One without JavaScript: the same form posts and answers the print panel.
  const noJs = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const plain = await noJs.newPage();
  await plain.goto("/manage/collections?modal=create");
  const form = plain.getByTestId("collection-form");
  await form.getByLabel("Form pad").selectOption({ label: `E2E-${id} — next No. ${serial + 3} E` });
  // Without JavaScript the resident is found by name and chosen, after loading the kind's fields.
  await form.getByLabel("Payor is").selectOption("resident");
  await form.getByRole("button", { name: "Load", exact: true }).click();
  await form.getByLabel(/^Resident/).fill(`Maria ${surname}`);
  await form.getByRole("button", { name: "Find", exact: true }).click();
  await form.getByRole("radio", { name: new RegExp(`Maria ${surname}`, "i") }).check();
  await form.getByLabel("Collection type").selectOption({ index: 1 });
  await form.getByLabel("Line 1: nature of collection").fill("Certificate of Residency");
  await form.getByLabel("Line 1: amount").fill("30");
  await plain.getByTestId("issue-receipt").click();
  await expect(plain.getByTestId("print-panel")).toContainText(`${serial + 3} E`);
  await noJs.close();

  // 4. Cancel the second receipt: it keeps its number and shows Cancelled.
  await list.goto(`?search=${encodeURIComponent(`${serial + 1} E`)}`);
  // "Cancel receipt" (never "Delete"): the dialog says the number stays used, and asks why.
  await list.rowAction(`${serial + 1} E`, "Cancel receipt");
  await expect(list.confirmDialog).toContainText("Its number stays used: it will be listed as cancelled in the RCD");
  await list.confirmDialog.getByLabel("Reason").fill("Payor's name misspelled");
  await list.confirm("Cancel receipt");
  await list.goto(`?search=${encodeURIComponent(`${serial + 1} E`)}`);
  await expect(list.row(`${serial + 1} E`)).toContainText("Cancelled");
  await expectAccessible(page, "collections");

  // 5. Print the first receipt to PDF (AF 51-C, three copies, QR code).
  const receipts = await adminApi.call<{ data: { id: number; or_number: string; verification_code: string; date_issued: string }[] }>(
    "GET",
    `/backend/api/collection?search=${encodeURIComponent(`${serial} E`)}`,
  );
  const first = receipts.data.find((r) => r.or_number === `${serial} E`)!;
  await page.goto(`/manage/collections/${first.id}/transactions/preview`);
  await expect(page.getByTestId("receipt")).toHaveCount(3);
  await expect(page.getByTestId("receipt-qr").first().locator("svg")).toBeVisible();
  await expectAccessible(page, "receipt preview");
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(testInfo.outputPath("receipt.pdf"), pdf);
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

  // 6. Remit the day with its deposit; the day is locked.
  await page.goto(`/manage/remittances/search?collector_id=${treasurer.id}&date=${first.date_issued}`);
  await expect(page.getByTestId("day-summary")).toContainText("4 receipts (1 cancelled)");
  await expectAccessible(page, "remittance day");
  await page.getByLabel("Deposit slip reference").fill(`DS-${id}`);
  await page.getByTestId("remit").click();
  await expect(page.getByTestId("remittance")).toContainText(`DS-${id}`);
  await page.goto("/manage/remittances");
  await expectAccessible(page, "remittances");

  // 7. The RCD of the day: the receipts in order with the cancelled one, and the deposit.
  await page.goto(
    `/manage/reports/collections/rcd?collector_id=${treasurer.id}&date_from=${first.date_issued}&date_to=${first.date_issued}`,
  );
  await expect(page.getByTestId("rcd-collections")).toContainText("CANCELLED");
  await expect(page.getByTestId("rcd-total")).toHaveText("680.00");
  const rcd = await page.pdf({ preferCSSPageSize: true, printBackground: true });
  fs.writeFileSync(testInfo.outputPath("rcd.pdf"), rcd);

  // 8. A signed-out visitor verifies by the QR link and by number + date + amount.
  const visitor = await browser.newContext();
  const v = await visitor.newPage();
  await v.goto(`/verify/collection/${first.verification_code}`);
  await expect(v.getByTestId("verify-status")).toHaveText("Valid");
  await expect(v.getByTestId("verify-payor")).toHaveText(/^J\*\*\* D\*\*\* C\*\*\* /);
  await expectAccessible(v, "verify");
  await v.goto("/verify/collection");
  await v.getByRole("textbox", { name: "Receipt number" }).fill(`${serial} E`);
  await v.getByLabel("Date issued", { exact: true }).fill(first.date_issued);
  await v.getByRole("textbox", { name: "Amount (₱)" }).fill("150.00");
  await v.getByRole("button", { name: "Verify receipt" }).click();
  await expect(v.getByTestId("verify-number")).toHaveText(`${serial} E`);
  await visitor.close();
});
