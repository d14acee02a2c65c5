import ExcelJS from "exceljs";
import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { requestContext } from "../../server/http/pages/context.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { KIOSK_TICKETS_PER_MINUTE } from "../../server/features/queue/service.ts";
import { SEEDED_ROLES } from "../../server/seed.ts";
import { action as kioskAction } from "../../app/routes/queue.kiosk.tsx";
import { loader as windowLoader } from "../../app/routes/queue.window.tsx";
import { pageContext } from "../helpers/page-context.ts";
import { createUser, setMaintenance, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The hall's queue (decision 206): tickets numbered per service per Manila day, the priority lanes
// called first, the window's commands and their refusals, the public kiosk and its throttle, and
// who may work a window.

let server: TestServer;
let admin: ApiClient;
let treasurer: ApiClient;
let viewer: ApiClient;
let captainId: number;
let service: Record<string, number>;
let windows: Record<string, number>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  treasurer = await signedIn(server, await createUser(server.db, { username: "treasurer", roles: ["Treasurer"] }));
  // The Punong Barangay reads the queue but does not work a window.
  const captain = await createUser(server.db, { username: "captain", roles: ["Punong Barangay"] });
  captainId = captain.id;
  viewer = await signedIn(server, captain);
  service = Object.fromEntries(
    (await server.db.selectFrom("queue_services").select(["id", "prefix"]).execute()).map((s) => [s.prefix, Number(s.id)]),
  );
  windows = Object.fromEntries(
    (await server.db.selectFrom("queue_windows").select(["id", "name"]).execute()).map((w) => [w.name, Number(w.id)]),
  );
});

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  vi.useRealTimers();
});

/** The clock at a Manila wall time ("2026-12-20 09:00"): only Date is faked, the server keeps running. */
function at(manila: string): Date {
  const now = new Date(`${manila.replace(" ", "T")}:00+08:00`);
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
  return now;
}

let kioskAddress = 0;
/** A visitor's ticket through the service, as the public kiosk takes it (no user), each from its own address. */
async function ticket(prefix: string, lane = "regular") {
  return serviceFor("queue").issue(
    { db: server.db, user: null, ip: `198.51.100.${++kioskAddress % 250}` },
    { service_id: service[prefix], lane },
  );
}

const callNext = (client: ApiClient, window: string) => client.post("/backend/api/queue/call-next", { window_id: windows[window] });

describe("numbering", () => {
  it("counts per service per day, the priority lanes sharing their service's count", async () => {
    at("2026-12-14 08:00");
    expect((await ticket("C")).code).toBe("C-001");
    expect((await ticket("C")).code).toBe("C-002");
    expect((await ticket("P")).code).toBe("P-001");
    const senior = await ticket("C", "senior");
    // Priority, not a count of its own: the senior keeps the service's series and waits behind no regular ticket.
    expect(senior).toMatchObject({ code: "C-003", lane: "senior", ticket_date: "2026-12-14", ahead: 0 });
    expect((await ticket("C")).ahead).toBe(3);
  });

  it("starts again at 001 after midnight in Manila, not UTC", async () => {
    at("2026-12-15 23:58");
    expect((await ticket("O")).code).toBe("O-001");
    expect((await ticket("O")).code).toBe("O-002");
    // 00:01 on the 16th in Manila is still 16:01 on the 15th in UTC.
    const now = at("2026-12-16 00:01");
    expect(now.toISOString()).toBe("2026-12-15T16:01:00.000Z");
    const first = await ticket("O");
    expect(first).toMatchObject({ code: "O-001", ticket_date: "2026-12-16", ahead: 0 });
  });

  it("refuses an unknown or deleted service and an unknown lane with the field's message", async () => {
    at("2026-12-14 09:00");
    const issue = (input: object) => serviceFor("queue").issue({ db: server.db, user: null, ip: "192.0.2.50" }, input);
    await expect(issue({ service_id: 999999, lane: "regular" })).rejects.toMatchObject({
      status: 422,
      errors: { service_id: ["The selected service is invalid."] },
    });
    await expect(issue({ service_id: service.C, lane: "vip" })).rejects.toMatchObject({
      status: 422,
      errors: { lane: [expect.any(String)] },
    });
  });

  it("is issued only by the kiosk and never deleted: the registry's create answers 405, its delete 422", async () => {
    const res = await admin.post("/backend/api/queue", { service_id: service.C });
    expect(res.status).toBe(405);
    at("2026-12-14 10:00");
    const t = await ticket("P", "pwd");
    const removed = await admin.delete(`/backend/api/queue/${t.id}`);
    expect(removed.status).toBe(422);
    expect(removed.body.message).toBe("A ticket is not deleted: finish, skip or transfer it at a window.");
    // The list reads the lane and the state in words.
    const one = await admin.get(`/backend/api/queue/${t.id}`);
    expect(one.body.data).toMatchObject({ code: t.code, lane_label: "Person with disability", state_label: "Waiting" });
  });
});

describe("call next", () => {
  it("takes the window's own service first, priority lanes before the regular one, then the other services", async () => {
    at("2026-12-17 08:00");
    const regular = await ticket("C");
    at("2026-12-17 08:05");
    const payment = await ticket("P", "senior");
    at("2026-12-17 08:10");
    const pregnant = await ticket("C", "pregnant");
    at("2026-12-17 08:15");
    const pwd = await ticket("C", "pwd");
    at("2026-12-17 08:20");

    // Window 1 calls certificates first: the two priority ones in the order they came, then C-001.
    const order: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await callNext(admin, "Window 1");
      expect(res.status, res.text).toBe(200);
      order.push(res.body.data.code);
      expect((await admin.put(`/backend/api/queue/done/${res.body.data.id}`, {})).status).toBe(200);
    }
    expect(order).toEqual([pregnant.code, pwd.code, regular.code, payment.code]);
    const empty = await callNext(admin, "Window 1");
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ data: null, message: "No one is waiting." });
  });

  it("records the call (waiting time ends) and tells the display", async () => {
    at("2026-12-18 08:00");
    const issued = await ticket("P");
    at("2026-12-18 08:12");
    const res = await callNext(treasurer, "Window 2");
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ code: issued.code, state: "called", window: { name: "Window 2" } });
    const runs = await sql<{ command: string; user_id: number | null }>`
      select command, user_id from command_runs where entity = 'queue' and entity_id = ${issued.id} order by id`.execute(server.db);
    expect(runs.rows.map((r) => r.command)).toEqual(["issue", "call"]);
    expect(runs.rows[0].user_id).toBeNull(); // the kiosk's visitor is nobody's account
    const stored = await server.db.selectFrom("queue_tickets").selectAll().where("id", "=", issued.id).executeTakeFirstOrThrow();
    expect(stored.called_at!.getTime() - stored.issued_at.getTime()).toBe(12 * 60_000);
    const board = await admin.get("/backend/api/queue/board");
    expect(board.body.data.windows.find((w: { name: string }) => w.name === "Window 2")).toMatchObject({ code: issued.code });
    expect(JSON.stringify(board.body.data)).not.toMatch(/fullname|firstname/);
    await admin.put(`/backend/api/queue/done/${issued.id}`, {});
  });
});

describe("the window's commands", () => {
  it("recalls, skips, recalls a skipped visitor, finishes, and transfers to another service's window", async () => {
    at("2026-12-19 09:00");
    const a = await ticket("C");
    const first = await callNext(admin, "Window 1");
    expect(first.body.data.code).toBe(a.code);

    const recalled = await admin.put(`/backend/api/queue/recall/${a.id}`, {});
    expect(recalled.status, recalled.text).toBe(200);
    expect(recalled.body).toMatchObject({ data: { recalls: 1, state: "called" }, message: `Called ${a.code} again.` });

    // A window serves one visitor at a time.
    const busy = await callNext(admin, "Window 1");
    expect(busy.status).toBe(422);
    expect(busy.body.message).toBe(`Window 1 is serving ${a.code}: mark it done, skip it or transfer it first.`);

    const skipped = await admin.put(`/backend/api/queue/skip/${a.id}`, { reason: "Not at the window" });
    expect(skipped.status).toBe(200);
    expect(skipped.body.data).toMatchObject({ state: "skipped" });
    // Done is for a ticket being served.
    const notServed = await admin.put(`/backend/api/queue/done/${a.id}`, {});
    expect(notServed.status).toBe(422);

    // The visitor comes back: Window 3 recalls the skipped ticket.
    const back = await admin.put(`/backend/api/queue/recall/${a.id}`, { window_id: windows["Window 3"] });
    expect(back.status, back.text).toBe(200);
    expect(back.body.data).toMatchObject({ state: "called", window: { name: "Window 3" }, finished_at: null });

    // The certificate has a fee: transfer to Payment at Window 2.
    const moved = await admin.put(`/backend/api/queue/transfer/${a.id}`, { service_id: service.P, window_id: windows["Window 2"] });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data.state).toBe("transferred");
    const follow = await server.db
      .selectFrom("queue_tickets")
      .selectAll()
      .where("transferred_from_id", "=", a.id)
      .executeTakeFirstOrThrow();
    expect(follow).toMatchObject({ code: a.code, service_id: service.P, state: "waiting", for_window_id: windows["Window 2"] });

    // It waits for Window 2 only, ahead of a payment ticket issued before the transfer.
    at("2026-12-19 09:05");
    const later = await ticket("P");
    expect(later.code).toBe("P-001"); // the transferred ticket took no number of Payment
    const w3 = await callNext(admin, "Window 3");
    expect(w3.body.data?.code, w3.text).toBe(later.code);
    const w2 = await callNext(treasurer, "Window 2");
    expect(w2.body.data).toMatchObject({ code: a.code, id: Number(follow.id) });

    const finished = await treasurer.put(`/backend/api/queue/done/${follow.id}`, {});
    expect(finished.status).toBe(200);
    expect(finished.body.message).toBe(`Finished ${a.code}.`);
    await admin.put(`/backend/api/queue/done/${later.id}`, {});
  });

  it("refuses a transfer to an unknown service, and a command on yesterday's ticket", async () => {
    at("2026-12-20 09:00");
    const t = await ticket("K");
    await callNext(admin, "Window 3");
    const bad = await admin.put(`/backend/api/queue/transfer/${t.id}`, { service_id: 999999 });
    expect(bad.status, bad.text).toBe(422);
    expect(bad.body.errors, bad.text).toEqual({ service_id: ["The selected service is invalid."] });

    at("2026-12-21 08:00");
    const stale = await admin.put(`/backend/api/queue/skip/${t.id}`, {});
    expect(stale.status).toBe(422);
    expect(stale.body.message).toBe(`Ticket ${t.code} is of 2026-12-20; the queue starts again each day.`);
    // Closing it is still allowed, so the day's report is complete.
    expect((await admin.put(`/backend/api/queue/done/${t.id}`, {})).status).toBe(200);
  });
});

describe("permissions", () => {
  it("lets the hall's roles work a window and refuses the others (403)", async () => {
    at("2026-12-22 09:00");
    const t = await ticket("C");
    expect((await callNext(viewer, "Window 1")).status).toBe(403);
    expect((await viewer.get("/backend/api/queue?per_page=5")).status).toBe(200);
    const nobody = await signedIn(server, await createUser(server.db, { username: "clerk-q", permissions: ["manage-parameter"] }));
    expect((await callNext(nobody, "Window 1")).status).toBe(403);
    expect((await nobody.get("/backend/api/queue")).status).toBe(403);
    expect((await nobody.get("/backend/api/queue/board")).status).toBe(200);
    const called = await callNext(treasurer, "Window 1");
    expect(called.body.data.code).toBe(t.code);
    expect((await viewer.put(`/backend/api/queue/done/${t.id}`, {})).status).toBe(403);
    expect((await nobody.put(`/backend/api/queue/recall/${t.id}`, {})).status).toBe(403);
    expect((await server.client().post("/backend/api/queue/call-next", { window_id: windows["Window 1"] })).status).toBe(419);
    expect((await treasurer.put(`/backend/api/queue/done/${t.id}`, {})).status).toBe(200);
  });
});

describe("the kiosk", () => {
  /** The kiosk page's post, signed out, from one address. */
  async function kioskPost(fields: Record<string, string>, ip = "203.0.113.77") {
    const context = new RouterContextProvider();
    context.set(requestContext, {
      db: server.db,
      user: null,
      sessionId: null,
      csrfToken: "t",
      ip,
      requestId: "kiosk-test",
      userAgent: "kiosk",
      secureCookies: false,
    });
    const request = new Request("http://hall.local/queue/kiosk", { method: "POST", body: new URLSearchParams(fields) });
    try {
      return await kioskAction({ request, context, params: {} } as unknown as Parameters<typeof kioskAction>[0]);
    } catch (thrown) {
      return thrown;
    }
  }

  it("issues a ticket without sign-in and goes to its page (on the kiosk's roll)", async () => {
    at("2026-12-23 08:00");
    const answer = (await kioskPost({ service_id: String(service.C), lane: "pwd" })) as Response;
    expect(answer.status).toBe(302);
    const narrow = (await kioskPost({ service_id: String(service.C), paper: "58" }, "203.0.113.78")) as Response;
    expect(narrow.headers.get("Location")).toMatch(/^\/queue\/kiosk\/ticket\/\d+\?paper=58$/);
    const id = Number(answer.headers.get("Location")!.split("/").pop());
    const stored = await server.db.selectFrom("queue_tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ code: "C-001", lane: "pwd", created_by: null, state: "waiting" });
    // The ticket keeps a hash of the address for the throttle, not the address.
    expect(stored.issued_from).not.toContain("203.0.113.77");
  });

  it("answers the visitor's mistake on the page (422), and throttles an address (429)", async () => {
    at("2026-12-23 09:00");
    const bad = (await kioskPost({ service_id: "" }, "203.0.113.99")) as { data: { error: string }; init: { status: number } };
    expect(bad.init.status).toBe(422);
    for (let i = 0; i < KIOSK_TICKETS_PER_MINUTE; i++) {
      const ok = (await kioskPost({ service_id: String(service.O) }, "203.0.113.88")) as Response;
      expect(ok.status).toBe(302);
    }
    const refused = (await kioskPost({ service_id: String(service.O) }, "203.0.113.88")) as {
      data: { error: string };
      init: { status: number; headers: Record<string, string> };
    };
    expect(refused.init.status).toBe(429);
    expect(refused.data.error).toMatch(/Too many tickets/);
    // Another address is not held back, and a minute later this one is served again.
    expect(((await kioskPost({ service_id: String(service.O) }, "203.0.113.89")) as Response).status).toBe(302);
    at("2026-12-23 09:01");
    expect(((await kioskPost({ service_id: String(service.O) }, "203.0.113.88")) as Response).status).toBe(302);
  });

  it("issues nothing in maintenance mode (503, the kiosk's message)", async () => {
    await setMaintenance(server.db, true);
    try {
      const closed = (await kioskPost({ service_id: String(service.C) }, "203.0.113.60")) as {
        data: { error: string };
        init: { status: number };
      };
      expect(closed.init.status).toBe(503);
      expect(closed.data.error).toMatch(/closed for maintenance/);
    } finally {
      await setMaintenance(server.db, false);
    }
  });
});

describe("the queue times report", () => {
  it("gives waiting and serving minutes per service and window, and exports them as XLSX", async () => {
    at("2026-12-24 08:00");
    const a = await ticket("C");
    const b = await ticket("C", "senior");
    at("2026-12-24 08:10");
    // The senior is called first: waited 10 minutes, served 4.
    expect((await callNext(admin, "Window 1")).body.data.id).toBe(b.id);
    at("2026-12-24 08:14");
    await admin.put(`/backend/api/queue/done/${b.id}`, {});
    // C-001 waited 20 minutes, then did not come: skipped, no service time.
    at("2026-12-24 08:20");
    expect((await callNext(admin, "Window 1")).body.data.id).toBe(a.id);
    await admin.put(`/backend/api/queue/skip/${a.id}`, {});

    const query = "filter[ticket_date_from]=2026-12-24&filter[ticket_date_to]=2026-12-24";
    const res = await admin.get(`/backend/api/reports/queue?${query}`);
    expect(res.status, res.text).toBe(200);
    const section = (key: string) => res.body.data.sections.find((s: { key: string }) => s.key === key);
    expect(section("by_service").rows).toEqual([
      expect.objectContaining({
        service: "Certificate",
        tickets: 2,
        priority: 1,
        served: 1,
        skipped: 1,
        avg_wait: 15,
        max_wait: 20,
        avg_serve: 4,
      }),
    ]);
    expect(section("by_window").rows).toEqual([expect.objectContaining({ window: "Window 1", called: 2, served: 1, avg_wait: 15 })]);
    expect(res.body.data.listing.rows.map((r: { code: string; wait: number; serve: number | null }) => [r.code, r.wait, r.serve])).toEqual([
      ["C-001", 20, null],
      ["C-002", 10, 4],
    ]);
    // Staff without the reports' permission do not open it.
    expect((await treasurer.get(`/backend/api/reports/queue?${query}`)).status).toBe(200);
    const nobody = await signedIn(server, await createUser(server.db, { username: "clerk-r", permissions: ["manage-queue"] }));
    expect((await nobody.get(`/backend/api/reports/queue?${query}`)).status).toBe(403);

    const file = await fetch(`${server.url}/backend/api/reports/queue/export.xlsx?${query}`, {
      headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
    });
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(["Per service", "Per window", "Tickets"]);
    expect(book.getWorksheet("Per service")!.getRow(2).getCell(7).value).toBe(15); // the average wait, a number cell
  });
});

describe("the window page", () => {
  it("shows the buttons to who works a window, and none to who only reads the queue", async () => {
    const adminId = Number(
      (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow()).id,
    );
    const open = async (userId: number) => {
      const answer = (await windowLoader({
        request: new Request(`http://hall.local/queue?window=${windows["Window 1"]}`),
        context: await pageContext(server.db, userId),
        params: {},
      } as unknown as Parameters<typeof windowLoader>[0])) as unknown as { data: { canWork: boolean; window: { name: string } } };
      return answer.data;
    };
    expect(await open(adminId)).toMatchObject({ canWork: true, window: { name: "Window 1" } });
    expect(await open(captainId)).toMatchObject({ canWork: false, window: { name: "Window 1" } });
  });
});

describe("the seeded roles", () => {
  it("give the window's work to the hall's front desk and the reading to the Punong Barangay", () => {
    const holders = (permission: string) => SEEDED_ROLES.filter((role) => role.permissions().includes(permission)).map((r) => r.name);
    expect(holders("update-queue")).toEqual(["Administrator", "Secretary", "Treasurer", "Encoder"]);
    expect(holders("manage-queue")).toEqual(["Administrator", "Punong Barangay", "Secretary", "Treasurer", "Encoder"]);
    expect(holders("create-queue_window")).toEqual(["Administrator", "Secretary"]);
    expect(holders("manage-queue_service")).toEqual(["Administrator", "Punong Barangay", "Secretary", "Treasurer", "Encoder"]);
  });
});
