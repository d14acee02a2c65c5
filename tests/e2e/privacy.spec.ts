import fs from "node:fs";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";

// Data protection in Chromium: a correction made on the person's request, then "Export this
// person's data" from the resident page — the printed sheet, and the JSON file read back; the
// retention page with its dry run and its periods.

test("a correction on the person's request, then their data exported and read back", async ({ adminPage: page, adminApi, expectAccessible }) => {
  test.slow(); // two dialogs, a print view, a download and axe
  const tag = uniqueId().replace(/\d/g, (d) => "abcdefghij"[Number(d)]);
  const purok = await adminApi.create("purok", { name: `Purok ${tag}` });
  const resident = await adminApi.create("resident", {
    email: `${tag}@example.com`,
    user_profile: {
      firstname: "Marites",
      lastname: `Santiago ${tag}`,
      sex: "Female",
      date_of_birth: "1984-07-19",
      civil_status: "Married",
      purok_id: purok.id,
      contact_number: "0917 555 0101",
      street: "Bonifacio St.",
    },
  });
  const fullname = `Marites Santiago ${tag}`;

  // The person wrote in to correct their number: the edit records the request with the change.
  await page.goto(`/manage/residents/${resident.id}/profile`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Edit" }).click();
  const dialog = page.getByTestId("resource-modal");
  await expect(dialog.getByRole("heading", { name: "Edit resident" })).toBeVisible();
  await dialog.getByLabel("Contact number").fill("0998 765 4321");
  await dialog.getByText("Correction on the person's request").click();
  await dialog.getByLabel("The person asked for this correction").check();
  await dialog.getByLabel("How the person asked").selectOption("Letter");
  await dialog.getByLabel("Reference").fill(`Letter ${tag}`);
  await dialog.getByRole("button", { name: "Save changes" }).click();
  // No date: refused on its field, the typed reference kept.
  await expect(dialog.getByText("The request date must be a date.")).toBeVisible();
  await expect(dialog.getByLabel("Reference")).toHaveValue(`Letter ${tag}`);
  await dialog.getByLabel("Date of the request").fill("2026-11-20");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Successfully updated.")).toBeVisible();

  // Export from the resident page: the sheet to print or save as PDF.
  await page.goto(`/manage/residents/${resident.id}/profile`);
  await page.getByTestId("export-personal-data").click();
  await expect(page).toHaveURL(new RegExp(`/manage/residents/${resident.id}/personal-data$`));
  const sheet = page.getByTestId("personal-data-sheet");
  await expect(sheet.getByTestId("sheet-name")).toHaveText(fullname);
  await expect(sheet.getByRole("region", { name: "Personal information" })).toContainText("09987654321");
  await expect(sheet.getByRole("region", { name: "Corrections made on the person's request" })).toContainText(`Letter ${tag}`);
  await expect(sheet.getByTestId("sheet-access-log")).toContainText("Printed");
  await expectAccessible(page, "personal data sheet");

  // The JSON file: the same person, the correction, and this export in the access log.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-json").click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^personal-data-${resident.id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
  expect(file.format).toBe("barangay-portal/personal-data");
  expect(file.person).toMatchObject({ id: resident.id, fullname, status: "Active" });
  expect(file.person.profile).toMatchObject({ firstname: "Marites", lastname: `Santiago ${tag}`, date_of_birth: "1984-07-19", contact_number: "09987654321" });
  expect(file.person.account.email).toBe(`${tag}@example.com`);
  expect(file.correction_requests).toEqual([
    expect.objectContaining({ requested_on: "2026-11-20", channel: "Letter", reference: `Letter ${tag}` }),
  ]);
  expect(file.correction_requests[0].changes).toContainEqual(expect.objectContaining({ label: "Contact number", after: "09987654321" }));
  const actions = file.access_log.map((a: { action: string }) => a.action);
  expect(actions).toEqual(expect.arrayContaining(["view", "print", "export"]));
  expect(file.access_log.at(-1)).toMatchObject({ action: "export", by: "Barangay Administrator" });
});

test("the retention page: the dry run, and the periods checked and saved", async ({ adminPage: page, expectAccessible }) => {
  await page.goto("/system/retention");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Retention", level: 1 })).toBeVisible();
  const dryRun = page.getByTestId("retention-dry-run");
  await expect(dryRun).toContainText("Dry run");
  await expect(dryRun.getByTestId("dry-run-people")).toHaveText(/^\d[\d,]*$/);
  await expectAccessible(page, "retention page");

  const days = page.getByLabel("Trashed personal records (days)");
  await days.fill("10");
  await page.getByRole("button", { name: "Save periods" }).click();
  await expect(page.getByText("The period for trashed personal records must be at least 30 days.")).toBeVisible();
  await expect(days).toHaveValue("10");
  await days.fill("1095");
  await page.getByRole("button", { name: "Save periods" }).click();
  await expect(page.getByText("Successfully updated the retention periods.")).toBeVisible();
  await expect(page.getByLabel("Trashed personal records (days)")).toHaveValue("1095");
});
