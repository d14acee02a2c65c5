import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";
import { rbiWorkbook, type RbiRow } from "../api/resident-import-sheets.ts";

// The resident import (issue 33 item 1, decision 217) as the secretary walks it: a 1,000-row RBI
// Form A workbook with errors and duplicates planted is uploaded from the residents list, dry-run,
// fixed (an unknown purok created, a choice per duplicate), committed with its progress, its error
// report downloaded, and undone.

const SHOTS = process.env.FIT_SCREENSHOTS;
const FIRSTS = [
  "Jose",
  "Maria",
  "Juan",
  "Ana",
  "Pedro",
  "Rosa",
  "Carlo",
  "Liza",
  "Ramon",
  "Nena",
  "Andres",
  "Luz",
  "Emilio",
  "Teresa",
  "Felipe",
];
const LASTS = ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Torres", "Flores", "Villanueva", "Ramos"];

function isoDay(offset: number): string {
  return new Date(Date.UTC(1950, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);
}
/** The page at 390 and 1440 px wide, when FIT_SCREENSHOTS names a folder. */
async function screenshots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(500); // the sidebar's slide at the new width
    await page.screenshot({ path: `${SHOTS}/resident-import-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

const mdy = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

test("a 1,000-row RBI workbook: upload, dry run, fix, commit, error report, undo", async ({ adminPage: page, adminApi }) => {
  test.setTimeout(240_000);
  const tag =
    uniqueId()
      .replace(/[^a-z]/gi, "")
      .slice(0, 6) || "Imp";
  const purok = `Purok ${tag}`;
  const newPurok = `Sitio ${tag}`;
  const created = await adminApi.create("purok", { name: purok });
  const existing = await adminApi.create("resident", {
    user_profile: {
      lastname: `Santos ${tag}`,
      firstname: "Maria Clara",
      middlename: "Lopez",
      sex: "Female",
      date_of_birth: "1961-08-15",
      civil_status: "Single",
      purok_id: created.id,
    },
  });

  // 1,000 rows in households of four; each person born on a day of their own.
  const rows: RbiRow[] = [];
  for (let i = 0; i < 1000; i++) {
    const household = `HH-${String(Math.floor(i / 4) + 1).padStart(4, "0")}`;
    const role = ["Head", "Asawa", "Anak", "Anak"][i % 4];
    const sex = i % 2 ? "F" : "M";
    rows.push([
      `${LASTS[Math.floor(i / 4) % LASTS.length]} ${tag}`,
      FIRSTS[i % FIRSTS.length],
      LASTS[(i + 3) % LASTS.length],
      "",
      String(100 + i),
      "Rizal St.",
      purok,
      "Calamba, Laguna",
      mdy(isoDay(i * 13)),
      sex,
      i % 4 < 2 ? "Married" : "Single",
      "Filipino",
      "",
      household,
      role === "Anak" ? "Son" : role,
    ]);
  }
  const line = (i: number) => i + 5; // the header is row 4
  // Planted errors: 5 without a last name, 5 impossible dates, 5 sexes that are neither, 5 in a purok not in the list.
  for (let k = 0; k < 5; k++) {
    rows[10 + k * 4][0] = "";
    rows[11 + k * 4][8] = "02/30/1980";
    rows[201 + k * 4][9] = "X";
    rows[400 + k * 4][6] = newPurok;
  }
  // Planted duplicates: the registered Maria Clara twice (as "Ma. Clara" with her middle initial, and
  // in full), and three people written twice within the file (the surname in capitals).
  rows[600] = [`SANTOS ${tag}`, "Ma. Clara", "L.", "", "5", "Mabini St.", purok, "", "08/15/1961", "F", "Kasal", "", "", "HH-0151", "Head"];
  rows[700] = [`Santos ${tag}`, "Maria Clara", "Lopez", "", "5", "", purok, "", "1961-08-15", "Babae", "Married", "", "", "", ""];
  for (const [copy, of] of [
    [801, 800],
    [805, 804],
    [901, 900],
  ]) {
    rows[copy] = [...rows[of]];
    rows[copy][0] = String(rows[of][0]).toUpperCase();
    rows[copy][13] = "";
  }

  // The secretary opens the import from the residents list.
  await page.goto("/manage/residents");
  await waitForHydration(page);
  await page.getByTestId("residents-import").click();
  await expect(page.getByRole("heading", { name: "Import residents" })).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Spreadsheet").setInputFiles({
    name: `RBI ${tag}.xlsx`,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await rbiWorkbook(rows),
  });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page).toHaveURL(/\/manage\/residents\/import\/\d+/, { timeout: 60_000 });
  await expect(page.getByTestId("import-status")).toHaveText("Dry run — not saved");
  await expect(page.getByTestId("count-refuse")).toHaveText("20");
  await expect(page.getByTestId("count-duplicate")).toHaveText("5");
  await expect(page.getByTestId("count-create")).toHaveText("975");
  await waitForHydration(page);

  // Screens at 390 and 1440 px, the dry run under review.
  await screenshots(page, "review");

  // The refused rows say why.
  await page.getByRole("link", { name: /^Refused/ }).click();
  await expect(page.getByTestId(`import-row-${line(10)}`)).toContainText("The last name field is required.");
  await expect(page.getByTestId(`import-row-${line(11)}`)).toContainText("The date of birth is not a valid date.");
  await expect(page.getByTestId(`import-row-${line(201)}`)).toContainText('Sex "X" is neither Male nor Female');
  await expect(page.getByTestId(`import-row-${line(400)}`)).toContainText(`Purok "${newPurok}" is not in the list of puroks.`);

  // Fix: create the purok the sheet names; its five rows are checked again.
  await page.getByRole("button", { name: `Create purok “${newPurok}”` }).click();
  await expect(page.getByText(`Purok "${newPurok}" was created and the rows checked again.`)).toBeVisible();
  await expect(page.getByTestId("count-refuse")).toHaveText("15");
  await expect(page.getByTestId("count-create")).toHaveText("980");

  // A choice per duplicate: the registered Maria Clara is updated from the first of her rows and
  // the second skipped; one repeated person is a different one after all (create anyway).
  await page.getByRole("link", { name: /^Likely duplicates/ }).click();
  const first = page.getByTestId(`import-row-${line(600)}`);
  await expect(first).toContainText(`Maria Clara Lopez Santos ${tag}`);
  await expect(first).toContainText("middle initial matches");
  await first.getByRole("button", { name: "Update resident" }).click();
  await expect(first.getByRole("button", { name: "Update resident" })).toHaveAttribute("aria-pressed", "true");
  const second = page.getByTestId(`import-row-${line(700)}`);
  await expect(second).toContainText(`Maria Clara Lopez Santos ${tag}`);
  await expect(second.getByRole("button", { name: "Skip" })).toHaveAttribute("aria-pressed", "true");
  const repeated = page.getByTestId(`import-row-${line(805)}`);
  await expect(repeated).toContainText(`Repeats row ${line(804)} of this file`);
  await expect(repeated.getByRole("button", { name: "Update resident" })).toHaveCount(0);
  await repeated.getByRole("button", { name: "Create anyway" }).click();
  await expect(repeated.getByRole("button", { name: "Create anyway" })).toHaveAttribute("aria-pressed", "true");

  // The error report: the rows not imported, as they were, with a reason column.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Rows not imported (XLSX)" }).click(),
  ]);
  const report = new ExcelJS.Workbook();
  await report.xlsx.readFile(await download.path());
  const sheet = report.worksheets[0];
  expect(sheet.getRow(1).getCell(1).value).toBe("Row");
  const reasonColumn = sheet.getRow(1).cellCount;
  expect(sheet.getRow(1).getCell(reasonColumn).value).toBe("Reason");
  expect(sheet.rowCount - 1).toBe(15 + 3); // the refused, and the duplicates skipped
  const reasons = new Map<number, string>();
  for (let r = 2; r <= sheet.rowCount; r++)
    reasons.set(Number(sheet.getRow(r).getCell(1).value), String(sheet.getRow(r).getCell(reasonColumn).value));
  expect(reasons.get(line(11))).toBe("The date of birth is not a valid date.");
  expect(reasons.get(line(700))).toMatch(/^Likely duplicate, skipped/);

  // Commit: the progress shows until it is done.
  await page.getByTestId("import-commit").click();
  await expect(page.getByTestId("import-status")).toHaveText("Imported", { timeout: 120_000 });
  await expect(page.getByText("982 rows were written.")).toBeVisible();
  await screenshots(page, "committed");
  const activeWith = (entry: string) =>
    adminApi
      .call<{ meta: { total: number } }>("GET", `/backend/api/${entry}?search=${encodeURIComponent(tag)}&status=active&per_page=1`)
      .then((b) => b.meta.total);
  expect(await activeWith("resident")).toBe(982); // 980 + 1 new residents and the registered Maria Clara
  expect(await activeWith("household")).toBe(250);
  const updated = await adminApi.call<{ data: { user_profile: { civil_status: string; house_number: string } } }>(
    "GET",
    `/backend/api/resident/${existing.id}`,
  );
  expect(updated.data.user_profile).toMatchObject({ civil_status: "Married", house_number: "5" });

  // Undo, as a whole.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("import-undo").click();
  await expect(page.getByTestId("import-undone")).toBeVisible({ timeout: 180_000 });
  expect(await activeWith("resident")).toBe(1);
  expect(await activeWith("household")).toBe(0);
  const restored = await adminApi.call<{ data: { user_profile: { civil_status: string; house_number: string | null } } }>(
    "GET",
    `/backend/api/resident/${existing.id}`,
  );
  expect(restored.data.user_profile).toMatchObject({ civil_status: "Single", house_number: null });

  // The import page lists it, undone.
  await page.goto("/manage/residents/import");
  await expect(page.getByRole("link", { name: `RBI ${tag}.xlsx` })).toBeVisible();
});

test("a sheet of other columns is matched by hand; a file that is no spreadsheet is refused on the page", async ({
  adminPage: page,
  adminApi,
  signInAs,
}) => {
  const tag =
    uniqueId()
      .replace(/[^a-z]/gi, "")
      .slice(0, 6) || "Map";
  await adminApi.create("purok", { name: `Purok ${tag}` });
  await page.goto("/manage/residents/import");
  await waitForHydration(page);
  await page
    .getByLabel("Spreadsheet")
    .setInputFiles({ name: "photo.xlsx", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByTestId("import-error")).toHaveText("The file must be an Excel workbook (.xlsx) or a CSV file.");

  const csv = `Col A,Col B,Col C,Col D,Col E,Col F\nGarcia ${tag},Liza,09/03/1988,Female,Single,Purok ${tag}\nTan ${tag},Lito,1990-01-05,M,Kasal,Purok ${tag}\n`;
  await page.getByLabel("Spreadsheet").setInputFiles({ name: `export ${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Upload and check" }).click();
  await expect(page.getByRole("heading", { name: "Match the columns" })).toBeVisible();
  await waitForHydration(page);
  await screenshots(page, "mapping");
  const form = page.getByTestId("import-mapping");
  await form.getByRole("button", { name: "Check the rows with these columns" }).click();
  await expect(page.getByTestId("import-refusal")).toHaveText("Choose the last name and first name columns, or the full name column.");
  await form.getByLabel("Last name").selectOption({ index: 1 });
  await form.getByLabel("First name").selectOption({ index: 2 });
  await form.getByLabel("Date of birth").selectOption({ index: 3 });
  await form.getByLabel("Sex").selectOption({ index: 4 });
  await form.getByLabel("Civil status").selectOption({ index: 5 });
  await form.getByLabel("Purok / sitio / zone").selectOption({ index: 6 });
  await form.getByLabel("Dates like 03/04/1990 are").selectOption("dmy");
  await form.getByRole("button", { name: "Check the rows with these columns" }).click();
  await expect(page.getByTestId("import-status")).toHaveText("Dry run — not saved");
  await expect(page.getByTestId("count-create")).toHaveText("2");
  await expect(page.getByTestId("import-row-2")).toContainText(`Liza Garcia ${tag}`);
  await expect(page.getByTestId("import-row-2")).toContainText("read as 1988-03-09 (day first)");

  // The Treasurer reads residents but creates none: no import link, and the import's pages are refused.
  const treasurer = await signInAs(await adminApi.createUser("Treasurer", { welcomed: true }));
  await treasurer.goto("/manage/residents");
  await expect(treasurer.getByRole("heading", { name: "Residents", exact: true })).toBeVisible();
  await expect(treasurer.getByTestId("residents-import")).toHaveCount(0);
  expect((await treasurer.goto("/manage/residents/import"))?.status()).toBe(403);
  expect((await treasurer.goto(new URL(page.url()).pathname))?.status()).toBe(403);
});
