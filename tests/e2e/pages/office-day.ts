import { expect, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

// The screens of an office day as staff walk them: the receipt form at the
// treasurer's window and a collector's day on the remittances screen. Each works with JavaScript
// and without; the steps here are the ones a person takes in either.

export interface ReceiptLine {
  nature: string;
  amount: string;
}

/** The collection form (/manage/collections?modal=create). */
export class ReceiptForm {
  constructor(
    readonly page: Page,
    readonly javaScript: boolean,
  ) {}

  get form() {
    return this.page.getByTestId("collection-form");
  }

  async open(): Promise<void> {
    await this.page.goto("/manage/collections?modal=create");
    await expect(this.form).toBeVisible();
    if (this.javaScript) await waitForHydration(this.page);
  }

  async choosePad(padCode: string): Promise<string> {
    const option = this.form.getByLabel("Form pad").locator("option", { hasText: padCode });
    await this.form.getByLabel("Form pad").selectOption({ label: (await option.textContent())!.trim() });
    const next = this.page.getByTestId("next-number");
    await expect(next).toContainText("This receipt will be");
    return /No\. (.+?) \(/.exec((await next.textContent()) ?? "")![1];
  }

  /**
   * A resident payor: with JavaScript searched by name in the picker; without it, the kind is
   * loaded, the name typed and found, the resident chosen, then their unpaid certificates loaded —
   * each step posts the form, and none puts the form's token or what was typed in the address.
   */
  async chooseResident(resident: { id: number; name: string }): Promise<void> {
    await this.form.getByLabel("Payor is").selectOption("resident");
    if (this.javaScript) {
      await this.form.getByRole("combobox", { name: "Resident" }).fill(resident.name);
      await this.form.getByRole("option", { name: new RegExp(resident.name, "i") }).click();
      await expect(this.page).toHaveURL(new RegExp(`issued_to_user_id=${resident.id}`));
    } else {
      await this.form.getByRole("button", { name: "Load", exact: true }).click();
      await this.form.getByLabel(/^Resident/).fill(resident.name);
      await this.form.getByRole("button", { name: "Find", exact: true }).click();
      await this.form.getByRole("radio", { name: new RegExp(resident.name, "i") }).check();
      await this.form.getByRole("button", { name: "Load unpaid" }).click();
      expect(this.page.url()).not.toMatch(/csrf|token|issued_to|payor/i);
    }
  }

  async typePayor(name: string): Promise<void> {
    await this.form.getByLabel(/^Payor\s*\*?$/).fill(name);
  }

  async chooseType(label: string): Promise<void> {
    await this.form.getByLabel("Collection type").selectOption({ label });
  }

  line(n: number) {
    return {
      nature: this.form.getByLabel(`Line ${n}: nature of collection`),
      amount: this.form.getByLabel(`Line ${n}: amount`),
    };
  }

  async fillLine(n: number, line: ReceiptLine): Promise<void> {
    await this.line(n).nature.fill(line.nature);
    await this.line(n).amount.fill(line.amount);
  }

  /** Issues it: the print panel of the new receipt opens. */
  async issue(): Promise<void> {
    await this.page.getByTestId("issue-receipt").click();
    await expect(this.page.getByTestId("print-panel")).toBeVisible();
  }
}

/** One collector's day on the remittances screen (/manage/remittances/search). */
export class CollectorDay {
  constructor(readonly page: Page) {}

  /** Opens the day through the screen's picker, as from the menu. */
  async openFromPicker(collector: string, date: string): Promise<void> {
    await this.page.goto("/manage/remittances/search");
    const picker = this.page.getByTestId("day-picker");
    await picker.getByLabel("Collector").selectOption({ label: collector });
    await picker.getByLabel("Day").fill(date);
    await picker.getByRole("button", { name: "Open the day" }).click();
    await expect(this.page.getByTestId("day-summary")).toBeVisible();
  }

  async remit(reference: string): Promise<void> {
    const form = this.page.getByTestId("remit-form");
    await form.getByLabel("Deposit slip reference").fill(reference);
    await form.getByTestId("remit").click();
    await expect(this.remittances().filter({ hasText: reference })).toBeVisible();
  }

  remittances() {
    return this.page.getByTestId("remittance");
  }

  async undoLatest(reason: string): Promise<void> {
    const latest = this.remittances().last();
    await latest.getByText("Undo this remittance").click();
    await latest.getByLabel("Reason").fill(reason);
    await latest.getByTestId("undo-remittance").click();
  }
}
