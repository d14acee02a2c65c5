import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInManila } from "../../domain/dates.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The KP books and reports (issue 31 item 5, decision 204) over REST, on cases built through the
// procedure's commands: the record book, the cases by nature and outcome, the monthly transmittal
// (which month a settlement or award belongs to, as the deadline rules and the holidays date its
// finality), the LTIA self-assessment at the edges of its bands, the XLSX export read back, and the
// KP permission that opens them.

let server: TestServer;
let secretary: ApiClient; // the Lupon secretary: the KP permissions, no general reports permission
let clerk: ApiClient; // the reports' permission, none of the KP ones
const residents: number[] = [];
const lupon: number[] = []; // the three members who may sit on a Pangkat

const KP_PERMISSIONS = ["lupon_member", "kp_case", "kp_hearing"].flatMap((e) =>
  ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${e}`),
);

beforeAll(async () => {
  server = await startTestServer();
  secretary = await signedIn(
    server,
    await createUser(server.db, { username: "kp-books", firstname: "Lorna", lastname: "Bautista", permissions: KP_PERMISSIONS }),
  );
  clerk = await signedIn(
    server,
    await createUser(server.db, { username: "kp-books-clerk", permissions: ["manage-report", "view-report"] }),
  );
  for (const [firstname, lastname] of [
    ["Ana", "Reyes"],
    ["Carlos", "Dizon"],
    ["Elena", "Cruz"],
    ["Felipe", "Garcia"],
  ])
    residents.push((await createUser(server.db, { username: `kp-r-${lastname}`, kind: "resident", firstname, lastname })).id);
  // The Lupon: its chair and secretary sign the books; three members sit on a Pangkat.
  for (const [name, position] of [
    ["Jose Dela Cruz", "chair"],
    ["Lorna Bautista", "secretary"],
    ["Maria Santos", "member"],
    ["Pedro Lim", "member"],
    ["Rosa Villanueva", "member"],
  ]) {
    const res = await secretary.post("/backend/api/lupon_member", { name, position, term_start: "2026-01-01" });
    expect(res.status, res.text).toBe(201);
    if (position === "member") lupon.push(res.body.data.id);
  }
});
afterAll(async () => {
  await server?.close();
});

type Step = [command: string, date: string, extra?: Record<string, unknown>];

interface Complaint {
  filed: string;
  nature?: string;
  category?: "civil" | "criminal";
  complainant?: number;
  respondent?: string;
}

let counter = 0;
/** Files a complaint and takes its steps, each through the case's command (REST). */
async function kase(c: Complaint, ...steps: Step[]): Promise<{ id: number; docket: string }> {
  counter++;
  const res = await secretary.post("/backend/api/kp_case", {
    title: `Case ${counter}`,
    nature: c.nature ?? "Collection of a sum of money",
    category: c.category ?? "civil",
    ...(c.category === "criminal" ? { penalty_imprisonment_days: 30 } : {}),
    complaint: "The complaint as told to the Punong Barangay.",
    venue_ground: "same_barangay",
    filed_on: c.filed,
    parties: [
      { role: "complainant", user_id: c.complainant ?? residents[counter % residents.length] },
      { role: "respondent", name: c.respondent ?? `Respondent ${counter}`, address: "Purok 2, San Isidro" },
    ],
  });
  expect(res.status, res.text).toBe(201);
  const { id, docket_number } = res.body.data as { id: number; docket_number: string };
  for (const [command, date, extra] of steps) {
    const body: Record<string, unknown> = { date, ...extra };
    if (command === "settle" || command === "award") body.terms ??= "Babayaran ng respondent ang ₱1,000.00.";
    if (["repudiate", "certify_bar_action", "dismiss"].includes(command)) body.reason ??= "As found at the hearing.";
    const step = await secretary.put(`/backend/api/kp_case/${command}/${id}`, body);
    expect(step.status, `${docket_number} ${command} ${date}: ${step.text}`).toBe(200);
  }
  return { id, docket: docket_number };
}

const run = async (client: ApiClient, name: string, filters: Record<string, string> = {}) => {
  const query = Object.entries(filters)
    .map(([k, v]) => `filter[${k}]=${v}`)
    .join("&");
  const res = await client.get(`/backend/api/reports/${name}${query ? `?${query}` : ""}`);
  expect(res.status, res.text).toBe(200);
  return res.body.data as {
    cards: { key: string; value: number | string }[];
    sections: { key: string; rows: Record<string, unknown>[]; totals: Record<string, unknown> | null }[];
    filters: Record<string, string>;
    letter?: { to: string[]; body: string[] };
    signatures?: { name: string; title: string }[];
  };
};
const rowsOf = (data: Awaited<ReturnType<typeof run>>, key: string) => data.sections.find((s) => s.key === key)!.rows;
const cardsOf = (data: Awaited<ReturnType<typeof run>>) => Object.fromEntries(data.cards.map((c) => [c.key, c.value]));

async function download(client: ApiClient, path: string) {
  const res = await fetch(server.url + path, {
    headers: { Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

// ---- May 2026: one case of each outcome --------------------------------------------------------

const MAY = { filed_from: "2026-05-01", filed_to: "2026-05-31" };
const may: Record<string, { id: number; docket: string }> = {};

describe("the record book and the cases by nature and outcome", () => {
  beforeAll(async () => {
    may.mediation = await kase({ filed: "2026-05-04" }, ["summon", "2026-05-05"], ["mediate", "2026-05-06"], ["settle", "2026-05-08"]);
    may.conciliation = await kase(
      { filed: "2026-05-04", nature: "  collection of a SUM of money " },
      ["summon", "2026-05-06"], // due Tuesday 5 May: late
      ["mediate", "2026-05-07"],
      ["refer_to_pangkat", "2026-05-12"],
      ["constitute_pangkat", "2026-05-13", { chosen_by: "parties", members: lupon, chair_id: lupon[0], secretary_id: lupon[1] }],
      ["conciliate", "2026-05-14"],
      ["settle", "2026-05-20"],
    );
    may.award = await kase(
      { filed: "2026-05-05", nature: "Damage to property" },
      ["summon", "2026-05-06"],
      ["mediate", "2026-05-07"],
      ["agree_to_arbitrate", "2026-05-08"],
      ["award", "2026-05-15"],
    );
    may.repudiated = await kase(
      { filed: "2026-05-05", nature: "Slight physical injuries", category: "criminal" },
      ["summon", "2026-05-06"],
      ["mediate", "2026-05-07"],
      ["settle", "2026-05-11"],
      ["repudiate", "2026-05-15", { reason: "Consent vitiated by intimidation" }],
      ["certify_file_action", "2026-05-18"],
    );
    may.cfa = await kase(
      { filed: "2026-05-06", nature: "Slight physical injuries", category: "criminal" },
      ["summon", "2026-05-07"],
      ["mediate", "2026-05-08"],
      ["refer_to_pangkat", "2026-05-13"],
      ["constitute_pangkat", "2026-05-14", { chosen_by: "lot" }],
      ["certify_file_action", "2026-05-20"],
    );
    may.barred = await kase(
      { filed: "2026-05-06", nature: "Damage to property" },
      ["summon", "2026-05-07"],
      ["certify_bar_action", "2026-05-12", { reason: "The complainant wilfully failed to appear" }],
    );
    may.dismissed = await kase({ filed: "2026-05-07" }, ["dismiss", "2026-05-08", { reason: "Not a dispute between residents" }]);
    may.withdrawn = await kase({ filed: "2026-05-07" }, ["withdraw", "2026-05-08"]);
    may.pending = await kase({ filed: "2026-05-08", nature: "Unjust vexation", category: "criminal" }, ["summon", "2026-05-11"]);
  });

  it("counts each outcome once, civil and criminal, and each nature whatever its capitals", async () => {
    const data = await run(secretary, "kp-cases-by-nature", MAY);
    expect(rowsOf(data, "by_outcome")).toEqual([
      { outcome: "Settled in mediation", civil: 1, criminal: 0, total: 1 },
      { outcome: "Settled in conciliation", civil: 1, criminal: 0, total: 1 },
      { outcome: "Arbitration award", civil: 1, criminal: 0, total: 1 },
      { outcome: "Repudiated", civil: 0, criminal: 1, total: 1 },
      { outcome: "Certified to file action", civil: 0, criminal: 1, total: 1 },
      { outcome: "Barred", civil: 1, criminal: 0, total: 1 },
      { outcome: "Dismissed", civil: 1, criminal: 0, total: 1 },
      { outcome: "Withdrawn", civil: 1, criminal: 0, total: 1 },
      { outcome: "Pending", civil: 0, criminal: 1, total: 1 },
    ]);
    expect(data.sections.find((s) => s.key === "by_outcome")!.totals).toMatchObject({ civil: 6, criminal: 3, total: 9 });
    const byNature = rowsOf(data, "by_nature");
    expect(byNature.map((r) => [r.nature, r.total])).toEqual([
      ["Collection of a sum of money", 4],
      ["Damage to property", 2],
      ["Slight physical injuries", 2],
      ["Unjust vexation", 1],
    ]);
    expect(byNature[0]).toMatchObject({ settled_mediation: 1, settled_conciliation: 1, dismissed: 1, withdrawn: 1, pending: 0 });
    expect(byNature[2]).toMatchObject({ repudiated: 1, certified_file_action: 1 });
    expect(cardsOf(data)).toMatchObject({ cases: 9, settled: 3, to_court: 2, pending: 1 });
    // The period is the date filed: the day before May holds none of them.
    expect(cardsOf(await run(secretary, "kp-cases-by-nature", { filed_from: "2026-04-01", filed_to: "2026-04-30" })).cases).toBe(0);
  });

  it("keeps the docket as the LTIA reads it: parties, date and time filed, nature, summons, steps, disposition", async () => {
    const data = await run(secretary, "kp-record-book", MAY);
    const rows = rowsOf(data, "docket");
    expect(rows).toHaveLength(9);
    const row = (docket: string) => rows.find((r) => r.docket_number === docket)!;
    expect(row(may.mediation.docket)).toMatchObject({
      filed_on: "2026-05-04",
      summoned_on: "2026-05-05",
      summons_on_time: "Yes",
      respondents: expect.stringMatching(/^Respondent \d+$/),
      disposition: "Settled in mediation",
      disposed_on: "2026-05-08",
      // Entered in November for a complaint of May: the time it was received is not known.
      time_received: "",
      missing: "time filed",
    });
    expect(row(may.mediation.docket).complainants).toMatch(/\w+ \w+/);
    expect(row(may.conciliation.docket).summons_on_time).toBe("No (due May 5, 2026)");
    expect(row(may.conciliation.docket).steps).toBe(
      "Mediation May 7, 2026; Referred to the Pangkat May 12, 2026; Pangkat constituted May 13, 2026; Conciliation May 14, 2026; Settled May 20, 2026",
    );
    expect(row(may.repudiated.docket)).toMatchObject({
      disposition: "Repudiated; then certified to file action May 18, 2026; Consent vitiated by intimidation",
      disposed_on: "2026-05-15",
    });
    expect(row(may.barred.docket).disposition).toBe("Barred; The complainant wilfully failed to appear");
    expect(row(may.pending.docket)).toMatchObject({ disposition: "Pending (summoned)", disposed_on: null, summons_on_time: "Yes" });
    // A pending case's summons, Friday's complaint summoned on Monday, is the next working day.
    const outcome = await run(secretary, "kp-record-book", { ...MAY, outcome: "pending" });
    expect(rowsOf(outcome, "docket").map((r) => r.docket_number)).toEqual([may.pending.docket]);
    expect(cardsOf(data)).toMatchObject({ cases: 9, pending: 1, closed: 8, complete: "0 of 9" });
    expect(data.signatures?.map((s) => s.title)).toEqual(["Lupon Secretary", "Punong Barangay, Lupon Chairman"]);
  });

  it("exports the record book as XLSX, one row per case", async () => {
    const file = await download(
      secretary,
      `/backend/api/reports/kp-record-book/export.xlsx?filter[filed_from]=${MAY.filed_from}&filter[filed_to]=${MAY.filed_to}`,
    );
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet("Record book")!;
    expect(sheet.rowCount).toBe(1 + 9);
    expect(sheet.getRow(1).getCell(1).value).toBe("Docket no.");
    const dockets = Array.from({ length: 9 }, (_, i) => sheet.getRow(i + 2).getCell(1).value);
    expect(dockets).toContain(may.award.docket);
    const filed = sheet.getRow(2).getCell(4).value;
    expect(filed).toBeInstanceOf(Date);
    expect((filed as Date).toISOString().slice(0, 10)).toBe("2026-05-04");
  });
});

// ---- September to November 2026: the transmittal's months ------------------------------------

describe("the monthly transmittal", () => {
  const t: Record<string, { id: number; docket: string }> = {};
  beforeAll(async () => {
    // Settled on Saturday 19 September: the ten days end Tuesday 29 September; final on the 30th.
    t.september = await kase({ filed: "2026-09-14" }, ["summon", "2026-09-15"], ["mediate", "2026-09-16"], ["settle", "2026-09-19"]);
    // A day later: the ten days end Wednesday 30 September; final on 1 October.
    t.october = await kase(
      { filed: "2026-09-14" },
      ["summon", "2026-09-15"],
      ["mediate", "2026-09-16"],
      ["settle", "2026-09-20"],
      ["transmit", "2026-10-05"],
    );
    // An award of Tuesday 29 September: final once its ten days pass (Friday 9 October), due at
    // the court five days from the award (Sunday 4 October, so Monday 5 October): sent late.
    t.award = await kase(
      { filed: "2026-09-15", nature: "Damage to property" },
      ["summon", "2026-09-16"],
      ["mediate", "2026-09-17"],
      ["agree_to_arbitrate", "2026-09-21"],
      ["award", "2026-09-29"],
      ["transmit", "2026-10-07"],
    );
    // Repudiated: never final, never transmitted.
    t.repudiated = await kase(
      { filed: "2026-09-15" },
      ["summon", "2026-09-16"],
      ["mediate", "2026-09-17"],
      ["settle", "2026-09-21"],
      ["repudiate", "2026-09-25"],
    );
    // Settled Wednesday 21 October: the ten days end Saturday 31 October; All Saints' (Sunday) and
    // All Souls' (Monday) move them to Tuesday 3 November: final in November, not October.
    t.november = await kase({ filed: "2026-10-12" }, ["summon", "2026-10-13"], ["mediate", "2026-10-14"], ["settle", "2026-10-21"]);
  });

  const reports = async (month: string) => rowsOf(await run(secretary, "kp-transmittal", { month }), "reports");

  it("lists a settlement or award in the month it became final, with its §419 due date and whether it was sent", async () => {
    expect(await reports("2026-09")).toEqual([
      expect.objectContaining({
        no: 1,
        docket_number: t.september.docket,
        kind: "Amicable settlement",
        made_on: "2026-09-19",
        final_on: "2026-09-30",
        due_on: "2026-10-05",
        transmitted_on: null,
        status: "Overdue",
      }),
    ]);
    const october = await reports("2026-10");
    expect(october.map((r) => r.docket_number)).toEqual([t.october.docket, t.award.docket]);
    expect(october[0]).toMatchObject({ final_on: "2026-10-01", due_on: "2026-10-05", transmitted_on: "2026-10-05", status: "On time" });
    expect(october[1]).toMatchObject({
      kind: "Arbitration award",
      made_on: "2026-09-29",
      final_on: "2026-10-10",
      due_on: "2026-10-05",
      transmitted_on: "2026-10-07",
      status: "Late",
    });
    const november = await reports("2026-11");
    expect(november.map((r) => [r.docket_number, r.final_on, r.due_on])).toEqual([[t.november.docket, "2026-11-04", "2026-11-09"]]);
    const all = [...(await reports("2026-09")), ...october, ...november].map((r) => r.docket_number);
    expect(all).not.toContain(t.repudiated.docket);
  });

  it("is a letter to the court, signed by the Lupon secretary", async () => {
    const data = await run(secretary, "kp-transmittal", { month: "2026-10" });
    expect(cardsOf(data)).toMatchObject({ month: "October 2026", reports: 2, transmitted: 2, overdue: 0 });
    expect(data.letter?.to[0]).toBe("The Presiding Judge");
    expect(data.letter?.to[1]).toMatch(/Trial Court/);
    expect(data.letter?.body[0]).toMatch(/Section 419 of Republic Act No\. 7160.*October 2026/);
    // Without a month, last month's: the one a secretary sends at the start of a month, shown as chosen.
    const [y, m] = todayInManila().split("-").map(Number);
    const last = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
    expect((await run(secretary, "kp-transmittal")).filters).toEqual({ month: last });
    expect(data.signatures).toEqual([
      { label: "Very truly yours,", name: "Lorna Bautista", title: "Lupon Secretary" },
      { label: "Noted by:", name: "Jose Dela Cruz", title: "Punong Barangay, Lupon Chairman" },
    ]);
  });
});

// ---- July 2026: the LTIA's bands ---------------------------------------------------------------

const points = (data: Awaited<ReturnType<typeof run>>) =>
  Object.fromEntries(rowsOf(data, "criteria").map((r) => [r.code as string, r.points as number | null]));

describe("the LTIA self-assessment", () => {
  const c: { id: number; docket: string }[] = [];
  beforeAll(async () => {
    // Ten cases filed 1 and 2 July, each settled in mediation:
    // - eight summoned the next day, heard on 3 July, settled on 10 July (within fifteen days of the
    //   first meeting), sent to the court on Monday 27 July (the ten days end Monday 20 July; five
    //   more end Saturday 25 July, so Monday 27 July): on time;
    // - a ninth summoned two days after (late), settled on 24 July (its fifteen days ended Monday
    //   20 July: late), sent on 11 August (due 10 August: late);
    // - a tenth filed Thursday 2 July, summoned Monday 6 July (due Friday 3 July: late), settled on
    //   24 July (late), never sent (overdue).
    for (let i = 0; i < 8; i++)
      c.push(
        await kase(
          { filed: "2026-07-01", complainant: residents[0], respondent: i === 0 ? "Ben Santos" : undefined },
          ["summon", "2026-07-02"],
          ["mediate", "2026-07-03"],
          ["settle", "2026-07-10"],
          ["transmit", "2026-07-27"],
        ),
      );
    c.push(
      await kase(
        { filed: "2026-07-01" },
        ["summon", "2026-07-03"],
        ["mediate", "2026-07-03"],
        ["settle", "2026-07-24"],
        ["transmit", "2026-08-11"],
      ),
    );
    c.push(await kase({ filed: "2026-07-02" }, ["summon", "2026-07-06"], ["mediate", "2026-07-06"], ["settle", "2026-07-24"]));
    // An eleventh, pending: filed Monday 6 July, summoned Friday 10 July (late).
    c.push(await kase({ filed: "2026-07-06" }, ["summon", "2026-07-10"]));
    // In August, the first case's parties are back before the Lupon: a recurrence.
    c.push(await kase({ filed: "2026-08-03", complainant: residents[0], respondent: "  ben SANTOS" }));
  });

  it("scores each measured criterion on its band, at the band's edge", async () => {
    // Ten cases: summons 8 of 10 = 80% → 5; settled within the period 8 of 10 = 80% → 10;
    // transmitted on time 8 of 10 = 80% → 5; settled 10 of 10 → 10; no repudiation, no recurrence.
    const ten = await run(secretary, "kp-ltia", { filed_from: "2026-07-01", filed_to: "2026-07-02" });
    expect(points(ten)).toMatchObject({ "I.A.1a": 0, "I.A.1b": 5, "I.A.2": 10, "I.C.1": 5, "II.A": 10, "II.B": 2 });
    const figure = (code: string) => rowsOf(ten, "criteria").find((r) => r.code === code)!.figure;
    expect(figure("I.A.1b")).toBe("8 of 10 summons issued within the next working day (80%)");
    expect(figure("I.C.1")).toBe("8 of 10 transmitted to the court on time (80%)");
    expect(figure("II.A")).toBe("10 of 10 cases settled (100%)");
    // With the pending eleventh: summons 8 of 11 (72%) → 3; settled 10 of 11 (90%) → 8.
    const july = await run(secretary, "kp-ltia", { filed_from: "2026-07-01", filed_to: "2026-07-31" });
    expect(points(july)).toMatchObject({ "I.A.1b": 3, "I.A.2": 10, "I.C.1": 5, "II.A": 8 });
    // Nine settled cases (1 July only): below the ten the LTIA asks, I.A.2 and II.A are not scored.
    const nine = await run(secretary, "kp-ltia", { filed_from: "2026-07-01", filed_to: "2026-07-01" });
    expect(points(nine)).toMatchObject({ "I.A.1b": 5, "I.A.2": 0, "II.A": 0 });
    expect(rowsOf(nine, "criteria").find((r) => r.code === "II.A")!.figure).toMatch(/fewer than 10 settled cases \(9\): not scored/);
    // The criteria the records cannot measure are shown with their points, to enter by hand.
    const rows = rowsOf(ten, "criteria");
    expect(rows.map((r) => r.max).reduce((s: number, n) => s + Number(n), 0)).toBe(100);
    expect(rows.find((r) => r.code === "I.D")).toMatchObject({ points: null, max: 10, figure: "Not measured — enter by hand" });
    expect(cardsOf(ten)).toMatchObject({ measured: "32 of 37", by_hand: "63 points" });
  });

  it("shows the cases behind each figure, and a dispute between the same parties coming back", async () => {
    const data = await run(secretary, "kp-ltia", { filed_from: "2026-07-01", filed_to: "2026-08-31" });
    const cases = rowsOf(data, "cases");
    const row = (docket: string) => cases.find((r) => r.docket_number === docket)!;
    expect(row(c[0].docket)).toMatchObject({ summons: "Yes", period: "Yes", transmittal: "Yes", repudiated: "No", recurrence: "—" });
    expect(row(c[8].docket)).toMatchObject({ summons: "No", period: "No", transmittal: "No" });
    expect(row(c[9].docket)).toMatchObject({ summons: "No", period: "No", transmittal: "No" });
    expect(row(c[10].docket)).toMatchObject({ outcome: "Pending", period: "—", transmittal: "—", repudiated: "—" });
    // The August case is between the first case's parties (the name as typed, any capitals).
    expect(row(c[11].docket).recurrence).toBe(c[0].docket);
    expect(points(data)["II.B"]).toBe(1);
    // May's repudiated settlement takes the "no repudiation" point; no dispute came back.
    const mayScore = await run(secretary, "kp-ltia", MAY);
    expect(points(mayScore)["II.B"]).toBe(1);
    expect(rowsOf(mayScore, "criteria").find((r) => r.code === "II.B")!.figure).toMatch(
      /^1 of 4 settlements and awards repudiated; 0 cases/,
    );
  });

  it("scores recording in full: every case 5, some 2.5, none 0", async () => {
    const today = todayInManila();
    // Complaints entered on the day they are filed carry the time received.
    await kase({ filed: today });
    await kase({ filed: today });
    expect(points(await run(secretary, "kp-ltia", { filed_from: today, filed_to: today }))["I.A.1a"]).toBe(5);
    expect(points(await run(secretary, "kp-ltia", { filed_from: "2026-07-01", filed_to: today }))["I.A.1a"]).toBe(2.5);
    expect(points(await run(secretary, "kp-ltia", MAY))["I.A.1a"]).toBe(0);
    const book = rowsOf(await run(secretary, "kp-record-book", { filed_from: today, filed_to: today }), "docket");
    expect(book.every((r) => /^\d{1,2}:\d{2} [AP]M$/.test(String(r.time_received)) && r.missing === "")).toBe(true);
  });

  it("exports the self-assessment as XLSX: the criteria and the cases", async () => {
    const file = await download(
      secretary,
      "/backend/api/reports/kp-ltia/export.xlsx?filter[filed_from]=2026-07-01&filter[filed_to]=2026-07-02",
    );
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Criteria", "The cases behind the figures"]);
    const criteria = book.getWorksheet("Criteria")!;
    expect(criteria.rowCount).toBe(1 + 16 + 1); // the header, sixteen criteria, the totals
    expect(criteria.getRow(3).values).toEqual(
      expect.arrayContaining(["I.A.1b", "8 of 10 summons issued within the next working day (80%)", 5, 5]),
    );
    expect(criteria.getRow(18).getCell(5).value).toBe(100);
    expect(book.getWorksheet("The cases behind the figures")!.rowCount).toBe(1 + 10);
  });
});

describe("confidentiality", () => {
  it("opens the KP reports only with the KP permission: 403 otherwise, and the hub does not list them", async () => {
    for (const name of ["kp-record-book", "kp-transmittal", "kp-cases-by-nature", "kp-ltia"]) {
      expect((await clerk.get(`/backend/api/reports/${name}`)).status).toBe(403);
      expect((await download(clerk, `/backend/api/reports/${name}/export.xlsx`)).status).toBe(403);
      expect((await download(clerk, `/backend/api/reports/${name}/export.csv`)).status).toBe(403);
    }
    const listed = (await clerk.get("/backend/api/reports")).body.data.map((r: { name: string }) => r.name);
    expect(listed).toContain("residents");
    expect(listed.filter((n: string) => n.startsWith("kp-"))).toEqual([]);
    // The Lupon secretary holds the KP permission and not the reports' one: only the KP books.
    const own = (await secretary.get("/backend/api/reports")).body.data.map((r: { name: string }) => r.name);
    expect(own).toEqual(["kp-record-book", "kp-transmittal", "kp-cases-by-nature", "kp-ltia"]);
    expect((await secretary.get("/backend/api/reports/residents")).status).toBe(403);
    expect((await server.client().get("/backend/api/reports/kp-ltia")).status).toBe(401);
  });
});
