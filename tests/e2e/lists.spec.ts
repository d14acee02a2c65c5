import { getResource } from "../../domain/registry/index";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";
import { postFormAsBrowser } from "./pages/post-form";
import { ResourceListPage } from "./pages/resource-list-page";

// Everyday use of the generic list, on any entry: paging past the end, sorting by every
// column the header offers, opening a record from its row, and the bulk actions.

const religion = getResource("religion");
const household = getResource("household");

test.describe("paging and sorting (issue 16 item 4)", () => {
  test("a page past the end shows the last page, never 'Showing null to null'", async ({ adminPage }) => {
    const list = new ResourceListPage(adminPage, household);
    await list.goto("?page=999&per_page=15");
    const summary = adminPage.getByTestId("list-summary");
    await expect(summary).toHaveText(/^Showing \d+ to \d+ of \d+$/);
    const [, from, to, total] = (await summary.textContent())!.match(/Showing (\d+) to (\d+) of (\d+)/)!.map(Number);
    expect(to).toBe(total);
    expect(from).toBeLessThanOrEqual(to);
    await expect(list.rows.first()).toBeVisible();
    // The first row of the last page of 15.
    expect(from).toBe((Math.ceil(total / 15) - 1) * 15 + 1);
  });

  test("every column the header offers sorts, members count included", async ({ adminPage }) => {
    // One page load per sortable column and four more: a ceiling for a loaded machine, not a speed check.
    test.slow();
    const list = new ResourceListPage(adminPage, household);
    await list.goto();
    const offered = household.columns.filter((c) => c.sortable).map((c) => c.label);
    expect(offered).toContain("Members");
    for (const label of offered) {
      await list.sortLink(label).click();
      await expect(list.table.getByRole("columnheader", { name: new RegExp(`^${label}`) })).toHaveAttribute("aria-sort", "ascending");
      await list.ready();
    }
    // Members ascending, then descending: the column's numbers come in that order.
    const members = async () => {
      const headers = await list.table.locator("thead th").allTextContents();
      const column = headers.findIndex((h) => h.trim().startsWith("Members"));
      const cells = await list.rows.locator(`td:nth-child(${column + 1})`).allTextContents();
      return cells.map((c) => Number(c.trim()));
    };
    await list.goto("?sort=members_count&order=asc&per_page=100");
    const asc = await members();
    expect(asc.length).toBeGreaterThan(1);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await list.goto("?sort=members_count&order=desc&per_page=100");
    const desc = await members();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(asc[0]);
  });

  test("religions: a page past the end of a filtered list shows its only page", async ({ adminPage }) => {
    const list = new ResourceListPage(adminPage, religion);
    await list.goto("?page=999&per_page=15");
    await expect(adminPage.getByTestId("list-summary")).toHaveText(/^Showing 1 to \d+ of \d+$/);
  });
});

const resident = getResource("resident");
const disasterArea = getResource("disaster_prone_area");

test.describe("open a record from its row (issue 16 item 2)", () => {
  test("the main column links to the record's page; the row menu shows the entry's links", async ({ adminPage }) => {
    const residents = new ResourceListPage(adminPage, resident);
    await residents.goto();
    const first = residents.rows.first();
    const id = await first.getAttribute("data-row-id");
    const main = first.getByTestId("row-main-link");
    await expect(main).toHaveAttribute("href", `/manage/residents/${id}/profile`);
    // The row menu: the links first (View profile, Make transaction), then Edit and Delete.
    await first.getByTestId("row-actions").click();
    const items = adminPage.getByRole("menuitem");
    await expect(items.first()).toHaveText("View profile");
    await expect(adminPage.getByRole("menuitem", { name: "Make transaction" })).toHaveAttribute(
      "href",
      `/manage/transactions?modal=create&user_id=${id}`,
    );
    await expect(adminPage.getByRole("menuitem", { name: "Edit" })).toBeVisible();
    await adminPage.keyboard.press("Escape");
    await main.click();
    await expect(adminPage).toHaveURL(new RegExp(`/manage/residents/${id}/profile$`));

    // A print view opens in a new tab, from the main column and from the menu.
    const households = new ResourceListPage(adminPage, household);
    await households.goto();
    const row = households.rows.first();
    const householdId = await row.getAttribute("data-row-id");
    await expect(row.getByTestId("row-main-link")).toHaveAttribute("href", `/manage/households/${householdId}/print`);
    await expect(row.getByTestId("row-main-link")).toHaveAttribute("target", "_blank");
    await row.getByTestId("row-actions").click();
    await expect(adminPage.getByRole("menuitem", { name: "Print" })).toHaveAttribute("target", "_blank");
    await adminPage.keyboard.press("Escape");

    // An entry without a page of its own: its links in the menu, no main link.
    const areas = new ResourceListPage(adminPage, disasterArea);
    await areas.goto();
    await expect(areas.rows.first().getByTestId("row-main-link")).toHaveCount(0);
    await areas.rows.first().getByTestId("row-actions").click();
    await expect(adminPage.getByRole("menuitem", { name: "View households" })).toHaveAttribute(
      "href",
      /^\/manage\/households\?purok_id=\d+$/,
    );
  });

  test("a Viewer gets the links they may use, and no Edit", async ({ adminApi, signInAs }) => {
    const viewer = await adminApi.createUser("Viewer", { welcomed: true });
    const page = await signInAs(viewer);
    const residents = new ResourceListPage(page, resident);
    await residents.goto();
    const first = residents.rows.first();
    await expect(first.getByTestId("row-main-link")).toBeVisible();
    await first.getByTestId("row-actions").click();
    await expect(page.getByRole("menuitem", { name: "View profile" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Make transaction" })).toHaveCount(0);
    await expect(page.getByRole("menuitem", { name: "Edit" })).toHaveCount(0);
  });
});

test.describe("open a record from its row without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the row's button opens the list with its links in a disclosure, and only that row's (issue 17)", async ({ adminPage }) => {
    const residents = new ResourceListPage(adminPage, resident, { javaScript: false });
    await residents.goto();
    const first = residents.rows.first();
    const id = await first.getAttribute("data-row-id");
    // Until a row's menu is asked for, the page holds no row's links (the server renders none).
    await expect(adminPage.getByRole("link", { name: "View profile" })).toHaveCount(0);
    await first.getByTestId("row-actions").click();
    await expect(adminPage).toHaveURL(new RegExp(`[?&]menu=${id}(&|$)`));
    await expect(first.getByRole("link", { name: "View profile" })).toHaveAttribute("href", `/manage/residents/${id}/profile`);
    await expect(adminPage.getByRole("link", { name: "View profile" })).toHaveCount(1);
  });
});

const role = getResource("role");

test.describe("bulk actions (issue 16 item 5)", () => {
  test("bulk delete confirms with the count; Restore selected needs a trashed row", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const names = [`E2E Lists ${id} A`, `E2E Lists ${id} B`, `E2E Lists ${id} C`];
    for (const name of names) await adminApi.create("religion", { name });
    const list = new ResourceListPage(adminPage, religion);
    await list.goto(`?search=${id}`);
    await expect(list.rows).toHaveCount(3);
    await expect(list.restoreSelected).toBeDisabled();

    for (const name of names.slice(0, 2)) await list.rowCheckbox(name).check();
    // Active rows only: nothing to restore.
    await expect(list.restoreSelected).toBeDisabled();
    await list.deleteSelected.click();
    await expect(list.confirmDialog).toBeVisible();
    await expect(list.confirmDialog).toContainText(
      "Are you sure you want to remove 2 religions? All of the data associated with this will be permanently removed.",
    );
    // Cancel deletes nothing.
    await list.confirmDialog.getByRole("button", { name: "Cancel" }).click();
    await expect(list.confirmDialog).toBeHidden();
    for (const name of names) await expect(list.rowStatus(name)).toHaveText("Active");

    await list.deleteSelected.click();
    await list.confirm("Delete 2");
    await expect(list.message("Successfully deleted 2 religions.")).toBeVisible();
    for (const name of names.slice(0, 2)) await expect(list.rowStatus(name)).toHaveText("Trashed");

    // An active row selected: still nothing to restore; a trashed one added: Restore selected.
    await list.rowCheckbox(names[2]).check();
    await expect(list.restoreSelected).toBeDisabled();
    await list.rowCheckbox(names[0]).check();
    await expect(list.restoreSelected).toBeEnabled();
    await list.restoreSelected.click();
    await expect(list.message("Successfully restored 1 religion.")).toBeVisible();
    await expect(list.rowStatus(names[0])).toHaveText("Active");
  });

  test("an entry deleted for good has no status filter and no restore", async ({ adminPage }) => {
    const list = new ResourceListPage(adminPage, role);
    await list.goto();
    await expect(list.toolbar).toBeVisible();
    await expect(list.status).toHaveCount(0);
    await expect(list.bulkBar).toBeVisible();
    await expect(list.deleteSelected).toBeVisible();
    await expect(list.restoreSelected).toHaveCount(0);
  });
});

test.describe("edit from a record page returns to it (issue 16 item 3)", () => {
  test("cancel, Escape and save on the user page's Edit all come back to the user page", async ({ adminApi, adminPage }) => {
    const clerk = await adminApi.createUser("Viewer");
    const here = new RegExp(`/system/users/${clerk.id}$`);
    await adminPage.goto(`/system/users/${clerk.id}`);
    await waitForHydration(adminPage);
    const edit = adminPage.getByRole("link", { name: "Edit", exact: true });
    const dialog = adminPage.getByRole("dialog");

    await edit.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(adminPage).toHaveURL(here);
    await expect(dialog).toBeHidden();

    await edit.click();
    await expect(dialog).toBeVisible();
    await adminPage.keyboard.press("Escape");
    await expect(adminPage).toHaveURL(here);
    await expect(dialog).toBeHidden();

    await edit.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^Save/ }).click();
    await expect(adminPage).toHaveURL(here);
    await expect(adminPage.getByText("Successfully updated.").first()).toBeVisible();
  });

  test("a back address to another site is ignored: the modal closes to its list", async ({ adminApi, adminPage }) => {
    const clerk = await adminApi.createUser("Viewer");
    await adminPage.goto(`/system/users?modal=update&id=${clerk.id}&back=${encodeURIComponent("//evil.example/x")}`);
    await expect(adminPage.getByRole("dialog").getByRole("link", { name: "Cancel" })).toHaveAttribute("href", /^\/system\/users(\?|$)/);
  });

  test("the resident page's Edit comes back to the tab it was opened from", async ({ adminPage }) => {
    const residents = new ResourceListPage(adminPage, resident);
    await residents.goto();
    const id = await residents.rows.first().getAttribute("data-row-id");
    await adminPage.goto(`/manage/residents/${id}/location`);
    await waitForHydration(adminPage);
    await adminPage.getByRole("link", { name: "Edit", exact: true }).click();
    const dialog = adminPage.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await adminPage.keyboard.press("Escape");
    await expect(adminPage).toHaveURL(new RegExp(`/manage/residents/${id}/location$`));
    await expect(dialog).toBeHidden();
    await adminPage.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: /^Save/ }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/manage/residents/${id}/location$`));
    await expect(adminPage.getByText("Successfully updated.").first()).toBeVisible();
  });
});

test.describe("the resident reset modal (spec §2.4, issue 16 item 2)", () => {
  test("the row menu opens it; a resident without an account is told so", async ({ adminPage }) => {
    const residents = new ResourceListPage(adminPage, resident);
    await residents.goto();
    const first = residents.rows.first();
    const id = await first.getAttribute("data-row-id");
    await first.getByTestId("row-actions").click();
    const reset = adminPage.getByRole("menuitem", { name: "Reset password" });
    await expect(reset).toHaveAttribute("href", new RegExp(`modal=reset&id=${id}`));
    await reset.click();
    const dialog = adminPage.getByTestId("reset-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/Username: |This resident has no sign-in account yet\./);
  });
});

test.describe("bulk delete without JavaScript (issue 16 item 5)", () => {
  test.use({ javaScriptEnabled: false });

  test("Delete selected opens a confirm step with the count; Cancel deletes nothing", async ({ adminPage, adminApi }) => {
    const id = uniqueId();
    const names = [`E2E NoJS ${id} A`, `E2E NoJS ${id} B`];
    for (const name of names) await adminApi.create("religion", { name });
    const list = new ResourceListPage(adminPage, religion, { javaScript: false });
    await list.goto(`?search=${id}`);
    for (const name of names) await list.rowCheckbox(name).check();
    await list.deleteSelected.click();
    await expect(adminPage).toHaveURL(/[?&]modal=delete-many&ids=\d+,\d+$/);
    await expect(list.confirmDialog).toContainText(
      "Are you sure you want to remove 2 religions? All of the data associated with this will be permanently removed.",
    );
    await list.confirmDialog.getByRole("link", { name: "Cancel" }).click();
    await expect(adminPage).toHaveURL(new RegExp(`\\?search=${id}`));
    await expect(adminPage).not.toHaveURL(/modal=|ids=/);
    for (const name of names) await expect(list.rowStatus(name)).toHaveText("Active");

    for (const name of names) await list.rowCheckbox(name).check();
    await list.deleteSelected.click();
    await list.confirmDialog.getByRole("button", { name: "Delete 2", exact: true }).click();
    await expect(list.message("Successfully deleted 2 religions.")).toBeVisible();
    for (const name of names) await expect(list.rowStatus(name)).toHaveText("Trashed");
  });
});

test.describe("bulk delete blocked by rows (issue 16 item 5)", () => {
  test("the message names every row that blocks and why", async ({ adminPage }) => {
    // Residents who head households cannot be deleted: select two heads from the households list.
    await adminPage.goto("/manage/households?per_page=15");
    const heads = (await adminPage.getByTestId("row-main-link").evaluateAll((links) => links.map((a) => a.getAttribute("title")!))).slice(
      0,
      2,
    );
    expect(heads).toHaveLength(2);
    const residents = new ResourceListPage(adminPage, resident);
    const picked: string[] = [];
    for (const head of heads) {
      await residents.goto(`?search=${encodeURIComponent(head)}`);
      picked.push((await residents.rows.first().getAttribute("data-row-id"))!);
    }
    // The two heads' rows may not be on one page: post the bulk form's fields as the bar would.
    await postFormAsBrowser(adminPage, "/manage/residents", { intent: "delete-many", confirmed: "1", ids: picked.join(",") });
    const message = adminPage.locator("[data-sonner-toast], [data-testid=flash-message]").first();
    await expect(message).toContainText("Nothing was deleted: 2 of the 2 residents selected cannot be.");
    for (const head of heads) await expect(message).toContainText(`${head} heads a household`);
  });
});

test.describe("words (issue 16 item 8)", () => {
  test("a required field's error names it by its label", async ({ adminPage }) => {
    // Opened straight into the dialog: the list's heading is hidden behind a modal that opens as the
    // page hydrates, so wait for the page, not for the list (ResourceListPage.goto waits for it).
    await adminPage.goto(`${resident.path}?modal=create`);
    await waitForHydration(adminPage);
    const dialog = adminPage.getByRole("dialog");
    await dialog.getByRole("button", { name: /^Save/ }).click();
    await expect(dialog.getByText("The last name field is required.")).toBeVisible();
    await expect(dialog.getByText("The lastname field is required.")).toHaveCount(0);
  });

  test("the greeting uses the user's own name", async ({ adminPage }) => {
    await adminPage.goto("/dashboard");
    await expect(adminPage.getByRole("heading", { level: 1 })).toHaveText(/^Good (morning|afternoon|evening), Barangay Administrator!$/);
  });

  test("a toast does not cover the page's action buttons", async ({ adminPage, adminApi }) => {
    const name = `E2E Toast ${uniqueId()}`;
    const created = await adminApi.create("religion", { name });
    const list = new ResourceListPage(adminPage, religion);
    await adminPage.goto(`${religion.path}?search=${encodeURIComponent(name)}&modal=update&id=${created.id}`);
    await waitForHydration(adminPage);
    await adminPage.getByRole("dialog").getByRole("button", { name: /^Save/ }).click();
    const toast = list.message("Successfully updated.");
    await expect(toast).toBeVisible();
    const box = (await toast.boundingBox())!;
    for (const button of [list.createButton, list.exportLink]) {
      const b = (await button.boundingBox())!;
      const overlaps = box.x < b.x + b.width && b.x < box.x + box.width && box.y < b.y + b.height && b.y < box.y + box.height;
      expect(overlaps, `the toast leaves ${await button.textContent()} free`).toBe(false);
    }
  });

  test("map clusters name their purok", async ({ adminPage }) => {
    await adminPage.goto("/maps");
    const labels = adminPage.getByTestId("cluster-label");
    await expect(labels.first()).toBeVisible();
    const names = await labels.allTextContents();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) expect(name).toMatch(/\S/);
    expect(names.some((n) => /Purok/i.test(n))).toBe(true);
  });
});
