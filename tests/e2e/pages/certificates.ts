import { expect, type Page } from "@playwright/test";

/** The transactions list's issue form: pick type and person (GET), fill, issue (POST). */
export class IssueTransactionForm {
  constructor(readonly page: Page) {}

  async open(userId?: number): Promise<void> {
    await this.page.goto(`/manage/transactions?modal=create${userId ? `&user_id=${userId}` : ""}`);
    await expect(this.page.getByTestId("issue-dialog")).toBeVisible();
  }

  /** Chooses the type (by id) and, when given, finds the person by name; then continues. */
  async choose(typeId: number, personName?: string): Promise<void> {
    await this.page.locator("#issue-type").selectOption(String(typeId));
    if (personName) {
      await this.page.locator("#issue-q").fill(personName);
      await this.page.getByRole("button", { name: "Continue" }).click();
      await this.page.locator("#issue-person").selectOption({ index: 1 });
    }
    await this.page.getByRole("button", { name: "Continue" }).click();
    await expect(this.page.getByTestId("issue-form")).toBeVisible();
  }

  async fill(fieldId: string, value: string): Promise<void> {
    await this.page.locator(`#cv-${fieldId}`).fill(value);
  }

  /** Issues it and answers the new transaction's id (its page opens). */
  async issue(): Promise<number> {
    await this.page.getByRole("button", { name: "Issue" }).click();
    await expect(this.page).toHaveURL(/\/manage\/transactions\/\d+$/);
    return Number(this.page.url().split("/").pop());
  }
}
