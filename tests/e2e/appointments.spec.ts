import { uniqueId } from "./api";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./pages/hydration";

// Appointments (decision 207): the front desk books a resident's appointment from the day's page
// (the resident from the picker), moves it to another free slot, and checks the resident in on
// arrival — the ticket the queue issues in the appointment lane shows in the window page's line.

test("staff book, move and check in an appointment; its priority ticket shows at the window", async ({
  adminPage,
  adminApi,
  expectAccessible,
}) => {
  const tag = uniqueId();
  // Today's weekday in Manila takes appointments for "Other" all day in five-minute slots, so the
  // test finds a free slot ahead whatever the hour it runs.
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Manila", weekday: "long" }).format(new Date());
  const services = await adminApi.call<{ data: { id: number; prefix: string }[] }>("GET", "/backend/api/queue_service?per_page=50");
  const other = services.data.find((s) => s.prefix === "O")!;
  await adminApi.create("appointment_hour", {
    service_id: other.id,
    weekday,
    opens_at: "00:00",
    closes_at: "23:55",
    slot_minutes: 5,
    capacity: 2,
  });
  const purok = await adminApi.create("purok", { name: `Purok AP ${tag}` });
  await adminApi.create("resident", {
    user_profile: {
      firstname: "Rosa",
      lastname: `Villanueva${tag}`,
      sex: "Female",
      date_of_birth: "1950-05-05",
      civil_status: "Widowed",
      purok_id: purok.id,
    },
  });

  await adminPage.goto("/appointments");
  await waitForHydration(adminPage);
  await expectAccessible(adminPage, "/appointments");
  const book = adminPage.getByRole("region", { name: "Book an appointment on this day" });
  await book.getByLabel("Service").selectOption({ label: "Other" });
  await book.getByRole("combobox", { name: "Resident" }).fill(`Villanueva${tag}`);
  await book.getByRole("option", { name: new RegExp(`Villanueva${tag}`, "i") }).click();
  const times = await book
    .getByLabel("Time")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(times.length).toBeGreaterThan(2);
  await book.getByLabel("Time").selectOption(times[0]);
  await book.getByLabel("Purpose").fill("Senior citizen ID");
  await book.getByRole("button", { name: "Book" }).click();

  const row = adminPage.getByTestId("appointment-row").filter({ hasText: `Villanueva${tag}` });
  await expect(row).toContainText(times[0]);
  await expect(row).toContainText("Booked");

  // Move to a later free slot of the day.
  await row.locator("summary", { hasText: "Move" }).click();
  await row.getByLabel("New time").fill(times[2]);
  await row.getByRole("button", { name: "Move", exact: true }).click();
  await expect(row).toContainText(times[2]);

  // The resident arrives: a ticket in the appointment lane.
  await row.getByRole("button", { name: /^Check in/ }).click();
  await expect(row).toContainText("Arrived");
  const code = (await row.getByText(/^O-\d{3}$/).textContent())!.trim();

  // Window 3 takes any service: the ticket waits in its line, marked a priority lane.
  await adminPage.goto("/queue");
  await adminPage.getByLabel("My window").selectOption({ label: "Window 3" });
  await adminPage.getByRole("button", { name: "Open", exact: true }).click();
  await expect(adminPage.getByText(code, { exact: true })).toBeVisible();
});
