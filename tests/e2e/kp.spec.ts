import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { getResource } from "../../domain/registry/index";
import { uniqueId, type PortalApi } from "./api";
import { expect, test } from "./fixtures";
import { ResourceListPage } from "./pages/resource-list-page";

// Katarungang Pambarangay end to end, as the Lupon secretary works it (issue 31, decision 200):
// (a) a complaint filed through the case form, summoned, mediated without settling, referred to a
// Pangkat the parties choose, conciliated, settled, and — ten days later, entered with the past
// dates the steps take — moved for execution and executed; (b) a case to a certification to file
// action. Each form a step issues is offered on the case page once the step is recorded, printed
// to PDF, read back as text (docket, names, the step's date) and kept as a PNG under
// test-results/kp-forms for a look. The case page's refusals (422) keep what was typed, with and
// without JavaScript; axe on the list, the case page, a step's dialog and the prints.

const kpCase = getResource("kp_case");
const FORMS_DIR = path.join("test-results", "kp-forms");
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A surname part of letters only, unique to this run. */
const letters = () => uniqueId().replace(/\d/g, (d) => "abcdefghij"[Number(d)]);

/** A date as the English forms print it: "September 2, 2026" or "2nd day of September, 2026". */
function printedDate(date: string): RegExp {
  const [y, m, d] = date.split("-").map(Number);
  const n = d % 100;
  const suffix = n >= 11 && n <= 13 ? "th" : (["th", "st", "nd", "rd"][d % 10] ?? "th");
  return new RegExp(`${MONTHS[m - 1]} ${d}, ${y}|${d}${suffix} day of ${MONTHS[m - 1]},? ${y}`);
}

interface Walk {
  page: Page;
  caseId: number;
  docket: string;
  testInfo: TestInfo;
  label: string;
}

/**
 * Axe on the case page as it loads afresh: a step's message and the deadline notices the step sends
 * arrive as stacked toasts, whose half-faded text axe would read as low contrast.
 */
async function checkCasePage(
  page: Page,
  caseId: number,
  label: string,
  expectAccessible: (page: Page, label?: string) => Promise<void>,
  query = "",
) {
  await page.goto(`/manage/kp/cases/${caseId}${query}`);
  await expectAccessible(page, label);
}

/** Takes a step from the case page: its button, its dialog filled, the message, the state after. */
async function takeStep(page: Page, name: string, fields: Record<string, string | string[]>, message: string | RegExp, state?: string) {
  await page.locator(`[data-step="${name}"]`).click();
  const dialog = page.getByTestId("step-dialog");
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]step=${name}(&|$)`));
  await fillStep(page, fields);
  await dialog.getByTestId("step-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: message })).toBeVisible();
  if (state) await expect(page.getByTestId("case-state")).toHaveText(state);
}

async function fillStep(page: Page, fields: Record<string, string | string[]>) {
  const dialog = page.getByTestId("step-dialog");
  for (const [name, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      const selects = dialog.locator(`[name="${name}[]"]`);
      for (const [i, v] of value.entries()) await selects.nth(i).selectOption(v);
      continue;
    }
    const control = dialog.locator(`[name="${name}"]`);
    if ((await control.evaluate((el) => el.tagName)) === "SELECT") await control.selectOption(value);
    else await control.fill(value);
  }
}

/**
 * Prints a form the case page offers: its link is on the page, the print is a PDF whose text holds
 * the docket, the names and the step's date; the PDF and its first page as a PNG are kept.
 */
async function printForm(walk: Walk, form: string, expected: (string | RegExp)[], query = "") {
  const { page, caseId, docket, testInfo } = walk;
  const here = `/manage/kp/cases/${caseId}`;
  if (page.url().replace(/\?.*$/, "").endsWith(here) === false) await page.goto(here);
  const link = page.locator(`[data-form="${form}"]${query ? `[href$="${query}"]` : ""}`).first();
  await expect(link, `form ${form} offered on the case page`).toBeVisible();
  const href = await link.getAttribute("href");
  expect(href).toBe(`${here}/forms/${form}/print${query}`);
  const print = await page.context().newPage();
  await print.goto(href!);
  await expect(print.getByText(docket).first()).toBeVisible();
  await print.emulateMedia({ media: "print" });
  const pdf = await print.pdf({ preferCSSPageSize: true, printBackground: true });
  await print.close();
  fs.mkdirSync(FORMS_DIR, { recursive: true });
  const base = path.join(FORMS_DIR, `${walk.label}-form-${form}${query ? "-member" : ""}`);
  fs.writeFileSync(`${base}.pdf`, pdf);
  fs.writeFileSync(testInfo.outputPath(`form-${form}.pdf`), pdf);
  // The forms print the parties' names in capitals: compared without case.
  const text = execFileSync("pdftotext", ["-layout", `${base}.pdf`, "-"])
    .toString()
    .replace(/\s+/g, " ")
    .toLowerCase();
  execFileSync("pdftoppm", ["-png", "-r", "80", "-f", "1", "-l", "1", "-singlefile", `${base}.pdf`, base]);
  expect(text, `form ${form}: docket`).toContain(docket.toLowerCase());
  for (const e of expected) {
    if (typeof e === "string") expect(text, `form ${form}`).toContain(e.toLowerCase());
    else expect(text, `form ${form}`).toMatch(new RegExp(e.source, "i"));
  }
  return text;
}

/** The Lupon serving since January, unique to this test: its chair, its secretary and three members. */
async function lupon(api: PortalApi, tag: string) {
  const seats = [
    [`Chair ${tag}`, "chair"],
    [`Secretary ${tag}`, "secretary"],
    [`Member One ${tag}`, "member"],
    [`Member Two ${tag}`, "member"],
    [`Member Three ${tag}`, "member"],
  ];
  const out: { name: string; id: string }[] = [];
  for (const [name, position] of seats)
    out.push({
      name,
      id: String((await api.create("lupon_member", { name, position, term_start: "2026-01-01", oath_date: "2026-01-05" })).id),
    });
  return out;
}

/** Files a complaint through the generic create form of the cases list; answers the case's id and docket. */
async function fileComplaint(
  page: Page,
  api: PortalApi,
  c: { title: string; filed: string; complainant: string; respondent: string; address: string },
) {
  const cases = new ResourceListPage(page, kpCase);
  await cases.goto();
  await cases.openCreate();
  await cases.fill({
    Title: c.title,
    "Nature of the dispute": "Collection of a sum of money",
    Category: "civil",
    Complaint: "The respondent borrowed ₱3,000.00 in January and has not paid it back despite demands.",
    "Date filed": c.filed,
  });
  const venue = cases.dialog.getByLabel(/^Venue/);
  if (await venue.count()) await venue.selectOption({ index: 1 });
  for (let i = 0; i < 2; i++) await cases.dialog.getByRole("button", { name: /^Add party/ }).click();
  const rows = cases.dialog.getByTestId("child-row");
  await rows.nth(0).getByLabel(/^Role/).selectOption("complainant");
  await rows
    .nth(0)
    .getByLabel(/^Resident/)
    .selectOption({ label: c.complainant });
  await rows.nth(1).getByLabel(/^Role/).selectOption("respondent");
  await rows.nth(1).getByLabel(/^Name/).fill(c.respondent);
  await rows
    .nth(1)
    .getByLabel(/^Address/)
    .fill(c.address);
  await cases.save();
  await expect(cases.message("Successfully saved.")).toBeVisible();
  const found = await api.call<{ data: { id: number; docket_number: string; state: string }[] }>(
    "GET",
    `/backend/api/kp_case?search=${encodeURIComponent(c.title)}`,
  );
  expect(found.data).toHaveLength(1);
  expect(found.data[0].state).toBe("filed");
  // The list's row links to the case's own page.
  await cases.goto(`?search=${encodeURIComponent(c.title)}`);
  await cases.row(found.data[0].docket_number).getByRole("link", { name: found.data[0].docket_number }).click();
  await expect(page).toHaveURL(new RegExp(`/manage/kp/cases/${found.data[0].id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`KP Case No. ${found.data[0].docket_number}`);
  return { caseId: found.data[0].id, docket: found.data[0].docket_number };
}

async function resident(api: PortalApi, first: string, last: string) {
  const purok = (await api.call<{ data: { id: number }[] }>("GET", "/backend/api/purok?per_page=1")).data[0].id;
  await api.create("resident", {
    user_profile: {
      lastname: last,
      firstname: first,
      sex: "Female",
      date_of_birth: "1980-04-02",
      civil_status: "Married",
      purok_id: purok,
    },
  });
  return `${first} ${last}`;
}

test("a case from the complaint through failed mediation, the Pangkat, a settlement and its execution, every form printed", async ({
  adminApi,
  adminPage,
  signInAs,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(420_000);
  const tag = letters();
  const members = await lupon(adminApi, tag);
  const complainant = await resident(adminApi, "Ana", `Reyes ${tag}`);
  const respondent = `Ben Santos ${tag}`;
  const secretary = await adminApi.createUser("Secretary", { welcomed: true });
  const page = await signInAs(secretary);

  // 1. The complaint (KP Form 7), through the list's create form.
  const { caseId, docket } = await fileComplaint(page, adminApi, {
    title: `Reyes vs. Santos ${tag}`,
    filed: "2026-09-01",
    complainant,
    respondent,
    address: "Purok 2, San Isidro",
  });
  const walk: Walk = { page, caseId, docket, testInfo, label: "a" };
  await expect(page.getByTestId("case-state")).toHaveText("Filed");
  await expect(page.getByTestId("parties-complainant").getByRole("link", { name: complainant })).toHaveAttribute(
    "href",
    /\/manage\/residents\/\d+$/,
  );
  await expect(page.getByTestId("parties-respondent")).toContainText(respondent);
  // The summons fell due the next working day (Wednesday 2 September) and was never issued.
  await expect(page.locator('[data-rule="summons"]')).toHaveAttribute("data-status", "overdue");
  await expectAccessible(page, "KP case, filed");
  await printForm(walk, "7", [complainant, respondent, printedDate("2026-09-01")]);

  // 2. The summons (KP Forms 8 and 9); its deadline is met on time.
  await takeStep(page, "summon", { date: "2026-09-02" }, `Successfully summoned the respondent of case ${docket}.`, "Summoned");
  await expect(page.locator('[data-rule="summons"]')).toHaveAttribute("data-status", "done");
  await printForm(walk, "8", [complainant, printedDate("2026-09-02")]);
  await printForm(walk, "9", [respondent, printedDate("2026-09-02"), "Officer's return"]);

  // 3. Mediation before the Punong Barangay, which fails: the case goes to the Pangkat (KP Form 10).
  await checkCasePage(page, caseId, "KP case, a step's dialog", expectAccessible, "?step=mediate");
  await fillStep(page, { date: "2026-09-04", minutes: "Both parties appeared. The respondent admits the debt but offers nothing." });
  await page.getByTestId("step-submit").click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Successfully recorded a mediation hearing" })).toBeVisible();
  await expect(page.getByTestId("case-hearing")).toContainText("The respondent admits the debt");
  await takeStep(
    page,
    "refer_to_pangkat",
    { date: "2026-09-18", reason: "The respondent refused every offer." },
    `Successfully referred case ${docket} to the Pangkat ng Tagapagkasundo.`,
    "For the Pangkat",
  );
  await printForm(walk, "10", [complainant, respondent]);

  // 4. The parties choose the three (KP Form 11 to each), who convene and conciliate (KP Forms 12, 13).
  await takeStep(
    page,
    "constitute_pangkat",
    {
      date: "2026-09-21",
      chosen_by: "parties",
      members: [members[2].id, members[3].id, members[4].id],
      chair_id: members[2].id,
      secretary_id: members[3].id,
    },
    `Successfully constituted the Pangkat of case ${docket}.`,
  );
  await expect(page.getByTestId("pangkat-member")).toHaveCount(3);
  await expect(page.getByTestId("case-pangkat")).toContainText(members[2].name);
  await printForm(walk, "11", [members[2].name, printedDate("2026-09-21")], `?member=${members[2].id}`);
  await takeStep(
    page,
    "conciliate",
    { date: "2026-09-23", minutes: "The Pangkat heard both parties; the respondent asks for instalments." },
    `Successfully recorded a conciliation hearing of case ${docket}.`,
    "In conciliation",
  );
  await printForm(walk, "12", [complainant, respondent]);
  await printForm(walk, "13", [docket]);

  // 5. The settlement (KP Form 16): its terms as the parties wrote them.
  const terms = "The respondent pays ₱3,000.00 in three monthly instalments of ₱1,000.00 from October 2026.";
  await takeStep(
    page,
    "settle",
    { date: "2026-09-30", terms },
    `Successfully recorded the amicable settlement of case ${docket}.`,
    "Settled",
  );
  await expect(page.getByTestId("case-terms")).toHaveText(terms);
  await checkCasePage(page, caseId, "KP case, settled", expectAccessible);
  await printForm(walk, "16", [complainant, respondent, "three monthly instalments", printedDate("2026-09-30")]);

  // 6. Ten days later (its last day, Saturday 10 October, moved to Monday 12): the motion, its
  // hearing's notice and the execution (KP Forms 23, 24, 25), entered with their past dates.
  await takeStep(
    page,
    "move_for_execution",
    { date: "2026-10-14", movant: "0" },
    `Successfully recorded the motion for execution of case ${docket}.`,
  );
  await printForm(walk, "23", [complainant, printedDate("2026-10-14")]);
  await printForm(walk, "24", [respondent]);
  await takeStep(
    page,
    "execute",
    { date: "2026-10-20", minutes: "The respondent paid the first instalment before the Punong Barangay." },
    `Successfully recorded the execution of case ${docket}.`,
    "Executed",
  );
  await expect(page.locator('[data-rule="settlement_repudiation"]')).toHaveAttribute("data-status", /lapsed|done/);
  await printForm(walk, "25", [respondent, printedDate("2026-10-20")]);
  await checkCasePage(page, caseId, "KP case, executed", expectAccessible);

  // Every step is in the record's history (the History button is for view-audit: the administrator).
  await expect(page.getByTestId("history-link")).toHaveCount(0);
  await adminPage.goto(`/manage/kp/cases/${caseId}`);
  await adminPage.getByTestId("history-link").click();
  await expect(adminPage).toHaveURL(`/history/kp_case/${caseId}`);
  for (const step of [
    "summon",
    "mediate",
    "refer_to_pangkat",
    "constitute_pangkat",
    "conciliate",
    "settle",
    "move_for_execution",
    "execute",
  ]) {
    const label = kpCase.commands!.find((c) => c.name === step)!.label;
    await expect(adminPage.getByRole("main"), step).toContainText(label);
  }
});

test("a case to a certification to file action, printed; a refused step keeps what was typed", async ({
  adminApi,
  signInAs,
  expectAccessible,
}, testInfo) => {
  test.setTimeout(240_000);
  const tag = letters();
  const members = await lupon(adminApi, tag);
  const complainant = await resident(adminApi, "Carla", `Mendoza ${tag}`);
  const respondent = `Dan Villanueva ${tag}`;
  const secretary = await adminApi.createUser("Secretary", { welcomed: true });
  const page = await signInAs(secretary);
  const { caseId, docket } = await fileComplaint(page, adminApi, {
    title: `Mendoza vs. Villanueva ${tag}`,
    filed: "2026-10-05",
    complainant,
    respondent,
    address: "Purok 5, San Isidro",
  });
  const walk: Walk = { page, caseId, docket, testInfo, label: "b" };

  // The scanned complaint is attached (a text file is refused by its content, the description kept),
  // downloads as it was, and a mistaken one is removed with its reason.
  const attach = page.getByTestId("attach-form");
  await attach.locator('[name="description"]').fill("Scanned complaint");
  await attach
    .locator('[name="file"]')
    .setInputFiles({ name: "complaint.pdf", mimeType: "application/pdf", buffer: Buffer.from("not a pdf") });
  await attach.getByRole("button", { name: "Attach" }).click();
  await expect(page.getByTestId("attach-form")).toContainText("The file must be a PDF");
  await expect(page.getByTestId("attach-form").locator('[name="description"]')).toHaveValue("Scanned complaint");
  const scan = Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
  await page
    .getByTestId("attach-form")
    .locator('[name="file"]')
    .setInputFiles({ name: "complaint.pdf", mimeType: "application/pdf", buffer: scan });
  await page.getByTestId("attach-form").getByRole("button", { name: "Attach" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Successfully attached complaint.pdf." })).toBeVisible();
  const file = page.getByTestId("case-attachment").filter({ hasText: "complaint.pdf" });
  await expect(file).toContainText("Scanned complaint");
  const download = await page
    .context()
    .request.get((await file.getByRole("link", { name: "complaint.pdf", exact: true }).getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(Buffer.from(await download.body()).equals(scan)).toBe(true);
  await file.getByRole("link", { name: "Remove complaint.pdf" }).click();
  await page.getByTestId("remove-dialog").getByLabel("Reason").fill("Attached to the wrong case");
  await page.getByTestId("remove-dialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Successfully removed the attachment." })).toBeVisible();
  await expect(page.getByTestId("case-attachment")).toHaveCount(0);

  await takeStep(page, "summon", { date: "2026-10-06" }, `Successfully summoned the respondent of case ${docket}.`, "Summoned");

  // A step dated before the case's last step is refused on its date; what was typed stays.
  await page.locator('[data-step="mediate"]').click();
  await fillStep(page, { date: "2026-10-01", minutes: "Minutes typed before the refusal." });
  await page.getByTestId("step-submit").click();
  const dialog = page.getByTestId("step-dialog");
  await expect(dialog.locator('[data-field="date"]')).toContainText(
    "The date must not be before 2026-10-06, the case's last recorded step.",
  );
  await expect(dialog.locator('[name="minutes"]')).toHaveValue("Minutes typed before the refusal.");
  await expect(dialog.locator('[name="date"]')).toHaveValue("2026-10-01");
  await fillStep(page, { date: "2026-10-08" });
  await page.getByTestId("step-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("case-hearing")).toContainText("Minutes typed before the refusal.");

  // A step the law does not allow now says why (the settlement needs its terms; a certification to
  // file action needs the Pangkat).
  await page.locator('[data-step="settle"]').click();
  await dialog.locator('[name="terms"]').evaluate((el) => el.removeAttribute("required"));
  await page.getByTestId("step-submit").click();
  await expect(dialog.locator('[data-field="terms"]')).toContainText("The terms field is required.");
  await expect(page.locator('[data-step="certify_file_action"]')).toHaveCount(0);
  await page.goto(`/manage/kp/cases/${caseId}`);

  await takeStep(
    page,
    "refer_to_pangkat",
    { date: "2026-10-20" },
    `Successfully referred case ${docket} to the Pangkat ng Tagapagkasundo.`,
  );
  await takeStep(
    page,
    "constitute_pangkat",
    { date: "2026-10-21", chosen_by: "parties", members: [members[2].id, members[3].id, members[4].id] },
    `Successfully constituted the Pangkat of case ${docket}.`,
  );
  // The three elect their chair and secretary at their first meeting, recorded as its own step.
  await takeStep(
    page,
    "elect_pangkat_officers",
    { date: "2026-10-22", chair_id: members[4].id, secretary_id: members[3].id },
    `Successfully recorded the chair and secretary of the Pangkat of case ${docket}.`,
  );
  await expect(page.getByTestId("case-pangkat")).toContainText(`${members[4].name} · Pangkat chair`);
  await takeStep(page, "conciliate", { date: "2026-10-23", minutes: "No agreement." }, "Successfully recorded a conciliation hearing");
  await takeStep(
    page,
    "certify_file_action",
    { date: "2026-11-09" },
    `Successfully certified case ${docket} to file action.`,
    "Certified to file action",
  );
  // The case has left the barangay: what it had not met is moot, never overdue.
  await expect(page.locator('[data-status="overdue"]')).toHaveCount(0);
  await expect(page.getByTestId("case-steps")).toContainText("no step remains");
  await checkCasePage(page, caseId, "KP case, certified", expectAccessible);
  await printForm(walk, "20", [complainant, respondent, printedDate("2026-11-09")]);
  // The Pangkat heard it: its secretary's certification too (KP Form 20-A).
  await printForm(walk, "20-a", [complainant, respondent, printedDate("2026-11-09")]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a step's dialog opens from its link, posts as a plain form, and a refusal keeps what was typed", async ({
    adminApi,
    adminPage: page,
  }) => {
    const tag = letters();
    const filed = await adminApi.create<{ id: number; docket_number: string }>("kp_case", {
      title: `Cruz vs. Garcia ${tag}`,
      nature: "Damage to property",
      category: "civil",
      complaint: "The respondent's goats ate the complainant's vegetables.",
      filed_on: "2026-11-02",
      venue_ground: "same_barangay",
      parties: [
        { role: "complainant", name: `Ella Cruz ${tag}`, address: "Purok 1, San Isidro" },
        { role: "respondent", name: `Fe Garcia ${tag}`, address: "Purok 1, San Isidro" },
      ],
    });
    await page.goto(`/manage/kp/cases/${filed.id}`);
    await page.getByRole("link", { name: "Summon", exact: true }).click();
    await expect(page).toHaveURL(/\?step=summon$/);
    const dialog = page.getByTestId("step-dialog");
    await dialog.locator('[name="date"]').fill("2026-10-30");
    await dialog.getByTestId("step-submit").click();
    await expect(dialog.locator('[data-field="date"]')).toContainText("The date must not be before 2026-11-02");
    await expect(dialog.locator('[name="date"]')).toHaveValue("2026-10-30");
    await dialog.locator('[name="date"]').fill("2026-11-03");
    await dialog.getByTestId("step-submit").click();
    await expect(page).toHaveURL(new RegExp(`/manage/kp/cases/${filed.id}$`));
    await expect(page.getByText(`Successfully summoned the respondent of case ${filed.docket_number}.`)).toBeVisible();
    await expect(page.getByTestId("case-state")).toHaveText("Summoned");
  });
});
