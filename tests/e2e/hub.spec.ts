import type { Browser, Page } from "@playwright/test";
import { PortalApi, uniqueId } from "./api";
import { HUB_ADMIN, HUB_URL } from "./env";
import { expect, test } from "./fixtures";
import { waitForElementHydration, waitForHydration } from "./pages/hydration";
import { LoginPage } from "./pages/login-page";
import { ReceiptForm } from "./pages/office-day";
import { todayInManila } from "../../domain/dates";

// Issue 29's "Done when", in Chromium against a hub (a server started with PORTAL_HUB=true, its own
// port and database: playwright.config.ts): the hub administrator creates two barangays of the City
// of Calamba and their first administrators (one of them without JavaScript); each administrator
// adds a resident and issues an official receipt, and finds nothing of the other's in their list
// or search; a municipal officer the hub administrator created opens the roll-up and its print; a
// visitor verifies a receipt of each barangay and sees that barangay's name.

test.use({ baseURL: HUB_URL });

const BARANGAYS = [
  { code: "0403405057", name: "Milagrosa", search: "milagrosa calamba" },
  { code: "0403405049", name: "Real", search: "real calamba" },
];

async function shots(page: Page, name: string, testInfo: { outputPath(name: string): string }) {
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: testInfo.outputPath(`hub-${name}-${width}.png`), fullPage: true });
  }
}

async function signInThroughForm(browser: Browser, username: string, password: string, javaScript = true): Promise<Page> {
  const context = await browser.newContext({ baseURL: HUB_URL, serviceWorkers: "block", javaScriptEnabled: javaScript });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username, password);
  return page;
}

test("the hub: two barangays and their administrators, each's staff apart, the municipal roll-up, a receipt of each verified", async ({
  browser,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(300_000);
  const id = uniqueId();
  const tag = id.replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
  const hubApi = await PortalApi.signIn(HUB_ADMIN.username, HUB_ADMIN.password, HUB_URL);
  await hubApi.acknowledgeWelcome();

  // 1. The hub administrator signs in and lands on the hub.
  const hub = await signInThroughForm(browser, HUB_ADMIN.username, HUB_ADMIN.password);
  await expect(hub).toHaveURL(/\/hub$/);
  await expect(hub.getByRole("heading", { name: "Barangays", level: 1 })).toBeVisible();
  await expectAccessible(hub, "hub");
  // A hub user has no barangay dashboard.
  await hub.goto("/dashboard");
  await expect(hub).toHaveURL(/\/hub$/);

  // 2. Two barangays found in the PSGC list by name, each with its first administrator: the first
  // with JavaScript (search as you type), the second without.
  const admins: { username: string; password: string; barangayId: number }[] = [];
  for (const [i, barangay] of BARANGAYS.entries()) {
    const javaScript = i === 0;
    const page = javaScript ? hub : await signInThroughForm(browser, HUB_ADMIN.username, HUB_ADMIN.password, false);
    await page.goto("/hub");
    if (javaScript) {
      await waitForHydration(page);
      await page.getByRole("searchbox", { name: "Find the barangay in the PSGC list" }).fill(barangay.search);
      await expect(page).toHaveURL(/psgc_search=/);
    } else {
      await page.getByRole("searchbox", { name: "Find the barangay in the PSGC list" }).fill(barangay.search);
      await page.getByRole("button", { name: "Search: Find the barangay in the PSGC list" }).click();
    }
    const choice = page.getByRole("radio", { name: new RegExp(`${barangay.name}.*City of Calamba`) });
    await choice.check();
    if (javaScript) await shots(page, "barangays-search", testInfo);
    await page.getByRole("button", { name: "Add barangay" }).click();
    await expect(page).toHaveURL(/\/hub\/barangays\/\d+$/);
    await expect(page.getByRole("heading", { name: barangay.name, level: 1 })).toBeVisible();
    await expect(page.getByTestId("barangay-details")).toContainText(barangay.code);
    const barangayId = Number(/\/hub\/barangays\/(\d+)$/.exec(page.url())![1]);

    // A 422 keeps what was typed (a weak password), then the administrator is created.
    const form = page.getByTestId("barangay-administrator");
    const admin = { username: `${barangay.name.toLowerCase()}.${id}`, password: `Brgy-${id}-Pass!` };
    await form.getByLabel("First name").fill("Maria");
    await form.getByLabel("Last name").fill(`${barangay.name} ${tag}`);
    await form.getByLabel("Username").fill(admin.username);
    await form.getByLabel("Password").fill("weak");
    await form.getByRole("button", { name: "Create administrator" }).click();
    await expect(form.getByTestId("field-error")).toBeVisible();
    await expect(form.getByLabel("Username")).toHaveValue(admin.username);
    await expect(form.getByLabel("Last name")).toHaveValue(`${barangay.name} ${tag}`);
    await form.getByLabel("Password").fill(admin.password);
    await form.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByText(`${admin.username} is the first administrator of ${barangay.name}.`)).toBeVisible();
    await expect(page.getByTestId("barangay-details")).toContainText(admin.username);
    await expect(page.getByTestId("barangay-administrator")).toHaveCount(0);
    if (javaScript) {
      await expectAccessible(page, "hub barangay");
      await shots(page, "barangay", testInfo);
    } else await page.context().close();
    admins.push({ ...admin, barangayId });
  }
  await hub.goto("/hub");
  for (const barangay of BARANGAYS) await expect(hub.getByTestId("barangays")).toContainText(barangay.name);
  await shots(hub, "barangays", testInfo);

  // 3. A municipal officer of the City of Calamba.
  const officer = { username: `calamba.dilg.${id}`, password: `Dilg-${id}-Pass!` };
  await hub.goto(`/hub/officers?city_search=calamba`);
  await waitForHydration(hub);
  await hub.getByRole("radio", { name: /City of Calamba.*Laguna/ }).check();
  await hub.getByLabel("2. Role").selectOption("Municipal DILG officer");
  await hub.getByLabel("First name").fill("Ana");
  await hub.getByLabel("Last name").fill(`Reyes ${tag}`);
  await hub.getByLabel("Username").fill(officer.username);
  await hub.getByLabel("Password").fill(officer.password);
  await hub.getByRole("button", { name: "Create officer" }).click();
  await expect(hub.getByText(`Created the municipal officer ${officer.username}.`)).toBeVisible();
  await expect(hub.getByTestId("officers")).toContainText(officer.username);
  await expect(hub.getByTestId("officers")).toContainText("City of Calamba");
  await expectAccessible(hub, "hub officers");
  await shots(hub, "officers", testInfo);

  // 4. Each administrator adds a resident and issues an official receipt in their own barangay.
  const receipts: { code: string; number: string; barangay: string; surname: string }[] = [];
  const pages: Page[] = [];
  for (const [i, admin] of admins.entries()) {
    const barangay = BARANGAYS[i];
    const api = await PortalApi.signIn(admin.username, admin.password, HUB_URL);
    await api.acknowledgeWelcome();
    const me = await api.call<{ data: { id: number } }>("GET", "/backend/api/userme");
    // What a receipt needs in a new barangay: a purok, the form and its pad, a collection type.
    await api.create("purok", { name: `Purok ${tag}` });
    const formType = await api.create("form_type", { name: "Accountable Form No. 51", custom_forms: [] });
    const serial = 1_000_000 + (Number(id.replace(/\D/g, "").slice(-5)) % 90_000) * 10;
    await api.create("form_pad", {
      form_type_id: formType.id,
      pad_code: `OR-${barangay.name}`,
      series_start: String(serial),
      series_end: String(serial + 49),
      collectors: [{ user_id: me.data.id }],
    });
    await api.create("collection_type", { name: "Clearances", fund_type: "General Fund", custom_forms: [] });

    const page = await browser.newPage({ baseURL: HUB_URL, serviceWorkers: "block", storageState: await api.storageState() });
    pages.push(page);
    const surname = `${barangay.name}-${tag}`;
    await page.goto("/manage/residents?modal=create");
    await waitForHydration(page);
    const dialog = page.getByTestId("resource-modal");
    await waitForElementHydration(dialog.getByLabel("Last name"));
    await dialog.getByLabel("Last name").fill(surname);
    await dialog.getByLabel("First name").fill("Rosario");
    await dialog.getByLabel("Sex").selectOption("Female");
    await dialog.getByLabel("Date of birth").fill("1985-03-21");
    await dialog.getByLabel("Civil status").selectOption("Married");
    await dialog.getByLabel("Purok").selectOption({ index: 1 });
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("Successfully saved.")).toBeVisible({ timeout: 45_000 });

    const receipt = new ReceiptForm(page, true);
    await receipt.open();
    const number = await receipt.choosePad(`OR-${barangay.name}`);
    await receipt.typePayor(`Rosario ${surname}`);
    await receipt.chooseType("Clearances");
    await receipt.fillLine(1, { nature: "Barangay Clearance", amount: "75" });
    await receipt.issue();
    await expect(page.getByTestId("print-panel")).toContainText(number);
    const found = await api.call<{ data: { or_number: string; verification_code: string }[] }>(
      "GET",
      `/backend/api/collection?search=${encodeURIComponent(number)}`,
    );
    receipts.push({ code: found.data[0].verification_code, number, barangay: barangay.name, surname });
    await api.dispose();
  }

  // 5. Each barangay's staff see their own resident and receipt, and nothing of the other's.
  for (const [i, page] of pages.entries()) {
    const own = receipts[i];
    const other = receipts[1 - i];
    await page.goto(`/manage/residents?search=${encodeURIComponent(own.surname)}`);
    await expect(page.getByRole("table")).toContainText(own.surname);
    await page.goto(`/manage/residents?search=${encodeURIComponent(other.surname)}`);
    await expect(page.getByTestId("empty-state")).toBeVisible();
    await page.goto("/manage/residents");
    await expect(page.getByRole("table")).not.toContainText(other.surname);
    await page.goto(`/manage/collections?search=${encodeURIComponent(other.number)}`);
    await expect(page.getByRole("table")).not.toContainText(other.surname);
    await page.goto(`/manage/collections?search=${encodeURIComponent(own.number)}`);
    await expect(page.getByRole("table")).toContainText(own.surname);
    // The hub's own screens are not theirs.
    const refused = await page.goto("/hub");
    expect(refused?.status()).toBe(403);
    await page.context().close();
  }

  // The hub administrator reads none of them either: the barangay's screens answer 403.
  for (const path of ["/manage/residents", "/manage/collections"]) {
    const answer = await hub.goto(path);
    expect(answer?.status(), path).toBe(403);
  }

  // 6. The municipal officer signs in, lands on the roll-ups, opens the collections roll-up of the
  // City of Calamba and its print. (The roll-up pages are issue 29 item 4's: /hub/rollups.)
  const officerApi = await PortalApi.signIn(officer.username, officer.password, HUB_URL);
  await officerApi.acknowledgeWelcome();
  await officerApi.dispose();
  const dilg = await signInThroughForm(browser, officer.username, officer.password);
  await expect(dilg).toHaveURL(/\/hub\/rollups/);
  const refusedHub = await dilg.goto("/hub/officers");
  expect(refusedHub?.status()).toBe(403);
  await dilg.goto("/hub/rollups/collections");
  for (const barangay of BARANGAYS) await expect(dilg.getByRole("main")).toContainText(barangay.name);
  await expect(dilg.getByRole("main")).toContainText("75.00");
  await dilg.goto("/hub/rollups/collections/print");
  for (const barangay of BARANGAYS) await expect(dilg.locator("body")).toContainText(barangay.name);
  await expect(dilg.locator("body")).toContainText("City of Calamba");
  await dilg.context().close();

  // 7. A visitor verifies a receipt of each barangay and sees that barangay's name.
  const visitor = await browser.newPage({ baseURL: HUB_URL, serviceWorkers: "block" });
  for (const receipt of receipts) {
    await visitor.goto(`/verify/collection/${receipt.code}`);
    await expect(visitor.locator("body")).toContainText(receipt.number);
    await expect(visitor.locator("body")).toContainText(`Barangay ${receipt.barangay}`);
    const other = BARANGAYS.find((b) => b.name !== receipt.barangay)!;
    await expect(visitor.locator("body")).not.toContainText(`Barangay ${other.name}`);
  }
  await expectAccessible(visitor, "verify on the hub");

  // 8. Without a QR reader: the lookup by number, date and amount names the barangay that issued it.
  // Both barangays' pads start at the same serial, so both issued this number today for ₱75.00: the
  // barangay chosen decides whose receipt answers, and a number it never issued is not found.
  const lookUp = async (barangay: string, number: string) => {
    await visitor.goto("/verify/collection");
    const byNumber = visitor.getByRole("form", { name: "By receipt number, date and amount" });
    await byNumber.getByLabel("Barangay").selectOption({ label: barangay });
    await byNumber.getByLabel("Receipt number").fill(number);
    await byNumber.getByLabel("Date issued").fill(todayInManila());
    await byNumber.getByLabel("Amount (₱)").fill("75.00");
    await byNumber.getByRole("button", { name: "Verify receipt" }).click();
    return byNumber;
  };
  expect(receipts[0].number).toBe(receipts[1].number);
  for (const receipt of receipts) {
    const other = BARANGAYS.find((b) => b.name !== receipt.barangay)!;
    const byNumber = await lookUp(receipt.barangay, receipt.number);
    await expect(visitor.getByTestId("verify-result")).toContainText("genuine");
    await expect(visitor.locator("body")).toContainText(`Barangay ${receipt.barangay}`);
    await expect(visitor.locator("body")).not.toContainText(`Barangay ${other.name}`);
    // The barangay stays chosen for the next lookup.
    await expect(byNumber.getByLabel("Barangay")).toHaveValue(BARANGAYS.find((b) => b.name === receipt.barangay)!.code);
  }
  await lookUp(receipts[0].barangay, String(Number(receipts[0].number) + 40));
  await expect(visitor.locator("body")).toContainText("No official receipt matches this number, date and amount.");
  await shots(visitor, "verify-by-number", testInfo);
  await visitor.context().close();
  await hub.context().close();
  await hubApi.dispose();
});
