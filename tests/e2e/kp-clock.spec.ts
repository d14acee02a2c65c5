import type { Page } from "@playwright/test";
import { PortalApi, uniqueId, type CreatedUser } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";
import { addDays } from "../../domain/kp/deadlines";
import { todayInManila } from "../../domain/dates";

// The KP clock across roles (decision 205): the Lupon secretary records a step from the paper docket
// that leaves mediation overdue; the Punong Barangay, signed in elsewhere, hears of it live in the
// bell and finds it on the dashboard's card, whose docket opens the case; a Treasurer sees no card.
// A visitor, not signed in, checks a certification by its docket and learns nothing of the parties.

async function secretaryApi(adminApi: PortalApi): Promise<PortalApi> {
  const secretary = await adminApi.createUser("Secretary", { welcomed: true });
  return PortalApi.signIn(secretary.username, secretary.password);
}

async function fileCase(api: PortalApi, title: string, filedOn: string): Promise<{ id: number; docket_number: string }> {
  const body = await api.call<{ data: { id: number; docket_number: string } }>("POST", "/backend/api/kp_case", {
    title,
    nature: "Collection of a sum of money",
    category: "civil",
    complaint: "Hindi pa nababayaran ang utang na ₱4,000.",
    filed_on: filedOn,
    venue_ground: "workplace",
    venue_detail: "The public market of San Isidro",
    parties: [
      { role: "complainant", name: `Rosa ${title}`, address: "Purok 4, San Isidro" },
      { role: "respondent", name: "Pedro Villanueva", address: "Purok 5, San Isidro" },
    ],
  });
  return body.data;
}

const step = (api: PortalApi, id: number, command: string, body: Record<string, unknown>) =>
  api.call("PUT", `/backend/api/kp_case/${command}/${id}`, body);

async function openConnected(page: Page, path = "/dashboard"): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByTestId("notifications-button")).toHaveAttribute("data-realtime", "connected");
}

test("a step entered late reaches the Punong Barangay's bell live and the dashboard's card; a Treasurer sees no card", async ({
  adminApi,
  signInAs,
  expectAccessible,
}) => {
  const captain: CreatedUser = await adminApi.createUser("Punong Barangay", { welcomed: true });
  const page = await signInAs(captain);
  await openConnected(page);

  // From the paper docket: mediation began 23 days ago, so its 15 days have passed.
  const secretary = await secretaryApi(adminApi);
  const filed = addDays(todayInManila(), -25);
  const kase = await fileCase(secretary, `Clock ${uniqueId()}`, filed);
  await step(secretary, kase.id, "summon", { date: addDays(filed, 1) });
  await step(secretary, kase.id, "mediate", { date: addDays(filed, 2) });
  await secretary.dispose();

  const title = `KP case ${kase.docket_number}: overdue`;
  // The complaint, filed 25 days back, was told overdue for its summons at filing too: two toasts may
  // carry the case's title; the bell holds one item naming the mediation's.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: title }).first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("notifications-button").click();
  const items = page.getByTestId("notifications-panel").getByTestId("notification-item").filter({ hasText: title });
  await expect(items.filter({ hasText: "Mediation before the Punong Barangay" })).toHaveCount(1);
  await page.keyboard.press("Escape");

  await page.goto("/dashboard");
  const card = page.getByTestId("widget-kp-deadlines");
  const line = card.getByTestId("kp-deadline").filter({ hasText: `Case ${kase.docket_number}` });
  await expect(line).toHaveAttribute("data-status", "overdue");
  await expect(line).toContainText("Mediation before the Punong Barangay");
  await expect(line).toContainText(/Overdue by \d+ days/);
  await expect(card).not.toContainText("Rosa");
  await expectAccessible(page, "/dashboard (Punong Barangay)");
  await line.getByRole("link", { name: `Case ${kase.docket_number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/kp/cases/${kase.id}$`));

  const treasurer = await adminApi.createUser("Treasurer", { welcomed: true });
  const other = await signInAs(treasurer);
  await other.goto("/dashboard");
  await expect(other.getByTestId("widget-collections")).toBeVisible();
  await expect(other.getByTestId("widget-kp-deadlines")).toHaveCount(0);
});

test("a visitor verifies a certification by its docket: its kind, date and status, nothing of the case", async ({
  adminApi,
  browser,
  baseURL,
  expectAccessible,
}) => {
  const secretary = await secretaryApi(adminApi);
  const kase = await fileCase(secretary, `Verify ${uniqueId()}`, "2026-02-02");
  await step(secretary, kase.id, "summon", { date: "2026-02-03" });
  await step(secretary, kase.id, "certify_bar_action", { date: "2026-02-09", reason: "The complainant did not appear without cause" });
  await secretary.dispose();

  const visitor = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await visitor.newPage();
  await page.goto("/verify/kp");
  await page.getByLabel("Docket number").fill(` ${kase.docket_number} `);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/kp/${kase.docket_number}$`));
  const result = page.getByTestId("verify-certification");
  await expect(result).toContainText("Issued by the Lupon");
  await expect(result).toContainText("Certification to bar action (KP Form 21)");
  await expect(result).toContainText("February 9, 2026");
  await expect(page.locator("main")).not.toContainText(/Rosa|Villanueva|utang|appear/);
  await expectAccessible(page, "/verify/kp/{docket}");

  await page.goto("/verify/kp/1999-999");
  await expect(page.getByTestId("verify-unknown")).toBeVisible();
  await visitor.close();
});
