import { expect, test } from "./fixtures";
import { uniqueId } from "./api";
import { waitForHydration } from "./pages/hydration";

// History and access log in Chromium: change a resident and read the change on her
// History tab (field label, before, after, who); open her page as another user and find that
// access in the administrator's access log; a user without view-audit gets no History.

const SHOTS = process.env.AUDIT_SCREENSHOTS;

test("change a resident, see the history; open her page as another user, see the access row", async ({
  adminPage: page,
  adminApi,
  signInAs,
  expectAccessible,
}) => {
  test.slow();
  const tag = uniqueId().replace(/[^a-z]/gi, "").slice(0, 6) || "Hist";
  const purok = (await adminApi.call<{ data: { id: number }[] }>("GET", "/backend/api/purok?per_page=1")).data[0];
  const resident = await adminApi.create<{ id: number }>("resident", {
    user_profile: { lastname: `Villanueva ${tag}`, firstname: "Rosario", sex: "Female", date_of_birth: "1984-02-14", civil_status: "Single", purok_id: purok.id },
  });

  // The change, through the edit form.
  await page.goto(`/manage/residents?modal=update&id=${resident.id}`);
  await waitForHydration(page);
  const dialog = page.getByTestId("resource-modal");
  await dialog.getByLabel("Place of birth").fill("Iloilo City");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();

  // Her History tab: the change first, by label, with before and after and who made it.
  await page.goto(`/manage/residents/${resident.id}/profile`);
  await page.getByRole("link", { name: "History" }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/residents/${resident.id}/history$`));
  const latest = page.getByTestId("history-entry").first();
  await expect(latest).toContainText("Changed");
  await expect(latest).toContainText("Barangay Administrator");
  const row = latest.getByRole("row", { name: /Place of birth/ });
  await expect(row).toContainText("empty");
  await expect(row).toContainText("Iloilo City");
  await expect(page.getByTestId("history-entry").last()).toContainText("Created");
  await expectAccessible(page, "history tab");
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/history-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }

  // Another user opens her page: a Secretary, who holds no view-audit.
  const secretary = await adminApi.createUser("Secretary", { welcomed: true });
  const other = await signInAs(secretary);
  await other.goto(`/manage/residents/${resident.id}/profile`);
  await expect(other.getByRole("heading", { level: 1 })).toHaveText(`Rosario Villanueva ${tag}`);
  await expect(other.getByRole("link", { name: "History" })).toHaveCount(0);
  const refused = await other.goto(`/manage/residents/${resident.id}/history`);
  expect(refused?.status()).toBe(403);

  // The administrator's access log shows that opening, filtered by the user.
  await page.goto("/system/access-log");
  await waitForHydration(page);
  await page.getByLabel("User").selectOption({ label: secretary.fullname });
  await expect(page).toHaveURL(new RegExp(`filter%5Buser%5D=${secretary.id}|filter\\[user\\]=${secretary.id}`));
  const access = page.getByRole("row").filter({ hasText: `Rosario Villanueva ${tag}` });
  await expect(access.first()).toContainText("Viewed");
  await expect(access.first()).toContainText(secretary.fullname);
  await expectAccessible(page, "access log");
  if (SHOTS) {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/access-log-${width}.png`, fullPage: true });
    }
    await page.goto("/system/breach-query");
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SHOTS}/breach-${width}.png`, fullPage: true });
    }
    await page.goto(`/history/household/1`);
    await page.screenshot({ path: `${SHOTS}/history-page-1440.png`, fullPage: true });
  }
});
