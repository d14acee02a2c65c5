import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { requestContext } from "../../server/http/pages/context.ts";

// The public verification of a Lupon certification, /verify/kp/{docket} (decision 205): anyone,
// signed in or not, learns from a docket number only which certifications the Lupon issued on it,
// when, and whether each still stands — never the parties, the dispute or the case's state; a
// docket with no certification answers as an unknown one; lookups are limited per address.

let server: TestServer;
let secretary: ApiClient;

type Loader = (args: { request: Request; context: RouterContextProvider; params: Record<string, string | undefined> }) => Promise<unknown>;
let loader: Loader;

/** The public page's loader, as a visitor who is not signed in, from `ip`. */
async function visit(docket: string | undefined, ip: string, search = "") {
  const context = new RouterContextProvider();
  context.set(requestContext, {
    db: server.db,
    user: null,
    sessionId: null,
    csrfToken: "test",
    ip,
    requestId: "kp-verify-test",
    userAgent: "vitest",
    secureCookies: false,
  });
  const path = `/verify/kp${docket ? `/${docket}` : ""}${search}`;
  try {
    return { status: 200, body: await loader({ request: new Request(`http://portal.test${path}`), context, params: { docket } }) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init?.status) return { status: init.status, body: (thrown as { data?: unknown }).data };
    throw thrown;
  }
}

beforeAll(async () => {
  server = await startTestServer();
  secretary = await signedIn(server, await createUser(server.db, { username: "verify-secretary", roles: ["Secretary"] }));
  loader = ((await import("../../app/routes/verify.kp.tsx")) as unknown as { loader: Loader }).loader;
});
afterAll(async () => {
  await server?.close();
});

async function file(title: string): Promise<{ id: number; docket_number: string }> {
  const res = await secretary.post("/backend/api/kp_case", {
    title,
    nature: "Unpaid rent",
    category: "civil",
    // A market stall dispute: the venue is where it arose (§409(c)), whoever the parties are.
    venue_ground: "workplace",
    venue_detail: "The public market of San Isidro",
    complaint: "Hindi nagbayad ng upa si Pedro Villanueva mula Enero.",
    filed_on: "2026-02-02",
    parties: [
      { role: "complainant", name: "Rosa Magbanua", address: "Purok 4, San Isidro" },
      { role: "respondent", name: "Pedro Villanueva", address: "Purok 5, San Isidro" },
    ],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data;
}

async function step(id: number, command: string, body: Record<string, unknown>) {
  const res = await secretary.put(`/backend/api/kp_case/${command}/${id}`, body);
  expect(res.status, `${command}: ${res.text}`).toBe(200);
}

describe("/verify/kp/{docket}", () => {
  it("shows a certification to file action by its docket: kind, date, issued — nothing of the parties or the dispute", async () => {
    const kase = await file("Magbanua vs. Villanueva");
    await step(kase.id, "summon", { date: "2026-02-03" });
    await step(kase.id, "mediate", { date: "2026-02-05" });
    await step(kase.id, "settle", { date: "2026-02-06", terms: "Magbabayad ng ₱500 kada buwan." });
    await step(kase.id, "repudiate", { date: "2026-02-10", reason: "Consent vitiated by intimidation" });
    await step(kase.id, "certify_file_action", { date: "2026-02-12" });

    const page = await visit(kase.docket_number, "198.51.100.1");
    expect(page).toEqual({
      status: 200,
      body: {
        docket: kase.docket_number,
        result: {
          docket_number: kase.docket_number,
          certifications: [
            { kind: "Certification to file action", forms: "KP Form 20, 20-A or 20-B", issued_on: "2026-02-12", status: "issued" },
          ],
        },
        barangays: { choices: null, chosen: null },
      },
    });
    expect(JSON.stringify(page)).not.toMatch(/Magbanua|Villanueva|rent|upa|intimidation|Purok|repudiated/i);

    // No step re-opens a certified case today; a record that no longer stands on the certification
    // (put back into conciliation by hand, or a later step) shows it superseded, not issued.
    await server.db.updateTable("kp_cases").set({ state: "conciliation" }).where("id", "=", kase.id).execute();
    const reopened = (await visit(kase.docket_number, "198.51.100.1")) as { body: { result: { certifications: { status: string }[] } } };
    expect(reopened.body.result.certifications.map((c) => c.status)).toEqual(["superseded"]);
  });

  it("lists a counterclaim barred and the bar of action that followed, each as issued", async () => {
    const kase = await file("Aquino vs. Bello");
    await step(kase.id, "summon", { date: "2026-02-03" });
    await step(kase.id, "certify_bar_counterclaim", { date: "2026-02-05", reason: "The respondent did not appear" });
    await step(kase.id, "certify_bar_action", { date: "2026-02-09", reason: "The complainant did not appear without cause" });
    const page = (await visit(kase.docket_number, "198.51.100.2")) as { body: { result: { certifications: unknown[] } } };
    expect(page.body.result.certifications).toEqual([
      { kind: "Certification to bar counterclaim", forms: "KP Form 22", issued_on: "2026-02-05", status: "issued" },
      { kind: "Certification to bar action", forms: "KP Form 21", issued_on: "2026-02-09", status: "issued" },
    ]);
  });

  it("answers a case with no certification exactly as an unknown docket, and reads a docket as typed", async () => {
    const open = await file("Cruz vs. Dizon");
    const unknown = await visit("1999-999", "198.51.100.3");
    // A single barangay's install offers no choice of barangay (a hub does: tests/e2e/hub.spec.ts).
    const noChoice = { choices: null, chosen: null };
    expect(unknown).toEqual({ status: 200, body: { docket: "1999-999", result: null, barangays: noChoice } });
    expect(await visit(open.docket_number, "198.51.100.3")).toEqual({
      status: 200,
      body: { docket: open.docket_number, result: null, barangays: noChoice },
    });
    expect(await visit("not-a-docket", "198.51.100.3")).toMatchObject({ body: { result: null } });
    // The form's ?docket= goes to the page's own address, spaces dropped.
    expect(await visit(undefined, "198.51.100.3", "?docket=%202026-001%20")).toEqual({ status: 302, location: "/verify/kp/2026-001" });
    expect(await visit(undefined, "198.51.100.3")).toEqual({ status: 200, body: { docket: null, result: null, barangays: noChoice } });
  });

  it("refuses the 31st lookup a minute from one address with 429, as the other verify pages", async () => {
    for (let i = 0; i < 30; i++) expect((await visit("2026-001", "198.51.100.4")).status).toBe(200);
    const refused = await visit("2026-001", "198.51.100.4");
    expect(refused.status).toBe(429);
    expect(String(refused.body)).toMatch(/Too many lookups/);
    expect((await visit("2026-001", "198.51.100.5")).status).toBe(200);
  });
});
