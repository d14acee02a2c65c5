import fs from "node:fs";
import { getResource, PARAMETER_RESOURCES } from "../../domain/registry/index";
import { uniqueId } from "./api";
import { ADMIN } from "./env";
import { expect, test } from "./fixtures";
import { escapeRegExp, ResourceListPage } from "./pages/resource-list-page";

// The resource engine's list screen, end to end, on the system parameters (one
// entity end to end with JavaScript on, the same create and edit with JavaScript off, every
// parameter list opens and passes axe). Religions are the entity; bank accounts add a filter of
// their own. Success messages and confirmation texts are spec §8's, word for word.

const religion = getResource("religion");
const bankAccount = getResource("bank_account");

/** Spec §2.1's title rule: the route name's last segment in capitalised words, then " | Portal". */
const titleOf = (path: string) =>
  `${path
    .split("/")
    .pop()!
    .replace(/_/g, " ")
    .replace(/\b\w/g, (c) => c.toUpperCase())} | Portal`;

const deleteConfirmation = (name: string) =>
  `Are you sure you want to remove ${name}? All of the data associated with this will be permanently removed.`;

test.describe("religions with JavaScript", () => {
  test("create and edit: the modal in the address, a taken name refused, the audit line", async ({ adminPage }) => {
    const id = uniqueId();
    const name = `E2E Faith ${id}`;
    const renamed = `E2E Faith ${id} Renamed`;
    const list = new ResourceListPage(adminPage, religion);
    await list.goto(`?search=${id}`);
    await expect(adminPage).toHaveTitle("Religions | Portal");
    await expect(adminPage.getByText("No religions found.")).toBeVisible();

    await list.openCreate();
    await expect(list.field("Name")).toBeFocused();
    // A taken name is refused by the server under its field; what was typed stays.
    await list.fill({ Name: "Islam" });
    await list.dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(list.dialog.getByText("The name has already been taken.")).toBeVisible();
    await expect(list.field("Name")).toHaveValue("Islam");
    await expect(list.field("Name")).toHaveAttribute("aria-invalid", "true");
    await list.fill({ Name: name });
    await list.save();
    await expect(list.message("Successfully saved.")).toBeVisible();
    await expect(list.rowStatus(name)).toHaveText("Active");
    await expect(adminPage).toHaveURL(new RegExp(`[?&]search=${id}(&|$)`));

    await list.openEdit(name);
    await expect(
      list.dialog.getByText(new RegExp(`^Created by ${ADMIN.fullname} on .+, last updated by ${ADMIN.fullname} on .+`)),
    ).toBeVisible();
    await expect(list.field("Name")).toHaveValue(name);
    await list.fill({ Name: renamed });
    await list.save();
    await expect(list.message("Successfully updated.")).toBeVisible();
    await expect(list.row(renamed)).toBeVisible();
    await expect(list.row(name)).toHaveCount(0);
  });

  test("delete with Undo on the toast, then restore from the trashed filter", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const name = `E2E Trash ${id}`;
    await adminApi.create("religion", { name });
    const list = new ResourceListPage(adminPage, religion);
    await list.goto(`?search=${id}`);

    await list.rowAction(name, "Delete");
    await expect(list.confirmDialog.getByRole("heading", { name: "Delete religion" })).toBeVisible();
    await expect(list.confirmDialog.getByText(deleteConfirmation(name))).toBeVisible();
    await list.confirm("Delete");
    await expect(list.message(`Successfully deleted ${name}.`)).toBeVisible();
    await expect(list.rowStatus(name)).toHaveText("Trashed");
    await list.undo(`Successfully deleted ${name}.`).click();
    await expect(list.message(`Successfully restored ${name}.`)).toBeVisible();
    await expect(list.message(`Successfully deleted ${name}.`)).toHaveCount(0);
    await expect(list.rowStatus(name)).toHaveText("Active");

    await list.rowAction(name, "Delete");
    await list.confirm("Delete");
    await expect(list.rowStatus(name)).toHaveText("Trashed");
    await list.setStatus("Trashed");
    await expect(adminPage).toHaveURL(new RegExp(`[?&]search=${id}(&|$)`));
    await expect(list.rows).toHaveCount(1);
    await list.rowAction(name, "Restore");
    await expect(list.confirmDialog.getByText(`Are you sure you want to restore ${name}?`)).toBeVisible();
    await list.confirm("Restore");
    // The Undo above showed the same text a few seconds ago; on a slow machine that toast is still
    // up, so the newest (front) toast is the one this restore raised.
    await expect(list.message(`Successfully restored ${name}.`).first()).toBeVisible();
    await expect(adminPage.getByText("No religions found.")).toBeVisible();
    await list.setStatus("Active");
    await expect(list.rowStatus(name)).toHaveText("Active");
  });

  test("bulk delete and bulk restore of two rows, with the count in the message", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const names = [`E2E Bulk ${id} A`, `E2E Bulk ${id} B`];
    for (const name of names) await adminApi.create("religion", { name });
    const list = new ResourceListPage(adminPage, religion);
    await list.goto(`?search=${id}`);
    await expect(list.rows).toHaveCount(2);
    await expect(list.deleteSelected).toBeDisabled();

    for (const name of names) await list.rowCheckbox(name).check();
    await expect(list.bulkBar.getByText("2 religions selected")).toBeVisible();
    await list.deleteSelected.click();
    await list.confirm("Delete 2");
    await expect(list.message("Successfully deleted 2 religions.")).toBeVisible();
    for (const name of names) await expect(list.rowStatus(name)).toHaveText("Trashed");

    await list.selectAll.check();
    for (const name of names) await expect(list.rowCheckbox(name)).toBeChecked();
    await list.restoreSelected.click();
    await expect(list.message("Successfully restored 2 religions.")).toBeVisible();
    for (const name of names) await expect(list.rowStatus(name)).toHaveText("Active");
  });

  test("search, status, sort and page size live in the address and survive a reload", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const [a, b, c] = ["A", "B", "C"].map((suffix) => `E2E Sort ${id} ${suffix}`);
    for (const name of [a, b]) await adminApi.create("religion", { name });
    const trashed = await adminApi.create("religion", { name: c });
    await adminApi.call("DELETE", `/backend/api/religion/${trashed.id}`);

    const list = new ResourceListPage(adminPage, religion);
    await list.goto();
    await list.search(id);
    await expect(list.rows).toHaveCount(3);
    await list.setStatus("Active");
    await expect(list.rows).toHaveCount(2);
    const nameHeader = list.table.getByRole("columnheader", { name: /^Name/ });
    await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
    await list.sortLink("Name").click();
    await expect(adminPage).toHaveURL(/[?&]sort=name&order=desc(&|$)/);
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await list.perPage.selectOption("25");
    await expect(adminPage).toHaveURL(/[?&]per_page=25(&|$)/);
    await expect(list.rows.getByRole("cell", { name: /^E2E Sort/ })).toHaveText([b, a]);

    const address = adminPage.url();
    await adminPage.reload();
    await list.ready();
    expect(adminPage.url()).toBe(address);
    await expect(list.searchBox).toHaveValue(id);
    await expect(list.status).toHaveValue("active");
    await expect(list.perPage).toHaveValue("25");
    await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
    await expect(list.rows.getByRole("cell", { name: /^E2E Sort/ })).toHaveText([b, a]);

    // Back goes to the previous list state, as a shared link or history entry would.
    await adminPage.goBack();
    await expect(adminPage).toHaveURL(/[?&]sort=name&order=desc(&|$)/);
    await expect(adminPage).not.toHaveURL(/per_page=25/);
  });

  test("pagination, and Export CSV downloads every matching row, not only the page", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const names = Array.from({ length: 16 }, (_, i) => `E2E Export ${id} ${String(i + 1).padStart(2, "0")}`);
    for (const name of names) await adminApi.create("religion", { name });
    const list = new ResourceListPage(adminPage, religion);
    await list.goto(`?search=${id}`);
    await expect(adminPage.getByTestId("list-summary")).toHaveText("Showing 1 to 15 of 16");
    await expect(list.rows).toHaveCount(15);
    await list.pagination.getByRole("link", { name: "Next page" }).click();
    await expect(adminPage).toHaveURL(/[?&]page=2(&|$)/);
    await expect(adminPage.getByTestId("list-summary")).toHaveText("Showing 16 to 16 of 16");
    await expect(list.rows).toHaveCount(1);

    const downloading = adminPage.waitForEvent("download");
    await list.exportLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^religions-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await download.path(), "utf8");
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r\n/);
    expect(lines[0]).toBe("Name,Status");
    expect(lines.slice(1)).toEqual(names.map((name) => `${name},Active`));
  });

  test("bank accounts: the fund type filter lives in the address", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const bank = await adminApi.create("bank", { code: `E${id}`.slice(0, 20), name: `E2E Bank ${id}` });
    const accountName = `E2E Trust ${id}`;
    await adminApi.create("bank_account", {
      bank_id: bank.id,
      account_name: accountName,
      account_number: `9${Date.now()}`.slice(0, 13),
      fund_type: "Trust Fund",
    });
    const list = new ResourceListPage(adminPage, bankAccount);
    await list.goto(`?search=${id}`);
    await expect(list.row(accountName)).toBeVisible();

    await list.setFilter("Fund type", "Trust Fund");
    await expect(adminPage).toHaveURL(/[?&]filter%5Bfund_type%5D=Trust\+Fund(&|$)/);
    await expect(list.row(accountName)).toBeVisible();
    await list.setFilter("Fund type", "SK Fund");
    await expect(adminPage).toHaveURL(/[?&]filter%5Bfund_type%5D=SK\+Fund(&|$)/);
    await expect(adminPage.getByText("No bank accounts found.")).toBeVisible();

    await adminPage.reload();
    await list.ready();
    await expect(list.toolbar.getByRole("combobox", { name: "Fund type" })).toHaveValue("SK Fund");
    await expect(adminPage.getByText("No bank accounts found.")).toBeVisible();
    await adminPage.getByRole("link", { name: "Clear filters" }).click();
    await expect(adminPage).not.toHaveURL(/filter/);
  });
});

test.describe("religions without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("create, edit, delete and Undo work as plain forms", async ({ adminPage }) => {
    const id = uniqueId();
    const name = `E2E NoJS ${id}`;
    const renamed = `E2E NoJS ${id} Renamed`;
    const list = new ResourceListPage(adminPage, religion, { javaScript: false });
    await list.goto(`?search=${id}`);

    // The server renders the modal from the address, and its errors.
    await list.openCreate();
    await list.dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(list.dialog.getByText("The name field is required.")).toBeVisible();
    await list.fill({ Name: name });
    await list.save();
    await expect(list.message("Successfully saved.")).toBeVisible();
    await expect(list.rowStatus(name)).toHaveText("Active");
    await expect(adminPage).toHaveURL(new RegExp(`[?&]search=${id}(&|$)`));

    await list.openEdit(name);
    await expect(list.field("Name")).toHaveValue(name);
    await list.fill({ Name: renamed });
    await list.save();
    await expect(list.message("Successfully updated.")).toBeVisible();
    await expect(list.row(renamed)).toBeVisible();

    await list.rowAction(renamed, "Delete");
    await expect(list.confirmDialog.getByText(deleteConfirmation(renamed))).toBeVisible();
    await list.confirm("Delete");
    await expect(list.message(`Successfully deleted ${renamed}.`)).toBeVisible();
    await expect(list.rowStatus(renamed)).toHaveText("Trashed");
    await list.undo(`Successfully deleted ${renamed}.`).click();
    await expect(list.message(`Successfully restored ${renamed}.`)).toBeVisible();
    await expect(list.rowStatus(renamed)).toHaveText("Active");
  });

  test("search and filters apply with the Apply button", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const name = `E2E Filter ${id}`;
    const row = await adminApi.create("religion", { name });
    await adminApi.call("DELETE", `/backend/api/religion/${row.id}`);
    const list = new ResourceListPage(adminPage, religion, { javaScript: false });
    await list.goto();
    await list.search(id);
    await expect(list.rowStatus(name)).toHaveText("Trashed");
    await list.setStatus("Active");
    await expect(adminPage.getByText("No religions found.")).toBeVisible();
    await expect(list.searchBox).toHaveValue(id);
  });
});

test("the parameters overview opens and passes axe", async ({ adminPage, expectAccessible }) => {
  await adminPage.goto("/system/parameters");
  await expect(adminPage).toHaveTitle("Parameters | Portal");
  const nav = adminPage.getByRole("navigation", { name: "System parameters" });
  for (const def of PARAMETER_RESOURCES)
    await expect(nav.getByRole("link", { name: def.labels.title, exact: true })).toHaveAttribute("href", def.path);
  await expectAccessible(adminPage, "/system/parameters");
});

for (const def of PARAMETER_RESOURCES) {
  test(`${def.labels.title}: the list opens and passes axe`, async ({ adminPage, expectAccessible }) => {
    const list = new ResourceListPage(adminPage, def);
    const response = await adminPage.goto(def.path);
    expect(response?.status()).toBe(200);
    await list.ready();
    await expect(adminPage).toHaveTitle(titleOf(def.path));
    await expect(list.table).toBeVisible();
    for (const column of def.columns) {
      await expect(list.table.getByRole("columnheader", { name: new RegExp(`^${escapeRegExp(column.label)}`) }).first()).toBeAttached();
    }
    await expectAccessible(adminPage, def.path);
  });
}

for (const name of ["religion", "bank_account", "transaction_type", "payment_nature", "non_resident"]) {
  const def = getResource(name);
  test(`${def.labels.title}: the create modal passes axe`, async ({ adminPage, expectAccessible }) => {
    const list = new ResourceListPage(adminPage, def);
    // Opened from the address: the server renders it, and the page behind is hidden from assistive technology.
    await adminPage.goto(`${def.path}?modal=create`);
    await expect(list.dialog.getByRole("heading", { name: `Create ${def.labels.singular}` })).toBeVisible();
    await expect(list.heading).toBeHidden();
    await expectAccessible(adminPage, `${def.path}?modal=create`);
  });
}

test("Religions: the edit modal and the delete confirmation pass axe", async ({ adminPage, adminApi, expectAccessible }) => {
  const row = await adminApi.create("religion", { name: `E2E Axe ${uniqueId()}` });
  const list = new ResourceListPage(adminPage, religion);
  await adminPage.goto(`${religion.path}?modal=update&id=${row.id}`);
  await expect(list.dialog.getByRole("heading", { name: "Edit religion" })).toBeVisible();
  await expectAccessible(adminPage, "edit religion modal");
  await adminPage.goto(`${religion.path}?modal=delete&id=${row.id}`);
  await expect(list.confirmDialog.getByRole("heading", { name: "Delete religion" })).toBeVisible();
  await expectAccessible(adminPage, "delete religion confirmation");
});
