import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type TestServer } from "../helpers/server.ts";

// The language a user reads the portal in (issue 33 item 4, docs/decisions/219): their own choice,
// else their barangay's default; saved through POST /api/settings/language (and the settings page,
// the same service), audited, read back by the next request of every session of theirs.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.db.updateTable("barangays").set({ default_language: "en" }).execute();
  await server?.close();
});

let seq = 0;
async function newUserClient() {
  const username = `lang.${++seq}.${Date.now() % 100000}`;
  await createUser(server.db, { username, password: "Kalayaan-1898!" });
  const client = await signedIn(server, { username, password: "Kalayaan-1898!" });
  return Object.assign(client, { anotherSession: () => signedIn(server, { username, password: "Kalayaan-1898!" }) });
}

describe("a user's language", () => {
  it("is English until chosen, then Filipino for every session of theirs, said in Filipino", async () => {
    const client = await newUserClient();
    const phone = await client.anotherSession();
    expect((await client.get("/backend/api/settings")).body.data.user.language).toBe("en");
    expect((await phone.get("/backend/api/settings")).body.data.user.language).toBe("en");

    const saved = await client.post("/backend/api/settings/language", { language: "fil" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.message).toBe("Matagumpay na na-update ang wika.");
    expect(saved.body.data.language).toBe("fil");
    expect((await phone.get("/backend/api/settings")).body.data.user.language).toBe("fil");

    const back = await client.post("/backend/api/settings/language", { language: "en" });
    expect(back.body.message).toBe("Successfully updated language.");
    expect((await client.get("/backend/api/settings")).body.data.user.language).toBe("en");

    const me = (await client.get("/backend/api/userme")).body.data.id as number;
    const trail = await server.db
      .selectFrom("audit_log")
      .select(["after"])
      .where("action", "=", "update_language")
      .where("entity_id", "=", String(me))
      .execute();
    expect(trail.map((row) => (row.after as { language: string | null }).language)).toEqual(["fil", "en"]);
  });

  it("follows the barangay's default when the user leaves it unset", async () => {
    const client = await newUserClient();
    expect((await client.post("/backend/api/settings/language", { language: "" })).status).toBe(200);
    await server.db.updateTable("barangays").set({ default_language: "fil" }).execute();
    expect((await client.get("/backend/api/settings")).body.data.user.language).toBe("fil");
    // A user's own choice wins over the barangay's.
    await client.post("/backend/api/settings/language", { language: "en" });
    expect((await client.get("/backend/api/settings")).body.data.user.language).toBe("en");
    await server.db.updateTable("barangays").set({ default_language: "en" }).execute();
  });

  it("refuses a language the portal does not have, and changes nothing", async () => {
    const client = await newUserClient();
    const refused = await client.post("/backend/api/settings/language", { language: "es" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.language).toEqual(["The selected language is invalid."]);
    expect((await client.get("/backend/api/settings")).body.data.user.language).toBe("en");
  });

  it("needs a signed-in user", async () => {
    const visitor = server.client();
    await visitor.get("/backend/sanctum/csrf-cookie");
    expect((await visitor.post("/backend/api/settings/language", { language: "fil" })).status).toBe(401);
  });
});
