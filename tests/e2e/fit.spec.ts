import fs from "node:fs";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { Page } from "@playwright/test";
import routes from "../../app/routes";
import { MENU_ENTRIES } from "../../app/components/shell/menu";
import { blocklist } from "../../domain/registry/access";
import { RESOURCES } from "../../domain/registry/index";
import type { ResourceDef, RowLink } from "../../domain/registry/types";
import { REPORTS } from "../../domain/reports/registry";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";

// Tables that fit: every list and detail page at 390 and 1440 px,
// with no horizontal overflow of the page and, at 1440 px, no table wider than its card; every row
// of a list whose entry has a page of its own links to it from its main column.
//
// Nothing here is a hand list: the lists are the registry's entries (and the blocklist's), the
// menu's areas and the report registry; the detail pages are the registry's row links to a page of
// their own and, under each, every route of app/routes.ts below the same address.

const WIDTHS = [390, 1440] as const;
const SHOTS = process.env.FIT_SCREENSHOTS; // a folder: every page's screenshot, to look at

const LISTS: readonly ResourceDef[] = [...RESOURCES, blocklist];

/** Every route of the table with its full pattern and whether it draws inside the staff shell. */
function flatten(entries: readonly RouteConfigEntry[], prefix = "", layout = ""): { pattern: string; layout: string }[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${prefix}/${entry.path}`.replace(/\/+/g, "/") : prefix;
    const isLayout = !entry.path && !entry.index && !!entry.children;
    // A module without a component (.ts: an export, a photo, a download) is no page.
    const own = isLayout || !entry.file.endsWith(".tsx") ? [] : [{ pattern, layout }];
    return [...own, ...flatten(entry.children ?? [], pattern, isLayout ? entry.file : layout)];
  });
}
const ROUTES = flatten(routes as RouteConfigEntry[]);
const PAGE_LAYOUTS = new Set(["routes/layouts/default.tsx", "routes/layouts/print.tsx"]);

/** A row link to a page of its own (not a modal of the list, not a filtered list). */
const ownPage = (link: RowLink) => !link.href.includes("?");

/**
 * The detail pages a row opens: the row link's page and every page route below the same record
 * address (/manage/residents/{id} → profile, location, transactions).
 */
function detailPagesOf(link: RowLink, row: Record<string, string>): string[] {
  const base = link.href.slice(0, link.href.indexOf("}") + 1); // "/manage/residents/{id}"
  const key = /\{([a-z_]+)\}$/.exec(base)?.[1];
  if (!key || !row[key]) return [];
  const baseRe = new RegExp(`^${base.replace(/\{[a-z_]+\}$/, ":[a-z_]+\\??").replace(/\//g, "\\/")}(\\/[^:]*)?$`, "i");
  const found = ROUTES.filter((r) => PAGE_LAYOUTS.has(r.layout) && baseRe.test(r.pattern)).map((r) =>
    r.pattern.replace(/:[a-z_]+\??/, encodeURIComponent(row[key])),
  );
  return [...new Set([link.href.replace(`{${key}}`, encodeURIComponent(row[key])), ...found])].filter(
    (path) => !/\/(export|photos)\b/.test(path),
  );
}

interface Fit {
  scrollWidth: number;
  innerWidth: number;
  tables: { list: boolean; scrollWidth: number; clientWidth: number; cardRight: number; actionsRight: number | null }[];
}

async function measure(page: Page): Promise<Fit> {
  return page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
    tables: [...document.querySelectorAll<HTMLElement>("[data-slot=table-container]")]
      .filter((c) => c.getClientRects().length > 0)
      .map((c) => {
        const card = (c.closest("section, [data-slot=card]") as HTMLElement | null) ?? c;
        // The first row's actions button, where the table has one: it must be on screen.
        const actions = c.querySelector<HTMLElement>("tbody tr [data-testid=row-actions]");
        return {
          // A list's table: its card holds the search-and-filter bar (the generic list, the blocklist).
          list: !!c.closest("section")?.querySelector("[role=search]"),
          scrollWidth: c.scrollWidth,
          clientWidth: c.clientWidth,
          cardRight: card.getBoundingClientRect().right,
          actionsRight: actions ? actions.getBoundingClientRect().right : null,
        };
      }),
  }));
}

/** Opens the page and checks it fits the width; at 1440 px no list's table is wider than its card. */
async function expectFits(page: Page, path: string, width: number, shotName: string) {
  const response = await page.goto(path);
  expect(response?.status(), `${path} answers`).toBeLessThan(400);
  await waitForHydration(page);
  const fit = await measure(page);
  if (SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: `${SHOTS}/${width}-${shotName}.png`, fullPage: true });
  }
  expect(fit.scrollWidth, `${path} at ${width} px: the page is no wider than the screen`).toBeLessThanOrEqual(fit.innerWidth);
  for (const table of fit.tables) {
    expect(table.cardRight, `${path} at ${width} px: the table's card ends on screen`).toBeLessThanOrEqual(fit.innerWidth + 0.5);
    if (table.actionsRight != null)
      expect(table.actionsRight, `${path} at ${width} px: the row menu is on screen`).toBeLessThanOrEqual(fit.innerWidth + 0.5);
    // A list's table fits its card on a desktop; a report's register may scroll inside its card.
    if (width >= 1440 && table.list)
      expect(table.scrollWidth, `${path} at ${width} px: the table fits its card`).toBeLessThanOrEqual(table.clientWidth + 1);
  }
}

const slug = (path: string) => path.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-") || "home";

for (const width of WIDTHS) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 500 ? 844 : 900 } });

    for (const def of LISTS) {
      test(`${def.labels.title}: the list and its records fit; rows link to their records`, async ({ adminPage }) => {
        await expectFits(adminPage, def.path, width, slug(def.path));
        // Filters sit in the same place on every list (item 8): the search-and-filter bar first in
        // the table's card, above the table.
        const place = await adminPage.evaluate(() => {
          const table = document.querySelector("main [data-slot=table-container]");
          const card = table?.closest("section");
          const bar = document.querySelector("[role=search]");
          return {
            inCard: !!card && !!bar && card.contains(bar),
            above: !!bar && !!table && bar.getBoundingClientRect().bottom <= table.getBoundingClientRect().top,
            first: !!card && !!bar && card.firstElementChild?.contains(bar) === true,
          };
        });
        expect(place, `${def.path}: the filters head the table's card`).toEqual({ inCard: true, above: true, first: true });
        const rows = adminPage.getByTestId("data-table").locator("tbody tr[data-row-id]");
        const main = (def.rowLinks ?? []).find((l) => l.main);
        const count = await rows.count();
        if (main) {
          // Every row (the administrator may open every record) links to its own page.
          for (let i = 0; i < count; i++) {
            const row = rows.nth(i);
            const id = (await row.getAttribute("data-row-id"))!;
            await expect(row.getByTestId("row-main-link")).toHaveAttribute("href", main.href.replace("{id}", id));
          }
        } else {
          await expect(rows.getByTestId("row-main-link")).toHaveCount(0);
        }
        if (count === 0) return;
        // A link shown on active rows only is followed from an active row (a void cheque prints none).
        const states = await rows.evaluateAll((trs) =>
          trs.map((tr) => ({
            id: tr.getAttribute("data-row-id")!,
            status: tr.querySelector("[data-status]")?.getAttribute("data-status") ?? "Active",
          })),
        );
        const pages = new Set<string>();
        for (const link of (def.rowLinks ?? []).filter(ownPage)) {
          const row = states.find((r) => link.onTrashed || r.status === "Active");
          if (row) for (const path of detailPagesOf(link, { id: row.id })) pages.add(path);
        }
        for (const path of pages) await expectFits(adminPage, path, width, slug(path));
      });
    }

    // A report's print view on a screen narrower than its paper (a phone): the charts scale down
    // and a wide table scrolls inside the sheet; nothing runs off the page.
    for (const report of REPORTS) {
      test(`the ${report.name} report's print view fits`, async ({ adminPage }) => {
        await expectFits(adminPage, `/manage/reports/${report.name}/print`, width, `print-${report.name}`);
      });
    }

    // The areas of the menu that are not registry lists (dashboard, maps, remittances, reports,
    // application, settings) and every report.
    const listPaths = new Set(LISTS.map((d) => d.path.toLowerCase()));
    const areas = [
      ...MENU_ENTRIES.filter((e) => !e.disabled && !listPaths.has(e.path)).map((e) => e.path),
      ...REPORTS.map((r) => `/manage/reports/${r.name}`),
    ];
    // A shell page below an area that is not a list (/manage/remittances/search, the settings
    // pages) is opened from the first link to it on the area's page.
    const children = ROUTES.filter(
      (r) => r.layout === "routes/layouts/default.tsx" && !r.pattern.includes(":") && !listPaths.has(r.pattern.toLowerCase()),
    ).map((r) => r.pattern);
    for (const path of [...new Set(areas)]) {
      test(`${path} and the pages it opens below it fit`, async ({ adminPage }) => {
        await expectFits(adminPage, path, width, slug(path));
        const below = children.filter((c) => c.toLowerCase().startsWith(`${path.toLowerCase()}/`));
        for (const child of below) {
          const link = adminPage.locator(`main a[href^="${child}"]`).first();
          if ((await link.count()) === 0) continue;
          const href = (await link.getAttribute("href"))!;
          await expectFits(adminPage, href, width, slug(child));
        }
      });
    }
  });
}

test("the detail pages are derived from the route table: every record route is reached from a row link", () => {
  const reached = new Set<string>();
  for (const def of LISTS)
    for (const link of (def.rowLinks ?? []).filter(ownPage))
      for (const path of detailPagesOf(link, { id: "1", purok_id: "1", disbursement_id: "1" }))
        reached.add(path.replace(/\/1(?=\/|$)/, "/:id"));
  const recordRoutes = ROUTES.filter(
    (r) => PAGE_LAYOUTS.has(r.layout) && /:[a-z_]+_id\b/.test(r.pattern) && !/\/(export|photos)\b/.test(r.pattern),
  )
    .filter((r) => !r.pattern.startsWith("/manage/reports/:report"))
    // A KP form is printed from its case's page, one link per form the case's steps issued
    // (tests/e2e/kp.spec.ts walks them), not from a row of the cases list.
    .filter((r) => !r.pattern.includes("/forms/:form/"))
    // A resident's account is given from the resident's own page (decision 208), not a list row.
    .filter((r) => !r.pattern.endsWith("/:resident_id/account"))
    // The hub's barangay page is opened from the hub's own list of barangays (not a registry list;
    // tests/e2e/hub.spec.ts walks it), which a barangay's administrator never sees.
    .filter((r) => !r.pattern.startsWith("/hub/"))
    // An import of residents is opened from the import page's own list of recent imports (decision
    // 217; tests/e2e/resident-import.spec.ts walks it), not from a registry list.
    .filter((r) => !r.pattern.startsWith("/manage/residents/import/"))
    .map((r) => r.pattern.replace(/:[a-z_]+\??/, ":id"));
  expect(recordRoutes.length).toBeGreaterThan(5);
  for (const route of recordRoutes) expect([...reached], `${route} is opened from some row`).toContain(route);
});
