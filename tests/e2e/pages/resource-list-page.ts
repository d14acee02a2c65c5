import { expect, type Locator, type Page } from "@playwright/test";
import { waitForHydration } from "./hydration";

/** What a list screen is called: a registry entry's path and labels (domain/registry). */
export interface ListDef {
  path: string;
  labels: { singular: string; plural: string; title: string };
}

export type StatusFilter = "All" | "Active" | "Trashed";

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The generic list screen of every registry entry (spec §2.4, DESIGN §4 and §8): heading, search
 * and filters, the table with sorting and row actions, selection and the bulk bar, pagination,
 * the address-held modal, and the message after a post (a toast with JavaScript, an alert above
 * the table without it).
 */
export class ResourceListPage {
  readonly javaScript: boolean;
  readonly heading: Locator;
  readonly total: Locator;
  readonly toolbar: Locator;
  readonly searchBox: Locator;
  readonly status: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly createButton: Locator;
  readonly exportLink: Locator;
  readonly bulkBar: Locator;
  readonly deleteSelected: Locator;
  readonly restoreSelected: Locator;
  readonly selectAll: Locator;
  readonly pagination: Locator;
  readonly perPage: Locator;
  /** The create/update modal. */
  readonly dialog: Locator;
  /** The delete/restore confirmation. */
  readonly confirmDialog: Locator;

  constructor(
    readonly page: Page,
    readonly def: ListDef,
    options: { javaScript?: boolean } = {},
  ) {
    const { singular, plural, title } = def.labels;
    this.javaScript = options.javaScript ?? true;
    this.heading = page.getByRole("heading", { level: 1, name: title, exact: true });
    this.total = page.getByTestId("list-total");
    this.toolbar = page.getByRole("search", { name: `Search and filter ${plural}` });
    this.searchBox = this.toolbar.getByRole("searchbox", { name: `Search ${plural}` });
    this.status = this.toolbar.getByRole("combobox", { name: "Status", exact: true });
    this.table = page.getByRole("table", { name: new RegExp(`^${escapeRegExp(title)}:`) });
    this.rows = this.table.getByRole("rowgroup").nth(1).getByRole("row");
    this.createButton = page.getByRole("link", { name: `Create ${singular}`, exact: true }).first();
    this.exportLink = page.getByRole("link", { name: "Export CSV" });
    this.bulkBar = page.getByRole("form", { name: `Bulk actions on ${plural}` });
    this.deleteSelected = this.bulkBar.getByRole("button", { name: /^(Delete|Void) selected$/ });
    this.restoreSelected = this.bulkBar.getByRole("button", { name: /^(Restore|Unvoid) selected$/ });
    this.selectAll = page.getByRole("checkbox", { name: `Select all ${plural} on this page` });
    this.pagination = page.getByRole("navigation", { name: `Pages of ${plural}` });
    this.perPage = page.getByRole("combobox", { name: "Rows per page" });
    this.dialog = page.getByRole("dialog");
    this.confirmDialog = page.getByRole("alertdialog");
  }

  /** Opens the list, optionally with a query string ("?status=trashed&search=x"). */
  async goto(query = ""): Promise<void> {
    await this.page.goto(`${this.def.path}${query}`);
    await this.ready();
  }

  /** The list is shown (and, with JavaScript, interactive). */
  async ready(): Promise<void> {
    await expect(this.heading).toBeVisible();
    if (this.javaScript) await waitForHydration(this.page);
  }

  /** The row whose cell reads exactly `name`. */
  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByRole("cell", { name, exact: true }) });
  }

  /** The status badge of a row: Active, Trashed or Void. */
  rowStatus(name: string): Locator {
    return this.row(name).locator("[data-status]");
  }

  /** The row's checkbox for the bulk actions. */
  rowCheckbox(name: string): Locator {
    return this.page.getByRole("checkbox", { name: `Select ${name}`, exact: true });
  }

  /** Opens a row's action (Edit, Delete, Restore, …): a menu with JavaScript, a disclosure without. */
  async rowAction(name: string, action: string): Promise<void> {
    if (this.javaScript) {
      const menu = this.page.getByRole("button", { name: `Actions for ${name}`, exact: true });
      const item = this.page.getByRole("menuitem", { name: action, exact: true });
      await menu.click();
      try {
        await item.click({ timeout: 5_000 });
      } catch {
        // A notification toast (other staff's work: the e2e tests share one database) can lie over
        // the menu, and it stays while the pointer rests on it (the toaster pauses on hover). Move
        // the pointer away, let the toasts go, and open the menu again.
        await this.page.keyboard.press("Escape");
        await this.page.mouse.move(0, 0);
        await expect(this.page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 20_000 });
        await menu.click();
        await item.click();
      }
    } else {
      await this.row(name).getByLabel(`Actions for ${name}`, { exact: true }).click();
      await this.row(name).getByRole("link", { name: action, exact: true }).click();
    }
  }

  /** Types into the search box; with JavaScript it applies after its pause, without it on Enter. */
  async search(text: string): Promise<void> {
    await this.searchBox.fill(text);
    if (!this.javaScript) await this.searchBox.press("Enter");
    await expect(this.page).toHaveURL(new RegExp(`[?&]search=${escapeRegExp(encodeURIComponent(text).replace(/%20/g, "+"))}(&|$)`));
    await this.ready();
  }

  /** Picks a filter (Status, Fund type, …); with JavaScript a change applies at once. */
  async setFilter(label: string, option: string): Promise<void> {
    await this.toolbar.getByRole("combobox", { name: label, exact: true }).selectOption({ label: option });
    if (!this.javaScript) await this.toolbar.getByRole("button", { name: "Apply" }).click();
  }

  async setStatus(option: StatusFilter): Promise<void> {
    await this.setFilter("Status", option);
    if (option === "All") await expect(this.page).not.toHaveURL(/[?&]status=/);
    else await expect(this.page).toHaveURL(new RegExp(`[?&]status=${option.toLowerCase()}(&|$)`));
    await this.ready();
  }

  /** The header link that sorts by a column. */
  sortLink(label: string): Locator {
    return this.table.getByRole("columnheader").getByRole("link", { name: new RegExp(`^${escapeRegExp(label)} ,`) });
  }

  /** A form field of the open modal, by its label (required fields' labels end in a "*"). */
  field(label: string): Locator {
    return this.dialog.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
  }

  async openCreate(): Promise<void> {
    await this.createButton.click();
    await expect(this.dialog).toBeVisible();
    await expect(this.dialog.getByRole("heading", { name: `Create ${this.def.labels.singular}` })).toBeVisible();
    await expect(this.page).toHaveURL(/[?&]modal=create(&|$)/);
  }

  async openEdit(name: string): Promise<void> {
    await this.rowAction(name, "Edit");
    await expect(this.dialog.getByRole("heading", { name: `Edit ${this.def.labels.singular}` })).toBeVisible();
    await expect(this.page).toHaveURL(/[?&]modal=update&id=\d+/);
  }

  /** Fills text fields and picks options in the open modal, by label. */
  async fill(values: Record<string, string>): Promise<void> {
    for (const [label, value] of Object.entries(values)) {
      const control = this.field(label);
      const tag = await control.evaluate((el) => el.tagName);
      if (tag === "SELECT") await control.selectOption({ label: value });
      else await control.fill(value);
    }
  }

  /** Presses Save (create) or Save changes (update) and waits for the modal to close. */
  async save(): Promise<void> {
    await this.dialog.getByRole("button", { name: /^Save( changes)?$/ }).click();
    await expect(this.dialog).toBeHidden();
    await expect(this.page).not.toHaveURL(/[?&]modal=/);
    await this.ready();
  }

  /** Confirms the open delete/restore dialog with its button (Delete, Restore, Void, Unvoid). */
  async confirm(button: string): Promise<void> {
    await this.confirmDialog.getByRole("button", { name: button, exact: true }).click();
    await expect(this.confirmDialog).toBeHidden();
    await this.ready();
  }

  /** The message after a post: a toast with JavaScript, the server's alert without it. */
  message(text: string): Locator {
    return this.javaScript
      ? this.page.locator("[data-sonner-toast]").filter({ hasText: text })
      : this.page.getByTestId("flash-message").filter({ hasText: text });
  }

  /** The Undo of a delete message. */
  undo(text: string): Locator {
    return this.message(text).getByRole("button", { name: "Undo" });
  }
}
