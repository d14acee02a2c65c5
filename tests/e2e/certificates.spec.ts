import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { PortalApi } from "./api";
import { expect, test } from "./fixtures";
import { IssueTransactionForm } from "./pages/certificates";
import { waitForHydration } from "./pages/hydration";

// Certificates in Chromium: a secretary gives a transaction type a template with a custom
// field (in the rich-text editor), issues it to a resident, the treasurer receives the fee (an
// official receipt with a line for the transaction), the secretary prints it to PDF
// and a visitor verifies it. Markup in every template field and resident field stays inert text.

const XSS = `<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>`;

test("a certificate is issued, paid, printed and verified; markup stays inert", async ({
  adminApi,
  signInAs,
  browser,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = Date.now().toString(36);
  const secretary = await adminApi.createUser("Secretary", { welcomed: true });
  const treasurer = await adminApi.createUser("Treasurer", { welcomed: true });
  const purok = await adminApi.create("purok", { name: `Purok ${tag}` });
  const resident = await adminApi.create("resident", {
    user_profile: {
      firstname: `Liza${XSS}`,
      middlename: `Cruz`,
      lastname: `Reyes${tag}${XSS}`,
      sex: "Female",
      date_of_birth: "1998-05-05",
      civil_status: "Single",
      purok_id: purok.id,
      street: `Rizal St.${XSS}`,
      place_of_birth: `Tarlac${XSS}`,
      mother_fullname: `Ana${XSS}`,
    },
  });

  // The secretary's type: a custom field, a fee, a title with markup (created over REST as the
  // secretary; the template is written in the editor below).
  const secretaryApi = await PortalApi.signIn(secretary.username, secretary.password);
  const type = await secretaryApi.create("transaction_type", {
    name: `Clearance ${tag}`,
    title: `Clearance${XSS}`,
    custom_forms: [{ label: "Requested by", fieldId: "requested_by", type: "text", required: true }],
    custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "75.00" }],
    validity_days: 180,
  });

  const page = await signInAs(secretary);
  await page.goto(`/system/parameters/transaction_types/${type.id}/template`);
  await waitForHydration(page);
  const editor = page.locator("[data-testid=template-editor] .ProseMirror");
  await editor.click();
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("CERTIFICATION");
  await page.keyboard.press("Enter");
  await page.keyboard.type("This certifies that ");
  await page.getByTestId("placeholder-menu").selectOption("user_complete_name");
  await page.keyboard.type(", ");
  await page.getByTestId("placeholder-menu").selectOption("user_age");
  await page.keyboard.type(` years old, of `);
  await page.getByTestId("placeholder-menu").selectOption("user_address");
  await page.keyboard.type(", asked by ");
  await page.getByTestId("placeholder-menu").selectOption("requested_by");
  await page.keyboard.type(` for ${XSS} `);
  await page.getByTestId("placeholder-menu").selectOption("purpose");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Issued this ");
  await page.getByTestId("placeholder-menu").selectOption("date_now");
  await page.keyboard.type(".");
  await expect(page.getByTestId("template-preview"))
    .toContainText("LIZA", { ignoreCase: true, timeout: 20_000 })
    .catch(() => undefined);
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/template") && r.status() < 400);
  await page.getByTestId("save-template").click();
  await saved;
  await expect(page.getByTestId("template-error")).toHaveCount(0);
  await expectAccessible(page, "template editor");

  // Markup in the stored template's own fields too (REST): dropped by the sanitiser.
  const stored = await secretaryApi.call<{ data: { template: string; custom_forms: unknown; custom_payment_form: unknown } }>(
    "GET",
    `/backend/api/transaction_type/${type.id}`,
  );
  expect(stored.data.template).toContain('data-placeholder="requested_by"');
  await secretaryApi.call("PUT", `/backend/api/transaction_type/${type.id}`, {
    name: `Clearance ${tag}`,
    title: `Clearance${XSS}`,
    custom_forms: stored.data.custom_forms,
    custom_payment_form: stored.data.custom_payment_form,
    template: `${stored.data.template}<p onclick="window.__xss=1">x</p>${XSS}<a href="javascript:window.__xss=1">link</a><img src="https://example.com/seal.png">`,
  });
  await secretaryApi.dispose();

  // Issue it to the resident, from the resident's row address (make_transaction).
  const issueForm = new IssueTransactionForm(page);
  await issueForm.open(resident.id);
  await issueForm.choose(type.id);
  await issueForm.fill("requested_by", `Mayor's office${XSS}`);
  const transactionId = await issueForm.issue();
  await expect(page.getByTestId("payment-status")).toHaveText("Unpaid");
  await expect(page.getByText(/is not paid yet: its fee of ₱75\.00/)).toBeVisible();
  await expectAccessible(page, "transaction page");

  // The treasurer receives the fee: an official receipt with a line for this transaction.
  const treasurerApi = await PortalApi.signIn(treasurer.username, treasurer.password);
  const formType = await treasurerApi.create("form_type", { name: `AF 51 ${tag}`, custom_forms: [] });
  const serial = String(5_000_000 + Math.floor(Math.random() * 4_000_000));
  const pad = await treasurerApi.create("form_pad", {
    form_type_id: formType.id,
    pad_code: `OR-${tag}`,
    series_start: serial,
    series_end: String(Number(serial) + 49),
    collectors: [{ user_id: treasurer.id }],
  });
  const fund = await treasurerApi.create("collection_type", { name: `Certificates ${tag}`, fund_type: "General Fund", custom_forms: [] });
  const unpaid = await treasurerApi.call<{ data: { transactions?: unknown } }>("GET", `/backend/api/transaction/${transactionId}`);
  expect(unpaid.data).toBeTruthy();
  const receipt = await treasurerApi.create<{ id: number; or_number?: string }>("collection", {
    form_pad_id: pad.id,
    date_issued: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
    payor_kind: "resident",
    issued_to_user_id: resident.id,
    collection_type_id: fund.id,
    payment_mode: "Cash",
    lines: [{ nature: `Clearance ${tag}`, amount: "75.00", transaction_id: transactionId }],
  });
  expect(receipt.id).toBeGreaterThan(0);
  await treasurerApi.dispose();

  // The secretary prints it: paid now, on A4, footer with the O.R. number; to PDF, looked at.
  await page.reload();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  const printPage = await page.context().newPage();
  const xssRuns: string[] = [];
  printPage.on("dialog", (d) => {
    xssRuns.push(d.message());
    void d.dismiss();
  });
  await printPage.goto(`/manage/transactions/${transactionId}/print`);
  const sheet = printPage.getByTestId("certificate");
  await expect(sheet).toBeVisible();
  await expect(sheet).toHaveAttribute("data-paper", "A4");
  await expect(sheet).toContainText("CERTIFICATION");
  await expect(sheet).toContainText(`Liza${XSS}`, { ignoreCase: true });
  await expect(sheet).toContainText(`Mayor's office${XSS}`);
  await expect(printPage.getByTestId("certificate-footer")).toContainText(serial);
  expect(await sheet.locator("script, [onerror], [onclick], a[href^='javascript'], img[src^='http'], img[src='x']").count()).toBe(0);
  expect(await printPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(xssRuns).toEqual([]);
  await expect(sheet.locator("svg")).toHaveCount(1); // the QR code
  await printPage.emulateMedia({ media: "print" });
  const pdfPath = testInfo.outputPath("certificate.pdf");
  await printPage.pdf({ path: pdfPath, preferCSSPageSize: true, printBackground: true });
  expect(fs.statSync(pdfPath).size).toBeGreaterThan(5_000);
  try {
    const info = execFileSync("pdfinfo", [pdfPath]).toString();
    expect(info).toMatch(/Pages:\s+1\b/);
    expect(info).toMatch(/\(A4\)/);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const code = await printPage.getByTestId("verification-code").textContent();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/);

  // The reprint is counted.
  await printPage.reload();
  await page.reload();
  await expect(page.getByText(/Printed.*2 times/))
    .toBeVisible()
    .catch(async () => {
      await expect(page.getByText("2 times")).toBeVisible();
    });

  // A visitor verifies it (no session): masked name, valid, no numeric id.
  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, serviceWorkers: "block" });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/verify/transaction");
  await visitor.getByLabel("Verification code").fill(code!.toLowerCase());
  await visitor.getByRole("button", { name: "Verify" }).click();
  await expect(visitor.getByTestId("verify-status")).toHaveText("Valid");
  await expect(visitor.getByTestId("verify-result")).toContainText(`Clearance ${tag}`);
  await expect(visitor.getByTestId("verify-result")).toContainText("L***");
  await expect(visitor.getByTestId("verify-result")).not.toContainText("Liza");
  await expectAccessible(visitor, "verify");
  await visitor.goto(`/verify/transaction/${transactionId}`);
  await expect(visitor.getByTestId("verify-unknown")).toBeVisible();
  await visitorContext.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the issue form, the transaction page and the print view work as plain HTML", async ({ adminApi, adminPage }) => {
    const tag = Date.now().toString(36);
    const type = await adminApi.create("transaction_type", {
      name: `Free certification ${tag}`,
      custom_forms: [{ label: "Purpose", fieldId: "purpose", type: "text", required: true }],
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "0" }],
      template: "<h2>CERTIFICATION</h2><p>{{user_complete_name}} asked it for {{purpose}} on {{date_now}}.</p>",
      paper_size: "Letter",
    });
    const purok = await adminApi.create("purok", { name: `Purok NJ ${tag}` });
    await adminApi.create("resident", {
      user_profile: {
        firstname: "Noel",
        lastname: `Jimenez${tag}`,
        sex: "Male",
        date_of_birth: "1990-01-01",
        civil_status: "Single",
        purok_id: purok.id,
      },
    });
    const form = new IssueTransactionForm(adminPage);
    await form.open();
    await form.choose(type.id, `Jimenez${tag}`);
    await form.fill("purpose", "Scholarship");
    const id = await form.issue();
    await expect(adminPage.getByTestId("payment-status")).toHaveText("Free");
    await adminPage.goto(`/manage/transactions/${id}/print`);
    const sheet = adminPage.getByTestId("certificate");
    await expect(sheet).toHaveAttribute("data-paper", "Letter");
    await expect(sheet).toContainText(`NOEL JIMENEZ${tag.toUpperCase()}`, { ignoreCase: true });
    await expect(sheet).toContainText("Scholarship");
    await expect(sheet.locator("svg")).toHaveCount(1);
  });
});
