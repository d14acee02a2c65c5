import { PortalApi, uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";
import { LoginPage } from "./pages/login-page";
import { Shell } from "./pages/shell";

// Access administration: users with generated credentials, the blocklist
// ending a live session, a role built in the matrix changing its member's menu, changing your own
// password, and axe on every access page.

test("creates a user with generated credentials; blocked, their other browser falls back to /login", async ({ adminPage: page, browser, baseURL }) => {
  const last = `Alonso ${uniqueId()}`;
  await page.goto("/system/users?modal=create");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Create user" });
  await dialog.getByLabel("First name").fill("Teodora");
  await dialog.getByLabel("Last name").fill(last);
  await dialog.getByTestId("generate-username").click();
  await expect(dialog.getByLabel("Username")).toHaveValue(/^teodora\.alonso/);
  await dialog.getByTestId("generate-password").click();
  const password = dialog.locator("input[name=password]");
  await expect(password).not.toHaveValue("");
  await expect(password).toHaveAttribute("type", "text"); // shown once, to copy
  await expect(dialog.getByRole("button", { name: "Copy password" })).toBeVisible();
  const username = await dialog.getByLabel("Username").inputValue();
  const secret = await password.inputValue();
  await dialog.getByLabel("Viewer").check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/system\/users(\?(?!.*modal).*)?$/);
  await expect(page.getByRole("cell", { name: username, exact: true })).toBeVisible();

  // A second browser signs in with the generated credentials.
  const other = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const theirs = await other.newPage();
  const login = new LoginPage(theirs);
  await login.goto();
  await login.signIn(username, secret);
  await expect(theirs).toHaveURL(/\/dashboard$/);

  // Block them: their session ends at once.
  await page.goto(`/system/blocklist?modal=add&user_search=${encodeURIComponent(username)}`);
  const add = page.getByTestId("blocklist-add");
  await add.getByLabel("Reason").fill("Testing the blocklist");
  await add.getByRole("button", { name: "Block" }).click();
  await expect(page.getByText(`Successfully blocked ${username}.`).first()).toBeVisible();

  // Their open page may already be on its way to /login on its own (the bell reconnects after the
  // server closed its socket and meets the ended session), which interrupts a goto started at the
  // same moment; so the visit is retried until it settles. Either way /dashboard sends them to sign in.
  await expect(async () => {
    await theirs.goto("/dashboard");
    await expect(theirs).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await login.signIn(username, secret);
  await expect(login.message).toContainText("Your account has been blocked.");
  await other.close();
});

test("a role built in the matrix changes its member's menu", async ({ adminPage: page, adminApi, signInAs }) => {
  const member = await adminApi.createUser("Viewer", { welcomed: true });
  const memberPage = await signInAs(member);
  await memberPage.goto("/dashboard");
  const shell = new Shell(memberPage);
  await expect(shell.menuLink("Application")).toHaveCount(0);

  const name = `Kagawad ${uniqueId()}`;
  await page.goto("/system/roles?modal=create");
  await waitForHydration(page);
  const dialog = page.getByRole("dialog", { name: "Create role" });
  await dialog.getByLabel("Name").fill(name);
  const matrix = dialog.getByTestId("permission-matrix");
  // A whole row: every action on banks.
  await matrix.getByRole("button", { name: "Select every action on Bank", exact: true }).click();
  await expect(matrix.getByRole("checkbox", { name: "restore-bank", exact: true })).toBeChecked();
  await matrix.getByRole("checkbox", { name: "manage-parameter", exact: true }).check();
  await dialog.getByLabel(member.fullname).check();
  await dialog.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();

  await memberPage.reload();
  await expect(shell.menuLink("Application")).toBeVisible();
  await memberPage.goto("/system/parameters/banks");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Banks" })).toBeVisible();
});

test("changes your own password; the other browser signed in as you is signed out", async ({ adminApi, signInAs }) => {
  const me = await adminApi.createUser("Viewer", { welcomed: true });
  const page = await signInAs(me);
  const elsewhere = await PortalApi.signIn(me.username, me.password);
  await page.goto("/system/settings/security");
  await waitForHydration(page);
  const form = page.getByTestId("password-form");
  await form.getByLabel("Current password").fill(me.password);
  await form.getByLabel(/^New password/).fill("Bagong-Pass-2026!");
  await form.getByLabel(/^Confirm new password/).fill("Bagong-Pass-2026!");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(/^Successfully updated password\./).first()).toBeVisible();
  expect((await elsewhere.send("GET", "/backend/api/userme")).status()).toBe(401);
  await elsewhere.dispose();
  const again = await PortalApi.signIn(me.username, "Bagong-Pass-2026!");
  await again.dispose();
});

test.describe("axe on every access page", () => {
  const ids = { user: 0, blocked: 0, role: 0 };
  test.beforeAll(async ({ adminApi }) => {
    ids.user = (await adminApi.createUser("Encoder")).id;
    ids.blocked = (await adminApi.createUser("Viewer")).id;
    await adminApi.call("POST", "/backend/api/blocklist", { user_id: ids.blocked, reason: "Left the office" });
    ids.role = await adminApi.roleId("Secretary");
  });
  const paths: ((i: typeof ids) => string)[] = [
    () => "/system/users",
    () => "/system/users?modal=create",
    (i) => `/system/users?modal=update&id=${i.user}`,
    (i) => `/system/users?modal=reset&id=${i.user}`,
    (i) => `/system/users/${i.user}`,
    () => "/system/roles",
    (i) => `/system/roles?modal=update&id=${i.role}`,
    (i) => `/system/roles?modal=delete&id=${i.role}`,
    () => "/system/permissions",
    () => "/system/permissions?modal=create",
    () => "/system/blocklist",
    () => "/system/blocklist?modal=add",
    (i) => `/system/blocklist?modal=delete&id=${i.blocked}`,
    (i) => `/system/blocklist/${i.blocked}`,
    () => "/system/settings/account",
    () => "/system/settings/notifications",
    () => "/system/settings/security",
  ];
  for (const [n, path] of paths.entries()) {
    const label = path({ user: 0, blocked: 0, role: 0 }).replace(/=0\b/, "={id}").replace(/\/0$/, "/{id}");
    test(`${n + 1}. ${label}`, async ({ adminPage: page, expectAccessible }) => {
      await page.goto(path(ids));
      await expectAccessible(page, label);
    });
  }
});
