import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { drawByLot } from "../../server/features/kp/pangkat.ts";

// Katarungang Pambarangay, the later steps (decision 202) over REST: the Pangkat constituted by the
// parties or by lot and its vacancies; the conciliation extended, the motion for execution and the
// transmittal to the court; the venue ground of §409 against the resident records; a case's
// attachments; and a Pangkat member's reads of the cases on whose Pangkat they sit, and no other.

let server: TestServer;
let secretary: ApiClient; // the KP permissions
let clerk: ApiClient; // none of them
let memberClient: ApiClient; // a Lupon member who signs in, none of the KP permissions
let memberUserId: number;
let residentId: number;
let nonResidentId: number;
const lupon: Record<string, number> = {};

const KP_PERMISSIONS = ["lupon_member", "kp_case", "kp_hearing"].flatMap((e) =>
  ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${e}`),
);

async function luponMember(name: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await secretary.post("/backend/api/lupon_member", { name, position: "member", term_start: "2026-01-10", ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

beforeAll(async () => {
  server = await startTestServer();
  secretary = await signedIn(server, await createUser(server.db, { username: "pk-secretary", permissions: KP_PERMISSIONS }));
  clerk = await signedIn(server, await createUser(server.db, { username: "pk-clerk", permissions: ["manage-resident", "view-resident"] }));
  const m = await createUser(server.db, { username: "pk-member", kind: "resident", firstname: "Mario", lastname: "Cruz" });
  memberUserId = m.id;
  memberClient = await signedIn(server, m);
  residentId = (await createUser(server.db, { username: "pk-resident", kind: "resident", firstname: "Ana", lastname: "Reyes" })).id;
  nonResidentId = (await createUser(server.db, { username: "pk-outsider", kind: "non_resident", firstname: "Ben", lastname: "Santos" })).id;
  lupon.chair = await luponMember("Hon. Ricardo Bautista", { position: "chair" });
  lupon.secretary = await luponMember("Lorna Bautista", { position: "secretary" });
  lupon.mario = await luponMember("Mario Cruz", { user_id: memberUserId });
  lupon.nena = await luponMember("Nena Dizon");
  lupon.oscar = await luponMember("Oscar Flores");
  lupon.perla = await luponMember("Perla Gomez");
  lupon.quintin = await luponMember("Quintin Hizon");
  lupon.former = await luponMember("Rosa Ilagan", { term_start: "2023-01-10", term_end: "2025-12-31" });
});
afterAll(async () => {
  await server?.close();
});

const complaint = (extra: Record<string, unknown> = {}) => ({
  title: "Reyes vs. Tan",
  nature: "Damage to property",
  category: "civil",
  complaint: "The respondent's goats ate the complainant's vegetables.",
  filed_on: "2026-03-02",
  venue_ground: "same_barangay",
  parties: [
    { role: "complainant", user_id: residentId },
    { role: "respondent", name: "Carlos Tan", address: "Purok 4, San Isidro" },
    { role: "witness", name: "Perla Gomez", address: "Purok 4, San Isidro" },
  ],
  ...extra,
});

async function file(extra: Record<string, unknown> = {}): Promise<{ id: number; docket_number: string }> {
  const res = await secretary.post("/backend/api/kp_case", complaint(extra));
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

const step = (id: number, command: string, body: Record<string, unknown> = {}) =>
  secretary.put(`/backend/api/kp_case/${command}/${id}`, body);

async function ok(id: number, command: string, body: Record<string, unknown> = {}) {
  const res = await step(id, command, body);
  expect(res.status, `${command}: ${res.text}`).toBe(200);
  return res.body.data as Record<string, unknown> & { state: string; pangkat: Seat[] };
}

interface Seat {
  lupon_member_id: number;
  name: string;
  role: string;
  chosen_by: string;
  chosen_on: string;
  vacated_on: string | null;
  vacated_reason: string | null;
}

/** A case filed, summoned, mediated and referred to the Pangkat on 10 March. */
async function referred(extra: Record<string, unknown> = {}) {
  const kase = await file(extra);
  await ok(kase.id, "summon", { date: "2026-03-03" });
  await ok(kase.id, "mediate", { date: "2026-03-05" });
  await ok(kase.id, "refer_to_pangkat", { date: "2026-03-10", reason: "Mediation failed" });
  return kase;
}

/** Mario, Nena and Oscar chosen by the parties on 11 March, Mario chair and Nena secretary. */
async function withPangkat() {
  const kase = await referred();
  await ok(kase.id, "constitute_pangkat", {
    date: "2026-03-11",
    chosen_by: "parties",
    members: [lupon.mario, lupon.nena, lupon.oscar],
    chair_id: lupon.mario,
    secretary_id: lupon.nena,
  });
  return kase;
}

describe("the Pangkat's constitution (§§404–405)", () => {
  it("seats the parties' three, who elect their chair and secretary; conciliation waits for it", async () => {
    const kase = await referred();
    const early = await step(kase.id, "conciliate", { date: "2026-03-12" });
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(/Pangkat of case .* is not constituted yet/);
    const constituted = await ok(kase.id, "constitute_pangkat", {
      date: "2026-03-11",
      chosen_by: "parties",
      members: [lupon.oscar, lupon.nena, lupon.mario],
    });
    expect(constituted).toMatchObject({ state: "pangkat", pangkat_constituted_on: "2026-03-11" });
    // In the order the parties named them, until the three elect their officers.
    expect(constituted.pangkat.map((s) => [s.name, s.role, s.chosen_by])).toEqual([
      ["Oscar Flores", "member", "parties"],
      ["Nena Dizon", "member", "parties"],
      ["Mario Cruz", "member", "parties"],
    ]);
    // Without a chair to preside and a secretary to keep the minutes, the Pangkat does not hear it.
    const unelected = await step(kase.id, "conciliate", { date: "2026-03-12" });
    expect(unelected.body.message).toMatch(/has not elected its chair and secretary/);
    const outsider = await step(kase.id, "elect_pangkat_officers", { chair_id: lupon.perla, secretary_id: lupon.nena });
    expect(outsider.body.errors.chair_id).toEqual(["The Pangkat chair is elected from the Pangkat's three members (§404)."]);
    const same = await step(kase.id, "elect_pangkat_officers", { chair_id: lupon.nena, secretary_id: lupon.nena });
    expect(same.body.errors.secretary_id).toEqual(["The Pangkat's chair and secretary are two of its members."]);
    const elected = await ok(kase.id, "elect_pangkat_officers", { date: "2026-03-11", chair_id: lupon.oscar, secretary_id: lupon.mario });
    expect(elected.pangkat.map((s) => [s.name, s.role])).toEqual([
      ["Oscar Flores", "chair"],
      ["Mario Cruz", "secretary"],
      ["Nena Dizon", "member"],
    ]);
    // A swap of the two offices is one election (never two chairs at once).
    const swapped = await ok(kase.id, "elect_pangkat_officers", { date: "2026-03-11", chair_id: lupon.mario, secretary_id: lupon.oscar });
    expect(swapped.pangkat.slice(0, 2).map((s) => [s.name, s.role])).toEqual([
      ["Mario Cruz", "chair"],
      ["Oscar Flores", "secretary"],
    ]);
    expect((await ok(kase.id, "conciliate", { date: "2026-03-12", minutes: "Convened." })).state).toBe("conciliation");
    // Constituted once; a second constitution is refused.
    const again = await step(kase.id, "constitute_pangkat", { chosen_by: "lot" });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/is in conciliation: The Pangkat is constituted once the case is referred to it/);
  });

  it("refuses a member the records do not allow, saying why", async () => {
    const kase = await referred();
    const refused = async (members: unknown, words: RegExp, extra: Record<string, unknown> = {}) => {
      const res = await step(kase.id, "constitute_pangkat", { date: "2026-03-11", chosen_by: "parties", members, ...extra });
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors.members?.[0] ?? res.body.errors.chair_id?.[0], res.text).toMatch(words);
    };
    await refused([lupon.chair, lupon.nena, lupon.oscar], /Lupon's chair, who mediated/);
    await refused([lupon.secretary, lupon.nena, lupon.oscar], /Lupon secretary, who keeps the Pangkat's records \(§403\)/);
    await refused([lupon.former, lupon.nena, lupon.oscar], /not serving on the Lupon on 2026-03-11/);
    // Perla Gomez is the case's witness (by name): she may not sit on it.
    await refused([lupon.perla, lupon.nena, lupon.oscar], /party or witness of case/);
    await refused([lupon.nena, lupon.oscar], /choose three Lupon members/);
    await refused([lupon.nena, lupon.nena, lupon.oscar], /three different persons/);
    await refused([lupon.mario, lupon.nena, lupon.oscar], /elected from the Pangkat's three members/, {
      chair_id: lupon.quintin,
      secretary_id: lupon.nena,
    });
    const noDate = await step(kase.id, "constitute_pangkat", { date: "2026-03-09", chosen_by: "lot" });
    expect(noDate.body.errors.date[0]).toMatch(/must not be before 2026-03-10/);
    const lotWithMembers = await step(kase.id, "constitute_pangkat", { chosen_by: "lot", members: [lupon.mario] });
    expect(lotWithMembers.body.errors.members[0]).toMatch(/drawn by the server: choose none/);
    expect((await step(kase.id, "constitute_pangkat", { members: [] })).body.errors.chosen_by).toEqual([
      "The chosen by field is required.",
    ]);
    // Nothing was seated by the refusals.
    expect((await secretary.get(`/backend/api/kp_case/${kase.id}`)).body.data.pangkat).toEqual([]);
  });

  it("draws three by lot from those who may sit, and records the draw so it can be replayed", async () => {
    const kase = await referred();
    const drawn = await ok(kase.id, "constitute_pangkat", { date: "2026-03-11", chosen_by: "lot" });
    const seated = drawn.pangkat.map((s) => s.lupon_member_id);
    expect(seated).toHaveLength(3);
    expect(drawn.pangkat.every((s) => s.chosen_by === "lot")).toBe(true);
    // Only the members who may sit were in the pool: not the chair, the secretary, the former member or the witness.
    const pool = [lupon.mario, lupon.nena, lupon.oscar, lupon.quintin];
    for (const id of seated) expect(pool).toContain(id);
    const rows = await server.db.selectFrom("kp_pangkat_members").select(["draw"]).where("case_id", "=", kase.id).execute();
    const draw = rows[0].draw as { pool: number[]; numbers: number[]; picks: number[] };
    expect([...draw.pool].sort()).toEqual([...pool].sort());
    expect([...draw.picks].sort()).toEqual([...seated].sort());
    // Replaying the recorded numbers over the recorded pool gives the same three.
    const order = [...draw.pool];
    draw.numbers.forEach((n, i) => {
      const j = i + n;
      [order[i], order[j]] = [order[j], order[i]];
    });
    expect(order.slice(0, 3)).toEqual(draw.picks);
    // The command's record holds the draw too (the seats are its inserted rows).
    const effects = await server.db
      .selectFrom("command_effects as e")
      .innerJoin("command_runs as r", "r.id", "e.run_id")
      .select(["e.after"])
      .where("r.entity_id", "=", kase.id)
      .where("r.command", "=", "constitute_pangkat")
      .where("e.entity", "=", "kp_pangkat_member")
      .execute();
    expect(effects).toHaveLength(3);
    expect(JSON.parse((effects[0].after as { draw: string }).draw)).toEqual(draw);
  });

  it("draws fairly: every member of the pool is drawn, none twice in one draw", () => {
    const pool = [1, 2, 3, 4, 5].map((id) => ({ id, name: `M${id}` }));
    const seen = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      const { picks } = drawByLot(pool, 3);
      expect(new Set(picks.map((p) => p.id)).size).toBe(3);
      for (const p of picks) seen.set(p.id, (seen.get(p.id) ?? 0) + 1);
    }
    // Each is drawn 3/5 of the time (1200 of 2000); far outside 1000–1400 the draw is biased.
    for (const id of [1, 2, 3, 4, 5]) {
      expect(seen.get(id)).toBeGreaterThan(1000);
      expect(seen.get(id)).toBeLessThan(1400);
    }
  });

  it("refuses a draw when fewer than three may sit", async () => {
    const kase = await referred({
      parties: [
        { role: "complainant", user_id: residentId },
        { role: "respondent", name: "Nena Dizon", address: "Purok 4" },
        { role: "witness", name: "Oscar Flores", address: "Purok 4" },
        { role: "witness", name: "Perla Gomez", address: "Purok 4" },
      ],
    });
    const res = await step(kase.id, "constitute_pangkat", { date: "2026-03-11", chosen_by: "lot" });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/Only 2 Lupon members may sit on the Pangkat of case .* three are drawn \(§404\)/);
  });

  it("fills a vacancy the same way, keeping who sat when; an officer's seat means a new election", async () => {
    const kase = await withPangkat();
    await ok(kase.id, "conciliate", { date: "2026-03-12" });
    const notSitting = await step(kase.id, "replace_pangkat_member", {
      lupon_member_id: lupon.quintin,
      chosen_by: "parties",
      replacement_id: lupon.perla,
      reason: "Resigned",
    });
    expect(notSitting.body.errors.lupon_member_id).toEqual(["Choose a member who sits on the case's Pangkat."]);
    const sitting = await step(kase.id, "replace_pangkat_member", {
      lupon_member_id: lupon.mario,
      chosen_by: "parties",
      replacement_id: lupon.nena,
      reason: "Resigned",
    });
    expect(sitting.body.errors.replacement_id[0]).toMatch(/sat on this case's Pangkat already/);
    const replaced = await ok(kase.id, "replace_pangkat_member", {
      date: "2026-03-13",
      lupon_member_id: lupon.mario,
      chosen_by: "parties",
      replacement_id: lupon.quintin,
      reason: "Moved to another town",
    });
    expect(replaced.pangkat.map((s) => [s.name, s.role, s.vacated_on, s.vacated_reason])).toEqual([
      ["Nena Dizon", "secretary", null, null],
      ["Oscar Flores", "member", null, null],
      ["Quintin Hizon", "member", null, null],
      ["Mario Cruz", "chair", "2026-03-13", "Moved to another town"],
    ]);
    // The chair left: the Pangkat hears the case again once the three elect one.
    expect((await step(kase.id, "conciliate", { date: "2026-03-14" })).body.message).toMatch(/has not elected its chair and secretary/);
    await ok(kase.id, "elect_pangkat_officers", { date: "2026-03-14", chair_id: lupon.quintin, secretary_id: lupon.nena });
    expect((await ok(kase.id, "conciliate", { date: "2026-03-14" })).state).toBe("conciliation");
    // A vacancy drawn by lot comes from those who never sat on the case: only Perla is a witness, so none is left.
    const none = await step(kase.id, "replace_pangkat_member", {
      date: "2026-03-15",
      lupon_member_id: lupon.oscar,
      chosen_by: "lot",
      reason: "Fell ill",
    });
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/No other Lupon member may sit on the Pangkat/);
  });

  it("certifies to file action from the Pangkat only once it is constituted", async () => {
    const kase = await referred();
    const res = await step(kase.id, "certify_file_action", { date: "2026-03-12" });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/is not constituted yet: a certification to file action is issued only after/);
    await ok(kase.id, "constitute_pangkat", { date: "2026-03-11", chosen_by: "lot" });
    expect((await ok(kase.id, "certify_file_action", { date: "2026-03-14" })).state).toBe("certified_file_action");
  });
});

describe("the later steps", () => {
  it("extends the conciliation once, by at most fifteen days, while its fifteen run", async () => {
    const kase = await withPangkat();
    await ok(kase.id, "conciliate", { date: "2026-03-12" });
    expect((await step(kase.id, "extend_conciliation", { date: "2026-03-20", days: 16 })).body.errors.days).toEqual([
      "The Pangkat extends its period by at most 15 days (§410(e)).",
    ]);
    // 15 days from 12 March end on Friday 27 March; the 30th is past them.
    const lapsed = await step(kase.id, "extend_conciliation", { date: "2026-03-30" });
    expect(lapsed.body.errors.date[0]).toBe(
      "The Pangkat's fifteen days from 2026-03-12 ended on 2026-03-27 (§410(e)): a period that has run out is not extended.",
    );
    const extended = await ok(kase.id, "extend_conciliation", { date: "2026-03-26", reason: "Clearly meritorious: a survey is pending" });
    expect(extended).toMatchObject({ state: "conciliation", conciliation_extended_on: "2026-03-26", conciliation_extension_days: 15 });
    const twice = await step(kase.id, "extend_conciliation", { date: "2026-03-27", days: 5 });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toMatch(/was extended on 2026-03-26: the law allows one extension/);
    const notYet = await file();
    expect((await step(notYet.id, "extend_conciliation")).body.message).toMatch(/is filed: Only the Pangkat's conciliation is extended/);
  });

  it("moves for execution on a final settlement by a party, and transmits it after its ten days", async () => {
    const kase = await withPangkat();
    await ok(kase.id, "conciliate", { date: "2026-03-12" });
    await ok(kase.id, "settle", { date: "2026-03-13", terms: "Babayaran ang mga gulay, ₱500.00." });
    // The ten days end on Monday 23 March: neither the transmittal nor the motion comes before.
    const earlyTransmit = await step(kase.id, "transmit", { date: "2026-03-23" });
    expect(earlyTransmit.body.errors.date[0]).toBe(
      "The settlement of 2026-03-13 is transmitted once its ten days to repudiate have lapsed (§419): after 2026-03-23.",
    );
    expect((await step(kase.id, "move_for_execution", { date: "2026-03-24" })).body.errors.movant).toEqual([
      "The movant field is required.",
    ]);
    expect((await step(kase.id, "move_for_execution", { date: "2026-03-24", movant: 2 })).body.errors.movant[0]).toMatch(
      /A witness is no party/,
    );
    expect((await step(kase.id, "move_for_execution", { date: "2026-03-24", movant: 9 })).body.errors.movant).toEqual([
      "The selected movant is invalid.",
    ]);
    const moved = await ok(kase.id, "move_for_execution", { date: "2026-03-24", movant: 1 });
    expect(moved).toMatchObject({
      state: "settled",
      execution_moved_on: "2026-03-24",
      execution_movant: { position: 1, role: "respondent", name: "Carlos Tan" },
    });
    expect((await step(kase.id, "move_for_execution", { date: "2026-03-25", movant: 0 })).body.message).toMatch(/was moved on 2026-03-24/);
    // The execution comes after the motion, and the transmittal runs beside it.
    expect((await step(kase.id, "execute", { date: "2026-03-23" })).body.errors.date[0]).toMatch(/must not be before 2026-03-24/);
    expect((await ok(kase.id, "execute", { date: "2026-03-26" })).state).toBe("executed");
    const transmitted = await ok(kase.id, "transmit", { date: "2026-03-25" });
    expect(transmitted).toMatchObject({ state: "executed", transmitted_on: "2026-03-25" });
    expect((await step(kase.id, "transmit", { date: "2026-03-26" })).body.message).toMatch(/was transmitted to the court on 2026-03-25/);
  });

  it("transmits an award from its day, and no repudiated case", async () => {
    const kase = await file();
    await ok(kase.id, "summon", { date: "2026-03-03" });
    await ok(kase.id, "mediate", { date: "2026-03-04" });
    await ok(kase.id, "agree_to_arbitrate", { date: "2026-03-05" });
    await ok(kase.id, "award", { date: "2026-03-11", terms: "Pay ₱500.00." });
    expect((await step(kase.id, "transmit", { date: "2026-03-10" })).body.errors.date).toEqual([
      "The date must not be before 2026-03-11, the day of the award.",
    ]);
    expect((await ok(kase.id, "transmit", { date: "2026-03-12" })).transmitted_on).toBe("2026-03-12");
    const other = await file();
    await ok(other.id, "summon", { date: "2026-03-03" });
    await ok(other.id, "mediate", { date: "2026-03-04" });
    await ok(other.id, "settle", { date: "2026-03-05", terms: "x" });
    await ok(other.id, "repudiate", { date: "2026-03-06", reason: "Intimidation" });
    expect((await step(other.id, "transmit")).body.message).toMatch(
      /is repudiated: Only an amicable settlement or an arbitration award is transmitted/,
    );
  });

  it("starts the deadline rules the new dates wait for (decision 201)", async () => {
    const { caseEvents } = await import("../../domain/kp/case-events.ts");
    const kase = await withPangkat();
    const row = (await secretary.get(`/backend/api/kp_case/${kase.id}`)).body.data;
    expect(caseEvents(row)).toContainEqual({ kind: "pangkat_constituted", date: "2026-03-11" });
  });
});

describe("venue (§409)", () => {
  const refused = async (extra: Record<string, unknown>, field: string, words: RegExp) => {
    const res = await secretary.post("/backend/api/kp_case", complaint(extra));
    expect(res.status, res.text).toBe(422);
    expect(res.body.errors[field]?.[0], res.text).toMatch(words);
  };

  it("records the ground at filing and refuses one the resident records contradict", async () => {
    await refused({ venue_ground: undefined }, "venue_ground", /venue ground field is required/);
    await refused({ venue_ground: "elsewhere" }, "venue_ground", /selected venue ground is invalid/);
    const nonResident = [
      { role: "complainant", user_id: residentId },
      { role: "respondent", user_id: nonResidentId },
    ];
    await refused(
      { parties: nonResident },
      "venue_ground",
      /Santos.*, a respondent, does not live in this barangay by the records.*§409\(a\)/,
    );
    await refused(
      { parties: nonResident, venue_ground: "respondent_barangay" },
      "venue_ground",
      /No respondent lives in this barangay.*§409\(a\)/,
    );
    await refused({ venue_ground: "property" }, "venue_detail", /where in this barangay the real property lies/);
    await refused(
      { venue_ground: "property", venue_detail: "Lot 5, Purok 4", property_elsewhere: true, parties_agree_venue: false },
      "property_elsewhere",
      /real property in another city/,
    );
    await refused(
      { venue_ground: "property", venue_detail: "Lot 5, Purok 4", property_elsewhere: true, parties_agree_venue: true },
      "venue_ground",
      /lying in another city or municipality: it grounds no venue here \(RA 7160 §409\(c\)\)/,
    );
    // The grounds the records allow.
    const here = [
      { role: "complainant", user_id: nonResidentId },
      { role: "respondent", user_id: residentId },
    ];
    const respondentHere = await secretary.post("/backend/api/kp_case", complaint({ parties: here, venue_ground: "respondent_barangay" }));
    expect(respondentHere.status, respondentHere.text).toBe(201);
    expect(respondentHere.body.data.venue_ground).toBe("respondent_barangay");
    const workplace = await secretary.post(
      "/backend/api/kp_case",
      complaint({ parties: nonResident, venue_ground: "workplace", venue_detail: "San Isidro Elementary School" }),
    );
    expect(workplace.status, workplace.text).toBe(201);
    expect(workplace.body.data.venue_detail).toBe("San Isidro Elementary School");
  });
});

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\n% the scanned complaint\n%%EOF\n";
const upload = (client: ApiClient, id: number, body: string, type: string, query = "?file_name=Complaint%20(scan).pdf") =>
  client.request("POST", `/backend/api/kp_case/${id}/attachment${query}`, { body, headers: { "Content-Type": type } });

describe("attachments", () => {
  it("keeps a PDF or an image by its content, at most 5 MB, and serves it back whole", async () => {
    const kase = await file();
    const added = await upload(secretary, kase.id, PDF, "application/octet-stream");
    expect(added.status, added.text).toBe(201);
    expect(added.body.data).toMatchObject({ file_name: "Complaint (scan).pdf", mime: "application/pdf", size: PDF.length });
    expect(added.body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    // A text file named .pdf is no PDF.
    const fake = await upload(secretary, kase.id, "hello", "application/pdf");
    expect(fake.status).toBe(422);
    expect(fake.body.errors.file).toEqual(["The file must be a PDF, or a JPEG, PNG or WebP image (a scan or a photo)."]);
    const big = await upload(secretary, kase.id, `%PDF-${"x".repeat(5 * 1024 * 1024)}`, "application/pdf");
    expect(big.status).toBe(422);
    expect(big.body.errors.file).toEqual(["The file may not be greater than 5 MB."]);
    // A multipart form's file keeps its own name.
    const boundary = "----kpboundary";
    const multipart = [
      `--${boundary}`,
      'Content-Disposition: form-data; name="description"',
      "",
      "Minutes of 5 March",
      `--${boundary}`,
      'Content-Disposition: form-data; name="file"; filename="minutes.pdf"',
      "Content-Type: application/pdf",
      "",
      PDF,
      `--${boundary}--`,
      "",
    ].join("\r\n");
    const form = await upload(secretary, kase.id, multipart, `multipart/form-data; boundary=${boundary}`, "");
    expect(form.status, form.text).toBe(201);
    expect(form.body.data).toMatchObject({ file_name: "minutes.pdf", description: "Minutes of 5 March" });
    const list = await secretary.get(`/backend/api/kp_case/${kase.id}/attachment`);
    expect(list.body.data.map((a: { file_name: string }) => a.file_name)).toEqual(["Complaint (scan).pdf", "minutes.pdf"]);
    const download = await secretary.get(`/backend/api/kp_case/${kase.id}/attachment/${added.body.data.id}`);
    expect(download.status).toBe(200);
    expect(download.text).toBe(PDF);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("content-disposition")).toContain("filename*=UTF-8''Complaint%20(scan).pdf");
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    // Removed by a recorded command with its reason; gone from the list and the download.
    expect((await secretary.delete(`/backend/api/kp_case/${kase.id}/attachment/${added.body.data.id}`)).body.errors.reason).toEqual([
      "The reason field is required.",
    ]);
    const removed = await secretary.delete(`/backend/api/kp_case/${kase.id}/attachment/${added.body.data.id}`, {
      body: { reason: "Scanned upside down" },
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await secretary.get(`/backend/api/kp_case/${kase.id}/attachment`)).body.data).toHaveLength(1);
    expect((await secretary.get(`/backend/api/kp_case/${kase.id}/attachment/${added.body.data.id}`)).status).toBe(404);
    const run = await server.db
      .selectFrom("command_runs")
      .select("reason")
      .where("entity_id", "=", kase.id)
      .where("command", "=", "remove_attachment")
      .executeTakeFirstOrThrow();
    expect(run.reason).toBe("Scanned upside down");
    // Another case's id does not reach this case's file.
    const other = await file();
    expect((await secretary.get(`/backend/api/kp_case/${other.id}/attachment/${form.body.data.id}`)).status).toBe(404);
  });

  it("is for the KP permissions' holders: a clerk neither lists, reads, adds nor removes", async () => {
    const kase = await file();
    const added = await upload(secretary, kase.id, PDF, "application/pdf");
    for (const res of [
      await clerk.get(`/backend/api/kp_case/${kase.id}/attachment`),
      await clerk.get(`/backend/api/kp_case/${kase.id}/attachment/${added.body.data.id}`),
      await upload(clerk, kase.id, PDF, "application/pdf"),
      await clerk.delete(`/backend/api/kp_case/${kase.id}/attachment/${added.body.data.id}`, { body: { reason: "Not mine" } }),
      await clerk.get(`/backend/api/kp_case/${kase.id}/hearings`),
    ])
      expect(res.status, res.text).toBe(403);
  });
});

describe("a Pangkat member's own cases", () => {
  it("reads the case, its hearings and attachments while sitting on its Pangkat, and no other case; each read logged", async () => {
    const theirs = await withPangkat();
    await ok(theirs.id, "conciliate", { date: "2026-03-12", minutes: "The Pangkat heard both parties." });
    const file1 = await upload(secretary, theirs.id, "%PDF-1.4\n%minutes\n", "application/pdf", "?file_name=minutes.pdf");
    const notTheirs = await file();
    const asMember = await memberClient.get(`/backend/api/kp_case/${theirs.id}`);
    expect(asMember.status, asMember.text).toBe(200);
    expect(asMember.body.data.docket_number).toBe(theirs.docket_number);
    const hearings = await memberClient.get(`/backend/api/kp_case/${theirs.id}/hearings`);
    expect(hearings.body.data.map((h: { kind: string; minutes: string | null }) => [h.kind, h.minutes])).toEqual([
      ["mediation", null],
      ["conciliation", "The Pangkat heard both parties."],
    ]);
    expect((await memberClient.get(`/backend/api/kp_case/${theirs.id}/attachment`)).body.data).toHaveLength(1);
    expect((await memberClient.get(`/backend/api/kp_case/${theirs.id}/attachment/${file1.body.data.id}`)).text).toBe(
      "%PDF-1.4\n%minutes\n",
    );
    const mine = await memberClient.get("/backend/api/kp_pangkat/cases");
    const listed = (data: { id: number }[]) => data.map((c) => c.id);
    expect(mine.body.data).toContainEqual(expect.objectContaining({ id: theirs.id, docket_number: theirs.docket_number, role: "chair" }));
    expect(listed(mine.body.data)).not.toContain(notTheirs.id);
    // No other case, no list, no step, no upload.
    for (const res of [
      await memberClient.get(`/backend/api/kp_case/${notTheirs.id}`),
      await memberClient.get(`/backend/api/kp_case/${notTheirs.id}/hearings`),
      await memberClient.get(`/backend/api/kp_case/${notTheirs.id}/attachment`),
      await memberClient.get("/backend/api/kp_case"),
      await memberClient.get("/backend/api/kp_hearing"),
      await memberClient.put(`/backend/api/kp_case/conciliate/${theirs.id}`, { date: "2026-03-13" }),
      await upload(memberClient, theirs.id, "%PDF-1.4\n", "application/pdf"),
    ])
      expect(res.status, res.text).toBe(403);
    const logged = await server.db
      .selectFrom("access_log")
      .select(["detail"])
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", theirs.id)
      .where("created_by", "=", memberUserId)
      .orderBy("id")
      .execute();
    expect(logged.map((l) => l.detail)).toEqual([
      "as a member of its Pangkat",
      "its hearings, as a member of its Pangkat",
      "its attachments, as a member of its Pangkat",
      "attachment minutes.pdf, as a member of its Pangkat",
    ]);
    // Once the member's seat is vacated, the case is closed to them.
    await ok(theirs.id, "replace_pangkat_member", {
      date: "2026-03-13",
      lupon_member_id: lupon.mario,
      chosen_by: "parties",
      replacement_id: lupon.quintin,
      reason: "Inhibited",
    });
    expect((await memberClient.get(`/backend/api/kp_case/${theirs.id}`)).status).toBe(403);
    expect(listed((await memberClient.get("/backend/api/kp_pangkat/cases")).body.data)).not.toContain(theirs.id);
  });
});
