import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { PortalApi, type CreatedUser } from "./api";
import { ADMIN } from "./env";
import { waitForHydration } from "./pages/hydration";
import { LoginPage } from "./pages/login-page";

// Fixtures of the end-to-end suite:
// - `page` is a signed-out visitor (the default context);
// - `adminPage` is the seeded administrator, signed in through the login form once per worker and
//   reused through storageState;
// - `adminApi` is the same administrator on the REST adapter, to create what a test needs;
// - `signInAs(user)` opens a page signed in as another user (made with `adminApi.createUser`).

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

type Options = Pick<BrowserContextOptions, "viewport" | "javaScriptEnabled" | "baseURL" | "locale" | "timezoneId" | "serviceWorkers">;

interface TestFixtures {
  adminPage: Page;
  signInAs: (user: CreatedUser) => Promise<Page>;
  /** Axe on the current page: no serious or critical violation of WCAG 2.2 A/AA (DESIGN §8). */
  expectAccessible: (page: Page, label?: string) => Promise<void>;
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

interface WorkerFixtures {
  /** The administrator's cookies after signing in through the login form (once per worker). */
  adminStorageState: StorageState;
  adminApi: PortalApi;
}

async function newPage(browser: Browser, options: Options, storageState: BrowserContextOptions["storageState"]) {
  const context = await browser.newContext({ ...options, storageState });
  return context.newPage();
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  adminStorageState: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL, serviceWorkers: "block" });
      const page = await context.newPage();
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(ADMIN.username, ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard$/);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: "worker" },
  ],

  adminApi: [
    async ({}, use) => {
      const api = await PortalApi.signIn(ADMIN.username, ADMIN.password);
      await use(api);
      await api.dispose();
    },
    { scope: "worker" },
  ],

  adminPage: async ({ browser, adminStorageState, viewport, javaScriptEnabled, baseURL, locale, timezoneId, serviceWorkers }, use) => {
    const page = await newPage(browser, { viewport, javaScriptEnabled, baseURL, locale, timezoneId, serviceWorkers }, adminStorageState);
    await use(page);
    await page.context().close();
  },

  signInAs: async ({ browser, viewport, javaScriptEnabled, baseURL, locale, timezoneId, serviceWorkers }, use) => {
    const pages: Page[] = [];
    await use(async (user) => {
      const api = await PortalApi.signIn(user.username, user.password);
      const state = await api.storageState();
      await api.dispose();
      const page = await newPage(browser, { viewport, javaScriptEnabled, baseURL, locale, timezoneId, serviceWorkers }, state);
      pages.push(page);
      return page;
    });
    for (const page of pages) await page.context().close();
  },

  expectAccessible: async ({ javaScriptEnabled }, use, testInfo) => {
    await use(async (page, label) => {
      if (javaScriptEnabled !== false) await waitForHydration(page);
      // Colours are measured as they settle: a toast that arrives just before (a notification from
      // another test's work) is half transparent while it fades in, and axe read its text at 3.75:1
      // (#838383 for sonner's #3f3f3f). Endless animations (spinners) are not waited for.
      await page
        .waitForFunction(
          () =>
            document
              .getAnimations()
              .every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity),
          undefined,
          { timeout: 3_000 },
        )
        .catch(() => {});
      // Legacy mode runs axe in the page itself: no cross-origin frames here, and it spares the
      // extra blank page the default mode opens to merge frame results (twice as fast).
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
      const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      const report = blocking.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").join(" ")}`).join("\n")}`,
      );
      if (report.length) await testInfo.attach(`axe ${label ?? page.url()}`, { body: report.join("\n\n"), contentType: "text/plain" });
      expect(report, `axe on ${label ?? new URL(page.url()).pathname}`).toEqual([]);
    });
  },
});

export { expect };
