import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { kpDeadlinesForDashboard, openCaseClocks, sweepKpDeadlines } from "../../server/features/kp/clock.ts";
import { dashboard } from "../../server/features/dashboard/service.ts";
import { addDays } from "../../domain/kp/deadlines.ts";
import { todayInManila } from "../../domain/dates.ts";

// The KP clock across the open cases (decision 205), with a fake clock: every call takes `today`.
// The dashboard lists what is overdue, due today or due within three days, counted on the
// barangay's holidays, to the holders of the KP case permissions only; the sweep tells the Punong
// Barangay, the Secretary and the Lupon's chair and secretary once per case, rule and status,
// however many sweeps run at once.

let server: TestServer;
let secretary: ApiClient;
let secretaryId: number;
let captainId: number;
let adminId: number;
let clerkId: number;
let chairId: number;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  const s = await createUser(server.db, { username: "clock-secretary", roles: ["Secretary"] });
  secretaryId = s.id;
  secretary = await signedIn(server, s);
  captainId = (await createUser(server.db, { username: "clock-captain", roles: ["Punong Barangay"] })).id;
  clerkId = (await createUser(server.db, { username: "clock-clerk", roles: ["Treasurer"] })).id;
  adminId = Number(
    (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow()).id,
  );
  // A Lupon member who chairs it, linked to an account holding no role: told as the Lupon's chair.
  chairId = (await createUser(server.db, { username: "clock-lupon-chair", kind: "resident", firstname: "Celia", lastname: "Ramos" })).id;
  admin = await signedIn(server, server.admin);
  const member = await admin.post("/backend/api/lupon_member", {
    name: "Celia Ramos",
    user_id: chairId,
    position: "chair",
    term_start: "2025-01-01",
  });
  expect(member.status, member.text).toBe(201);
});
afterAll(async () => {
  await server?.close();
});

async function file(filedOn: string, title = "Reyes vs. Santos", by = secretary): Promise<{ id: number; docket_number: string }> {
  const res = await by.post("/backend/api/kp_case", {
    title,
    nature: "Collection of a sum of money",
    category: "civil",
    // A market stall dispute: the venue is where it arose (§409(c)), whoever the parties are.
    venue_ground: "workplace",
    venue_detail: "The public market of San Isidro",
    complaint: "The respondent borrowed ₱3,000.00 and has not paid it back.",
    filed_on: filedOn,
    parties: [
      { role: "complainant", name: "Ana Reyes", address: "Purok 1, San Isidro" },
      { role: "respondent", name: "Ben Santos", address: "Purok 2, San Isidro" },
    ],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function step(id: number, command: string, body: Record<string, unknown>) {
  const res = await secretary.put(`/backend/api/kp_case/${command}/${id}`, body);
  expect(res.status, `${command}: ${res.text}`).toBe(200);
}

async function as(userId: number) {
  return { db: server.db, user: await loadAuthUser(server.db, userId) };
}

async function noticesOf(caseId: number) {
  return server.db
    .selectFrom("notifications")
    .select(["user_id", "title", "topic", "link", "data"])
    .where("entity", "=", "kp_case")
    .where("entity_id", "=", String(caseId))
    .orderBy("id")
    .execute();
}

describe("the dashboard's KP deadlines", () => {
  it("lists the summons as due, due today, then overdue as the days pass; a summons issued takes it away", async () => {
    // Monday 2 March 2026: the summons is due on the next working day, Tuesday 3 March.
    const kase = await file("2026-03-02");
    const lines = async (today: string) =>
      ((await kpDeadlinesForDashboard(await as(secretaryId), today)) ?? []).filter((l) => l.case_id === kase.id);

    expect(await lines("2026-03-02")).toEqual([
      expect.objectContaining({ docket_number: kase.docket_number, rule: "summons", status: "pending", due: "2026-03-03", days_left: 1 }),
    ]);
    expect((await lines("2026-03-03")).map((l) => [l.rule, l.status])).toEqual([["summons", "due_today"]]);
    expect((await lines("2026-03-05")).map((l) => [l.rule, l.status, l.days_left])).toEqual([["summons", "overdue", -2]]);
    // The 60 days of §410(c) are a limit nobody acts on: never on the card.
    expect((await lines("2026-04-30")).map((l) => l.rule)).toEqual(["summons"]);

    await step(kase.id, "summon", { date: "2026-03-04" });
    expect(await lines("2026-03-05")).toEqual([]);
  });

  it("counts on the barangay's holidays: a complaint of Holy Wednesday is summoned after Easter", async () => {
    // Wednesday 1 April 2026: Maundy Thursday and Good Friday are holidays, then a weekend.
    const kase = await file("2026-04-01", "Cruz vs. Dela Cruz");
    const summons = async (today: string) =>
      ((await kpDeadlinesForDashboard(await as(captainId), today)) ?? []).find((l) => l.case_id === kase.id);
    expect(await summons("2026-04-01")).toBeUndefined(); // due Monday 6 April: five days ahead
    expect(await summons("2026-04-03")).toMatchObject({ due: "2026-04-06", days_left: 3, status: "pending" });
    // The barangay deletes Good Friday (say it worked that day): the summons falls due on Friday.
    await sql`update holidays set deleted_at = now() where holiday_date = '2026-04-03'`.execute(server.db);
    try {
      expect(await summons("2026-04-01")).toMatchObject({ due: "2026-04-03", days_left: 2 });
    } finally {
      await sql`update holidays set deleted_at = null where holiday_date = '2026-04-03'`.execute(server.db);
    }
    await step(kase.id, "withdraw", { date: "2026-04-01", reason: "The parties settled outside." });
    // A withdrawn case is closed: it leaves the query altogether.
    const open = (await openCaseClocks(server, "2026-04-03")).flat().map((l) => l.case_id);
    expect(open).not.toContain(kase.id);
  });

  it("watches a settled case until seven months after the settlement, past the six months of execution", async () => {
    const kase = await file("2026-01-05", "Sison vs. Tolentino");
    await step(kase.id, "summon", { date: "2026-01-06" });
    await step(kase.id, "mediate", { date: "2026-01-08" });
    await step(kase.id, "settle", { date: "2026-01-12", terms: "Ibabalik ang kalabaw sa Lunes." });
    const read = async (today: string) => (await openCaseClocks(server, today)).flat().filter((l) => l.case_id === kase.id);
    // The settlement's transmittal is due 5 days after the 10 days of repudiation: overdue by March.
    expect((await read("2026-03-01")).find((l) => l.rule === "transmittal_of_settlement")).toMatchObject({ status: "overdue" });
    expect((await read("2026-08-12")).map((l) => l.rule)).toContain("execution");
    expect(await read("2026-08-13")).toEqual([]);
  });

  it("is shown only to the holders of the KP case permissions", async () => {
    for (const id of [secretaryId, captainId, adminId]) expect((await dashboard(await as(id))).kpDeadlines).not.toBeNull();
    expect((await dashboard(await as(clerkId))).kpDeadlines).toBeNull();
    expect((await dashboard(await as(chairId))).kpDeadlines).toBeNull();
  });
});

describe("the deadline notices", () => {
  it("tell the Punong Barangay, the Secretary and the Lupon chair once per case, rule and status", async () => {
    // Monday: the summons is due Tuesday 5 May. Filed by the Administrator, whom the notices do not
    // reach, so every recipient is told each time.
    const kase = await file("2026-05-04", "Lim vs. Tan", admin);
    expect((await sweepKpDeadlines(server, "2026-05-04", { caseId: kase.id })).notices).toBe(0);

    const first = await sweepKpDeadlines(server, "2026-05-05", { caseId: kase.id });
    expect(first).toEqual({ notices: 1, notifications: 3 });
    // (Filed months before the real today, the case had its summons told overdue at filing too.)
    const due = (await noticesOf(kase.id)).filter((n) => (n.data as { status: string }).status === "due_today");
    expect(due.map((n) => Number(n.user_id)).sort()).toEqual([secretaryId, captainId, chairId].sort());
    expect(due[0]).toMatchObject({
      title: `KP case ${kase.docket_number}: due today`,
      topic: "kp",
      link: `/manage/kp/cases/${kase.id}`,
      data: { rule: "summons", status: "due_today", due: "2026-05-05" },
    });
    // Nothing of the dispute or the parties goes into a notification.
    expect(JSON.stringify(due)).not.toMatch(/Lim|Tan|Reyes|Santos|borrowed/);

    // The same day again: nothing new.
    expect(await sweepKpDeadlines(server, "2026-05-05", { caseId: kase.id })).toEqual({ notices: 0, notifications: 0 });

    // Overdue the next day: two processes sweep at once; one of them tells, once.
    const both = await Promise.all([sweepKpDeadlines(server, "2026-05-06"), sweepKpDeadlines(server, "2026-05-06")]);
    const overdue = (await noticesOf(kase.id)).filter((n) => (n.data as { status: string }).status === "overdue");
    expect(overdue).toHaveLength(3);
    // The second waited on the first one's claims (the same order: by case) and found them taken.
    expect(Math.min(...both.map((r) => r.notices))).toBe(0);
    expect(overdue[0].title).toBe(`KP case ${kase.docket_number}: overdue`);
    const claims = await server.db
      .selectFrom("kp_deadline_notices")
      .select(["rule", "status"])
      .where("case_id", "=", kase.id)
      .orderBy("status")
      .execute();
    expect(claims).toEqual([
      { rule: "summons", status: "due_today" },
      { rule: "summons", status: "overdue" },
    ]);
    // Days later still overdue: not told again.
    await sweepKpDeadlines(server, "2026-05-20");
    expect(await noticesOf(kase.id)).toHaveLength(6);
  });

  it("leave out the clerks, the Administrator and a Lupon secretary whose term ended", async () => {
    const formerId = (await createUser(server.db, { username: "clock-former-secretary", kind: "resident" })).id;
    await server.db
      .insertInto("lupon_members")
      .values({ name: "Former Secretary", user_id: formerId, position: "secretary", term_start: "2022-01-01", term_end: "2025-12-31" })
      .execute();
    const kase = await file("2026-06-01", "Go vs. Uy");
    await sweepKpDeadlines(server, "2026-06-02", { caseId: kase.id });
    const told = (await noticesOf(kase.id)).map((n) => Number(n.user_id));
    expect(told).not.toContain(clerkId);
    expect(told).not.toContain(adminId);
    expect(told).not.toContain(formerId);
    expect(told).toContain(secretaryId);
  });

  it("go out with the filing or the step that leaves a deadline overdue, to all but the one who recorded it", async () => {
    // A case entered from the paper docket, filed 25 days ago: its summons is overdue from the filing on.
    const filed = addDays(todayInManila(), -25);
    const kase = await file(filed, "Ong vs. Sy");
    const told = async (rule: string) =>
      (await noticesOf(kase.id))
        .filter((n) => (n.data as { rule: string }).rule === rule)
        .map((n) => Number(n.user_id))
        .sort();
    // The Secretary filed it: the captain and the Lupon chair are told, not the Secretary.
    expect(await told("summons")).toEqual([captainId, chairId].sort());
    await step(kase.id, "summon", { date: addDays(filed, 1) });
    // Mediation began 23 days ago: its 15 days are past.
    await step(kase.id, "mediate", { date: addDays(filed, 2) });
    expect(await told("mediation")).toEqual([captainId, chairId].sort());
    expect((await noticesOf(kase.id)).every((n) => (n.data as { status: string }).status === "overdue")).toBe(true);
    // The hourly sweep finds them told: nobody hears of them again, the Secretary included.
    await sweepKpDeadlines(server, todayInManila(), { caseId: kase.id });
    expect(await noticesOf(kase.id)).toHaveLength(4);
  });
});
