import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpApp } from "../../server/http/app.ts";
import { attachRealtime, hub } from "../../server/http/realtime/hub.ts";
import { notify } from "../../server/features/notifications/service.ts";
import { createTestDatabase, TEST_ADMIN, type TestDatabase } from "../helpers/db.ts";
import { ApiClient, createUser, type TestUser } from "../helpers/server.ts";
import { openNotificationSocket, type NotificationSocket } from "./notifications-socket.ts";

// Issue 15 over real HTTP and /ws, on PGlite and (TEST_DATABASE_URL) PostgreSQL: an event writes
// one notifications row per recipient in its own transaction and the hub pushes it after commit;
// recipients are those who may see the record and want the topic (decision 053), never the actor;
// a rolled-back event neither stores nor pushes; a client catches up after the last id it saw.

let database: TestDatabase;
let server: http.Server;
let url: string;
const sockets: NotificationSocket[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seed: true });
  await hub.start(database.db, database.databaseUrl, database.pglite);
  server = http.createServer(createHttpApp({ db: database.db, logger: pino({ level: "silent" }), secureCookies: false }));
  attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await hub.stop();
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  await database?.close();
});

async function signIn(user: { username: string; password: string }): Promise<ApiClient> {
  const client = new ApiClient(url);
  const res = await client.login(user.username, user.password);
  expect(res.status, res.text).toBe(200);
  return client;
}

async function connect(client: ApiClient): Promise<NotificationSocket> {
  const socket = await openNotificationSocket(url, client.cookies);
  sockets.push(socket);
  return socket;
}

const since = (client: ApiClient, after: number) =>
  client.get(`/trpc/notifications.since?input=${encodeURIComponent(JSON.stringify({ after }))}`).then((r) => {
    expect(r.status, r.text).toBe(200);
    return r.body.result.data as { missed: { id: number; title: string }[]; unread: number; lastId: number };
  });

const rowsAbout = (entity: string, entityId: number | string) =>
  database.db
    .selectFrom("notifications")
    .select(["user_id", "title", "type", "icon", "link", "topic", "read_at"])
    .where("entity", "=", entity)
    .where("entity_id", "=", String(entityId))
    .orderBy("user_id")
    .execute();

describe("a user blocked (access)", () => {
  let watcher: TestUser;
  let optedOut: TestUser;
  let viewer: TestUser;
  let target: TestUser;

  beforeAll(async () => {
    watcher = await createUser(database.db, { username: "n-watcher", permissions: ["view-blocklist", "manage-blocklist"] });
    optedOut = await createUser(database.db, { username: "n-optedout", permissions: ["view-blocklist"] });
    viewer = await createUser(database.db, { username: "n-viewer", roles: ["Viewer"] });
    target = await createUser(database.db, { username: "n-target", roles: ["Viewer"] });
    await database.db
      .insertInto("user_preferences")
      .values({ user_id: optedOut.id, notifications: JSON.stringify({ security: false }) })
      .execute();
  });

  it("reaches, live and stored, who may see the blocklist and wants the topic; never the actor", async () => {
    const watcherSocket = await connect(await signIn(watcher));
    const admin = await signIn(TEST_ADMIN);
    const res = await admin.post("/backend/api/blocklist", { user_id: target.id, reason: "lost laptop" });
    expect(res.status, res.text).toBeLessThan(300);

    const pushed = await watcherSocket.next((n) => n.title === "n-target blocked");
    expect(pushed).toMatchObject({
      type: "warning",
      icon: "warning",
      link: `/system/blocklist/${target.id}`,
      read: false,
      active: true,
      topic: "security",
    });
    expect(pushed.message).toContain("lost laptop");
    // Stored for the watcher only: not the administrator who acted, not the one who turned
    // security off, not the viewer who may not see the blocklist.
    const rows = await rowsAbout("user", target.id);
    expect(rows.map((r) => r.user_id)).toEqual([watcher.id]);
    expect(rows[0]).toMatchObject({ title: "n-target blocked", topic: "security", read_at: null });
  });

  it("maintenance reaches every staff account but the actor; the viewer's socket gets that and not the blocklist event", async () => {
    const viewerSocket = await connect(await signIn(viewer));
    const admin = await signIn(TEST_ADMIN);
    const other = await createUser(database.db, { username: "n-target2", roles: ["Viewer"] });
    expect((await admin.post("/backend/api/blocklist", { user_id: other.id, reason: null })).status).toBeLessThan(300);
    expect((await admin.post("/trpc/system.setMaintenance", { on: true })).status).toBe(200);
    expect((await admin.post("/trpc/system.setMaintenance", { on: false })).status).toBe(200);

    const on = await viewerSocket.next((n) => n.title === "Maintenance mode is on");
    await viewerSocket.next((n) => n.title === "Maintenance mode is off");
    expect(on).toMatchObject({ type: "warning", topic: "system" });
    // Pushes arrive in commit order: the block came first and was never sent to this socket.
    expect(viewerSocket.received.map((n) => n.title).slice(0, 2)).toEqual(["Maintenance mode is on", "Maintenance mode is off"]);
    const recipients = (await rowsAbout("setting", "maintenance_mode")).map((r) => r.user_id);
    expect(recipients).toContain(viewer.id);
    expect(recipients).toContain(watcher.id);
    expect(recipients).not.toContain(1); // the administrator who switched it
  });

  it("a role given reaches the user whose roles changed", async () => {
    const member = await createUser(database.db, { username: "n-member", roles: ["Viewer"] });
    const socket = await connect(await signIn(member));
    const admin = await signIn(TEST_ADMIN);
    const roles = await database.db.selectFrom("roles").select(["id", "name"]).where("name", "in", ["Viewer", "Secretary"]).execute();
    const res = await admin.put(`/backend/api/user/${member.id}`, {
      username: member.username,
      user_profile: { firstname: "Nina", lastname: "Member" },
      roles: roles.map((r) => r.id),
    });
    expect(res.status, res.text).toBe(200);
    const pushed = await socket.next((n) => n.title === "Your access changed");
    expect(pushed.topic).toBe("security");
  });
});

describe("transactions", () => {
  it("a rolled-back event stores and pushes nothing; the next committed one arrives first", async () => {
    const user = await createUser(database.db, { username: "n-rollback", roles: ["Viewer"] });
    const socket = await connect(await signIn(user));
    await expect(
      database.db.transaction().execute(async (trx) => {
        await notify({ db: trx, user: null }, { users: [user.id] }, { topic: "records", title: "Rolled back" });
        throw new Error("the event failed");
      }),
    ).rejects.toThrow("the event failed");
    await notify({ db: database.db, user: null }, { users: [user.id] }, { topic: "records", title: "Committed" });
    await socket.next((n) => n.title === "Committed");
    expect(socket.received.map((n) => n.title)).toEqual(["Committed"]);
    const stored = await database.db.selectFrom("notifications").select("title").where("user_id", "=", user.id).execute();
    expect(stored.map((r) => r.title)).toEqual(["Committed"]);
  });

  it("a notification too long for a NOTIFY payload is read from the table and still pushed", async () => {
    const user = await createUser(database.db, { username: "n-long", roles: ["Viewer"] });
    const socket = await connect(await signIn(user));
    const message = "x".repeat(8000);
    await notify({ db: database.db, user: null }, { users: [user.id] }, { topic: "records", title: "Long one", message });
    const pushed = await socket.next((n) => n.title === "Long one");
    expect(pushed.message).toBe(message);
  });
});

describe("catching up, reading, dismissing", () => {
  it("answers what came after the last id seen, in order; mark read and dismiss touch only one's own", async () => {
    const user = await createUser(database.db, { username: "n-offline", roles: ["Viewer"] });
    const stranger = await createUser(database.db, { username: "n-stranger", roles: ["Viewer"] });
    const client = await signIn(user);
    const start = await since(client, 0);
    expect(start).toMatchObject({ missed: [], unread: 0 });

    // While this user has no socket: three events.
    for (const title of ["First", "Second", "Third"])
      await notify({ db: database.db, user: null }, { users: [user.id, stranger.id] }, { topic: "records", title });
    const caught = await since(client, start.lastId);
    expect(caught.missed.map((n) => n.title)).toEqual(["First", "Second", "Third"]);
    expect(caught.unread).toBe(3);
    const afterFirst = await since(client, caught.missed[0].id);
    expect(afterFirst.missed.map((n) => n.title)).toEqual(["Second", "Third"]);

    // Another user's notification cannot be read or dismissed through this session.
    const strangers = await database.db.selectFrom("notifications").select("id").where("user_id", "=", stranger.id).execute();
    const foreign = await client.post("/trpc/notifications.markRead", { id: strangers[0].id });
    expect(foreign.body.result.data).toEqual({ ok: false });
    expect((await client.post("/trpc/notifications.dismiss", { id: strangers[0].id })).body.result.data).toEqual({ ok: false });

    expect((await client.post("/trpc/notifications.markRead", { id: caught.missed[0].id })).body.result.data).toEqual({ ok: true });
    expect((await since(client, 0)).unread).toBe(2);
    expect((await client.post("/trpc/notifications.dismiss", { id: caught.missed[1].id })).body.result.data).toEqual({ ok: true });
    const left = await since(client, 0);
    expect(left.missed.map((n) => n.title)).toEqual(["First", "Third"]);
    expect(left.unread).toBe(1);
    expect((await client.post("/trpc/notifications.markAllRead", {})).body.result.data).toEqual({ marked: 1 });
    expect((await since(client, 0)).unread).toBe(0);
    // The stranger's are untouched.
    const theirs = await database.db.selectFrom("notifications").select(["read_at", "active"]).where("user_id", "=", stranger.id).execute();
    expect(theirs.every((r) => r.read_at === null && r.active)).toBe(true);
  });

  it("refuses a guest and a bad id", async () => {
    const guest = new ApiClient(url);
    expect((await guest.get(`/trpc/notifications.since?input=${encodeURIComponent('{"after":0}')}`)).status).toBe(401);
    const client = await signIn(TEST_ADMIN);
    expect((await client.post("/trpc/notifications.markRead", { id: -1 })).status).toBe(422);
  });
});

describe("finance events (collections)", () => {
  it("a receipt cancelled and a day remitted reach who may see receipts and remittances, not the treasurer who acted", async () => {
    const admin = await signIn(TEST_ADMIN);
    const crud = (entity: string) => ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${entity}`);
    const treasurerUser = await createUser(database.db, {
      username: "n-treasurer",
      permissions: [...crud("form_pad"), ...crud("form_number"), ...crud("collection"), "manage-remittance", "view-remittance"],
    });
    const auditor = await createUser(database.db, { username: "n-auditor", permissions: ["view-collection", "view-remittance"] });
    const noFinance = await createUser(database.db, { username: "n-nofinance", permissions: ["view-collection"] });
    await database.db
      .insertInto("user_preferences")
      .values({ user_id: noFinance.id, notifications: JSON.stringify({ finance: false }) })
      .execute();
    const treasurer = await signIn(treasurerUser);
    const auditorSocket = await connect(await signIn(auditor));

    const formType = (await admin.post("/backend/api/form_type", { name: "AF 51 (n)" })).body.data.id;
    const collectionType = (await admin.post("/backend/api/collection_type", { name: "Clearance fees (n)", fund_type: "General Fund" }))
      .body.data.id;
    const bank = (await admin.post("/backend/api/bank", { code: "LBPN", name: "Land Bank N" })).body.data.id;
    const account = (
      await admin.post("/backend/api/bank_account", {
        bank_id: bank,
        account_name: "General Fund N",
        account_number: "0099-0001-15",
        fund_type: "General Fund",
      })
    ).body.data.id;
    const pad = await treasurer.post("/backend/api/form_pad", {
      form_type_id: formType,
      pad_code: "OR-N",
      series_start: "0150001",
      series_end: "0150010",
      collectors: [{ user_id: treasurerUser.id }],
    });
    expect(pad.status, pad.text).toBe(201);
    const receipt = () =>
      treasurer.post("/backend/api/collection", {
        form_pad_id: pad.body.data.id,
        date_issued: "2026-11-12",
        payor_kind: "name",
        issued_to: "Juan Dela Cruz",
        collection_type_id: collectionType,
        payment_mode: "Cash",
        lines: [{ nature: "Barangay clearance", amount: "50" }],
      });
    const kept = await receipt();
    const cancelled = await receipt();
    expect(cancelled.status, cancelled.text).toBe(201);
    expect((await treasurer.delete(`/backend/api/collection/${cancelled.body.data.id}`)).status).toBe(200);
    const cancelNotice = await auditorSocket.next((n) => n.title === `Receipt ${cancelled.body.data.or_number} cancelled`);
    expect(cancelNotice).toMatchObject({
      type: "delete",
      icon: "trash",
      topic: "finance",
      link: `/manage/collections/${cancelled.body.data.id}`,
    });
    // The administrator and the auditor see receipts; the treasurer acted; one turned finance off.
    expect((await rowsAbout("collection", cancelled.body.data.id)).map((r) => r.user_id)).toEqual([1, auditor.id]);

    const remitted = await treasurer.post("/backend/api/remittance/collection/remit", {
      collector_id: treasurerUser.id,
      date: "2026-11-12",
      deposit_date: "2026-11-13",
      bank_account_id: account,
      deposit_reference: "DS-N1",
    });
    expect(remitted.status, remitted.text).toBe(201);
    const remitNotice = await auditorSocket.next((n) => n.title === "Collections of 2026-11-12 remitted");
    expect(remitNotice.message).toContain("₱50.00");
    expect(remitNotice.link).toBe(`/manage/remittances/search?collector_id=${treasurerUser.id}&date=2026-11-12`);
    expect(kept.status).toBe(201);

    // A certificate requested, then paid by a receipt: who may see transactions hears of both.
    const clerk = await createUser(database.db, { username: "n-clerk", permissions: ["view-transaction", "manage-transaction"] });
    const clerkSocket = await connect(await signIn(clerk));
    const type = await admin.post("/backend/api/transaction_type", {
      name: "Barangay Clearance (n)",
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50.00" }],
    });
    expect(type.status, type.text).toBe(201);
    const payor = await createUser(database.db, { username: "n-payor", kind: "resident", firstname: "Ana", lastname: "Reyes" });
    const requested = await admin.post("/backend/api/transaction", {
      transaction_type_id: type.body.data.id,
      issued_to_user_id: payor.id,
      date_issued: "2026-11-14",
    });
    expect(requested.status, requested.text).toBe(201);
    const reference = requested.body.data.reference_number as string;
    const asked = await clerkSocket.next((n) => n.title === "Barangay Clearance (n) requested");
    expect(asked).toMatchObject({
      type: "create",
      icon: "success",
      topic: "certificates",
      link: `/manage/transactions/${requested.body.data.id}`,
    });
    expect(asked.message).toBe(`${reference} for Ana Reyes, ₱50.00 to pay.`);
    const paying = await treasurer.post("/backend/api/collection", {
      form_pad_id: pad.body.data.id,
      date_issued: "2026-11-14",
      payor_kind: "resident",
      issued_to_user_id: payor.id,
      collection_type_id: collectionType,
      payment_mode: "Cash",
      lines: [{ nature: "Barangay Clearance (n)", amount: "50", transaction_id: requested.body.data.id }],
    });
    expect(paying.status, paying.text).toBe(201);
    const paid = await clerkSocket.next((n) => n.title === `${reference} paid`);
    expect(paid.message).toContain(`paid by receipt #${paying.body.data.id}`);
    // One row each for the request and the payment.
    expect((await rowsAbout("transaction", requested.body.data.id)).filter((r) => r.user_id === clerk.id).length).toBe(2);
  });
});

describe("finance events (disbursements)", () => {
  it("a cheque voided reaches who may see cheques, with the cheque's number, payee and reason", async () => {
    const admin = await signIn(TEST_ADMIN);
    const watcher = await createUser(database.db, { username: "n-cheques", permissions: ["view-cheque_issuance"] });
    const socket = await connect(await signIn(watcher));
    const bank = (await admin.post("/backend/api/bank", { code: "LBPC", name: "Land Bank C" })).body.data.id;
    const account = (
      await admin.post("/backend/api/bank_account", {
        bank_id: bank,
        account_name: "General Fund C",
        account_number: "0099-0002-15",
        fund_type: "General Fund",
      })
    ).body.data.id;
    const typeId = (await admin.post("/backend/api/disbursement_type", { name: "MOOE (n)" })).body.data.id;
    const natureId = (await admin.post("/backend/api/payment_nature", { name: "Supplies (n)", disbursement_type_id: typeId })).body.data.id;
    expect(
      (
        await admin.post("/backend/api/cheque_book", {
          bank_account_id: account,
          cheque_book_code: "LBP-N",
          series: "0150001",
          quanty_generated: 5,
        })
      ).status,
    ).toBe(201);
    const voucher = await admin.post("/backend/api/disbursement", {
      voucher_date: "2026-11-05",
      payee: "Aling Nena Store",
      disbursement_type_id: typeId,
      fund_type: "General Fund",
      particulars: "Supplies",
      lines: [{ payment_nature_id: natureId, amount: "1200" }],
    });
    expect(voucher.status, voucher.text).toBe(201);
    const cheque = await admin.post("/backend/api/cheque-issuance", {
      disbursement_id: voucher.body.data.id,
      bank_account_id: account,
      cheque_date: "2026-11-06",
      payee: "Aling Nena Store",
      amount: "1200",
    });
    expect(cheque.status, cheque.text).toBe(201);
    expect((await admin.put(`/backend/api/cheque-issuance/void/${cheque.body.data.id}`, { reason: "Wrong payee" })).status).toBe(200);
    const pushed = await socket.next((n) => n.title === "Cheque 0150001 voided");
    expect(pushed).toMatchObject({ type: "delete", icon: "trash", topic: "finance" });
    expect(pushed.message).toContain("Aling Nena Store (₱1,200.00): Wrong payee");
  });
});
