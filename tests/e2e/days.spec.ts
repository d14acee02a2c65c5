import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { uniqueId, type CreatedUser } from "./api";
import { expect, test } from "./fixtures";
import { IssueTransactionForm } from "./pages/certificates";
import { CollectorDay, ReceiptForm } from "./pages/office-day";
import { waitForElementHydration, waitForHydration } from "./pages/hydration";

// Office days: the hand-overs between screens and roles, walked through the pages as staff
// do — no REST call in a step of the day (REST only sets up what the office already had: its
// users, a form pad, a fee schedule). Each day runs wide, on a phone, and without JavaScript.

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const RUNS = [
  { name: "1440 px", viewport: WIDE, javaScriptEnabled: true },
  { name: "390 px", viewport: PHONE, javaScriptEnabled: true },
  { name: "without JavaScript", viewport: WIDE, javaScriptEnabled: false },
] as const;

function todayInManila(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** Letters only: a name the resident search matches as a word. */
function letters(id: string): string {
  return id.replace(/[^a-z0-9]/gi, "").replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
}

function pdfText(path: string): string {
  return execFileSync("pdftotext", ["-layout", path, "-"]).toString();
}

for (const run of RUNS) {
  test.describe(`an office day, ${run.name}`, () => {
    test.use({ viewport: run.viewport, javaScriptEnabled: run.javaScriptEnabled });
    const js = run.javaScriptEnabled;

    test("(a) a clearance with a fee: registered, issued, paid at the window, printed, verified by its typed code", async ({
      adminApi,
      signInAs,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const id = uniqueId();
      const tag = letters(id);
      const secretary = await adminApi.createUser("Secretary", { welcomed: true });
      const treasurer = await adminApi.createUser("Treasurer", { welcomed: true });
      const type = await adminApi.create("transaction_type", {
        name: `Barangay Clearance ${tag}`,
        custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "75.00" }],
        template: `<p>This certifies that <span data-placeholder="user_complete_name">{user_complete_name}</span>, for <span data-placeholder="purpose">{purpose}</span>.</p>`,
      });
      const formType = await adminApi.create("form_type", { name: `AF 51 ${tag.slice(-6)}`, custom_forms: [] });
      const serial = 3_000_000 + Math.floor(Math.random() * 6_000_000);
      await adminApi.create("form_pad", {
        form_type_id: formType.id,
        pad_code: `OR-A-${tag}`,
        series_start: String(serial),
        series_end: String(serial + 49),
        collectors: [{ user_id: treasurer.id }],
      });
      await adminApi.create("collection_type", { name: `Certificates ${tag}`, fund_type: "General Fund", custom_forms: [] });

      // 1. The secretary registers the resident.
      const desk = await signInAs(secretary);
      await desk.goto("/manage/residents?modal=create");
      const dialog = desk.getByTestId("resource-modal");
      if (js) {
        await waitForHydration(desk);
        await waitForElementHydration(dialog.getByLabel("Last name"));
      }
      await dialog.getByLabel("Last name").fill(`Villanueva ${tag}`);
      await dialog.getByLabel("First name").fill("Rosario");
      await dialog.getByLabel("Sex").selectOption("Female");
      await dialog.getByLabel("Date of birth").fill("1985-03-21");
      await dialog.getByLabel("Civil status").selectOption("Married");
      await dialog.getByLabel("Purok").selectOption({ index: 1 });
      await dialog.getByRole("button", { name: "Save", exact: true }).click();
      await expect(desk.getByText("Successfully saved.")).toBeVisible();
      const fullName = `Rosario Villanueva ${tag}`;

      // 2. … and issues the clearance with its purpose; it waits for payment.
      const issueForm = new IssueTransactionForm(desk);
      await issueForm.open();
      await issueForm.choose(type.id, `Villanueva ${tag}`);
      await issueForm.fill("purpose", "employment abroad");
      const transactionId = await issueForm.issue();
      await expect(desk.getByTestId("payment-status")).toHaveText("Unpaid");
      const residentHref = await desk.getByRole("link", { name: fullName }).first().getAttribute("href");
      const residentId = Number(/\/residents\/(\d+)/.exec(residentHref ?? "")?.[1]);
      expect(residentId).toBeGreaterThan(0);

      // 3. The treasurer receives the payment: the resident's unpaid clearance is the receipt's line.
      const window = await signInAs(treasurer);
      const receipt = new ReceiptForm(window, js);
      await receipt.open();
      const orNumber = await receipt.choosePad(`OR-A-${tag}`);
      await receipt.chooseResident({ id: residentId, name: `Villanueva ${tag}` });
      await expect(receipt.line(1).nature).toHaveValue(new RegExp(`Barangay Clearance ${tag}`));
      await expect(receipt.line(1).amount).toHaveValue("75.00");
      await receipt.chooseType(`Certificates ${tag}`);
      if (!js) await receipt.form.getByRole("button", { name: "Load lines" }).click();
      await expect(receipt.line(1).amount).toHaveValue("75.00");
      await receipt.issue();
      await expect(window.getByTestId("print-panel")).toContainText(orNumber);

      // 4. The secretary sees it paid and prints it: name, purpose, O.R. number and code on paper.
      await desk.goto(`/manage/transactions/${transactionId}`);
      await expect(desk.getByTestId("payment-status")).toHaveText("Paid");
      await desk.goto(`/manage/transactions/${transactionId}/print`);
      await expect(desk.getByTestId("certificate")).toBeVisible();
      const pdfPath = testInfo.outputPath("clearance.pdf");
      await desk.emulateMedia({ media: "print" });
      await desk.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
      const text = pdfText(pdfPath);
      expect(text).toMatch(new RegExp(fullName, "i"));
      expect(text).toContain("employment abroad");
      expect(text).toContain(orNumber);
      // The code under the QR code, in two groups of five a person can type (no I, L, O or U).
      const code = /\b([0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5})\b/.exec(text)?.[1];
      expect(code, text).toBeTruthy();

      // 5. A signed-out visitor types the code from the paper.
      const visitorContext = await browser.newContext({
        baseURL: testInfo.project.use.baseURL,
        viewport: run.viewport,
        javaScriptEnabled: js,
        serviceWorkers: "block",
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto("/verify/transaction");
      // Typed as people do: small letters, a space for the dash.
      await visitor.getByLabel("Verification code").fill(code!.toLowerCase().replace("-", " "));
      await visitor.getByRole("button", { name: "Verify" }).click();
      await expect(visitor.getByTestId("verify-status")).toHaveText("Valid");
      await expect(visitor.getByTestId("verify-result")).toContainText(`Barangay Clearance ${tag}`);
      await visitorContext.close();

      // A second receipt for the same clearance is refused, naming it.
      await receipt.open();
      await receipt.choosePad(`OR-A-${tag}`);
      await receipt.chooseResident({ id: residentId, name: `Villanueva ${tag}` });
      await expect(receipt.line(1).nature).not.toHaveValue(new RegExp(`Barangay Clearance ${tag}`));
      fs.writeFileSync(testInfo.outputPath("day-a.txt"), text);
    });

    test("(b) the treasurer's day goes on after a remittance: remit, issue, cancel and reissue, remit again, undo the last, print the RCDs", async ({
      adminApi,
      signInAs,
    }, testInfo) => {
      test.setTimeout(180_000);
      const id = uniqueId();
      const tag = letters(id);
      const treasurer: CreatedUser = await adminApi.createUser("Treasurer", { welcomed: true });
      const formType = await adminApi.create("form_type", { name: `AF 51 ${tag.slice(-6)}`, custom_forms: [] });
      const serial = 3_000_000 + Math.floor(Math.random() * 6_000_000);
      await adminApi.create("form_pad", {
        form_type_id: formType.id,
        pad_code: `OR-B-${tag}`,
        series_start: String(serial),
        series_end: String(serial + 49),
        collectors: [{ user_id: treasurer.id }],
      });
      await adminApi.create("collection_type", { name: `Fees ${tag}`, fund_type: "General Fund", custom_forms: [] });
      const bank = await adminApi.create("bank", { code: `B${tag}`.slice(0, 20), name: `Bank ${tag}` });
      await adminApi.create("bank_account", {
        bank_id: bank.id,
        account_name: `General Fund ${tag}`,
        account_number: `0012-${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
        fund_type: "General Fund",
      });
      const today = todayInManila();
      const page = await signInAs(treasurer);
      const receipt = new ReceiptForm(page, js);
      const issue = async (payor: string, amount: string) => {
        await receipt.open();
        const number = await receipt.choosePad(`OR-B-${tag}`);
        await receipt.typePayor(payor);
        await receipt.chooseType(`Fees ${tag}`);
        await receipt.fillLine(1, { nature: "Business permit fee", amount });
        await receipt.issue();
        return number;
      };

      // Morning: two receipts, remitted.
      await issue(`Sari-sari ${tag}`, "200");
      await issue(`Carinderia ${tag}`, "150");
      const day = new CollectorDay(page);
      await day.openFromPicker(treasurer.fullname, today);
      await expect(page.getByTestId("day-summary")).toContainText("2 receipts");
      await day.remit(`DS-AM-${tag}`);
      await expect(day.remittances()).toHaveCount(1);
      const morningRcd = /RCD (\d{4}-\d{2}-\d{3})/.exec((await day.remittances().first().textContent()) ?? "")![1];

      // Afternoon: the window stays open; the next receipt waits for the next remittance.
      const afternoon = await issue(`Bakery ${tag}`, "80");

      // The amount was wrong: an issued receipt is not edited — it is cancelled with a reason and
      // issued again from its own page, the new one filled from it.
      await page.goto(`/manage/collections?search=${encodeURIComponent(afternoon)}`);
      if (js) await waitForHydration(page);
      await page.getByRole("link", { name: afternoon, exact: true }).click();
      await page.waitForURL(/\/manage\/collections\/\d+$/, { timeout: 30_000 });
      await expect(page.getByRole("heading", { name: `Official Receipt No. ${afternoon}` })).toBeVisible();
      await expect(page.getByRole("link", { name: /^Edit/ })).toHaveCount(0);
      const cancelledId = Number(/\/manage\/collections\/(\d+)/.exec(page.url())?.[1]);
      await page.getByText("Cancel this receipt").click();
      await page.getByLabel("Reason").fill("Amount typed wrong");
      await page.getByRole("button", { name: "Cancel and reissue" }).click();
      await expect(page.getByTestId("reissue-note")).toContainText(`cancelled receipt No. ${afternoon}`);
      await expect(receipt.line(1).nature).toHaveValue("Business permit fee");
      await expect(receipt.form.getByLabel(/^Payor\s*\*?$/)).toHaveValue(`Bakery ${tag}`);
      const reissued = await receipt.choosePad(`OR-B-${tag}`);
      expect(reissued).not.toBe(afternoon);
      await receipt.line(1).amount.fill("85");
      await receipt.issue();
      // Reprinted, the cancelled one says so across every copy, on plain paper and on the form.
      for (const mode of ["full", "overlay"]) {
        await page.goto(`/manage/collections/${cancelledId}/transactions/preview?mode=${mode}`);
        await expect(page.getByTestId("cancelled-mark")).toHaveCount(3);
      }

      await day.openFromPicker(treasurer.fullname, today);
      await expect(page.getByTestId("day-receipts")).toContainText(afternoon);
      await expect(page.getByTestId("day-receipts")).toContainText(reissued);
      await expect(page.getByTestId("remit-form")).toContainText("2 receipts waiting, ₱85.00");
      await day.remit(`DS-PM-${tag}`);
      await expect(day.remittances()).toHaveCount(2);
      await expect(day.remittances().last()).toContainText(
        `RCD ${morningRcd.slice(0, 8)}${String(Number(morningRcd.slice(8)) + 1).padStart(3, "0")}`,
      );

      // The afternoon slip was wrong: undo it with a reason; its receipt waits again.
      await day.undoLatest("Deposit slip number mistyped");
      await expect(day.remittances()).toHaveCount(1);
      await expect(page.getByTestId("remit-form")).toContainText("2 receipts waiting");
      await day.remit(`DS-PM2-${tag}`);
      await expect(day.remittances()).toHaveCount(2);

      // The morning RCD prints under its number with its two receipts only.
      const href = await day.remittances().first().getByTestId("print-rcd").getAttribute("href");
      await page.goto(href!);
      await expect(page.getByTestId("rcd-number")).toHaveText(`RCD No.: ${morningRcd}`);
      await expect(page.getByTestId("rcd-total")).toHaveText("350.00");
      await expect(page.getByTestId("rcd-collections")).not.toContainText(afternoon);
      await page.emulateMedia({ media: "print" });
      const pdfPath = testInfo.outputPath("rcd-morning.pdf");
      await page.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
      const text = pdfText(pdfPath);
      expect(text).toContain(morningRcd);
      expect(text).toContain(`DS-AM-${tag}`);

      // The afternoon RCD lists the cancelled receipt with its reason, and the one issued for it.
      await page.goto(`/manage/remittances/search?collector_id=${treasurer.id}&date=${today}`);
      await page.goto((await day.remittances().last().getByTestId("print-rcd").getAttribute("href"))!);
      await expect(page.getByTestId("rcd-collections")).toContainText("Amount typed wrong");
      await expect(page.getByTestId("rcd-collections")).toContainText(reissued);
      await expect(page.getByTestId("rcd-total")).toHaveText("85.00");
    });
  });
}
