import { uniqueId } from "./api";
import { ADMIN } from "./env";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";
import { LoginPage } from "./pages/login-page";
import { Shell } from "./pages/shell";

// Sign-in and sessions (spec §2.2 "Login and logout go to /login. Home
// after login is /dashboard", §4 "Login", DESIGN §6 throttling).

const CREDENTIALS_MISMATCH = "These credentials do not match our records.";

test.describe("with JavaScript", () => {
  test("signs in to the dashboard and out to /login, with page titles", async ({ page, expectAccessible }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(page).toHaveTitle("Login | Portal");
    await waitForHydration(page);
    await expectAccessible(page, "/login");

    await login.signIn(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle("Dashboard | Portal");
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`, ${ADMIN.fullname}!$`) })).toBeVisible();
    await expectAccessible(page, "/dashboard");

    const shell = new Shell(page);
    await shell.signOut();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.heading).toBeVisible();
    // The session is gone: the dashboard sends the visitor back to sign in.
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("the sign-in page is plain HTML: it loads no application JavaScript (decision 175)", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const login = new LoginPage(page);
    await login.goto();
    await page.waitForLoadState("load");
    // Only the colour-mode script of public/ (applied before the first paint) runs.
    expect(scripts).toEqual(["/color-mode.js"]);
    await expect(page.locator("link[rel=modulepreload]")).toHaveCount(0);
  });

  test("a wrong password says so and keeps the typed username", async ({ page, adminApi }) => {
    // A user of its own: failures count towards the throttle of that username.
    const user = await adminApi.createUser("Viewer");
    const login = new LoginPage(page);
    await login.goto();
    await waitForHydration(page);
    await login.signIn(user.username, "not-the-password");
    await expect(login.message).toHaveText(CREDENTIALS_MISMATCH);
    await expect(login.username).toHaveValue(user.username);
    await expect(login.username).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("throttles after five failures a minute, with the wait in the message", async ({ page }) => {
    // A username of its own: the throttle counts per username and address, and other tests sign in.
    const username = `nobody.${uniqueId()}`;
    const login = new LoginPage(page);
    await login.goto();
    await waitForHydration(page);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await login.signIn(username, `wrong-${attempt}`);
      await expect(login.message).toHaveText(CREDENTIALS_MISMATCH);
      await expect(login.submit).toBeEnabled();
    }
    const sixth = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/login"));
    await login.signIn(username, "wrong-6");
    expect((await sixth).status()).toBe(429);
    await expect(login.message).toHaveText(/^Too many login attempts\. Please try again in ([1-9]|[1-5]\d|60) seconds\.$/);
    await expect(login.username).toHaveValue(username);
  });

  test("a signed-in user going to /login lands on /dashboard", async ({ adminPage }) => {
    await adminPage.goto("/login");
    await expect(adminPage).toHaveURL(/\/dashboard$/);
    await expect(adminPage).toHaveTitle("Dashboard | Portal");
  });

  test("a signed-out visitor is sent to /login and comes back after signing in", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await waitForHydration(page);
    await login.signIn(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle("Dashboard | Portal");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("signs in to the dashboard and out to /login", async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await expect(page).toHaveTitle("Login | Portal");
    await login.signIn(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page).toHaveTitle("Dashboard | Portal");
    await expect(page.getByRole("heading", { level: 1, name: new RegExp(`, ${ADMIN.fullname}!$`) })).toBeVisible();

    // The account menu needs JavaScript; a plain sign-out form stands in for it.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("a wrong password says so and keeps the typed username", async ({ page, adminApi }) => {
    const user = await adminApi.createUser("Viewer");
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.username, "still-not-the-password");
    await expect(login.message).toHaveText(CREDENTIALS_MISMATCH);
    await expect(login.username).toHaveValue(user.username);
    await expect(login.password).toHaveValue("");
  });

  test("comes back to a deep link (with its query) after signing in", async ({ page }) => {
    const target = "/system/parameters/religions?status=active";
    await page.goto(target);
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(target);
    const login = new LoginPage(page);
    await login.signIn(ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(target);
    await expect(page.getByRole("heading", { level: 1, name: "Religions" })).toBeVisible();
  });
});
