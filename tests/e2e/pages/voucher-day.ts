import { expect, type Page } from "@playwright/test";
import { getResource } from "../../../domain/registry/index";
import { waitForHydration } from "./hydration";
import { ResourceListPage } from "./resource-list-page";

// The treasurer's voucher-to-cheque screens as staff walk them (office day (c)): the voucher
// form on the disbursements list, the voucher's own page, and the cheque form and void dialog
// opened from it, which come back to the voucher's page when done.

export interface VoucherInput {
  date: string;
  payee: string;
  type: string;
  particulars: string;
  lines: { nature?: string; description: string; amount: string }[];
}

/** A saved change's message: the toast with JavaScript, the flash banner without. */
export function savedMessage(page: Page, text: string) {
  return page.locator("[data-sonner-toast], [data-testid=flash-message]").filter({ hasText: text }).first();
}

/** The disbursement voucher form, opened from the disbursements list as staff open it. */
export class VoucherForm {
  readonly list: ResourceListPage;
  constructor(readonly page: Page) {
    this.list = new ResourceListPage(page, getResource("disbursement"));
  }

  async write(v: VoucherInput): Promise<void> {
    await this.list.goto();
    await this.list.openCreate();
    await this.list.fill({
      "Voucher date": v.date,
      "Payee is a": "Other",
      "Payee name": v.payee,
      "Disbursement type": v.type,
      Fund: "General Fund",
      Particulars: v.particulars,
    });
    const dialog = this.list.dialog;
    for (const [i, line] of v.lines.entries()) {
      await dialog.getByRole("button", { name: "Add payment nature" }).click();
      const row = dialog.getByTestId("child-row").nth(i);
      const nature = row.getByLabel(/^Nature of payment/);
      if (line.nature) await nature.selectOption({ label: line.nature });
      else await nature.selectOption({ index: 1 });
      await row.getByLabel(/^Description/).fill(line.description);
      await row.getByLabel(/^Amount/).fill(line.amount);
    }
    await this.list.save();
    await expect(this.list.message("Successfully saved.")).toBeVisible();
  }
}

/** A voucher's own page (/manage/disbursements/{id}). */
export class VoucherPage {
  constructor(readonly page: Page) {}

  /** Finds the voucher in the list by its payee and opens its page from its number. */
  async openFromList(payee: string): Promise<{ id: number; number: string }> {
    await this.page.goto(`/manage/disbursements?search=${encodeURIComponent(payee)}`);
    const link = this.page.getByRole("link", { name: /^\d{4}-\d{2}-\d{4}$/ }).first();
    const number = ((await link.textContent()) ?? "").trim();
    await link.click();
    await expect(this.page.getByRole("heading", { level: 1, name: `DV No. ${number}` })).toBeVisible();
    await waitForHydration(this.page);
    const id = Number(/\/manage\/disbursements\/(\d+)/.exec(this.page.url())?.[1]);
    return { id, number };
  }

  amount(key: "amount" | "paid" | "balance") {
    return this.page.getByTestId(`voucher-${key}`);
  }

  cheques() {
    return this.page.getByTestId("voucher-cheque");
  }

  cheque(number: string) {
    return this.cheques().filter({ hasText: `No. ${number}` });
  }

  signatory(box: "a" | "b" | "c") {
    return this.page.getByTestId(`signatory-${box}`);
  }

  /** "Issue cheque": the cheque form opens filled from the voucher; the account is chosen, saved, back here. */
  async issueCheque(account: string, expected: { payee: string; amount: string }): Promise<string> {
    const before = await this.cheques().count();
    await this.page.getByTestId("issue-cheque").click();
    const dialog = this.page.getByTestId("resource-modal");
    await expect(dialog.getByTestId("voucher-note")).toBeVisible();
    await waitForHydration(this.page);
    await expect(dialog.getByLabel(/^Payee\s*\*?$/)).toHaveValue(expected.payee);
    await expect(dialog.getByLabel(/^Amount\s*\*?$/)).toHaveValue(expected.amount);
    await dialog.getByLabel(/^Bank account\s*\*?$/).selectOption({ label: account });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(this.page).toHaveURL(/\/manage\/disbursements\/\d+$/);
    await expect(savedMessage(this.page, "Successfully saved.")).toBeVisible();
    await expect(this.cheques()).toHaveCount(before + 1);
    const text = (await this.cheques().last().textContent()) ?? "";
    return /No\. (\d+)/.exec(text)![1];
  }

  async voidCheque(number: string, reason: string): Promise<void> {
    await this.page.getByRole("link", { name: `Void cheque ${number}` }).click();
    const dialog = this.page.getByTestId("resource-modal");
    await expect(dialog.getByRole("heading", { name: "Void cheque issuance" })).toBeVisible();
    await waitForHydration(this.page);
    await dialog.getByLabel(/^Reason/).fill(reason);
    await dialog.getByRole("button", { name: "Void", exact: true }).click();
    await expect(this.page).toHaveURL(/\/manage\/disbursements\/\d+$/);
    await expect(savedMessage(this.page, `Successfully voided ${number}.`)).toBeVisible();
  }
}
