import type { Download, Locator, Page } from "@playwright/test";

// Page object of a report: /manage/reports/{name} with its filters, cards, sections,
// listing, print menu and exports.
export class ReportPage {
  constructor(
    readonly page: Page,
    readonly name: string,
  ) {}

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/manage/reports/${this.name}${query}`);
  }

  heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  card(key: string): Locator {
    return this.page.locator(`[data-card="${key}"] dd`).first();
  }

  section(key: string): Locator {
    return this.page.getByTestId(`section-${key}`);
  }

  /** The body rows of a section's table. */
  rows(key: string): Locator {
    return this.section(key).locator("tbody tr");
  }

  totals(key: string): Locator {
    return this.page.getByTestId(`section-${key}-totals`);
  }

  listingSummary(): Locator {
    return this.page.getByTestId("listing-summary");
  }

  filter(label: string): Locator {
    return this.page.getByRole("search").getByLabel(label, { exact: true });
  }

  async exportXlsx(): Promise<Download> {
    const [download] = await Promise.all([this.page.waitForEvent("download"), this.page.getByTestId("report-xlsx").click()]);
    return download;
  }

  /** Opens the print menu and the print view (a new tab) with the given paper. */
  async openPrint(size: string, orientation: string, contents = ""): Promise<Page> {
    await this.page.getByTestId("report-print-menu").click();
    await this.page.getByLabel("Paper").selectOption(size);
    await this.page.getByLabel("Orientation").selectOption(orientation);
    if (contents) await this.page.getByLabel("Contents").selectOption(contents);
    const [popup] = await Promise.all([this.page.waitForEvent("popup"), this.page.getByTestId("report-print").click()]);
    await popup.waitForLoadState();
    return popup;
  }
}
