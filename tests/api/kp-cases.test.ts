import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { serviceFor } from "../../server/engine/services.ts";

// Katarungang Pambarangay over REST (issue 31 items 1–3, decision 200): a case is filed with its
// parties and a docket number of its year, walks the procedure only by its commands, each recorded;
// a step the law does not allow is a 422 saying why; the law's exclusions refuse a filing; and the
// case records are seen only by the holders of the KP permissions.

let server: TestServer;
let secretary: ApiClient; // the Lupon secretary: the KP permissions
let clerk: ApiClient; // every other permission a clerk has, none of the KP ones
let clerkId: number;
let residentId: number;
let organizationId: number;
/** Lupon members who may sit on a Pangkat (position member, serving since January 2026). */
let members: number[];

const KP_PERMISSIONS = ["lupon_member", "kp_case", "kp_hearing"].flatMap((e) =>
  ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${e}`),
);

beforeAll(async () => {
  server = await startTestServer();
  const s = await createUser(server.db, {
    username: "lupon-secretary",
    firstname: "Lorna",
    lastname: "Bautista",
    permissions: KP_PERMISSIONS,
  });
  secretary = await signedIn(server, s);
  const c = await createUser(server.db, { username: "kp-clerk", permissions: ["manage-resident", "view-resident", "manage-report"] });
  clerk = await signedIn(server, c);
  clerkId = c.id;
  residentId = (await createUser(server.db, { username: "kp-resident", kind: "resident", firstname: "Ana", lastname: "Reyes" })).id;
  organizationId = (await createUser(server.db, { username: "kp-org", kind: "organization", firstname: "Santos", lastname: "Trading" })).id;
  members = [];
  for (const name of ["Mario Cruz", "Nena Dizon", "Oscar Flores", "Perla Gomez", "Quintin Hizon"]) {
    const res = await secretary.post("/backend/api/lupon_member", {
      name,
      position: "member",
      term_start: "2026-01-10",
      oath_date: "2026-01-12",
    });
    expect(res.status, res.text).toBe(201);
    members.push(res.body.data.id);
  }
});
afterAll(async () => {
  await server?.close();
});

const complaint = (extra: Record<string, unknown> = {}) => ({
  title: "Reyes vs. Santos",
  nature: "Collection of a sum of money",
  category: "civil",
  complaint: "The respondent borrowed ₱3,000.00 in January and has not paid it back.",
  filed_on: "2026-03-02",
  venue_ground: "same_barangay",
  parties: [
    { role: "complainant", user_id: residentId },
    { role: "respondent", name: "Ben Santos", address: "Purok 2, San Isidro" },
    { role: "witness", name: "Carla Mendoza", address: "Purok 3, San Isidro" },
  ],
  ...extra,
});

async function file(extra: Record<string, unknown> = {}) {
  const res = await secretary.post("/backend/api/kp_case", complaint(extra));
  expect(res.status, res.text).toBe(201);
  return res.body.data as {
    id: number;
    docket_number: string;
    state: string;
    parties: { role: string; user: { fullname: string } | null }[];
  };
}

const step = (id: number, command: string, body: Record<string, unknown> = {}) =>
  secretary.put(`/backend/api/kp_case/${command}/${id}`, body);

async function ok(id: number, command: string, body: Record<string, unknown> = {}) {
  const res = await step(id, command, body);
  expect(res.status, `${command}: ${res.text}`).toBe(200);
  return res.body as { data: { state: string; state_label: string } & Record<string, unknown>; message: string };
}

/** The parties choose the Pangkat on `date`, the first three members; the three elect the first chair and the second secretary. */
async function constitute(id: number, date: string) {
  return ok(id, "constitute_pangkat", {
    date,
    chosen_by: "parties",
    members: members.slice(0, 3),
    chair_id: members[0],
    secretary_id: members[1],
  });
}

async function runs(id: number): Promise<string[]> {
  const rows = await server.db
    .selectFrom("command_runs")
    .select("command")
    .where("entity", "=", "kp_case")
    .where("entity_id", "=", id)
    .orderBy("id")
    .execute();
  return rows.map((r) => r.command);
}

describe("filing", () => {
  it("numbers the docket per year, keeps the parties, and records the filing with the time received", async () => {
    const first = await file();
    const second = await file({ title: "Cruz vs. Dela Cruz" });
    const nextYear = await file({ title: "Lopez vs. Garcia", filed_on: "2025-12-30" });
    expect(first.docket_number).toMatch(/^2026-\d{3}$/);
    expect(Number(second.docket_number.slice(5))).toBe(Number(first.docket_number.slice(5)) + 1);
    expect(nextYear.docket_number).toMatch(/^2025-\d{3}$/);
    expect(first.state).toBe("filed");
    expect(first.parties.map((p) => p.role)).toEqual(["complainant", "respondent", "witness"]);
    expect(first.parties[0].user?.fullname).toContain("Reyes");
    expect(await runs(first.id)).toEqual(["file"]);
    const stored = await server.db.selectFrom("kp_cases").select("received_at").where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(stored.received_at).not.toBeNull();
  });

  it("refuses what the law excludes (§408), saying why", async () => {
    const refused = async (extra: Record<string, unknown>, field: string, words: RegExp) => {
      const res = await secretary.post("/backend/api/kp_case", complaint(extra));
      expect(res.status, res.text).toBe(422);
      expect(res.body.errors[field]?.[0], JSON.stringify(res.body.errors)).toMatch(words);
    };
    await refused({ government_party: true }, "government_party", /government.*§408\(a\)/);
    await refused({ official_functions: true }, "official_functions", /official functions/);
    await refused({ category: "criminal", penalty_imprisonment_days: 400 }, "penalty_imprisonment_days", /more than one year/);
    await refused({ category: "criminal", penalty_fine: "5000.01" }, "penalty_fine", /₱5,000\.00/);
    await refused({ category: "criminal", no_private_offended_party: true }, "no_private_offended_party", /no private offended party/);
    await refused({ property_elsewhere: true }, "property_elsewhere", /real property/);
    const outsider = complaint().parties.map((p) => (p.role === "respondent" ? { ...p, outside_city: true } : p));
    await refused({ parties: outsider }, "parties.1.outside_city", /adjoin/);
    await refused({ parties: [{ role: "complainant", user_id: residentId }] }, "parties", /at least one respondent/);
    await refused(
      {
        parties: [
          { role: "complainant", user_id: organizationId },
          { role: "respondent", name: "B", address: "P" },
        ],
      },
      "parties.0.user_id",
      /natural persons/,
    );
    // Within the limits, and where the law's own exceptions hold, the case is filed.
    const criminal = await file({ category: "criminal", penalty_imprisonment_days: 30, penalty_fine: "1000" });
    expect(criminal.state).toBe("filed");
    const adjoining = await file({ parties: outsider, barangays_adjoin: true, parties_agree_venue: true });
    expect(adjoining.state).toBe("filed");
  });
});

describe("the procedure", () => {
  it("walks complaint → summons → mediation failed → Pangkat → conciliation → settlement → execution", async () => {
    const kase = await file();
    expect((await ok(kase.id, "summon", { date: "2026-03-03" })).data.state).toBe("summoned");
    const mediated = await ok(kase.id, "mediate", { date: "2026-03-05", minutes: "The respondent asked for time." });
    expect(mediated.data).toMatchObject({ state: "mediation", mediation_started_on: "2026-03-05" });
    await ok(kase.id, "mediate", { date: "2026-03-12", minutes: "No agreement." });
    const referred = await ok(kase.id, "refer_to_pangkat", { date: "2026-03-20", reason: "Mediation failed" });
    expect(referred.data.state_label).toBe("For the Pangkat");
    expect(referred.message).toBe(`Successfully referred case ${kase.docket_number} to the Pangkat ng Tagapagkasundo.`);
    await constitute(kase.id, "2026-03-21");
    await ok(kase.id, "conciliate", { date: "2026-03-22", minutes: "The Pangkat heard both parties." });
    const settled = await ok(kase.id, "settle", { date: "2026-03-25", terms: "Babayaran ng respondent ang ₱1,000.00 buwan-buwan." });
    expect(settled.data).toMatchObject({ state: "settled", settled_on: "2026-03-25" });
    // Within the ten days to repudiate it, the settlement is not yet final: no execution. Their last
    // day, Saturday 4 April (Holy Week), moves to Monday 6 April (decision 201).
    const early = await step(kase.id, "execute", { date: "2026-04-03" });
    expect(early.status).toBe(422);
    expect(early.body.message).toMatch(/no motion for execution/);
    const earlyMotion = await step(kase.id, "move_for_execution", { date: "2026-04-03", movant: 0 });
    expect(earlyMotion.status).toBe(422);
    expect(earlyMotion.body.errors.date[0]).toMatch(/only once it is final, after the ten days to repudiate it \(until 2026-04-06\)/);
    // After six months the Lupon no longer executes it.
    const late = await step(kase.id, "move_for_execution", { date: "2026-09-26", movant: 0 });
    expect(late.status).toBe(422);
    expect(late.body.message).toMatch(/within six months.*2026-09-25.*court/);
    expect((await ok(kase.id, "move_for_execution", { date: "2026-04-08", movant: 0 })).data).toMatchObject({
      state: "settled",
      execution_moved_on: "2026-04-08",
      execution_movant: { position: 0, role: "complainant", name: expect.stringContaining("Reyes") },
    });
    expect((await ok(kase.id, "execute", { date: "2026-04-10", minutes: "The respondent paid the first instalment." })).data.state).toBe(
      "executed",
    );
    expect(await runs(kase.id)).toEqual([
      "file",
      "summon",
      "mediate",
      "mediate",
      "refer_to_pangkat",
      "constitute_pangkat",
      "conciliate",
      "settle",
      "move_for_execution",
      "execute",
    ]);
    // A hearing a step holds is one of the step's recorded effects.
    const mediateRun = await server.db
      .selectFrom("command_runs")
      .select("id")
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", kase.id)
      .where("command", "=", "mediate")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const effects = await server.db.selectFrom("command_effects").select(["entity", "kind"]).where("run_id", "=", mediateRun.id).execute();
    expect(effects).toContainEqual({ entity: "kp_hearing", kind: "insert" });
    const hearings = await server.db
      .selectFrom("kp_hearings")
      .select(["kind", "held_on"])
      .where("case_id", "=", kase.id)
      .orderBy("held_on")
      .execute();
    expect(hearings).toEqual([
      { kind: "mediation", held_on: "2026-03-05" },
      { kind: "mediation", held_on: "2026-03-12" },
      { kind: "conciliation", held_on: "2026-03-22" },
      { kind: "execution", held_on: "2026-04-10" },
    ]);
    // Every step is audited under its own name.
    const actions = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", String(kase.id))
      .execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["create", "file", "summon", "settle", "execute"]));
    // A closed case's record is no longer changed, and it is not trashed.
    expect((await secretary.put(`/backend/api/kp_case/${kase.id}`, complaint())).status).toBe(422);
    expect((await secretary.delete(`/backend/api/kp_case/${kase.id}`)).status).toBe(422);
  });

  it("repudiates a settlement only within its ten days, then certifies to file action", async () => {
    const kase = await file();
    for (const [command, body] of [
      ["summon", { date: "2026-03-03" }],
      ["mediate", { date: "2026-03-05" }],
      ["settle", { date: "2026-03-06", terms: "Magbabayad sa Abril." }],
    ] as const)
      await ok(kase.id, command, body);
    const late = await step(kase.id, "repudiate", { date: "2026-03-17", reason: "Intimidation" });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe(
      "The ten days to repudiate the settlement of 2026-03-06 ended on 2026-03-16 (§418): it is final and may only be executed.",
    );
    expect((await ok(kase.id, "repudiate", { date: "2026-03-16", reason: "Consent obtained by intimidation" })).data.state).toBe(
      "repudiated",
    );
    // The ground of the repudiation is the command's reason, kept with its run.
    const run = await server.db
      .selectFrom("command_runs")
      .select("reason")
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", kase.id)
      .where("command", "=", "repudiate")
      .executeTakeFirstOrThrow();
    expect(run.reason).toBe("Consent obtained by intimidation");
    const certified = await ok(kase.id, "certify_file_action", { date: "2026-03-18" });
    expect(certified.data).toMatchObject({ state: "certified_file_action", certified_on: "2026-03-18" });
    expect(certified.message).toBe(`Successfully certified case ${kase.docket_number} to file action.`);
  });

  it("walks to a certification to file action after a failed conciliation", async () => {
    const kase = await file();
    await ok(kase.id, "summon", { date: "2026-03-03" });
    await ok(kase.id, "refer_to_pangkat", { date: "2026-03-04", reason: "The respondent did not appear" });
    await constitute(kase.id, "2026-03-05");
    await ok(kase.id, "conciliate", { date: "2026-03-06" });
    await ok(kase.id, "certify_bar_counterclaim", { date: "2026-03-10", reason: "The respondent wilfully failed to appear" });
    const twice = await step(kase.id, "certify_bar_counterclaim", { date: "2026-03-11", reason: "Again" });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toMatch(/already barred from a counterclaim on 2026-03-10/);
    expect((await ok(kase.id, "certify_file_action", { date: "2026-04-07" })).data.state).toBe("certified_file_action");
  });

  it("awards only after the five days to repudiate the agreement to arbitrate", async () => {
    const kase = await file();
    await ok(kase.id, "summon", { date: "2026-03-03" });
    await ok(kase.id, "mediate", { date: "2026-03-04" });
    await ok(kase.id, "agree_to_arbitrate", { date: "2026-03-05" });
    const early = await step(kase.id, "award", { date: "2026-03-10", terms: "Pay ₱3,000.00." });
    expect(early.status).toBe(422);
    expect(early.body.errors.date[0]).toMatch(/after the five days .* from 2026-03-11/);
    const noTerms = await step(kase.id, "award", { date: "2026-03-11" });
    expect(noTerms.body.errors.terms).toEqual(["The terms field is required."]);
    expect((await ok(kase.id, "award", { date: "2026-03-11", terms: "Pay ₱3,000.00." })).data.state).toBe("awarded");
    expect((await ok(kase.id, "repudiate", { date: "2026-03-20", reason: "Fraud" })).data.state).toBe("repudiated");
  });

  it("refuses a step the law does not allow with the law's reason (422), changing nothing", async () => {
    const kase = await file();
    const settle = await step(kase.id, "settle", { terms: "x" });
    expect(settle.status).toBe(422);
    expect(settle.body.message).toBe(
      `Case ${kase.docket_number} is filed: An amicable settlement is reached in mediation before the Punong Barangay or in conciliation before the Pangkat (§§410–411).`,
    );
    await ok(kase.id, "summon", { date: "2026-03-03" });
    const cfa = await step(kase.id, "certify_file_action");
    expect(cfa.status).toBe(422);
    expect(cfa.body.message).toMatch(/is summoned: A certification to file action is issued only after the Pangkat/);
    expect((await step(kase.id, "summon")).body.message).toMatch(/is summoned: The summons is issued once/);
    // A step is never dated before the case's last one, nor in the future.
    expect((await step(kase.id, "mediate", { date: "2026-03-01" })).body.errors.date[0]).toBe(
      "The date must not be before 2026-03-03, the case's last recorded step.",
    );
    expect((await step(kase.id, "mediate", { date: "2099-01-01" })).body.errors.date[0]).toMatch(/must not be in the future/);
    expect((await step(kase.id, "no_such_step")).status).toBe(404);
    // Once summoned, a case ends by its steps, not in the trash; dismissed, it is closed for good.
    expect((await secretary.delete(`/backend/api/kp_case/${kase.id}`)).status).toBe(422);
    expect((await ok(kase.id, "dismiss", { date: "2026-03-04", reason: "The respondent is a corporation" })).data.state).toBe("dismissed");
    expect((await step(kase.id, "withdraw")).body.message).toMatch(/is dismissed: A complaint is withdrawn only while/);
    expect(await runs(kase.id)).toEqual(["file", "summon", "dismiss"]);
  });

  it("recalls a summons issued by mistake, exactly, and no later step", async () => {
    const kase = await file();
    await ok(kase.id, "summon", { date: "2026-03-03" });
    const recalled = await ok(kase.id, "recall_summons", { reason: "Wrong respondent named" });
    expect(recalled.data).toMatchObject({ state: "filed", summoned_on: null });
    await ok(kase.id, "summon", { date: "2026-03-04" });
    await ok(kase.id, "mediate", { date: "2026-03-05" });
    const tooLate = await step(kase.id, "recall_summons", { reason: "Too late" });
    expect(tooLate.status).toBe(422);
    expect(tooLate.body.message).toMatch(/Only a summons that has not led to a hearing is recalled/);
  });
});

describe("confidentiality", () => {
  it("refuses every case call without the KP permissions (403) and lists nothing", async () => {
    const kase = await file();
    const attempts = [
      clerk.get("/backend/api/kp_case"),
      clerk.get(`/backend/api/kp_case/${kase.id}`),
      clerk.get("/backend/api/kp_case/count"),
      clerk.post("/backend/api/kp_case", complaint()),
      clerk.put(`/backend/api/kp_case/summon/${kase.id}`, {}),
      clerk.get("/backend/api/kp_hearing"),
      clerk.get("/backend/api/lupon_member"),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status, res.text).toBe(403);
    expect((await server.db.selectFrom("kp_cases").select("state").where("id", "=", kase.id).executeTakeFirstOrThrow()).state).toBe(
      "filed",
    );
    // Not even the docket numbers as a select's choices.
    const ctx = { db: server.db, user: await loadAuthUser(server.db, clerkId) };
    await expect(serviceFor("kp_case").options(ctx)).rejects.toMatchObject({ status: 403 });
  });

  it("gives the KP permissions to the Punong Barangay and the Secretary only", async () => {
    const held = await server.db
      .selectFrom("role_permissions as rp")
      .innerJoin("roles as r", "r.id", "rp.role_id")
      .innerJoin("permissions as p", "p.id", "rp.permission_id")
      .select(["r.name as role", "p.name as permission"])
      .where("p.name", "like", "%-kp_case")
      .where("r.name", "not like", "test-role-%")
      .execute();
    const roles = new Set(held.map((h) => h.role));
    expect([...roles].sort()).toEqual(["Administrator", "Punong Barangay", "Secretary"]);
    expect(held.filter((h) => h.role === "Punong Barangay").map((h) => h.permission)).toContain("update-kp_case");
  });

  it("keeps every view of a case in the access log", async () => {
    const kase = await file();
    expect((await secretary.get(`/backend/api/kp_case/${kase.id}`)).status).toBe(200);
    const logged = await server.db
      .selectFrom("access_log")
      .select(["record", "action"])
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", kase.id)
      .execute();
    expect(logged).toEqual([{ record: `KP case ${kase.docket_number}`, action: "view" }]);
  });
});

describe("the Lupon and hearings", () => {
  it("keeps members with their terms and oaths, and hearings after the filing", async () => {
    const member = await secretary.post("/backend/api/lupon_member", {
      name: "Lorna Bautista",
      position: "secretary",
      term_start: "2026-01-10",
      oath_date: "2026-01-12",
    });
    expect(member.status, member.text).toBe(201);
    const backwards = await secretary.post("/backend/api/lupon_member", {
      name: "Pedro Penduko",
      position: "member",
      term_start: "2026-01-10",
      term_end: "2025-01-10",
    });
    expect(backwards.body.errors.term_end).toEqual(["The term end must be a date after or equal to the term start."]);
    const kase = await file();
    const before = await secretary.post("/backend/api/kp_hearing", { case_id: kase.id, kind: "mediation", held_on: "2026-03-01" });
    expect(before.status).toBe(422);
    expect(before.body.errors.held_on[0]).toMatch(/must not be before 2026-03-02/);
    const heard = await secretary.post("/backend/api/kp_hearing", {
      case_id: kase.id,
      kind: "mediation",
      held_on: "2026-03-05",
      minutes: "Present: both.",
    });
    expect(heard.status, heard.text).toBe(201);
    expect(heard.body.data.case).toEqual({ id: kase.id, name: kase.docket_number });
  });
});
