import { getResource } from "../../app/resources/index";
import { expect, test } from "./fixtures";
import { ResourceListPage } from "./pages/resource-list-page";

// Everyday use of the generic list (issue 16), on any entry: paging past the end, sorting by every
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
