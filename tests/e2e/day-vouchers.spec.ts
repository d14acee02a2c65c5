import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { VoucherForm, VoucherPage } from "./pages/voucher-day";

// Office day (c): vouchers lead to cheques, walked through the pages as the treasurer does —
// no REST call in a step of the day (REST only sets up what the office already had: the treasurer,
// a bank, its account and a cheque book). The day runs wide and on a phone.

const RUNS = [
  { name: "1440 px", viewport: { width: 1440, height: 900 } },
  { name: "390 px", viewport: { width: 390, height: 844 } },
] as const;

function todayInManila(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

function pdfText(path: string): string {
  return execFileSync("pdftotext", ["-layout", path, "-"]).toString();
}

const peso = (amount: string) => `₱${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

for (const run of RUNS) {
  test.describe(`the treasurer's vouchers, ${run.name}`, () => {
    test.use({ viewport: run.viewport });

    test("(c) a voucher written, a cheque issued from its page, voided with a reason, another issued; voucher and cheque printed", async ({
      adminApi,
      signInAs,
    }, testInfo) => {
      test.setTimeout(180_000);
      const id = uniqueId();
      const digits = id.replace(/\D/g, "");
      const treasurer = await adminApi.createUser("Treasurer", { welcomed: true });
      const bank = await adminApi.create("bank", { code: `C${id}`.slice(0, 20), name: `Bank C ${id}` });
      const account = await adminApi.create<{ id: number; account_name: string }>("bank_account", {
        bank_id: bank.id,
        account_name: `Day C Fund ${id}`,
        account_number: `0066-${digits.slice(-8)}`,
        fund_type: "General Fund",
      });
      const serial = String(5_000_000 + (Number(digits.slice(-5)) % 100_000) * 10);
      await adminApi.create("cheque_book", {
        bank_account_id: account.id,
        cheque_book_code: `DAYC-${id}`,
        series: serial,
        quanty_generated: 10,
      });
      const payee = `Reyes Hardware ${id}`;
      const page = await signInAs(treasurer);

      // 1. The treasurer writes the voucher: two payment natures.
      await new VoucherForm(page).write({
        date: todayInManila(),
        payee,
        type: "Maintenance and Other Operating Expenses",
        particulars: `Repair of the covered court lights ${id}`,
        lines: [
          { description: "Floodlights", amount: "12500" },
          { description: "Wiring", amount: "750.50" },
        ],
      });

      // 2. Its own page: lines, amounts, who signs, no cheque yet.
      const voucher = new VoucherPage(page);
      const dv = await voucher.openFromList(payee);
      await expect(page.getByTestId("voucher-lines")).toContainText("Floodlights");
      await expect(page.getByTestId("voucher-lines")).toContainText("₱13,250.50");
      await expect(voucher.amount("balance")).toContainText("₱13,250.50");
      await expect(page.getByText("No cheque has been written for this voucher.")).toBeVisible();
      const treasurerName = ((await voucher.signatory("b").locator("span").nth(2).textContent()) ?? "").trim();
      expect(treasurerName, "box B names the treasurer in office").not.toBe("Not set");
      expect(treasurerName.length).toBeGreaterThan(2);

      // 3. Issue cheque: the form comes filled with the voucher, its payee and the unpaid amount.
      const first = await voucher.issueCheque(account.account_name, { payee, amount: "13250.50" });
      expect(first).toBe(serial);
      await expect(voucher.cheque(first).getByTestId("cheque-state")).toHaveText("Issued");
      await expect(voucher.amount("balance")).toContainText("₱0.00");
      await expect(page.getByTestId("issue-cheque")).toHaveCount(0);

      // 4. Voided with its reason: the voucher owes the whole amount again.
      await voucher.voidCheque(first, "Payee's name misspelled");
      await expect(voucher.cheque(first).getByTestId("cheque-state")).toHaveText("Void");
      await expect(voucher.cheque(first)).toContainText("Payee's name misspelled");
      await expect(voucher.amount("balance")).toContainText(peso("13250.50"));

      // 5. Another cheque from the page: the next leaf, the spoiled one kept.
      const second = await voucher.issueCheque(account.account_name, { payee, amount: "13250.50" });
      expect(second).toBe(String(Number(serial) + 1).padStart(serial.length, "0"));
      await expect(voucher.cheque(second).getByTestId("cheque-state")).toHaveText("Issued");
      await expect(voucher.amount("paid")).toContainText("₱13,250.50");
      await expect(voucher.amount("balance")).toContainText("₱0.00");

      // 6. The voucher prints: box B names the treasurer in office.
      const voucherHref = await page.getByTestId("print-voucher").getAttribute("href");
      await page.goto(voucherHref!);
      await expect(page.getByTestId("dv-number")).toHaveText(dv.number);
      await page.emulateMedia({ media: "print" });
      const dvPdf = testInfo.outputPath("voucher.pdf");
      await page.pdf({ path: dvPdf, preferCSSPageSize: true, printBackground: true });
      const dvText = pdfText(dvPdf);
      expect(dvText).toContain(dv.number);
      expect(dvText.toUpperCase()).toContain(treasurerName.toUpperCase());
      expect(dvText).toContain("13,250.50");
      await page.emulateMedia({ media: "screen" });

      // 7. The cheque prints; the voided one says it is void and prints nothing.
      await page.goto(`/manage/disbursements/${dv.id}`);
      const chequeHref = await voucher
        .cheque(second)
        .getByRole("link", { name: `Print cheque ${second}` })
        .getAttribute("href");
      await expect(voucher.cheque(first).getByRole("link", { name: /^Print cheque/ })).toHaveCount(0);
      // The void cheque's one way back is Unvoid (its id, for its print page below).
      const unvoidHref = await voucher
        .cheque(first)
        .getByRole("link", { name: `Unvoid cheque ${first}` })
        .getAttribute("href");
      const voidId = new URLSearchParams(unvoidHref!.split("?")[1]).get("id");
      await page.goto(chequeHref!);
      await expect(page.getByTestId("cheque-figures")).toHaveText("13,250.50");
      await expect(page.getByTestId("cheque-payee")).toHaveText(payee);
      await page.emulateMedia({ media: "print" });
      const chequePdf = testInfo.outputPath("cheque.pdf");
      await page.pdf({ path: chequePdf, preferCSSPageSize: true });
      const chequeText = pdfText(chequePdf);
      expect(chequeText).toContain("13,250.50");
      expect(chequeText).toContain(payee);
      await page.emulateMedia({ media: "screen" });
      await page.goto(`/manage/cheque_issuances/${voidId}/print`);
      await expect(page.getByRole("heading", { name: `Cheque ${first} is void` })).toBeVisible();
      await expect(page.getByTestId("cheque-figures")).toHaveCount(0);
      fs.writeFileSync(testInfo.outputPath("day-c.txt"), `${dvText}\n----\n${chequeText}`);
    });
  });
}
