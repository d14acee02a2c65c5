import { expect, type Locator, type Page } from "@playwright/test";

/** /login (spec §2.2 login layout). */
export class LoginPage {
  readonly heading: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** The form's message: a field error ("These credentials do not match our records.") or the 429 wait. */
  readonly message: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole("heading", { name: "Sign in to the Portal" });
    this.username = page.getByLabel("Username or e-mail");
    this.password = page.getByLabel("Password", { exact: true });
    this.submit = page.getByRole("button", { name: "Sign in" });
    this.message = page.getByRole("alert");
  }

  async goto(redirectTo?: string): Promise<void> {
    await this.page.goto(redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login");
    await expect(this.heading).toBeVisible();
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}
