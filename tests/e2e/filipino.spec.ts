import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Issue 33 item 4's "Done when" (docs/decisions/219): an administrator switches to Filipino on the
// settings page, as a user does, and the main screens read Filipino — each page's title and heading
// differ from what an English reader of the same page is shown, the document says lang="fil", and
// nothing overflows sideways at 390 or 1440 px with the longer words. The screenshots are kept
// (test-results/…/shots) to be looked at. A visitor whose browser asks for Filipino reads the
// sign-in page in Filipino; the spec's English stays every other visitor's.

const MAIN_SCREENS = [
  "/dashboard",
  "/manage/residents",
  "/manage/households",
  "/manage/collections",
  "/manage/remittances",
  "/manage/transactions",
  "/manage/disbursements",
  "/manage/kp/cases",
  "/queue",
  "/appointments",
  "/manage/reports",
  "/system/users",
  "/system/settings/account",
];

/** What a reader of the page reads: its title and the words of its main part (names and numbers alike). */
async function wordsOf(page: Page, path: string): Promise<{ title: string; main: string }> {
  await page.goto(path);
  const main = (await page.locator("main").first().innerText()).replace(/\s+/g, " ").trim();
  return { title: await page.title(), main };
}

async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("an administrator switches to Filipino on the settings page; the main screens read Filipino at 390 and 1440 px", async ({
  adminApi,
  signInAs,
}, testInfo) => {
  test.setTimeout(300_000);
  const english = await signInAs(await adminApi.createUser("Administrator", { welcomed: true }));
  const filipino = await signInAs(await adminApi.createUser("Administrator", { welcomed: true }));

  // The hand-over: the settings page's Language card, saved as a whole new document.
  await filipino.goto("/system/settings/account");
  await expect(filipino.locator("html")).toHaveAttribute("lang", "en");
  const form = filipino.getByTestId("language-form");
  await form.getByLabel("Filipino").check();
  await form.getByRole("button", { name: "Save language" }).click();
  await expect(filipino.locator("html")).toHaveAttribute("lang", "fil");
  await expect(filipino.getByText("Matagumpay na na-update ang wika.")).toBeVisible();
  await expect(filipino.getByRole("heading", { name: "Wika" })).toBeVisible();

  const shots = testInfo.outputPath("shots");
  for (const path of MAIN_SCREENS) {
    const en = await wordsOf(english, path);
    const fil = await wordsOf(filipino, path);
    await expect(filipino.locator("html"), path).toHaveAttribute("lang", "fil");
    // Some words are the same in both ("Dashboard"), so the page as a whole is compared: the same
    // records, read in Filipino, are not the English page.
    expect(fil.main, `${path}: the page in Filipino`).not.toBe(en.main);
    expect(fil.main.length, `${path}: the page has words`).toBeGreaterThan(20);
    expect(fil.title, `${path}: a title`).toMatch(/\S/);
    for (const width of [1440, 390]) {
      await filipino.setViewportSize({ width, height: width < 800 ? 844 : 900 });
      await filipino.goto(path);
      expect(await sidewaysOverflow(filipino), `${path} at ${width} px overflows sideways`).toBeLessThanOrEqual(0);
      await filipino.screenshot({ path: `${shots}/${path.replace(/\W+/g, "-").replace(/^-/, "")}-${width}.png`, fullPage: true });
    }
  }
});

test("a visitor whose browser asks for Filipino reads the sign-in page in Filipino; others read the spec's English", async ({ browser, baseURL }) => {
  // Chromium's Accept-Language follows the context's locale.
  const tagalog = await browser.newContext({ baseURL, locale: "fil-PH" });
  const fil = await tagalog.newPage();
  await fil.goto("/login");
  await expect(fil.locator("html")).toHaveAttribute("lang", "fil");
  const english = await browser.newContext({ baseURL, locale: "en-US" });
  const en = await english.newPage();
  await en.goto("/login");
  await expect(en.locator("html")).toHaveAttribute("lang", "en");
  expect(await fil.locator("form button[type=submit]").textContent()).not.toBe(await en.locator("form button[type=submit]").textContent());
  await tagalog.close();
  await english.close();
});
