import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { inLanguage } from "../../server/http/locale.ts";
import { requestContext } from "../../server/http/pages/context.ts";

// The KP case page's loader and action (/manage/kp/cases/{id}, app/routes/kp.case.tsx): the page
// offers the steps the case's state allows and the forms its steps issued; a step posted from its
// dialog runs the service's command and comes back with its message; a refused one (422) answers
// the step, what was typed and each field's message, and changes nothing; a user without the KP
// permissions gets a 403 page and leaves no trace in the access log.

type Args = { request: Request; context: RouterContextProvider; params: Record<string, string | undefined> };
type Route = { loader: (args: Args) => Promise<unknown>; action: (args: Args) => Promise<unknown> };

let server: TestServer;
let secretary: ApiClient;
let secretaryId: number;
let clerkId: number;
let route: Route;

beforeAll(async () => {
  server = await startTestServer();
  const s = await createUser(server.db, { username: "page-secretary", firstname: "Lorna", lastname: "Bautista", roles: ["Secretary"] });
  secretaryId = s.id;
  secretary = await signedIn(server, s);
  clerkId = (await createUser(server.db, { username: "page-clerk", permissions: ["manage-resident", "view-resident"] })).id;
  route = (await import("../../app/routes/kp.case.tsx")) as unknown as Route;
});
afterAll(async () => {
  await server?.close();
});

async function contextOf(userId: number) {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    db: server.db,
    user: await loadAuthUser(server.db, userId),
    sessionId: null,
    csrfToken: "test",
    ip: "127.0.0.1",
    requestId: "kp-case-page-test",
    userAgent: "vitest",
    secureCookies: false,
  });
  return context;
}

/** What a loader or action answers: its status, its data, a redirect's address and cookie. */
async function run(call: () => Promise<unknown>) {
  try {
    const out = (await call()) as { data?: unknown; init?: ResponseInit | null } | Response;
    if (out instanceof Response)
      return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie") };
    return { status: out.init?.status ?? 200, body: out.data as Record<string, unknown> };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return { status: init.status, body: (thrown as { data?: unknown }).data as Record<string, unknown> };
    throw thrown;
  }
}

async function load(id: number, userId = secretaryId) {
  const context = await contextOf(userId);
  return run(() =>
    route.loader({ request: new Request(`http://portal.test/manage/kp/cases/${id}`), context, params: { case_id: String(id) } }),
  );
}

async function post(id: number, fields: Record<string, string | string[]>, userId = secretaryId) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  const context = await contextOf(userId);
  return run(() =>
    route.action({
      request: new Request(`http://portal.test/manage/kp/cases/${id}?step=${fields.command}`, { method: "POST", body: form }),
      context,
      params: { case_id: String(id) },
    }),
  );
}

async function file(title: string) {
  const res = await secretary.post("/backend/api/kp_case", {
    title,
    nature: "Collection of a sum of money",
    category: "civil",
    complaint: "The respondent borrowed ₱3,000.00 and has not paid it back.",
    filed_on: "2026-03-02",
    venue_ground: "same_barangay",
    parties: [
      { role: "complainant", name: "Ana Reyes", address: "Purok 1, San Isidro" },
      { role: "respondent", name: "Ben Santos", address: "Purok 2, San Isidro" },
    ],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; docket_number: string };
}

const state = async (id: number) =>
  (await server.db.selectFrom("kp_cases").select(["state", "summoned_on"]).where("id", "=", id).executeTakeFirstOrThrow()) as {
    state: string;
    summoned_on: string | null;
  };

describe("the case page", () => {
  it("offers the steps the state allows and the forms the steps issued, and logs the view", async () => {
    const kase = await file("Reyes vs. Santos (page)");
    const page = await load(kase.id);
    expect(page.status).toBe(200);
    const body = page.body as {
      kase: { docket_number: string; state: string };
      steps: { name: string }[];
      forms: { form: string }[];
      clock: { items: { rule: string; status: string }[] };
    };
    expect(body.kase.docket_number).toBe(kase.docket_number);
    expect(body.steps.map((s) => s.name)).toEqual(["summon", "dismiss", "withdraw"]);
    expect(body.forms.map((f) => f.form)).toEqual(["7"]);
    expect(body.clock.items.map((i) => i.rule)).toContain("summons");
    const logged = await server.db
      .selectFrom("access_log")
      .select(["entity", "action"])
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", kase.id)
      .execute();
    expect(logged).toEqual([{ entity: "kp_case", action: "view" }]);

    expect((await post(kase.id, { intent: "step", command: "summon", date: "2026-03-03" })).status).toBe(302);
    const after = (await load(kase.id)).body as { steps: { name: string }[]; forms: { form: string }[] };
    expect(after.steps.map((s) => s.name)).toContain("mediate");
    expect(after.steps.map((s) => s.name)).not.toContain("summon");
    expect(after.forms.map((f) => f.form)).toEqual(expect.arrayContaining(["7", "8", "9"]));
  });

  it("words the case in its reader's language: the spec's English, or Filipino (issue 33 item 4)", async () => {
    const kase = await file("Reyes vs. Santos (language)");
    expect((await post(kase.id, { intent: "step", command: "summon", date: "2026-03-03" })).status).toBe(302);
    type Body = {
      kase: { state_label: string; category_label: string; dates: { key: string; label: string }[] };
      steps: { name: string; label: string }[];
      clock: { items: { rule: string; label: string }[] };
    };
    const words = (body: Body) => ({
      state: body.kase.state_label,
      category: body.kase.category_label,
      dates: body.kase.dates.map((d) => d.label),
      steps: body.steps.filter((s) => ["mediate", "dismiss"].includes(s.name)).map((s) => s.label),
      summons: body.clock.items.find((i) => i.rule === "summons")?.label,
    });
    const english = (await inLanguage("en", () => load(kase.id))).body as Body;
    expect(words(english)).toEqual({
      state: "Summoned",
      category: "Civil",
      dates: ["Filed", "Summoned"],
      steps: ["Record mediation", "Dismiss"],
      summons: "Summons to the respondent and notice to the complainant",
    });
    const filipino = (await inLanguage("fil", () => load(kase.id))).body as Body;
    expect(words(filipino)).toEqual({
      state: "Pinatawag",
      category: "Sibil",
      dates: ["Naihain", "Pinatawag"],
      steps: ["Itala ang mediation", "Ibasura"],
      summons: "Patawag sa inirereklamo at abiso sa nagrereklamo",
    });
  });

  it("stops offering a step the law takes once after it is taken (the counterclaim's bar)", async () => {
    const kase = await file("Lim vs. Tan (page)");
    expect((await post(kase.id, { intent: "step", command: "summon", date: "2026-03-03" })).status).toBe(302);
    const before = (await load(kase.id)).body as { steps: { name: string }[] };
    expect(before.steps.map((s) => s.name)).toContain("certify_bar_counterclaim");
    const barred = await post(kase.id, {
      intent: "step",
      command: "certify_bar_counterclaim",
      date: "2026-03-04",
      reason: "Wilfully absent",
    });
    expect(barred.status).toBe(302);
    const after = (await load(kase.id)).body as { kase: { state: string }; steps: { name: string }[] };
    // The case goes on (still summoned), but the bar is not offered twice.
    expect(after.kase.state).toBe("summoned");
    expect(after.steps.map((s) => s.name)).toContain("mediate");
    expect(after.steps.map((s) => s.name)).not.toContain("certify_bar_counterclaim");
  });

  it("runs a step and comes back to the case with its message", async () => {
    const kase = await file("Cruz vs. Garcia (page)");
    const res = await post(kase.id, { intent: "step", command: "summon", date: "2026-03-03" });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/manage/kp/cases/${kase.id}`);
    const flash = /portal_flash=([^;]+)/.exec(res.cookie ?? "")?.[1] ?? "";
    expect(JSON.parse(Buffer.from(flash, "base64url").toString())).toEqual({
      message: `Successfully summoned the respondent of case ${kase.docket_number}.`,
      type: "success",
    });
    expect(await state(kase.id)).toEqual({ state: "summoned", summoned_on: "2026-03-03" });
  });

  it("answers a refused step with 422, what was typed and the field's message, and changes nothing", async () => {
    const kase = await file("Lopez vs. Dizon (page)");
    // A date before the filing.
    const early = await post(kase.id, { intent: "step", command: "summon", date: "2026-02-27" });
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({
      step: "summon",
      values: { date: "2026-02-27" },
      errors: { date: ["The date must not be before 2026-03-02, the case's last recorded step."] },
    });
    expect(await state(kase.id)).toEqual({ state: "filed", summoned_on: null });

    await post(kase.id, { intent: "step", command: "summon", date: "2026-03-03" });
    await post(kase.id, { intent: "step", command: "mediate", date: "2026-03-05" });
    // A settlement without its terms keeps the date typed.
    const noTerms = await post(kase.id, { intent: "step", command: "settle", date: "2026-03-06", terms: "  " });
    expect(noTerms.status).toBe(422);
    expect(noTerms.body).toMatchObject({
      step: "settle",
      values: { date: "2026-03-06" },
      errors: { terms: ["The terms field is required."] },
    });
    // A reason the step requires.
    const noReason = await post(kase.id, { intent: "step", command: "dismiss", date: "2026-03-06" });
    expect(noReason.status).toBe(422);
    expect(noReason.body).toMatchObject({ step: "dismiss", errors: { reason: ["The reason field is required."] } });
    // A step the state does not allow: the law's reason, no field.
    const early2 = await post(kase.id, { intent: "step", command: "execute", date: "2026-03-06" });
    expect(early2.status).toBe(422);
    expect(early2.body).toMatchObject({ step: "execute", errors: {} });
    expect(String((early2.body as { message: string }).message)).toContain(`Case ${kase.docket_number} is in mediation:`);
    // The Pangkat's three as a list: the chair is refused on the members' field.
    await post(kase.id, { intent: "step", command: "refer_to_pangkat", date: "2026-03-20" });
    const chair = await server.db
      .insertInto("lupon_members")
      .values({ name: "Rosa Chair", position: "chair", term_start: "2026-01-01" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const seated = await post(kase.id, {
      intent: "step",
      command: "constitute_pangkat",
      date: "2026-03-21",
      chosen_by: "parties",
      "members[]": [String(chair.id)],
    });
    expect(seated.status).toBe(422);
    expect(seated.body).toMatchObject({ step: "constitute_pangkat", values: { members: [String(chair.id)], chosen_by: "parties" } });
    expect(Object.keys((seated.body as { errors: Record<string, string[]> }).errors).some((k) => k.startsWith("members"))).toBe(true);
    expect((await state(kase.id)).state).toBe("pangkat");
  });

  it("is a 403 without the KP permissions, and a 400 for a step that does not exist", async () => {
    const kase = await file("Ramos vs. Cruz (page)");
    expect((await load(kase.id, clerkId)).status).toBe(403);
    expect((await post(kase.id, { intent: "step", command: "summon", date: "2026-03-03" }, clerkId)).status).toBe(403);
    expect(await state(kase.id)).toEqual({ state: "filed", summoned_on: null });
    const views = await server.db
      .selectFrom("access_log")
      .select("id")
      .where("entity", "=", "kp_case")
      .where("entity_id", "=", kase.id)
      .execute();
    expect(views).toEqual([]);
    expect((await post(kase.id, { intent: "step", command: "fly_to_the_moon" })).status).toBe(400);
    expect((await load(999999)).status).toBe(404);
  });
});
