import type { Page, WebSocketRoute } from "@playwright/test";
import { uniqueId, type CreatedUser, type PortalApi } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";

// Realtime notifications: two browsers, an action in one, the other's bell shows it live; a user
// offline during the event sees it after reconnecting. Each test's recipient is a user of its own,
// and the events used (a role given) reach only that user, so parallel tests do not add to its bell.

const CHANGED = "Your access changed";

async function openConnected(page: Page, path = "/dashboard"): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByTestId("notifications-button")).toHaveAttribute("data-realtime", "connected");
}

const bell = (page: Page) => page.getByTestId("notifications-button");
const unread = (page: Page) => page.getByTestId("notifications-unread");
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Gives the user one more seeded role, over REST (the action of the offline tests). */
async function giveRole(api: PortalApi, user: CreatedUser, role: string): Promise<void> {
  await api.call("PUT", `/backend/api/user/${user.id}`, {
    username: user.username,
    user_profile: { firstname: user.firstname, lastname: user.lastname },
    roles: [await api.roleId("Viewer"), await api.roleId(role)],
  });
}

test("an administrator puts a user in a new role in one browser; the user's bell shows it live", async ({ adminPage, adminApi, signInAs }) => {
  const member = await adminApi.createUser("Viewer", { welcomed: true });
  const memberPage = await signInAs(member);
  await openConnected(memberPage);
  await expect(unread(memberPage)).toHaveCount(0);

  // The action, in the administrator's browser: a role made in the matrix with the member in it.
  const name = `Notified ${uniqueId()}`;
  await adminPage.goto("/system/roles?modal=create");
  await waitForHydration(adminPage);
  const dialog = adminPage.getByRole("dialog", { name: "Create role" });
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByTestId("permission-matrix").getByRole("checkbox", { name: "manage-parameter", exact: true }).check();
  await dialog.getByLabel(member.fullname).check();
  // The member's page, untouched since, shows a toast (watched from before the click: an info toast
  // lasts 5 s) and the bell's count.
  const toastShown = expect(toast(memberPage, CHANGED)).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await toastShown;
  await expect(adminPage.getByRole("cell", { name, exact: true })).toBeVisible();
  await expect(unread(memberPage)).toHaveText(/^1\s*unread$/);

  await bell(memberPage).click();
  const panel = memberPage.getByTestId("notifications-panel");
  await expect(panel.getByTestId("notification-item").filter({ hasText: CHANGED })).toHaveAttribute("data-read", "false");
  await panel.getByRole("button", { name: "Mark all read" }).click();
  await expect(unread(memberPage)).toHaveCount(0);
  await expect(panel.getByTestId("notification-item").first()).toHaveAttribute("data-read", "true");

  // Read stays read after a reload (stored, not only in this tab).
  await openConnected(memberPage);
  await expect(unread(memberPage)).toHaveCount(0);
});

test("toasts of notifications are hidden when printing", async ({ adminPage }) => {
  // The /test page's test notification: a pushed, stored notification whose toast lasts 50 s (spec §9).
  await openConnected(adminPage, "/test");
  await adminPage.getByTestId("send-test-notification").click();
  const shown = toast(adminPage, "Test notification");
  await expect(shown).toBeVisible();
  await adminPage.emulateMedia({ media: "print" });
  await expect(shown).toBeHidden();
  await adminPage.emulateMedia({ media: "screen" });
  await expect(shown).toBeVisible();
});

test("a user whose socket dropped during the event sees it after reconnecting", async ({ adminApi, signInAs }) => {
  const member = await adminApi.createUser("Viewer", { welcomed: true });
  const page = await signInAs(member);
  // Every /ws connection goes through here, so the test can cut it like a network would.
  let refuse = false;
  const routes: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/ws$/, (ws) => {
    if (refuse) return ws.close({ code: 1006, reason: "offline" });
    ws.connectToServer();
    routes.push(ws);
  });
  await openConnected(page);

  // Offline: the socket drops and reconnecting fails until the network is back.
  refuse = true;
  await page.context().setOffline(true);
  for (const ws of routes) await ws.close({ code: 1006, reason: "offline" });
  await expect(bell(page)).not.toHaveAttribute("data-realtime", "connected");

  await giveRole(adminApi, member, "Secretary");

  // Back online: the tab reconnects at once and asks for what came after the last id it saw.
  refuse = false;
  await page.context().setOffline(false);
  await expect(bell(page)).toHaveAttribute("data-realtime", "connected");
  await expect(toast(page, CHANGED)).toBeVisible();
  await expect(unread(page)).toHaveText(/^1\s*unread$/);
});

test("a user with no page open during the event finds it in the bell and on the notifications page, also without JavaScript", async ({
  adminApi,
  signInAs,
  browser,
  baseURL,
}) => {
  const member = await adminApi.createUser("Viewer", { welcomed: true });
  const first = await signInAs(member);
  await openConnected(first);
  const storage = await first.context().storageState();
  await first.context().close();

  await giveRole(adminApi, member, "Secretary");

  const page = await signInAs(member);
  await openConnected(page);
  await expect(unread(page)).toHaveText(/^1\s*unread$/);
  await bell(page).click();
  await page.getByTestId("notifications-panel").getByRole("link", { name: "See all notifications" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
  await expect(page.getByTestId("notification-row").filter({ hasText: CHANGED })).toHaveAttribute("data-read", "false");

  // Without JavaScript: the bell is a link to the page, and its forms work.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, storageState: storage, serviceWorkers: "block" });
  try {
    const noJs = await plain.newPage();
    await noJs.goto("/dashboard");
    await noJs.getByTestId("notifications-button").click();
    await expect(noJs).toHaveURL(/\/notifications$/);
    await expect(noJs.getByTestId("notifications-summary")).toHaveText("1 in all, 1 unread.");
    await noJs.getByRole("button", { name: "Mark all read" }).click();
    await expect(noJs.getByTestId("notifications-summary")).toHaveText("1 in all, 0 unread.");
    await noJs.getByRole("button", { name: "Dismiss" }).click();
    await expect(noJs.getByTestId("notifications-summary")).toHaveText("Nothing yet.");
  } finally {
    await plain.close();
  }
});
