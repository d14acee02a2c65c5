import { expect, type Locator, type Page } from "@playwright/test";

/** A ceiling against hangs: a cold server on a busy 2-core machine takes a few seconds to the first hydration. */
const HYDRATION_TIMEOUT_MS = 30_000;

/**
 * Resolves once React has hydrated the page (its fibers sit on the server-rendered nodes) and the
 * effects that swap no-JavaScript fallbacks for interactive controls have run. Pages work before
 * that too, as plain HTML, but a test that types into a debounced search box or opens a menu
 * wants the interactive version.
 */
export async function waitForHydration(page: Page): Promise<void> {
  // A page served as plain HTML (the sign-in page, decision 175) has no module script: nothing
  // will hydrate it, and it is as interactive as it gets.
  if (!(await page.locator("script[type=module]").count())) return;
  await page.waitForFunction(
    () => {
      const main = document.getElementById("main-content") ?? document.querySelector("main") ?? document.body;
      return !!main && Object.keys(main).some((key) => key.startsWith("__reactFiber$"));
    },
    undefined,
    { timeout: HYDRATION_TIMEOUT_MS },
  );
  // Effects run in the commit right after; one animation frame later they have.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

/**
 * Resolves once React has hydrated `locator`'s element too. A dialog that loads lazily (its own
 * chunk, decision 177) stays server-rendered HTML after the page hydrates, until its chunk arrives:
 * what is typed into it before then is lost when its form mounts.
 */
export async function waitForElementHydration(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactFiber$"))), {
      timeout: HYDRATION_TIMEOUT_MS,
    })
    .toBe(true);
}
