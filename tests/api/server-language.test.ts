import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translatedMessage } from "../../domain/i18n/server-messages.ts";
import { SETUP_MESSAGES } from "../../domain/setup.ts";
import { notify } from "../../server/features/notifications/service.ts";
import { inLanguage } from "../../server/http/locale.ts";
import { flashCookie, readFlash } from "../../server/http/pages/flash.server.ts";
import { createUser, signedIn, startTestServer, type TestServer } from "../helpers/server.ts";

// The server's words in the reader's language over real HTTP (issue 33 item 4): the services answer
// the spec's English; a Filipino reader gets the same 422, 404 and 401 in Filipino, field messages
// and all; an English reader gets exactly the English. A notification is stored in its
// recipient's language: their own, else their barangay's default.

let server: TestServer;
const PASSWORD = "Kalayaan-1898!";
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.db.updateTable("barangays").set({ default_language: "en" }).execute();
  await server?.close();
});

async function reader(language: "en" | "fil" | null) {
  const username = `reader.${language ?? "unset"}.${++seq}.${Date.now() % 100000}`;
  const user = await createUser(server.db, { username, password: PASSWORD, roles: ["Administrator"] });
  await server.db.updateTable("users").set({ language }).where("id", "=", user.id).execute();
  return { user, client: await signedIn(server, { username, password: PASSWORD }) };
}

describe("the server's messages in the reader's language", () => {
  it("a REST 422: English for an English reader, Filipino for a Filipino one, with the field's messages", async () => {
    const en = await reader("en");
    const fil = await reader("fil");
    const english = await en.client.post("/backend/api/religion", {});
    expect(english.status, english.text).toBe(422);
    expect(english.body.message).toBe("The name field is required.");
    expect(english.body.errors).toEqual({ name: ["The name field is required."] });

    const filipino = await fil.client.post("/backend/api/religion", {});
    expect(filipino.status, filipino.text).toBe(422);
    expect(filipino.body.message).toMatch(/^Kailangan ang .+\.$/);
    expect(filipino.body.message).toBe(translatedMessage("The name field is required.", "fil"));
    expect(filipino.body.errors).toEqual({ name: [filipino.body.message] });

    const tooLong = await fil.client.post("/backend/api/religion", { name: "x".repeat(300) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.name[0]).toMatch(/^Hanggang \d+ karakter lang ang /);
  });

  it("a REST 404 and a success message", async () => {
    const en = await reader("en");
    const fil = await reader("fil");
    const missing = await fil.client.get("/backend/api/religion/987654");
    expect(missing.status).toBe(404);
    expect(missing.body.message).toMatch(/^Hindi makita ang /);
    expect((await en.client.get("/backend/api/religion/987654")).body.message).toMatch(/^The .+ could not be found\.$/);

    const created = await fil.client.post("/backend/api/religion", { name: `Relihiyon ${seq}` });
    expect(created.status, created.text).toBe(201);
    if (typeof created.body.message === "string") expect(created.body.message).not.toMatch(/^Successfully/);
  });

  it("a tRPC 401 for a visitor whose browser asks for Filipino, in English for one asking for English", async () => {
    const visitor = server.client();
    const path = `/trpc/notifications.since?input=${encodeURIComponent(JSON.stringify({ after: 0 }))}`;
    const filipino = await visitor.get(path, { headers: { "Accept-Language": "fil-PH,fil;q=0.9" } });
    expect(filipino.status).toBe(401);
    expect(filipino.body.error.message).toBe("Hindi naka-sign in.");
    const english = await visitor.get(path, { headers: { "Accept-Language": "en-PH" } });
    expect(english.body.error.message).toBe("Unauthenticated.");
  });

  it("a 405, answered before the session is read: the visitor's Accept-Language, English otherwise", async () => {
    const visitor = server.client();
    const english = await visitor.request("PROPFIND", "/backend/api/user");
    expect(english.status).toBe(405);
    expect(english.body.message).toBe(
      "The PROPFIND method is not supported for this route. Supported methods: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.",
    );
    const filipino = await visitor.request("PROPFIND", "/backend/api/user", { headers: { "Accept-Language": "fil" } });
    expect(filipino.status).toBe(405);
    expect(filipino.body.message).toBe(
      "Hindi tinatanggap ng address na ito ang PROPFIND. Ang tinatanggap: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS.",
    );
  });

  it("the first-run checklist's refusal in the administrator's language", async () => {
    const en = await reader("en");
    const fil = await reader("fil");
    const english = await en.client.post("/backend/api/setup/identity", { psgc_code: "123" });
    expect(english.status, english.text).toBe(422);
    expect(english.body.errors.psgc_code).toEqual([SETUP_MESSAGES.psgcFormat]);
    const filipino = await fil.client.post("/backend/api/setup/identity", { psgc_code: "123" });
    expect(filipino.status, filipino.text).toBe(422);
    expect(filipino.body.errors.psgc_code).toEqual(["Dapat 10 digit ang PSGC code."]);
    expect(filipino.body.message).toBe("Dapat 10 digit ang PSGC code.");
  });

  it("a page's flash message in the request's language", () => {
    const cookieOf = (locale: "en" | "fil") => {
      const line = inLanguage(locale, () => flashCookie({ message: "Successfully deleted Juan Dela Cruz.", type: "delete" }, false));
      return readFlash(new Request("http://portal.test/", { headers: { cookie: line.split(";")[0] } })).flash?.message;
    };
    expect(cookieOf("en")).toBe("Successfully deleted Juan Dela Cruz.");
    expect(cookieOf("fil")).toBe("Matagumpay na nabura ang Juan Dela Cruz.");
  });

  it("a notification in each recipient's language: their own, else their barangay's default", async () => {
    const en = await reader("en");
    const fil = await reader("fil");
    const unset = await reader(null);
    const send = async () => {
      const users = [en.user.id, fil.user.id, unset.user.id];
      await notify(
        { db: server.db, user: null },
        { users, except: null, ignorePreferences: true },
        {
          topic: "system",
          type: "warning",
          title: "Maintenance mode is on",
          message: "Only administrators can use the portal until it is switched off.",
        },
      );
      const rows = await server.db
        .selectFrom("notifications")
        .select(["user_id", "title", "message"])
        .where("user_id", "in", users)
        .orderBy("id", "desc")
        .limit(3)
        .execute();
      return (id: number) => rows.find((row) => Number(row.user_id) === id);
    };
    let of = await send();
    expect(of(en.user.id)).toMatchObject({
      title: "Maintenance mode is on",
      message: "Only administrators can use the portal until it is switched off.",
    });
    expect(of(fil.user.id)).toMatchObject({
      title: "Naka-on ang maintenance mode",
      message: "Mga administrator lang ang makagagamit ng portal hangga't hindi ito ino-off.",
    });
    expect(of(unset.user.id)?.title).toBe("Maintenance mode is on");

    await server.db.updateTable("barangays").set({ default_language: "fil" }).execute();
    of = await send();
    expect(of(unset.user.id)?.title).toBe("Naka-on ang maintenance mode");
    expect(of(en.user.id)?.title).toBe("Maintenance mode is on");
    await server.db.updateTable("barangays").set({ default_language: "en" }).execute();

    // A date inside the text is written in the recipient's language too (an appointment's reminder).
    await notify(
      { db: server.db, user: null },
      { users: [en.user.id, fil.user.id], except: null, ignorePreferences: true },
      {
        topic: "appointments",
        type: "info",
        title: "Appointment tomorrow at 09:00",
        message: "Barangay clearance at the barangay hall on Saturday, November 28, 2026 at 09:00. Show this at the desk on arrival.",
      },
    );
    const reminders = await server.db
      .selectFrom("notifications")
      .select(["user_id", "message"])
      .where("user_id", "in", [en.user.id, fil.user.id])
      .where("topic", "=", "appointments")
      .execute();
    const reminderOf = (id: number) => reminders.find((row) => Number(row.user_id) === id)?.message;
    expect(reminderOf(en.user.id)).toBe(
      "Barangay clearance at the barangay hall on Saturday, November 28, 2026 at 09:00. Show this at the desk on arrival.",
    );
    expect(reminderOf(fil.user.id)).toContain("Sabado, Nobyembre 28, 2026");
    expect(reminderOf(fil.user.id)).not.toContain("November");

    // The bell answers what was stored, in the recipient's language.
    const bell = await fil.client.get(`/trpc/notifications.since?input=${encodeURIComponent(JSON.stringify({ after: 0 }))}`);
    expect(bell.status, bell.text).toBe(200);
    expect(bell.body.result.data.missed.map((n: { title: string }) => n.title)).toContain("Naka-on ang maintenance mode");
  });
});
