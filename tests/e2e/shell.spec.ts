import { expect, test } from "./fixtures";
import { ADMIN } from "./env";
import { waitForHydration } from "./pages/hydration";
import { LoginPage } from "./pages/login-page";
import { Shell } from "./pages/shell";

// The staff shell and its pages (spec §2.1 to §2.3, §4, §8).

const NOT_FOUND_HEADING = "Oh no! We couldn’t find the page you were looking for.";

test("the public home page names the barangay and leads to sign-in", async ({ page, expectAccessible }) => {
  await page.goto("/");
  await expect(page).toHaveTitle("Home | Portal");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page, "/");
  await page.getByRole("link", { name: "Staff sign in" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("the dashboard greets the user and lists the areas the menu opens", async ({ adminPage, expectAccessible }) => {
  await adminPage.goto("/dashboard");
  await expect(adminPage.getByRole("heading", { level: 1, name: new RegExp(`, ${ADMIN.fullname}!$`) })).toBeVisible();
  await expect(adminPage.getByRole("main").getByRole("link", { name: /Residents Profile/ })).toBeVisible();
  // The sidebar of spec §2.3 for the administrator: every entry;
  // System also holds Retention, Access log and Breach query, and the Katarungang Pambarangay group
  // its three lists with the forms and the books (decisions 200, 203, 204), beyond spec §2.3's list.
  const shell = new Shell(adminPage);
  expect(await shell.menuTitles()).toEqual([
    "Dashboard",
    "Maps",
    "Collections",
    "Transactions",
    "Residents' Requests",
    "Residents Profile",
    "Businesses Profile",
    "Households",
    "Disaster Prone",
    "Queue",
    "Appointment",
    "Disbursements",
    "Cheque issuances",
    "Cheque books",
    "Reports",
    "KP cases",
    "KP hearings",
    "Lupon",
    "KP forms",
    "KP books",
    "Application",
    "Users",
    "Blocklist",
    "Retention",
    "Roles",
    "Permissions",
    "Access log",
    "Breach query",
    "Settings",
  ]);
  // The queue and the appointments are open (decisions 206, 207).
  await expect(shell.menuLink("Queue")).toHaveAttribute("href", "/queue");
  await expect(shell.menuLink("Appointment")).toHaveAttribute("href", "/appointments");
  await expect(shell.menuLink("Households")).toContainText("New");
  await expect(shell.menuLink("Dashboard")).toHaveAttribute("aria-current", "page");
  await expectAccessible(adminPage, "/dashboard");
});

test("Ctrl+K focuses the resident search and shows its empty state", async ({ adminPage }) => {
  await adminPage.goto("/dashboard");
  await waitForHydration(adminPage);
  const shell = new Shell(adminPage);
  await expect(shell.search).not.toBeFocused();
  await adminPage.keyboard.press("Control+k");
  await expect(shell.search).toBeFocused();
  await expect(shell.search).toHaveAttribute("placeholder", "Search resident...");
  await expect(shell.searchPanel.getByText("Type to search resident records...")).toBeVisible();
  await adminPage.keyboard.press("Escape");
  await expect(shell.search).not.toBeFocused();
});

test.describe("on a narrow screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the toggle opens the sidebar overlay, navigating closes it, widening past 1024 px closes it", async ({
    adminPage,
    expectAccessible,
  }) => {
    await adminPage.goto("/dashboard");
    await waitForHydration(adminPage);
    const shell = new Shell(adminPage);
    await expect(shell.sidebar).toBeHidden();
    await expect(shell.sidebarToggle).toHaveAttribute("aria-expanded", "false");

    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.sidebar).toHaveAttribute("data-state", "open");
    await expect(shell.sidebarToggle).toHaveAttribute("aria-expanded", "true");
    await expect(shell.closeMenu).toBeFocused();
    await expectAccessible(adminPage, "/dashboard with the sidebar open at 390 px");

    await shell.menuLink("Settings").click();
    await expect(adminPage).toHaveURL(/\/system\/settings/);
    await expect(shell.sidebar).toHaveAttribute("data-state", "closed");
    await expect(shell.sidebar).toBeHidden();

    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toHaveAttribute("data-state", "open");
    await adminPage.setViewportSize({ width: 1280, height: 800 });
    await expect(shell.sidebar).toHaveAttribute("data-state", "closed");
    // Wide: the sidebar is part of the page again, not an overlay.
    await expect(shell.sidebar).toBeVisible();
    await expect(shell.sidebarToggle).toHaveAttribute("aria-expanded", "false");
  });
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("minimising the sidebar persists across a reload, in a cookie kept for 365 days", async ({ adminPage }) => {
    await adminPage.goto("/dashboard");
    await waitForHydration(adminPage);
    const shell = new Shell(adminPage);
    await expect(shell.sidebar).toHaveAttribute("data-minimized", "false");
    const wide = (await shell.sidebar.boundingBox())!.width;

    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toHaveAttribute("data-minimized", "true");
    await expect.poll(async () => (await shell.sidebar.boundingBox())!.width).toBeLessThan(wide / 2);
    const cookies = await adminPage.context().cookies();
    const cookie = cookies.find((c) => c.name === "sidebar_minimized");
    expect(cookie?.value).toBe("true");
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(366);

    await adminPage.reload();
    // The server reads the cookie: the first paint is already minimised.
    await expect(shell.sidebar).toHaveAttribute("data-minimized", "true");
    await waitForHydration(adminPage);
    await shell.sidebarToggle.click();
    await expect(shell.sidebar).toHaveAttribute("data-minimized", "false");
    await adminPage.reload();
    await expect(shell.sidebar).toHaveAttribute("data-minimized", "false");
  });
});

test("the colour mode is kept after a reload", async ({ adminPage, expectAccessible }) => {
  await adminPage.emulateMedia({ colorScheme: "light" });
  await adminPage.goto("/dashboard");
  await waitForHydration(adminPage);
  const shell = new Shell(adminPage);
  const html = adminPage.locator("html");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await shell.setColorMode("Dark");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await adminPage.evaluate(() => localStorage.getItem("portal-color-mode"))).toBe("dark");
  await adminPage.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await waitForHydration(adminPage);
  await expect(shell.colorMode).toHaveAccessibleName("Colour mode: Dark");
  await expectAccessible(adminPage, "/dashboard in dark mode");

  await shell.setColorMode("Light");
  await expect(html).not.toHaveClass(/\bdark\b/);
  await adminPage.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  // The menu opens only once React runs: a click before hydration does nothing (seen on a loaded machine).
  await waitForHydration(adminPage);

  // System follows the operating system's preference.
  await shell.setColorMode("System");
  await adminPage.emulateMedia({ colorScheme: "dark" });
  await adminPage.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});

test("the offline header shows while the browser is offline", async ({ adminPage }) => {
  await adminPage.goto("/dashboard");
  await waitForHydration(adminPage);
  const shell = new Shell(adminPage);
  await expect(shell.offlineHeader).toBeHidden();
  await adminPage.context().setOffline(true);
  await expect(shell.offlineHeader).toBeVisible();
  await adminPage.context().setOffline(false);
  await expect(shell.offlineHeader).toBeHidden();
});

test("not found, signed in: the texts, and Go Back leads to /dashboard", async ({ adminPage, expectAccessible }) => {
  const response = await adminPage.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(adminPage.getByRole("heading", { level: 1, name: NOT_FOUND_HEADING })).toBeVisible();
  await expect(adminPage.getByText("This page could not be found.")).toBeVisible();
  await expect(adminPage).toHaveTitle("Not Found | Portal");
  await expectAccessible(adminPage, "404 signed in");
  await adminPage.getByRole("link", { name: "Go Back" }).click();
  await expect(adminPage).toHaveURL(/\/dashboard$/);
});

test("not found, signed out: Go Back leads to the home page", async ({ page, expectAccessible }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND_HEADING })).toBeVisible();
  await expectAccessible(page, "404 signed out");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle("Home | Portal");
});

test("the diagnostics page shows the server and database", async ({ adminPage, expectAccessible }) => {
  await adminPage.goto("/test");
  await expect(adminPage).toHaveTitle("Test | Portal");
  await expect(adminPage.getByRole("heading", { level: 1, name: "Diagnostics" })).toBeVisible();
  await expect(adminPage.getByTestId("diag-database-kind")).toHaveText(/pglite/i);
  await expect(adminPage.getByTestId("diag-maintenance")).toHaveText("Off");
  await expect(adminPage.getByTestId("ws-status")).toHaveAttribute("data-status", "connected");
  await expectAccessible(adminPage, "/test");
});

test("a new user sees the welcome dialog once", async ({ page, adminApi, expectAccessible }) => {
  const user = await adminApi.createUser("Encoder");
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(user.username, user.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const welcome = page.getByRole("dialog", { name: `Welcome to the Barangay Portal, ${user.firstname}!` });
  await expect(welcome).toBeVisible();
  await expectAccessible(page, "welcome dialog");
  await welcome.getByRole("button", { name: "Got it" }).click();
  await expect(welcome).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`, ${user.fullname}!$`) })).toBeVisible();
  await waitForHydration(page);
  await expect(welcome).toBeHidden();
});

test("a Viewer sees only its menu entries and gets 403 on a forbidden page", async ({ adminApi, signInAs, expectAccessible }) => {
  const viewer = await adminApi.createUser("Viewer", { welcomed: true });
  const page = await signInAs(viewer);
  await page.goto("/dashboard");
  const shell = new Shell(page);
  // Spec §2.3's gates against the seeded Viewer role (docs/decisions/002-seeded-roles.md).
  expect(await shell.menuTitles()).toEqual([
    "Dashboard",
    "Maps",
    "Transactions",
    "Residents Profile",
    "Businesses Profile",
    "Households",
    "Disaster Prone",
    "Settings",
  ]);

  for (const path of ["/system/parameters/religions", "/system/users", "/test"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "An error occurred" })).toBeVisible();
    // Spec §6: "A 403 tells the user they are not authorized", in spec §8's words (decision 160).
    await expect(page.getByRole("main").getByText("You are not authorize to perform this action")).toBeVisible();
  }
  await expectAccessible(page, "403");
  await page.getByRole("link", { name: "Go Back" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe("the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("registers /sw.js with scope /", async ({ page, baseURL }) => {
    await page.goto("/");
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/`);
  });
});

// Maintenance mode is global: it runs alone, after every other test (project "exclusive").
test("maintenance: non-administrators see the maintenance screen until it is turned off @exclusive", async ({
  adminPage,
  adminApi,
  signInAs,
  expectAccessible,
}) => {
  const viewer = await adminApi.createUser("Viewer", { welcomed: true });
  const viewerPage = await signInAs(viewer);
  await viewerPage.goto("/dashboard");
  await expect(viewerPage.getByRole("heading", { level: 1, name: new RegExp(`, ${viewer.fullname}!$`) })).toBeVisible();

  try {
    await adminPage.goto("/test");
    await waitForHydration(adminPage);
    await adminPage.getByRole("button", { name: "Turn maintenance on" }).click();
    await expect(adminPage.getByTestId("diag-maintenance")).toHaveText("On");
    const adminShell = new Shell(adminPage);
    // The status call reports it to everyone; administrators keep working, with a notice.
    expect((await adminPage.request.get("/backend/api/status")).status()).toBe(503);
    await expect(adminShell.maintenanceNotice).toBeVisible();

    // Everyone else: the maintenance screen in place of the page (a 503), REST refused.
    const response = await viewerPage.reload();
    expect(response?.status()).toBe(503);
    const viewerShell = new Shell(viewerPage);
    await expect(viewerShell.maintenanceScreen).toBeVisible();
    await expect(viewerPage).toHaveTitle("Maintenance | Portal");
    await expectAccessible(viewerPage, "maintenance screen");
    expect((await viewerPage.request.get("/backend/api/religion")).status()).toBe(503);

    await adminPage.getByRole("button", { name: "Turn maintenance off" }).click();
    await expect(adminPage.getByTestId("diag-maintenance")).toHaveText("Off");
    await expect(adminShell.maintenanceNotice).toBeHidden();
    expect((await adminPage.request.get("/backend/api/status")).status()).toBe(200);

    await viewerPage.getByRole("link", { name: "Check again" }).click();
    await expect(viewerPage.getByRole("heading", { level: 1, name: new RegExp(`, ${viewer.fullname}!$`) })).toBeVisible();
  } finally {
    await adminApi.setMaintenance(false);
  }
});
