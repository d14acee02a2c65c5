import { expect, type Locator, type Page } from "@playwright/test";

export type ColorMode = "System" | "Light" | "Dark";

/** The staff shell of the default layout (spec §2.2, §2.3): sidebar, top bar, search, user menu. */
export class Shell {
  /** The sidebar element whatever its state (closed overlays are hidden from the accessibility tree). */
  readonly sidebar: Locator;
  readonly mainMenu: Locator;
  readonly sidebarToggle: Locator;
  readonly closeMenu: Locator;
  readonly search: Locator;
  readonly searchPanel: Locator;
  readonly userMenu: Locator;
  readonly colorMode: Locator;
  readonly offlineHeader: Locator;
  readonly maintenanceNotice: Locator;
  readonly maintenanceScreen: Locator;
  readonly main: Locator;

  constructor(readonly page: Page) {
    this.sidebar = page.locator("aside#app-sidebar");
    this.mainMenu = page.getByRole("navigation", { name: "Main menu" });
    this.sidebarToggle = page.getByRole("button", { name: "Toggle sidebar" });
    this.closeMenu = page.getByRole("button", { name: "Close menu" });
    this.search = page.getByRole("combobox", { name: "Search resident" });
    this.searchPanel = page.getByTestId("resident-search-panel");
    this.userMenu = page.getByRole("button", { name: /^Account menu/ });
    this.colorMode = page.getByRole("button", { name: /^Colour mode/ });
    this.offlineHeader = page.getByText("Offline mode, No Internet Connection");
    this.maintenanceNotice = page.getByText("Maintenance mode is on: only administrators can use the portal.");
    this.maintenanceScreen = page.getByRole("heading", { name: "We’ll be back shortly" });
    this.main = page.locator("main");
  }

  menuLink(title: string): Locator {
    // The accessible name carries the entry's badge: "Households New".
    return this.mainMenu.getByRole("link", { name: new RegExp(`^${title}( New)?$`) });
  }

  /** The titles of the menu entries shown, in order (New/Soon badges left out). */
  async menuTitles(): Promise<string[]> {
    const entries = this.mainMenu.locator("[data-menu-entry]");
    await expect(entries.first()).toBeAttached();
    return entries.evaluateAll((els) => els.map((el) => (el.querySelector("[data-entry-title]")?.textContent ?? "").trim()));
  }

  async signOut(): Promise<void> {
    await this.userMenu.click();
    await this.page.getByRole("menuitem", { name: "Sign out" }).click();
  }

  async setColorMode(mode: ColorMode): Promise<void> {
    await this.colorMode.click();
    await this.page.getByRole("menuitemradio", { name: mode }).click();
    await expect(this.colorMode).toHaveAccessibleName(`Colour mode: ${mode}`);
  }
}
