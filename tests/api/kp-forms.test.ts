import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, type ApiClient, type TestServer, startTestServer } from "../helpers/server.ts";
import { requestContext } from "../../server/http/pages/context.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { RouterContextProvider } from "react-router";
import { KP_CASE_FORMS, KP_LUPON_FORMS } from "../../domain/kp/forms.ts";
import { asOwner, FIRST_BARANGAY_ID, inBarangay } from "../../db/tenant.ts";
import { visitorBarangay } from "../../server/http/tenancy.ts";

// The KP forms over HTTP (issue 31 item 5, decision 203): each form of a case walked through the
// procedure by its commands prints the case's names, dates and docket number in English and in
// Filipino, filled from the records; a form whose step the case has not taken is refused (409)
// saying why; the Lupon's forms print from its members; nobody without the KP permissions reads
// one (403); every case form printed is in the access log.

let server: TestServer;
let secretary: ApiClient; // the Lupon secretary: the KP permissions
let clerk: ApiClient; // no KP permission
let secretaryId: number;
let clerkId: number;
let residentId: number;
const lupon: Record<string, number> = {};

const KP_PERMISSIONS = ["lupon_member", "kp_case", "kp_hearing"].flatMap((e) =>
  ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${e}`),
);

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server, server.admin);
  for (const [position, name] of [
    ["Punong Barangay", "Rodrigo Dela Paz"],
    ["Barangay Secretary", "Lorna Bautista"],
  ]) {
    const res = await admin.post("/backend/api/official", { position, name, term_start: "2025-07-01" });
    expect(res.status, res.text).toBe(201);
  }
  const s = await createUser(server.db, {
    username: "lupon-secretary",
    firstname: "Lorna",
    lastname: "Bautista",
    permissions: KP_PERMISSIONS,
  });
  secretaryId = s.id;
  secretary = await signedIn(server, s);
  const c = await createUser(server.db, { username: "kp-forms-clerk", permissions: ["manage-resident", "view-resident", "manage-report"] });
  clerkId = c.id;
  clerk = await signedIn(server, c);
  residentId = (await createUser(server.db, { username: "kp-forms-resident", kind: "resident", firstname: "Ana", lastname: "Reyes" })).id;
  for (const [name, position] of [
    ["Rodrigo Dela Paz", "chair"],
    ["Lorna Bautista", "secretary"],
    ["Mario Santos", "member"],
    ["Nena Cruz", "member"],
    ["Pedro Lim", "member"],
    ["Rosa Tan", "member"],
  ]) {
    const res = await secretary.post("/backend/api/lupon_member", { name, position, term_start: "2025-07-01", oath_date: "2025-07-05" });
    expect(res.status, res.text).toBe(201);
    lupon[name] = res.body.data.id;
  }
});
afterAll(async () => {
  await server?.close();
});

const PARTIES = [
  { role: "complainant", user_id: 0 },
  { role: "respondent", name: "Ben Santos", address: "Purok 2, San Isidro" },
  { role: "witness", name: "Carla Mendoza", address: "Purok 3, San Isidro" },
];

async function file(title: string): Promise<{ id: number; docket: string }> {
  const res = await secretary.post("/backend/api/kp_case", {
    title,
    nature: "Collection of a sum of money",
    category: "civil",
    complaint: "The respondent borrowed ₱3,000.00 in January and has not paid it back.",
    filed_on: "2026-03-02",
    venue_ground: "same_barangay",
    parties: PARTIES.map((p) => (p.role === "complainant" ? { ...p, user_id: residentId } : p)),
  });
  expect(res.status, res.text).toBe(201);
  return { id: res.body.data.id, docket: res.body.data.docket_number };
}

async function step(id: number, command: string, body: Record<string, unknown>) {
  const res = await secretary.put(`/backend/api/kp_case/${command}/${id}`, body);
  expect(res.status, `${command}: ${res.text}`).toBe(200);
}

type Doc = { text: string; form: { numberLabel: string; laterLabel: string }; verify: { url: string } | null; caption: unknown };
async function form(id: number, key: string, query = "", client = secretary) {
  return client.get(`/backend/api/kp_case/${id}/forms/${key}${query}`);
}
async function printed(id: number, key: string, language: "en" | "fil", extra = ""): Promise<Doc> {
  const res = await form(id, key, `?language=${language}${extra}`);
  expect(res.status, `form ${key} (${language}): ${res.text}`).toBe(200);
  return res.body.data as Doc;
}

/** A form's words as printed, with the caption's names and docket (the sheet draws the caption from them). */
const words = (doc: Doc) => `${doc.text}\n${JSON.stringify(doc.caption)}`;

// The cases, walked once by their commands.
let settled: { id: number; docket: string };
let certified: { id: number; docket: string };
let awarded: { id: number; docket: string };
let barred: { id: number; docket: string };
let fresh: { id: number; docket: string };

describe("a case walked to execution", () => {
  beforeAll(async () => {
    settled = await file("Reyes vs. Santos");
    await step(settled.id, "summon", { date: "2026-03-03" });
    await step(settled.id, "mediate", { date: "2026-03-05", minutes: "The parties met; no agreement." });
    await step(settled.id, "refer_to_pangkat", { date: "2026-03-20" });
    await step(settled.id, "constitute_pangkat", {
      date: "2026-03-21",
      chosen_by: "parties",
      members: [lupon["Mario Santos"], lupon["Nena Cruz"], lupon["Pedro Lim"]],
      chair_id: lupon["Mario Santos"],
      secretary_id: lupon["Nena Cruz"],
    });
    await step(settled.id, "conciliate", { date: "2026-03-23" });
    await step(settled.id, "settle", {
      date: "2026-03-25",
      terms: "Mobayad si Ben Santos og ₱3,000.00 kang Ana Reyes sa dili pa mahuman ang Abril 2026.",
    });
    await step(settled.id, "move_for_execution", { date: "2026-04-08", movant: 0 });
    await step(settled.id, "execute", { date: "2026-04-10", minutes: "Heard the motion; the respondent did not pay." });
  });

  it("prints every form of its steps with the parties, the docket and the step's date in English and in Filipino", async () => {
    const expectations: [string, string, string][] = [
      // form, its date in English, the same in Filipino
      ["7", "2nd day of March, 2026", "ika-2 araw ng Marso, 2026"],
      ["8", "3rd day of March, 2026", "ika-3 araw ng Marso, 2026"],
      ["9", "3rd day of March, 2026", "ika-3 araw ng Marso, 2026"],
      ["10", "20th day of March, 2026", "ika-20 araw ng Marso, 2026"],
      ["12", "21st day of March, 2026", "ika-21 araw ng Marso, 2026"],
      ["13", "23rd day of March, 2026", "ika-23 araw ng Marso, 2026"],
      ["16", "25th day of March, 2026", "ika-25 araw ng Marso, 2026"],
      ["17", "", ""],
      ["23", "8th day of April, 2026", "ika-8 araw ng Abril, 2026"],
      ["24", "8th day of April, 2026", "ika-8 araw ng Abril, 2026"],
      ["25", "10th day of April, 2026", "ika-10 araw ng Abril, 2026"],
    ];
    for (const [key, en, fil] of expectations) {
      const english = await printed(settled.id, key, "en");
      const filipino = await printed(settled.id, key, "fil");
      for (const doc of [english, filipino]) {
        expect(words(doc), `form ${key}`).toContain(settled.docket);
        expect(words(doc), `form ${key}`).toContain("Ana Reyes");
        expect(words(doc), `form ${key}`).toContain("Ben Santos");
      }
      expect(english.form.numberLabel).toBe(`KP Form No. ${key}`);
      expect(filipino.form.numberLabel).toBe(`Pormularyo ng KP Blg. ${key}`);
      if (en) expect(english.text, `form ${key} in English`).toContain(en);
      if (fil) expect(filipino.text, `form ${key} in Filipino`).toContain(fil);
    }
  });

  it("fills the officials, the Pangkat and the terms as entered, in either language", async () => {
    const summons = await printed(settled.id, "9", "fil");
    expect(summons.text).toContain("PATAWAG");
    expect(summons.text).toContain("ULAT NG OPISYAL");
    expect(summons.text).toContain("Rodrigo Dela Paz");
    const hearing = await printed(settled.id, "12", "en");
    expect(hearing.text).toContain("Mario Santos\nPangkat Chairman");
    const settlement = await printed(settled.id, "16", "en");
    // The terms print as the parties wrote them (§411), whatever the form's language.
    expect(settlement.text).toContain("Mobayad si Ben Santos og ₱3,000.00 kang Ana Reyes");
    expect((await printed(settled.id, "16", "fil")).text).toContain("Mobayad si Ben Santos");
    expect(settlement.text).toContain("Pangkat Chairman");
    const motion = await printed(settled.id, "23", "en");
    expect(motion.text).toContain("On March 25, 2026, the parties in this case signed an amicable settlement");
    expect(motion.text).toContain("Ana Reyes\nMovant");
    expect((await printed(settled.id, "24", "en")).text).toContain("10th day of April, 2026");
    const execution = await printed(settled.id, "25", "fil");
    expect(execution.text).toContain("PAUNAWA NG PAGPAPATUPAD");
    expect(execution.text).toContain("Mobayad si Ben Santos");
  });

  it("prints the notice to each chosen Pangkat member, and refuses someone not on it", async () => {
    const notice = await printed(settled.id, "11", "en", `&member=${lupon["Pedro Lim"]}`);
    expect(notice.text).toContain("TO: Pedro Lim");
    expect(notice.text).toContain("amicably chosen by the parties");
    expect(notice.text).toContain("March 21, 2026");
    const fil = await printed(settled.id, "11", "fil", `&member=${lupon["Pedro Lim"]}`);
    expect(fil.text).toContain("KAY: Pedro Lim");
    expect(fil.text).toContain("na pinagkasunduang piliin ng mga partido");
    const notOnIt = await form(settled.id, "11", `?member=${lupon["Rosa Tan"]}`);
    expect(notOnIt.status).toBe(404);
    const noMember = await form(settled.id, "11");
    expect(noMember.status).toBe(422);
    expect(noMember.body.errors.member[0]).toMatch(/Pangkat member/);
  });

  it("logs each print of a case form in the access log, naming the form, language and paper", async () => {
    await form(settled.id, "9", "?language=fil&paper=a4");
    const [row] = await server.db.selectFrom("access_log").selectAll().orderBy("id", "desc").limit(1).execute();
    expect(row).toMatchObject({ created_by: secretaryId, entity: "kp_case", entity_id: settled.id, action: "print" });
    expect(row.detail).toBe("KP Form No. 9 (fil, a4)");
  });
});

describe("the certifications", () => {
  beforeAll(async () => {
    certified = await file("Reyes vs. Santos (certified)");
    await step(certified.id, "summon", { date: "2026-03-03" });
    await step(certified.id, "mediate", { date: "2026-03-05" });
    await step(certified.id, "refer_to_pangkat", { date: "2026-03-20" });
    await step(certified.id, "constitute_pangkat", { date: "2026-03-21", chosen_by: "lot" });
    const drawn = await server.db
      .selectFrom("kp_pangkat_members")
      .select("lupon_member_id")
      .where("case_id", "=", certified.id)
      .orderBy("id")
      .execute();
    await step(certified.id, "elect_pangkat_officers", {
      date: "2026-03-21",
      chair_id: drawn[0].lupon_member_id,
      secretary_id: drawn[1].lupon_member_id,
    });
    await step(certified.id, "conciliate", { date: "2026-03-23" });
    await step(certified.id, "certify_bar_counterclaim", { date: "2026-03-30", reason: "The respondent ignored two notices." });
    await step(certified.id, "certify_file_action", { date: "2026-04-06" });

    awarded = await file("Reyes vs. Santos (arbitrated)");
    await step(awarded.id, "summon", { date: "2026-03-03" });
    await step(awarded.id, "mediate", { date: "2026-03-05" });
    await step(awarded.id, "agree_to_arbitrate", { date: "2026-03-06" });
    await step(awarded.id, "award", { date: "2026-03-12", terms: "The respondent pays ₱1,500.00 on 30 March 2026." });
    await step(awarded.id, "repudiate", { date: "2026-03-16", reason: "Consent obtained by intimidation." });
    await step(awarded.id, "certify_file_action", { date: "2026-03-18" });

    barred = await file("Reyes vs. Santos (barred)");
    await step(barred.id, "summon", { date: "2026-03-03" });
    await step(barred.id, "certify_bar_action", { date: "2026-03-10", reason: "The complainant failed to appear twice without reason." });
  });

  it("prints the certification to file action with its date and the verification link of its docket", async () => {
    for (const key of ["20", "20-a", "20-b"]) {
      const en = await printed(certified.id, key, "en");
      const fil = await printed(certified.id, key, "fil");
      expect(en.text).toContain("6th day of April, 2026");
      expect(fil.text).toContain("ika-6 araw ng Abril, 2026");
      expect(words(en)).toContain(certified.docket);
      expect(words(fil)).toContain("Ana Reyes");
      expect(en.verify?.url).toMatch(new RegExp(`/verify/kp/${certified.docket}$`));
    }
    expect((await printed(certified.id, "20", "en")).text).toContain("Lorna Bautista\nLupon Secretary");
    expect((await printed(certified.id, "20", "fil")).text).toContain("KATIBAYAN UPANG MAKAPAGHAIN NG USAPIN");
    // 20-A and 20-B are numbered 21 and 22 in the later set: printed small beside the 1992 number.
    expect((await printed(certified.id, "20-a", "en")).form).toMatchObject({
      numberLabel: "KP Form No. 20-A",
      laterLabel: "KP Handbook (2004) No. 21",
    });
    const counterclaim = await printed(certified.id, "22", "en");
    expect(counterclaim.text).toContain("30th day of March, 2026");
    expect(counterclaim.text).toContain("Ben Santos");
    expect(counterclaim.text).toContain("The respondent ignored two notices.");
    expect(counterclaim.verify).not.toBeNull();
  });

  it("carries the barangay's PSGC code on the verification link once the barangay has one, which a hub reads to find it", async () => {
    const code = "0403405057"; // Milagrosa, Calamba
    await asOwner(() => server.db.updateTable("barangays").set({ psgc_code: code }).where("id", "=", FIRST_BARANGAY_ID).execute());
    try {
      const url = new URL((await printed(certified.id, "20", "en")).verify!.url);
      expect(`${url.pathname}${url.search}`).toBe(`/verify/kp/${certified.docket}?b=${code}`);
      // What the hub's visitors resolve: the barangay of ?b= (server/http/tenancy.ts).
      expect(await inBarangay(null, () => visitorBarangay(server.db, url.pathname, Object.fromEntries(url.searchParams)))).toBe(FIRST_BARANGAY_ID);
    } finally {
      await asOwner(() => server.db.updateTable("barangays").set({ psgc_code: null }).where("id", "=", FIRST_BARANGAY_ID).execute());
    }
  });

  it("prints the agreement, the award, the repudiation with its ground, and the certification after it", async () => {
    expect((await printed(awarded.id, "14", "en")).text).toContain("6th day of March, 2026");
    const award = await printed(awarded.id, "15", "fil");
    expect(award.text).toContain("ika-12 araw ng Marso, 2026");
    expect(award.text).toContain("The respondent pays ₱1,500.00 on 30 March 2026.");
    const repudiation = await printed(awarded.id, "17", "en");
    expect(repudiation.text).toContain("16th day of March, 2026");
    expect(repudiation.text).toContain("Consent obtained by intimidation.");
    const after = await printed(awarded.id, "20-a", "en");
    expect(after.text).toContain("The settlement has been repudiated");
    expect(after.text).toContain("Consent obtained by intimidation.");
    // The Pangkat never sat on this case: its own certifications are not issued.
    expect((await form(awarded.id, "20-b")).status).toBe(409);
  });

  it("prints the certification to bar action with the finding, and the notices on a failure to appear", async () => {
    const bar = await printed(barred.id, "21", "fil");
    expect(bar.text).toContain("ika-10 araw ng Marso, 2026");
    expect(bar.text).toContain("The complainant failed to appear twice without reason.");
    expect(words(bar)).toContain(barred.docket);
    for (const key of ["18", "19"]) {
      const en = await printed(barred.id, key, "en");
      expect(en.text).toContain("FAILURE TO APPEAR");
      expect(words(en)).toContain("Ana Reyes");
    }
  });
});

describe("refusals", () => {
  beforeAll(async () => {
    fresh = await file("Reyes vs. Santos (fresh)");
  });

  it("refuses a form whose step the case has not taken (409), saying why; the complaint prints from filing", async () => {
    expect((await form(fresh.id, "7", "?language=en")).status).toBe(200);
    for (const [key, why] of [
      ["9", /has not been summoned/],
      ["10", /not been referred to the Pangkat/],
      ["12", /Pangkat has not been constituted/],
      ["16", /no amicable settlement/],
      ["20", /not been certified to file action/],
      ["25", /not been executed/],
    ] as const) {
      const res = await form(fresh.id, key);
      expect(res.status, `form ${key}`).toBe(409);
      expect(res.body.message).toMatch(why);
      expect(res.body.message).toContain(fresh.docket);
    }
  });

  it("answers 404 for a form that does not exist or a Lupon form asked of a case, 422 for a bad language or paper", async () => {
    expect((await form(fresh.id, "26")).status).toBe(404);
    expect((await form(fresh.id, "2")).status).toBe(404);
    expect((await form(999999, "7")).status).toBe(404);
    const bad = await form(fresh.id, "7", "?language=es&paper=a3");
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["language", "paper"]);
  });

  it("is 403 without the KP permissions, and logs nothing", async () => {
    const before = await server.db
      .selectFrom("access_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect((await form(settled.id, "16", "", clerk)).status).toBe(403);
    expect((await clerk.get(`/backend/api/lupon_member/forms/4`)).status).toBe(403);
    const after = await server.db
      .selectFrom("access_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe("the Lupon's forms", () => {
  it("lists the serving members on Forms 1 and 4, and prints a member's appointment, notice, oath and withdrawal", async () => {
    for (const key of ["1", "4"]) {
      const res = await secretary.get(`/backend/api/lupon_member/forms/${key}?language=fil`);
      expect(res.status, res.text).toBe(200);
      for (const name of ["Mario Santos", "Nena Cruz", "Pedro Lim", "Rosa Tan"]) expect(res.body.data.text).toContain(name);
    }
    const oath = await secretary.get(`/backend/api/lupon_member/forms/5?member=${lupon["Rosa Tan"]}`);
    expect(oath.status, oath.text).toBe(200);
    expect(oath.body.data.text).toContain("I, Rosa Tan, being duly qualified");
    expect(oath.body.data.text).toContain("5th day of July, 2025");
    const appointment = await secretary.get(`/backend/api/lupon_member/forms/2?member=${lupon["Rosa Tan"]}&language=fil`);
    expect(appointment.body.data.text).toContain("KAY: Rosa Tan");
    expect(appointment.body.data.text).toContain("ika-1 ng Hulyo, 2025");
    expect(appointment.body.data.text).toContain("Lorna Bautista\nKalihim ng Barangay");
    const missing = await secretary.get(`/backend/api/lupon_member/forms/3`);
    expect(missing.status).toBe(422);
  });

  it("the catalogue numbers every form of the 1992 set and its settings default to English on long bond", async () => {
    const res = await secretary.get("/backend/api/kp_forms");
    expect(res.body.data.settings).toEqual({ language: "en", paper: "long" });
    expect(res.body.data.forms.map((f: { number: string }) => f.number)).toEqual([
      ...KP_LUPON_FORMS.map((f) => f.number),
      ...KP_CASE_FORMS.map((f) => f.number),
    ]);
    expect(res.body.data.forms).toHaveLength(27);
  });

  it("prints in the barangay's chosen language and paper unless the print asks otherwise; only the Lupon's keepers change it", async () => {
    expect((await clerk.put("/backend/api/kp_forms/settings", { language: "fil", paper: "a4" })).status).toBe(403);
    const bad = await secretary.put("/backend/api/kp_forms/settings", { language: "fil", paper: "legal" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.paper).toBeDefined();
    const saved = await secretary.put("/backend/api/kp_forms/settings", { language: "fil", paper: "a4" });
    expect(saved.status, saved.text).toBe(200);
    const byDefault = await form(settled.id, "9");
    expect(byDefault.body.data).toMatchObject({ language: "fil", paper: "a4" });
    expect(byDefault.body.data.text).toContain("PATAWAG");
    const asked = await form(settled.id, "9", "?language=en&paper=long");
    expect(asked.body.data).toMatchObject({ language: "en", paper: "long" });
    await secretary.put("/backend/api/kp_forms/settings", { language: "en", paper: "long" });
  });
});

describe("the print page", () => {
  async function pageContext(userId: number): Promise<RouterContextProvider> {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      db: server.db,
      user: await loadAuthUser(server.db, userId),
      sessionId: null,
      csrfToken: "test",
      ip: "203.0.113.7",
      requestId: "kp-forms-test",
      userAgent: "vitest",
      secureCookies: false,
    });
    return context;
  }
  async function runLoader(path: string, params: Record<string, string>, userId: number) {
    const mod = await import("../../app/routes/kp.case-form.print.tsx");
    const url = new URL(`http://portal.test${path}`);
    return mod.loader({ request: new Request(url), context: await pageContext(userId), params, url } as never);
  }

  it("loads the form, logs the print, answers a refusal with its status, and 403 without the permission", async () => {
    const ok = (await runLoader(
      `/manage/kp/cases/${settled.id}/forms/16/print?language=fil`,
      { case_id: String(settled.id), form: "16" },
      secretaryId,
    )) as {
      doc: { form: { numberLabel: string }; verify: unknown };
    };
    expect(ok.doc.form.numberLabel).toBe("Pormularyo ng KP Blg. 16");
    const [row] = await server.db.selectFrom("access_log").selectAll().orderBy("id", "desc").limit(1).execute();
    expect(row).toMatchObject({ entity: "kp_case", entity_id: settled.id, action: "print", detail: "KP Form No. 16 (fil, long)" });

    const refused = (await runLoader(
      `/manage/kp/cases/${fresh.id}/forms/9/print`,
      { case_id: String(fresh.id), form: "9" },
      secretaryId,
    )) as {
      init: { status: number };
      data: { refused: string };
    };
    expect(refused.init.status).toBe(409);
    expect(refused.data.refused).toMatch(/has not been summoned/);

    await expect(
      runLoader(`/manage/kp/cases/${settled.id}/forms/16/print`, { case_id: String(settled.id), form: "16" }, clerkId),
    ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
