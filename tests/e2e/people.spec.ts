import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";

// People and places end to end: register a resident with JavaScript off, find
// them with Ctrl+K, open their page, add them to a household, see it on the map, print the
// household; axe on every page on the way. The server runs with the demo seed (puroks 1–7, about
// 500 residents, 150 households).

/** A surname part of letters only, unique to this run (search words are letters and digits). */
const letters = () => uniqueId().replace(/\d/g, (d) => "abcdefghij"[Number(d)]);

test.describe("residents without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  // Axe runs in the page, which needs JavaScript: the JavaScript tests below check these forms.
  test("register a resident: a future birth date is refused, then saved with the RBI fields", async ({ adminPage: page }) => {
    test.slow(); // several axe runs and page loads
    const tag = letters();
    await page.goto("/manage/residents?modal=create");
    const dialog = page.getByTestId("resource-modal");
    await expect(dialog.getByRole("heading", { name: "Register resident" })).toBeVisible();
    await dialog.getByLabel("Last name").fill(`Dela Cruz ${tag}`);
    await dialog.getByLabel("First name").fill("Santo Niño");
    await dialog.getByLabel("Sex").selectOption("Male");
    await dialog.getByLabel("Date of birth").fill("2999-01-01");
    await dialog.getByLabel("Civil status").selectOption("Single");
    await dialog.getByLabel("Purok").selectOption({ label: "Purok 3" });
    await dialog.getByLabel("Contact number").fill("0917 555 0101");
    await dialog.getByLabel("Registered voter").check();
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByText("The date of birth must not be in the future.")).toBeVisible();

    await page.getByLabel("Date of birth").fill("1988-12-08");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/manage\/residents$/);
    await expect(page.getByText("Successfully saved.")).toBeVisible();

    await page.goto(`/manage/residents?search=${tag}`);
    await expect(page.getByRole("row").filter({ hasText: `Santo Niño Dela Cruz ${tag}` })).toContainText("Purok 3");

    // The same person again: the duplicate warning links to the one already registered.
    await page.goto("/manage/residents?modal=create");
    await page.getByLabel("Last name").fill(`dela cruz ${tag}`);
    await page.getByLabel("First name").fill("SANTO NINO");
    await page.getByLabel("Sex").selectOption("Male");
    await page.getByLabel("Date of birth").fill("1988-12-08");
    await page.getByLabel("Civil status").selectOption("Single");
    await page.getByLabel("Purok").selectOption({ label: "Purok 3" });
    await page.getByRole("button", { name: "Save", exact: true }).click();
    const warning = page.getByTestId("duplicate-warning");
    await expect(warning).toContainText("This person may already be registered.");
    await expect(warning.getByRole("link", { name: `Santo Niño Dela Cruz ${tag}` })).toHaveAttribute(
      "href",
      /\/manage\/residents\/\d+\/profile$/,
    );
  });
});

test.describe("residents, households and the map", () => {
  test("find with Ctrl+K, open the page, add to a household, see it on the map, print it", async ({
    adminPage: page,
    adminApi,
    expectAccessible,
  }) => {
    test.slow(); // the whole journey of the issue, with axe on each page
    const tag = letters();
    const purok = (await adminApi.call<{ data: { id: number; name: string }[] }>("GET", "/backend/api/purok?search=Purok%203")).data[0];
    const resident = await adminApi.create<{ id: number }>("resident", {
      user_profile: {
        lastname: `Bautista ${tag}`,
        firstname: "Maria Clara",
        sex: "Female",
        date_of_birth: "1979-04-30",
        civil_status: "Married",
        purok_id: purok.id,
      },
    });

    // The top-bar search: a typo and the words out of order still find her; Enter opens her page.
    await page.goto("/dashboard");
    await waitForHydration(page);
    await page.keyboard.press("Control+k");
    const box = page.getByTestId("resident-search");
    await expect(box).toBeFocused();
    await box.fill(`${tag} marai clara`);
    const option = page.getByRole("option", { name: new RegExp(`Maria Clara Bautista ${tag}`) });
    await expect(option).toBeVisible();
    await expect(option).toContainText("N/A");
    await box.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/manage/residents/${resident.id}/profile$`));
    await expect(box).toHaveValue("");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Maria Clara Bautista ${tag}`);
    await expectAccessible(page, "resident profile");
    await page.getByRole("link", { name: "Location" }).click();
    await expect(page.getByText("Not in a household yet")).toBeVisible();

    // A household with her as head, its place picked on the map (no tiles needed).
    await page.goto("/manage/households?modal=create");
    await waitForHydration(page);
    const dialog = page.getByTestId("resource-modal");
    await dialog.getByRole("combobox", { name: "Household head" }).fill(`maria clara ${tag}`);
    await dialog.getByRole("option", { name: new RegExp(`Maria Clara Bautista ${tag}`) }).click();
    await dialog.getByLabel("Purok").selectOption({ label: "Purok 3" });
    await dialog.getByLabel("House number and street or landmark").fill("8 Sampaguita St.");
    await dialog.getByRole("region", { name: "Pick the household's location" }).click({ position: { x: 200, y: 100 } });
    await expect(dialog.getByLabel("Latitude")).toHaveValue(/^14\.\d{6}$/);
    await expectAccessible(page, "create household form");
    await dialog.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page).toHaveURL(/\/manage\/households$/);
    // Spec §7.3: household calls show no notification.
    await expect(page.getByText("Successfully saved.")).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: `Maria Clara Bautista ${tag}` })).toContainText("Purok 3");

    // Her page's location tab now has the map pin.
    await page.goto(`/manage/residents/${resident.id}/location`);
    await expect(page.getByTestId("leaflet-map")).toBeVisible();
    await expect(page.getByText(/Household of Maria Clara Bautista/).first()).toBeVisible();

    // The map: her purok's households, with the legend; markers draw without tiles.
    await page.goto(`/Maps?purok=${purok.id}`);
    await expect(page.getByTestId("map-legend")).toBeVisible();
    await expect(page.locator(".leaflet-interactive").first()).toBeVisible();
    await expectAccessible(page, "maps");

    // The household record prints on one page.
    const households = await adminApi.call<{ data: { id: number }[] }>("GET", `/backend/api/household?search=${tag}`);
    await page.goto(`/manage/households/${households.data[0].id}/print`);
    const record = page.getByTestId("household-record");
    await expect(record.getByRole("heading", { name: "Household Record" })).toBeVisible();
    await expect(record.getByRole("cell", { name: `Maria Clara Bautista ${tag}` })).toBeVisible();
    await expectAccessible(page, "household print view");
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("print-now")).toBeHidden();
  });

  test("every people screen opens and passes axe", async ({ adminPage: page, expectAccessible }) => {
    test.slow();
    const screens = [
      "/manage/residents",
      "/manage/residents?modal=create",
      "/manage/households",
      "/manage/disaster_prone_areas",
      "/manage/disaster_prone_areas?modal=create",
      "/manage/businesses",
      "/manage/businesses?modal=create",
      "/maps",
    ];
    for (const path of screens) {
      await page.goto(path);
      // An open modal hides the page behind it from assistive technology: look for the dialog then.
      await expect(path.includes("modal=") ? page.getByRole("dialog") : page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAccessible(page, path);
    }
    await page.goto("/manage/disaster_prone_areas");
    const view = page.getByTestId("view-households").getByRole("link").first();
    await view.click();
    await expect(page).toHaveURL(/\/manage\/households\?purok_id=\d+$/);
    // The purok is the list's reference filter: the toolbar shows it chosen, and every
    // row listed is of that purok.
    const purokId = new URL(page.url()).searchParams.get("purok_id")!;
    await expect(page.getByLabel("Purok", { exact: true })).toHaveValue(purokId);
  });
});
