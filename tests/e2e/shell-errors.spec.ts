import type { Page } from "@playwright/test";
import { FORBIDDEN_MESSAGE } from "../../app/lib/api-client";
import { MENU_ENTRIES } from "../../app/components/shell/menu";
import { NOT_FOUND_DETAIL, NOT_FOUND_HEADING } from "../../app/components/shell/error-page";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";
import { LoginPage } from "./pages/login-page";
import { postFormAsBrowser } from "./pages/post-form";
import { Shell } from "./pages/shell";

// No dead ends: no menu entry or dashboard tile leads to a 404, an area not built
// yet reads "Soon"; a signed-in user meets 403 and 404 inside the shell (sidebar, top bar) with the
// texts of spec §2.2 and §8, and the 403 of an action reads the same as the 403 of a page.

async function expectErrorInShell(page: Page, status: number, detail: string) {
  const shell = new Shell(page);
  const error = page.getByTestId("error-page");
  await expect(error).toHaveAttribute("data-status", String(status));
  await expect(page.getByTestId("error-detail")).toHaveText(detail);
  // The shell is there: the main menu and the top bar's search.
  await expect(shell.sidebar).toBeAttached();
  await expect(shell.search).toBeVisible();
  await expect(error.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/dashboard");
}

test.describe("no dead ends", () => {
  test("every menu entry and dashboard tile opens a page; areas not built read Soon", async ({ adminPage }) => {
    await adminPage.goto("/dashboard");
    const shell = new Shell(adminPage);
    const targets = new Set<string>();
    for (const entry of MENU_ENTRIES) {
      const item = adminPage.locator(`aside#app-sidebar [data-menu-entry="${entry.path}"]`);
      if (entry.disabled) {
        // Not a link anywhere: the sidebar marks it, the dashboard has no tile for it.
        await expect(item).toHaveAttribute("aria-disabled", "true");
        await expect(item).toContainText("Soon");
        await expect(adminPage.locator(`main a[href="${entry.path}"]`)).toHaveCount(0);
      } else {
        targets.add(entry.path);
      }
    }
    await expect(shell.mainMenu).toBeAttached();
    const onDashboard = await adminPage.locator("main a[href^='/']").evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    expect(onDashboard.length).toBeGreaterThan(5);
    for (const href of onDashboard) targets.add(href);
    for (const href of targets) {
      const response = await adminPage.request.get(href);
      expect(response.status(), `${href} answers`).toBeLessThan(400);
    }
  });

  test("an unknown address: 404 inside the shell for a signed-in user", async ({ adminPage }) => {
    const response = await adminPage.goto("/manage/no-such-area");
    expect(response?.status()).toBe(404);
    await expectErrorInShell(adminPage, 404, NOT_FOUND_DETAIL);
    await expect(adminPage.getByRole("heading", { level: 1, name: NOT_FOUND_HEADING })).toBeVisible();
    // A record that is not there is a 404 in the shell too.
    const record = await adminPage.goto("/manage/residents/987654321/profile");
    expect(record?.status()).toBe(404);
    await expectErrorInShell(adminPage, 404, NOT_FOUND_DETAIL);
    // And the shell works: the menu leads on.
    await new Shell(adminPage).menuLink("Dashboard").click();
    await expect(adminPage).toHaveURL(/\/dashboard$/);
  });

  test("an unknown address for a visitor: the bare page, Go Back to /", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: NOT_FOUND_HEADING })).toBeVisible();
    await expect(page.locator("aside#app-sidebar")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
  });

  test("403 of a page and of an action: inside the shell, spec §8's text", async ({ adminApi, adminPage, signInAs }) => {
    const viewer = await adminApi.createUser("Viewer", { welcomed: true });
    const page = await signInAs(viewer);
    const users = await page.goto("/system/users");
    expect(users?.status()).toBe(403);
    await expectErrorInShell(page, 403, FORBIDDEN_MESSAGE);

    // An action the Viewer may not run (a delete posted to the residents' list), as a browser
    // without JavaScript would post it: the same page, the same words.
    await adminPage.goto("/manage/residents");
    const id = await adminPage.locator("tbody tr[data-row-id]").first().getAttribute("data-row-id");
    await page.goto("/manage/residents");
    const answer = await postFormAsBrowser(page, "/manage/residents", { intent: "delete", id: id! });
    expect(answer.status()).toBe(403);
    await expectErrorInShell(page, 403, FORBIDDEN_MESSAGE);
    // Nothing was deleted.
    await adminPage.reload();
    await expect(adminPage.locator(`tbody tr[data-row-id="${id}"] [data-status]`)).toHaveAttribute("data-status", "Active");
  });
});

test.describe("sign-in redirect (issue 16 item 7)", () => {
  test("sign out, Back, sign in: the user lands on the page, never on a .data address", async ({ adminApi, signInAs }) => {
    const clerk = await adminApi.createUser("Viewer", { welcomed: true });
    const page = await signInAs(clerk);
    await page.goto("/dashboard");
    await waitForHydration(page);
    // A client-side navigation, so that Back asks the server for the page's data (/x.data).
    await new Shell(page).menuLink("Residents Profile").click();
    await expect(page).toHaveURL(/\/manage\/residents$/);
    await waitForHydration(page);
    await new Shell(page).signOut();
    await expect(page).toHaveURL(/\/login/);
    await page.goBack();
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo") ?? "")).not.toContain(".data");
    await new LoginPage(page).signIn(clerk.username, clerk.password);
    await expect(page).toHaveURL(/\/manage\/residents$/);
    await expect(page.getByTestId("error-page")).toHaveCount(0);
  });
});
