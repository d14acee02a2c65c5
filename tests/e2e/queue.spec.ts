import type { Browser, Page } from "@playwright/test";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";

// The hall's queue (decision 206): a visitor takes a ticket at the kiosk, the staff call it from a
// window, and the TV display shows it — live in a second browser with JavaScript, by reloading
// itself without. The tests share the day's line, so they run one after the other.

test.describe.configure({ mode: "serial" });

async function visitor(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, locale: "en-PH", timezoneId: "Asia/Manila" });
  return context.newPage();
}

/** Opens the staff window page at `name` through its window picker (a GET form). */
async function openWindow(page: Page, name: string): Promise<string> {
  await page.goto("/queue");
  await page.getByLabel("My window").selectOption({ label: name });
  await page.getByRole("button", { name: "Open", exact: true }).click();
  await expect(page.getByRole("heading", { name: `${name}: now serving` })).toBeVisible();
  return new URL(page.url()).searchParams.get("window")!;
}

test("a visitor's ticket from the kiosk is called at a window and shows on the display, live", async ({
  browser,
  adminPage,
  expectAccessible,
}) => {
  // The TV: signed out, listening.
  const display = await visitor(browser);
  await display.goto("/queue/display");
  await waitForHydration(display);
  await expect(display.getByTestId("display-status")).toHaveText("● Live");
  await expectAccessible(display, "/queue/display");

  // The kiosk: a senior citizen for a payment.
  const kiosk = await visitor(browser);
  await kiosk.goto("/queue/kiosk");
  await waitForHydration(kiosk);
  await expectAccessible(kiosk, "/queue/kiosk");
  await kiosk.getByText("Senior citizen", { exact: true }).click();
  await kiosk.getByRole("button", { name: /^Payment/ }).click();
  const code = (await kiosk.getByTestId("ticket-code").textContent())!.trim();
  expect(code).toMatch(/^P-\d{3}$/);
  await expect(kiosk.getByTestId("ticket")).toContainText("Priority · Senior citizen");
  await expect(kiosk.getByRole("button", { name: "Print ticket" })).toBeVisible();

  // The window: Window 2 calls payments first.
  const windowId = await openWindow(adminPage, "Window 2");
  await waitForHydration(adminPage);
  await expectAccessible(adminPage, "/queue");
  await expect(adminPage.getByText(code, { exact: true })).toBeVisible(); // in the line, next
  await adminPage.getByTestId("call-next").click();
  await expect(adminPage.getByTestId("window-current")).toHaveText(code);

  // The display, untouched since it opened, shows it at Window 2.
  await expect(display.getByTestId(`display-window-${windowId}`)).toContainText(code);
  await expect(display.getByRole("region", { name: "Just called" })).toContainText(code);

  await adminPage.getByRole("button", { name: "Done", exact: true }).click();
  await expect(adminPage.getByTestId("call-next")).toBeVisible();
  await expect(display.getByTestId(`display-window-${windowId}`)).not.toContainText(code);
  await display.context().close();
  await kiosk.context().close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the kiosk issues a ticket, a window calls it, and the display shows it after its own refresh", async ({
    browser,
    adminPage,
    adminApi,
  }) => {
    // A desk of its own that calls complaints first: the e2e tests share one database, so other
    // tests' tickets (an appointment's priority ticket, a walk-in) may be waiting for any window.
    const services = await adminApi.call<{ data: { id: number; name: string }[] }>("GET", "/backend/api/queue_service?per_page=100");
    const complaint = services.data.find((s) => s.name === "Complaint")!;
    const deskName = `Complaints desk ${uniqueId()}`.slice(0, 40);
    await adminApi.create("queue_window", { name: deskName, service_id: complaint.id });

    const kiosk = await visitor(browser, false);
    await kiosk.goto("/queue/kiosk");
    await kiosk.getByRole("button", { name: /^Complaint/ }).click();
    await expect(kiosk).toHaveURL(/\/queue\/kiosk\/ticket\/\d+$/);
    const code = (await kiosk.getByTestId("ticket-code").textContent())!.trim();
    expect(code).toMatch(/^K-\d{3}$/);
    // No script, no print button; the page goes back to the kiosk by itself.
    await expect(kiosk.getByRole("button", { name: "Print ticket" })).toHaveCount(0);
    await expect(kiosk.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "30;url=/queue/kiosk");

    const display = await visitor(browser, false);
    await display.goto("/queue/display");
    await expect(display.locator('meta[http-equiv="refresh"]')).toHaveAttribute("content", "10");

    // The complaints desk calls the complaint: the only complaint waiting.
    const windowId = await openWindow(adminPage, deskName);
    await adminPage.getByTestId("call-next").click();
    await expect(adminPage.getByTestId("window-current")).toHaveText(code);
    await expect(adminPage.getByTestId("flash-message")).toHaveText(`Called ${code}.`);

    // The display's own refresh brings it (within its ten seconds).
    await expect(display.getByTestId(`display-window-${windowId}`)).toContainText(code, { timeout: 25_000 });

    // Recall, then skip: a skipped ticket is listed to recall.
    await adminPage.getByRole("button", { name: "Recall", exact: true }).click();
    await expect(adminPage.getByText("recalled 1×")).toBeVisible();
    await adminPage.getByRole("button", { name: "Skip (not here)" }).click();
    await expect(adminPage.getByRole("region", { name: "Skipped today" })).toContainText(code);
    await kiosk.context().close();
    await display.context().close();
  });
});
