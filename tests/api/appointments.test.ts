import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { serviceFor } from "../../server/engine/services.ts";
import { bookOwn, cancelOwn, freeSlots, ownAppointments } from "../../server/features/appointments/service.ts";
import { sweepAppointments } from "../../server/features/appointments/clock.ts";
import { SEEDED_ROLES } from "../../server/seed.ts";
import { loader as dayLoader } from "../../app/routes/appointments.tsx";
import { pageContext } from "../helpers/page-context.ts";
import type { AuthUser, ServiceContext } from "../../server/context.ts";
import { adminContext, insertResidents } from "../helpers/people.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Appointments (decision 207): a queue service's slots (weekday hours cut into slots, a capacity
// each, holidays and past slots closed), staff booking, moving and cancelling for a resident, one
// open appointment per service per day, the check-in's priority ticket in the queue, the
// day-before reminder sent once and the no-shows, who may do what, and the resident's own booking.

let server: TestServer;
let admin: ApiClient;
let secretary: ApiClient;
let captain: ApiClient;
let treasurer: ApiClient;
let adminCtx: ServiceContext;
let service: Record<string, number>;
let residents: number[];
/** A resident with an account (a username and password): the one who books from home. */
let account: { id: number; ctx: ServiceContext };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  adminCtx = adminContext(server.db);
  secretary = await signedIn(server, await createUser(server.db, { username: "secretary-a", roles: ["Secretary"] }));
  captain = await signedIn(server, await createUser(server.db, { username: "captain-a", roles: ["Punong Barangay"] }));
  treasurer = await signedIn(server, await createUser(server.db, { username: "treasurer-a", roles: ["Treasurer"] }));
  service = Object.fromEntries(
    (await server.db.selectFrom("queue_services").select(["id", "prefix"]).execute()).map((s) => [s.prefix, Number(s.id)]),
  );
  // Certificates on Mondays 08:00–10:00 in slots of 30 minutes, two each; Payments on Mondays 13:00–14:00.
  await server.db.deleteFrom("appointment_hours").execute();
  await server.db
    .insertInto("appointment_hours")
    .values([
      { service_id: service.C, weekday: "Monday", opens_at: "08:00", closes_at: "10:00", slot_minutes: 30, capacity: 2 },
      { service_id: service.P, weekday: "Monday", opens_at: "13:00", closes_at: "14:00", slot_minutes: 60, capacity: 1 },
    ])
    .execute();
  residents = await insertResidents(server.db, [
    { firstname: "Ana", lastname: "Reyes" },
    { firstname: "Ben", lastname: "Cruz" },
    { firstname: "Cora", lastname: "Santos" },
    { firstname: "Dan", lastname: "Lim" },
  ]);
  const user = await createUser(server.db, { username: "resident-home", kind: "resident", firstname: "Ella", lastname: "Tan" });
  account = { id: user.id, ctx: { db: server.db, user: residentUser(user.id) } };
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

function residentUser(id: number): AuthUser {
  return {
    id,
    username: "resident-home",
    email: null,
    kind: "resident",
    new_user: false,
    last_sign_in_at: null,
    language: "en",
    user_profile: { firstname: "Ella", middlename: null, lastname: "Tan", suffix: null, fullname: "Ella Tan", image: "", hex_color: null },
    roles: [],
    permissions: [],
  };
}

/** The clock at a Manila wall time ("2026-12-07 08:40"): only Date is faked. */
function at(manila: string): Date {
  const now = new Date(`${manila.replace(" ", "T")}:00+08:00`);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  return now;
}

const book = (client: ApiClient, resident: number, date: string, time: string, prefix = "C") =>
  client.post("/backend/api/appointment", { service_id: service[prefix], resident_id: resident, appointment_date: date, slot_time: time });

describe("slots", () => {
  it("cuts the weekday's hours into slots with their capacity; another weekday has none", async () => {
    at("2026-12-06 09:00"); // a Sunday: the Monday ahead is open
    const monday = await freeSlots(adminCtx, service.C, "2026-12-07");
    expect(monday.closed).toBeNull();
    expect(monday.slots.map((s) => [s.time, s.capacity, s.free, s.open])).toEqual([
      ["08:00", 2, 2, true],
      ["08:30", 2, 2, true],
      ["09:00", 2, 2, true],
      ["09:30", 2, 2, true],
    ]);
    const wednesday = await freeSlots(adminCtx, service.C, "2026-12-09");
    expect(wednesday).toMatchObject({ closed: "no hours", slots: [] });
  });

  it("closes a holiday (the barangay's holidays, Bonifacio Day seeded) and the slots already past in Manila", async () => {
    at("2026-11-28 09:00");
    const holiday = await freeSlots(adminCtx, service.C, "2026-11-30");
    expect(holiday.closed).toBe("Bonifacio Day");
    expect(holiday.slots.every((s) => !s.open)).toBe(true);
    const refused = await book(secretary, residents[0], "2026-11-30", "09:00");
    expect(refused.status).toBe(422);
    expect(refused.body.errors.appointment_date[0]).toBe("The hall is closed on Monday, November 30, 2026 (Bonifacio Day).");

    at("2026-12-07 08:40");
    const today = await freeSlots(adminCtx, service.C, "2026-12-07");
    expect(today.slots.map((s) => s.open)).toEqual([false, false, true, true]);
    const past = await book(secretary, residents[0], "2026-12-07", "08:30");
    expect(past.status).toBe(422);
    expect(past.body.errors.slot_time[0]).toBe("The 08:30 slot has passed: choose a later one.");
    const nowhere = await book(secretary, residents[0], "2026-12-07", "08:45");
    expect(nowhere.body.errors.slot_time[0]).toBe("The service takes no appointment at 08:45 on Monday, December 7, 2026.");
  });
});

describe("booking", () => {
  it("fills a slot to its capacity, then names the next free one (a 422 on the time)", async () => {
    at("2026-12-06 10:00");
    expect((await book(secretary, residents[0], "2026-12-14", "09:30")).status).toBe(201);
    expect((await book(secretary, residents[1], "2026-12-14", "09:30")).status).toBe(201);
    const full = await book(secretary, residents[2], "2026-12-14", "09:30");
    expect(full.status).toBe(422);
    // 09:30 is the day's last: the next free one is the next Monday's first.
    expect(full.body.errors.slot_time[0]).toBe(
      "The 09:30 slot on Monday, December 14, 2026 is full; the next free one is Monday, December 21, 2026 at 08:00.",
    );
    const slots = await freeSlots(adminCtx, service.C, "2026-12-14");
    expect(slots.slots.find((s) => s.time === "09:30")).toMatchObject({ taken: 2, free: 0, open: false });
  });

  it("holds one open appointment per service per day for a resident, another service that day allowed", async () => {
    at("2026-12-06 10:00");
    const again = await book(secretary, residents[0], "2026-12-14", "08:00");
    expect(again.status).toBe(422);
    expect(again.body.errors.appointment_date[0]).toBe("The resident already has an appointment for this service on 2026-12-14 at 09:30.");
    expect((await book(secretary, residents[0], "2026-12-14", "13:00", "P")).status).toBe(201);
  });

  it("refuses a missing or unknown resident, service or time with the field's message", async () => {
    const bad = await secretary.post("/backend/api/appointment", {
      service_id: service.C,
      appointment_date: "2026-02-30",
      slot_time: "9am",
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["appointment_date", "resident_id", "slot_time"]);
    at("2026-12-06 10:00");
    const staffId = (await server.db.selectFrom("users").select("id").where("kind", "=", "staff").executeTakeFirstOrThrow()).id;
    const staff = await book(secretary, staffId, "2026-12-14", "08:00");
    expect(staff.body.errors.resident_id[0]).toBe("The selected resident is invalid.");
  });
});

describe("move and cancel", () => {
  it("moves to a free slot (not to a full one), cancels with a reason, and records both with their audit", async () => {
    at("2026-12-06 10:00");
    const booked = await book(secretary, residents[3], "2026-12-14", "08:00");
    const id = booked.body.data.id as number;
    const toFull = await secretary.put(`/backend/api/appointment/move/${id}`, { appointment_date: "2026-12-14", slot_time: "09:30" });
    expect(toFull.status).toBe(422);
    expect(toFull.body.errors.slot_time[0]).toMatch(/^The 09:30 slot on Monday, December 14, 2026 is full; the next free one is/);
    const moved = await secretary.put(`/backend/api/appointment/move/${id}`, { appointment_date: "2026-12-21", slot_time: "08:30" });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ appointment_date: "2026-12-21", slot_time: "08:30", state: "booked" });

    await expect(serviceFor("appointment").command(adminCtx, "cancel", id, {})).rejects.toMatchObject({ status: 422 });
    const cancelled = await secretary.put(`/backend/api/appointment/cancel/${id}`, { reason: "The resident called: travelling" });
    expect(cancelled.body.data.state).toBe("cancelled");
    // The slot is free again, and the cancelled one moves no more.
    expect((await freeSlots(adminCtx, service.C, "2026-12-21")).slots.find((s) => s.time === "08:30")?.free).toBe(2);
    expect(
      (await secretary.put(`/backend/api/appointment/move/${id}`, { appointment_date: "2026-12-21", slot_time: "09:00" })).status,
    ).toBe(422);

    const runs = await server.db
      .selectFrom("command_runs")
      .select(["command", "reason"])
      .where("entity", "=", "appointment")
      .where("entity_id", "=", id)
      .orderBy("id")
      .execute();
    expect(runs).toEqual([
      { command: "book", reason: null },
      { command: "move", reason: expect.any(String) },
      { command: "cancel", reason: "The resident called: travelling" },
    ]);
    const audit = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "appointment")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["book", "move", "cancel"]);
  });
});

describe("check in", () => {
  it("issues the holder a ticket in the queue's appointment lane, called before the regular line, and marks the appointment arrived", async () => {
    at("2026-12-06 10:00");
    const booked = await book(secretary, residents[2], "2026-12-07", "09:00");
    const id = booked.body.data.id as number;
    // Not before its day.
    const early = await secretary.put(`/backend/api/appointment/check_in/${id}`, {});
    expect(early.status).toBe(422);
    expect(early.body.message).toBe("The appointment is on 2026-12-07; it is checked in on its day (today is 2026-12-06).");

    at("2026-12-07 08:50");
    const walkIn = await serviceFor("queue").issue(
      { db: server.db, user: null, ip: "198.51.100.7" },
      { service_id: service.C, lane: "regular" },
    );
    const checked = await secretary.put(`/backend/api/appointment/check_in/${id}`, {});
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ state: "arrived", ticket_id: expect.any(Number) });
    const ticket = await server.db
      .selectFrom("queue_tickets")
      .selectAll()
      .where("id", "=", checked.body.data.ticket_id)
      .executeTakeFirstOrThrow();
    expect(ticket).toMatchObject({ lane: "appointment", code: "C-002", state: "waiting", ticket_date: "2026-12-07" });
    // The window calls the appointment's holder before the walk-in who came first.
    const window = (await server.db.selectFrom("queue_windows").select("id").where("name", "=", "Window 1").executeTakeFirstOrThrow()).id;
    const called = await secretary.post("/backend/api/queue/call-next", { window_id: window });
    expect(called.body.data.code).toBe(ticket.code);
    expect(walkIn.code).toBe("C-001");
    // Checked in once: a second check-in is refused, and no second ticket is issued.
    expect((await secretary.put(`/backend/api/appointment/check_in/${id}`, {})).status).toBe(422);
    expect(
      Number(
        (
          await server.db
            .selectFrom("queue_tickets")
            .select((eb) => eb.fn.countAll().as("n"))
            .where("lane", "=", "appointment")
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(1);
  });

  it("is not a lane the kiosk offers: a visitor posting it is refused", async () => {
    await expect(
      serviceFor("queue").issue({ db: server.db, user: null, ip: "198.51.100.8" }, { service_id: service.C, lane: "appointment" }),
    ).rejects.toMatchObject({ status: 422, errors: { lane: [expect.any(String)] } });
  });
});

describe("the sweep", () => {
  it("reminds a resident with an account the day before, once, and marks the booked ones after their day as no-shows", async () => {
    at("2026-12-06 10:00");
    const mine = await bookOwn(account.ctx, { service_id: service.C, appointment_date: "2026-12-14", slot_time: "08:00" });
    const noAccount = await book(secretary, residents[3], "2026-12-14", "08:30");
    expect(noAccount.status).toBe(201);
    const notices = () =>
      server.db
        .selectFrom("notifications")
        .select(["title", "message"])
        .where("user_id", "=", account.id)
        .where("entity", "=", "appointment")
        .execute();

    at("2026-12-12 20:00"); // two days before: nothing yet
    expect((await sweepAppointments({ db: server.db })).reminders).toBe(0);
    at("2026-12-13 07:00");
    const first = await sweepAppointments({ db: server.db });
    expect(first.reminders).toBe(1); // the resident without an account is not told by the portal
    // Two processes sweeping at once send it once.
    const [a, b] = await Promise.all([sweepAppointments({ db: server.db }), sweepAppointments({ db: server.db })]);
    expect(a.reminders + b.reminders).toBe(0);
    expect(await notices()).toEqual([
      {
        title: "Appointment tomorrow at 08:00",
        message: "Certificate at the barangay hall on Monday, December 14, 2026 at 08:00. Show this at the desk on arrival.",
      },
    ]);

    at("2026-12-15 07:00"); // the day after: still booked, so they did not come
    const after = await sweepAppointments({ db: server.db });
    expect(after.noShows).toBeGreaterThanOrEqual(2);
    const states = await server.db
      .selectFrom("appointments")
      .select(["id", "state"])
      .where("id", "in", [mine.id, noAccount.body.data.id])
      .execute();
    expect(states.map((r) => r.state)).toEqual(["no_show", "no_show"]);
    expect((await sweepAppointments({ db: server.db })).noShows).toBe(0);
    const run = await server.db
      .selectFrom("command_runs")
      .select(["command", "user_id"])
      .where("entity", "=", "appointment")
      .where("entity_id", "=", mine.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ command: "no_show", user_id: null });
  });
});

describe("the resident's own booking", () => {
  it("shows the free slots, books one's own, refuses a second that day, and cancels one's own with a reason", async () => {
    at("2026-12-06 10:00");
    const day = await freeSlots(account.ctx, service.P, "2026-12-21");
    expect(day.slots).toEqual([{ time: "13:00", capacity: 1, taken: 0, free: 1, open: true }]);
    const mine = await bookOwn(account.ctx, {
      service_id: service.P,
      appointment_date: "2026-12-21",
      slot_time: "13:00",
      purpose: "Business permit fee",
    });
    expect(mine).toMatchObject({ resident_id: account.id, state: "booked", booked_by_resident: true });
    await expect(bookOwn(account.ctx, { service_id: service.P, appointment_date: "2026-12-21", slot_time: "13:00" })).rejects.toMatchObject(
      {
        status: 422,
      },
    );
    const own = await ownAppointments(account.ctx);
    expect(own.map((a) => a.id)).toContain(mine.id);
    expect(own.every((a) => a.resident_id === account.id)).toBe(true);
    await expect(cancelOwn(account.ctx, mine.id, "")).rejects.toMatchObject({
      status: 422,
      errors: { reason: ["The reason field is required."] },
    });
    const cancelled = await cancelOwn(account.ctx, mine.id, "I cannot come that day");
    expect(cancelled.state).toBe("cancelled");
    const run = await server.db
      .selectFrom("command_runs")
      .select(["command", "reason", "user_id"])
      .where("entity", "=", "appointment")
      .where("entity_id", "=", mine.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(run).toEqual({ command: "cancel", reason: "I cannot come that day", user_id: account.id });
  });

  it("keeps to the resident's own: staff may not book as themselves, and another's appointment is not found", async () => {
    at("2026-12-06 10:00");
    await expect(bookOwn(adminCtx, { service_id: service.C, appointment_date: "2026-12-21", slot_time: "09:00" })).rejects.toMatchObject({
      status: 403,
    });
    const theirs = await book(secretary, residents[2], "2026-12-21", "09:00");
    await expect(cancelOwn(account.ctx, theirs.body.data.id, "Not mine to cancel")).rejects.toMatchObject({ status: 404 });
    expect(
      (await server.db.selectFrom("appointments").select("state").where("id", "=", theirs.body.data.id).executeTakeFirstOrThrow()).state,
    ).toBe("booked");
  });
});

describe("permissions", () => {
  it("lets the front desk book, move, cancel and check in; the Punong Barangay and the Treasurer only read (403)", async () => {
    at("2026-12-06 10:00");
    expect((await book(captain, residents[1], "2026-12-21", "08:00")).status).toBe(403);
    expect((await book(treasurer, residents[1], "2026-12-21", "08:00")).status).toBe(403);
    const booked = await book(admin, residents[1], "2026-12-21", "08:00");
    expect(booked.status).toBe(201);
    const id = booked.body.data.id as number;
    expect((await captain.get("/backend/api/appointment?per_page=5")).status).toBe(200);
    expect((await treasurer.get(`/backend/api/appointment/${id}`)).status).toBe(200);
    expect((await captain.put(`/backend/api/appointment/cancel/${id}`, { reason: "Not the captain's to cancel" })).status).toBe(403);
    expect(
      (await treasurer.put(`/backend/api/appointment/move/${id}`, { appointment_date: "2026-12-21", slot_time: "08:30" })).status,
    ).toBe(403);
    const nobody = await signedIn(server, await createUser(server.db, { username: "clerk-a", permissions: ["manage-parameter"] }));
    expect((await nobody.get("/backend/api/appointment")).status).toBe(403);
    expect((await nobody.put(`/backend/api/appointment/check_in/${id}`, {})).status).toBe(403);
    // An appointment is cancelled with a reason, never deleted.
    expect((await admin.delete(`/backend/api/appointment/${id}`)).status).toBe(422);
    expect((await server.db.selectFrom("appointments").select("state").where("id", "=", id).executeTakeFirstOrThrow()).state).toBe(
      "booked",
    );
  });
});

describe("the seeded roles", () => {
  it("give booking to the front desk (Secretary, Encoder), reading to the Punong Barangay and the Treasurer, the hours to the Secretary", () => {
    const holders = (permission: string) => SEEDED_ROLES.filter((role) => role.permissions().includes(permission)).map((r) => r.name);
    expect(holders("manage-appointment")).toEqual(["Administrator", "Punong Barangay", "Secretary", "Treasurer", "Encoder"]);
    expect(holders("create-appointment")).toEqual(["Administrator", "Secretary", "Encoder"]);
    expect(holders("update-appointment")).toEqual(["Administrator", "Secretary", "Encoder"]);
    expect(holders("delete-appointment")).toEqual(["Administrator"]);
    expect(holders("update-appointment_hour")).toEqual(["Administrator", "Secretary"]);
  });
});

describe("the day's page", () => {
  it("lists the day's appointments with their ticket, and offers booking and the commands only to the front desk", async () => {
    const open = async (userId: number, date: string) => {
      const answer = (await dayLoader({
        request: new Request(`http://hall.local/appointments?date=${date}`),
        context: await pageContext(server.db, userId),
        params: {},
      } as unknown as Parameters<typeof dayLoader>[0])) as unknown as {
        data: { canBook: boolean; canWork: boolean; appointments: { resident: string; ticket: string | null; state: string }[] };
      };
      return answer.data;
    };
    const secretaryId = Number(
      (await server.db.selectFrom("users").select("id").where("username", "=", "secretary-a").executeTakeFirstOrThrow()).id,
    );
    const captainId = Number(
      (await server.db.selectFrom("users").select("id").where("username", "=", "captain-a").executeTakeFirstOrThrow()).id,
    );
    const desk = await open(secretaryId, "2026-12-07");
    expect(desk).toMatchObject({ canBook: true, canWork: true });
    // The check-in above: Cora Santos arrived with her appointment-lane ticket.
    expect(desk.appointments).toContainEqual(expect.objectContaining({ resident: "Cora Santos", state: "arrived", ticket: "C-002" }));
    expect(await open(captainId, "2026-12-07")).toMatchObject({ canBook: false, canWork: false });
  });
});
