import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { KyselyPlugin } from "kysely";
import { auditSentence } from "../../domain/audit/audit-sentence.ts";
import { allPermissionNames } from "../../domain/registry/index.ts";
import { auditTrailOf } from "../../server/features/access/access.ts";
import { auditSubjects } from "../../server/features/audit/subjects.ts";
import { dashboard } from "../../server/features/dashboard/service.ts";
import { inLanguage } from "../../server/http/locale.ts";
import { adminContext } from "../helpers/people.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The activity feeds (the dashboard's recent activity, a user's page) name records by the numbers
// and names people know — a purok's name, a resident's name, a removed role's last name — never by
// internal ids, read in one query per entity kind; a record the reader may not open keeps only its label.

let server: TestServer;
let admin: ApiClient;
let secretary: ApiClient;
let secretaryId: number;
let residentId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  secretaryId = (await createUser(server.db, { username: "secretary", firstname: "Tess", lastname: "Cruz", roles: ["Secretary"] })).id;
  secretary = await signedIn(server, { username: "secretary", password: "Test-Passw0rd!" });
  const purok = await admin.post("/backend/api/purok", { name: "Purok Mabini" });
  expect(purok.status, purok.text).toBe(201);
  const resident = await secretary.post("/backend/api/resident", {
    user_profile: {
      lastname: "Dela Cruz",
      firstname: "Maria",
      sex: "Female",
      date_of_birth: "1990-03-04",
      civil_status: "Single",
      purok_id: purok.body.data.id,
    },
  });
  expect(resident.status, resident.text).toBe(201);
  residentId = resident.body.data.id;
  const role = await admin.post("/backend/api/admin/role", { name: "Kagawad", description: "Council member", permissions: [] });
  expect(role.status, role.text).toBe(201);
  expect((await admin.delete(`/backend/api/admin/role/${role.body.data.id}`)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

describe("the dashboard's recent activity", () => {
  it("names each record by its display name, never its id", async () => {
    const data = await dashboard(adminContext(server.db));
    const sentences = (data.activity ?? []).map(auditSentence);
    expect(sentences).toEqual(
      expect.arrayContaining([
        "Tess Cruz created resident Maria Dela Cruz",
        expect.stringMatching(/ created purok Purok Mabini$/),
        // A role deleted for good keeps the name its delete recorded.
        expect.stringMatching(/ deleted role Kagawad$/),
      ]),
    );
    expect(sentences.join("\n")).not.toMatch(/#\d/);
    const created = data.activity!.find((a) => a.entity === "resident" && a.action === "create");
    expect(created?.subject).toEqual({ label: "resident", name: "Maria Dela Cruz" });
  });

  it("is worded in its reader's language: Filipino for a Filipino reader (issue 33 item 4)", async () => {
    const data = await inLanguage("fil", () => dashboard(adminContext(server.db)));
    const sentences = inLanguage("fil", () => (data.activity ?? []).map(auditSentence));
    expect(sentences).toEqual(
      expect.arrayContaining([
        "Tess Cruz gumawa ng residente Maria Dela Cruz",
        expect.stringMatching(/ nag-delete ng tungkulin Kagawad$/),
      ]),
    );
  });

  it("names a registry command by its label in the reader's language (issue 33 item 4)", async () => {
    // No such case: the sentence names the entry only.
    const rows = [{ entity: "kp_case", entity_id: "1", action: "file" }];
    const [fil] = await inLanguage("fil", () => auditSubjects(adminContext(server.db), rows));
    expect(fil?.command).toBe("Ihain");
    expect(inLanguage("fil", () => auditSentence({ who: "Tess Cruz", action: "file", subject: fil! }))).toBe("Tess Cruz nagtala ng “Ihain” sa isang kaso sa KP");
    const [en] = await auditSubjects(adminContext(server.db), rows);
    expect(auditSentence({ who: "Tess Cruz", action: "file", subject: en! })).toBe("Tess Cruz file a KP case");
  });

  it("reads the names in one query per entity kind, not one per row", async () => {
    let queries = 0;
    // One result per statement run (transformQuery also sees every subquery).
    const counter: KyselyPlugin = {
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        queries++;
        return args.result;
      },
    };
    const ctx = { ...adminContext(server.db), db: server.db.withPlugin(counter) };
    const purokIds = (await server.db.selectFrom("puroks").select("id").execute()).map((r) => String(r.id));
    const rows = [
      ...purokIds.map((id) => ({ entity: "purok", entity_id: id })),
      { entity: "resident", entity_id: String(residentId) },
      { entity: "resident", entity_id: String(residentId) },
    ];
    expect(rows.length).toBeGreaterThan(2);
    const subjects = await auditSubjects(ctx, rows);
    expect(queries).toBe(2);
    expect(subjects.at(-1)).toEqual({ label: "resident", name: "Maria Dela Cruz" });
    expect(subjects.filter((s) => s?.label === "purok").every((s) => s?.name)).toBe(true);
  });

  it("leaves out the name of a record the reader may not open", async () => {
    const base = adminContext(server.db);
    const ctx = { ...base, user: { ...base.user!, permissions: allPermissionNames().filter((p) => !/-resident$/.test(p)) } };
    const [subject] = await auditSubjects(ctx, [{ entity: "resident", entity_id: String(residentId) }]);
    expect(subject).toEqual({ label: "resident", name: null });
    expect(auditSentence({ who: "Tess Cruz", action: "create", subject })).toBe("Tess Cruz created a resident");
  });
});

describe("a user's page's recent activity", () => {
  it("says what the user did in sentences naming the records", async () => {
    const trail = await auditTrailOf(adminContext(server.db), secretaryId);
    const sentences = trail.map((e) => auditSentence({ who: e.by?.fullname ?? null, action: e.action, subject: e.subject }));
    expect(sentences).toContain("Tess Cruz created resident Maria Dela Cruz");
    expect(sentences).toContain("Tess Cruz signed in");
    expect(sentences.join("\n")).not.toMatch(/#\d/);
  });
});
