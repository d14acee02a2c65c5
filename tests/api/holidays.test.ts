import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHILIPPINE_HOLIDAYS } from "../../domain/kp/philippine-holidays.ts";
import { seedHolidays } from "../../server/features/holidays/seed.ts";
import { holidayDates } from "../../server/features/holidays/queries.ts";
import { dueDate } from "../../domain/kp/deadlines.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The holidays the KP deadlines count around (decision 201), as a parameter over REST: the seeded
// national holidays listed, a local one added, a second holiday on a taken date refused with a 422
// on the date, and the seed never bringing back what the barangay deleted.

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
});

afterAll(async () => {
  await server?.close();
});

const BASE = "/backend/api/holiday";

describe("the holiday list", () => {
  it("starts with the national holidays of 2026 and 2027, in date order", async () => {
    const res = await admin.get(`${BASE}?per_page=100&filter[holiday_date_from]=2026-04-01&filter[holiday_date_to]=2026-04-30`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((h: { holiday_date: string; name: string; kind: string }) => [h.holiday_date, h.name, h.kind])).toEqual([
      ["2026-04-02", "Maundy Thursday", "regular"],
      ["2026-04-03", "Good Friday", "regular"],
      ["2026-04-04", "Black Saturday", "special_non_working"],
      ["2026-04-09", "Araw ng Kagitingan", "regular"],
    ]);
    const all = await admin.get(`${BASE}/count`);
    expect(all.body.data).toBeGreaterThanOrEqual(PHILIPPINE_HOLIDAYS[2026].length + PHILIPPINE_HOLIDAYS[2027].length);
    const special = await admin.get(`${BASE}?per_page=100&filter[kind]=special_non_working&search=Christmas`);
    expect(special.body.data.map((h: { holiday_date: string }) => h.holiday_date)).toEqual(["2026-12-24", "2027-12-24"]);
  });

  it("creates a local holiday, reads it back and edits it", async () => {
    const created = await admin.post(BASE, { holiday_date: "2026-05-15", name: "Fiesta ng San Isidro Labrador", kind: "local" });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({
      holiday_date: "2026-05-15",
      name: "Fiesta ng San Isidro Labrador",
      kind: "local",
      status: "Active",
    });
    const id = created.body.data.id as number;
    const moved = await admin.put(`${BASE}/${id}`, { holiday_date: "2026-05-14", name: "Bisperas ng Pista", kind: "local" });
    expect(moved.status, moved.text).toBe(200);
    expect((await admin.get(`${BASE}/${id}`)).body.data).toMatchObject({ holiday_date: "2026-05-14", name: "Bisperas ng Pista" });
  });

  it("refuses a second holiday on a taken date with a 422 on the date, on create and on edit", async () => {
    const dup = await admin.post(BASE, { holiday_date: "2026-04-03", name: "Another Good Friday", kind: "regular" });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ holiday_date: ["The holiday date has already been taken."] });
    const other = await admin.post(BASE, { holiday_date: "2026-06-24", name: "Araw ng Maynila", kind: "local" });
    expect(other.status).toBe(201);
    const edit = await admin.put(`${BASE}/${other.body.data.id}`, { holiday_date: "2026-06-12", name: "Araw ng Maynila", kind: "local" });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.holiday_date).toEqual(["The holiday date has already been taken."]);
  });

  it("refuses a date that does not exist and a kind it does not know", async () => {
    const bad = await admin.post(BASE, { holiday_date: "2026-02-29", name: "Leap day", kind: "holiday" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.holiday_date).toEqual(["The date is not a valid date."]);
    expect(bad.body.errors.kind).toEqual(["The selected kind is invalid."]);
  });

  it("frees a deleted holiday's date, and a restore onto a taken date is a 422", async () => {
    const first = await admin.post(BASE, { holiday_date: "2026-07-27", name: "Araw ng Bayan", kind: "local" });
    const id = first.body.data.id as number;
    expect((await admin.delete(`${BASE}/${id}`)).status).toBe(200);
    const again = await admin.post(BASE, { holiday_date: "2026-07-27", name: "Araw ng Bayan (moved)", kind: "local" });
    expect(again.status, again.text).toBe(201);
    const restore = await admin.post(`${BASE}/restore`, { id });
    expect(restore.status).toBe(422);
    expect(restore.body.errors.holiday_date).toEqual(["The holiday date has already been taken."]);
  });

  it("the seed runs again without bringing back a deleted national holiday or doubling a year", async () => {
    const listed = await admin.get(`${BASE}?per_page=100&search=${encodeURIComponent("Eid'l Adha")}&filter[holiday_date_from]=2027-01-01`);
    const estimated = listed.body.data[0] as { id: number; holiday_date: string };
    expect(estimated.holiday_date).toBe("2027-05-17");
    // The proclaimed date replaces the estimate: the old row deleted, the new one added.
    expect((await admin.delete(`${BASE}/${estimated.id}`)).status).toBe(200);
    expect((await admin.post(BASE, { holiday_date: "2027-05-16", name: "Eid'l Adha", kind: "regular" })).status).toBe(201);
    const before = (await admin.get(`${BASE}/count`)).body.data as number;
    await seedHolidays(server.db);
    expect((await admin.get(`${BASE}/count`)).body.data).toBe(before);
    const active = await admin.get(
      `${BASE}?status=active&per_page=100&filter[holiday_date_from]=2027-05-16&filter[holiday_date_to]=2027-05-17`,
    );
    expect(active.body.data.map((h: { holiday_date: string }) => h.holiday_date)).toEqual(["2027-05-16"]);
  });

  it("is kept by the holders of its permissions only", async () => {
    const reader = await signedIn(
      server,
      await createUser(server.db, { username: "pb.reader", permissions: ["manage-holiday", "view-holiday"] }),
    );
    expect((await reader.get(`${BASE}?per_page=1`)).status).toBe(200);
    const refused = await reader.post(BASE, { holiday_date: "2026-09-09", name: "Not allowed", kind: "local" });
    expect(refused.status).toBe(403);
    const roles = await server.db
      .selectFrom("role_permissions as rp")
      .innerJoin("roles as r", "r.id", "rp.role_id")
      .innerJoin("permissions as p", "p.id", "rp.permission_id")
      .select(["r.name as role", "p.name as permission"])
      .where("p.name", "like", "%-holiday")
      .where("r.name", "in", ["Administrator", "Punong Barangay", "Secretary", "Treasurer", "Encoder", "Viewer"])
      .execute();
    const holders = (permission: string) =>
      roles
        .filter((r) => r.permission === permission)
        .map((r) => r.role)
        .sort();
    expect(holders("create-holiday")).toEqual(["Administrator", "Secretary"]);
    expect(holders("view-holiday")).toEqual(["Administrator", "Punong Barangay", "Secretary"]);
  });

  it("hands the deadline rules the active dates: a local holiday moves a due date, a deleted one no longer does", async () => {
    const year = { from: "2026-01-01", to: "2026-12-31" };
    const before = await holidayDates({ db: server.db }, year.from, year.to);
    expect(before.has("2026-04-03")).toBe(true);
    expect(dueDate("execution_hearing", "2026-09-04", before)).toBe("2026-09-09");
    const fiesta = await admin.post(BASE, { holiday_date: "2026-09-09", name: "Pista ng Barangay", kind: "local" });
    expect(fiesta.status).toBe(201);
    const withFiesta = await holidayDates({ db: server.db }, year.from, year.to);
    expect(dueDate("execution_hearing", "2026-09-04", withFiesta)).toBe("2026-09-10");
    expect((await admin.delete(`${BASE}/${fiesta.body.data.id}`)).status).toBe(200);
    expect(dueDate("execution_hearing", "2026-09-04", await holidayDates({ db: server.db }, year.from, year.to))).toBe("2026-09-09");
  });
});
