import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openRecordingSocket } from "../../../tests/failover/socket.ts";
import { createTestDatabase, usingPostgres, type TestDatabase } from "../../../tests/helpers/db.ts";
import { ApiClient, createUser } from "../../../tests/helpers/server.ts";
import { createHttpApp } from "../app.ts";
import { attachRealtime, CATCH_UP_CODE, hub } from "./hub.ts";

// Decision 213: when the hub's LISTEN connection is lost (a restart, a failover to the standby) a
// notification committed before it listens again never reaches the sockets. Once it listens again
// it closes them with 1012; the bell reconnects and its catch-up (notifications.since after the
// last id it saw) returns what it missed. PostgreSQL only (the embedded database has no LISTEN
// connection to lose). The failover itself: tests/failover/portal.failover.ts.

describe.skipIf(!usingPostgres())("the bell after the LISTEN connection was lost", () => {
  let database: TestDatabase;
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
    await hub.start(database.db, database.databaseUrl);
    server = http.createServer(createHttpApp({ db: database.db, logger: pino({ level: "silent" }), secureCookies: false }));
    attachRealtime(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);

  afterAll(async () => {
    await hub.stop();
    await new Promise<void>((resolve) => {
      server?.close(() => resolve());
      server?.closeAllConnections();
    });
    await database?.close();
  });

  const open = (client: ApiClient) => openRecordingSocket(url, client.cookies);

  const notify = async (userId: number, title: string) =>
    Number(
      (
        await database.db
          .insertInto("notifications")
          .values({ user_id: userId, topic: "system", title, message: "" })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );

  async function until(check: () => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  test("sockets are asked to reconnect (1012) and the catch-up returns what was committed meanwhile", async () => {
    const user = await createUser(database.db, { username: "bell-catch-up", roles: ["Viewer"] });
    const client = new ApiClient(url);
    expect((await client.login(user.username, user.password)).status).toBe(200);
    const socket = open(client);
    await socket.ready;

    const before = await notify(user.id, "Before the loss");
    await until(() => socket.received.some((n) => n.title === "Before the loss"), "the first notification's push");

    // The LISTEN connection is ended by the server (what a restart or a lost primary does to it);
    // a notification is committed at once, before the hub listens again (its first retry waits 250 ms).
    // (As the database's owner, who sees the other connections' statements.)
    const owner = new pg.Client({ connectionString: database.databaseUrl });
    await owner.connect();
    const ended = await owner.query<{ n: number }>(
      `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
    );
    await owner.end();
    expect(ended.rows[0].n).toBe(1);
    const missed = await notify(user.id, "While nobody listened");

    expect(await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve("still open"), 10_000))])).toBe(
      CATCH_UP_CODE,
    );
    // What the bell does on its reconnect: the notifications after the last id it saw.
    const since = await client.get(`/trpc/notifications.since?input=${encodeURIComponent(JSON.stringify({ after: before }))}`);
    expect(since.status, since.text).toBe(200);
    expect(since.body.result.data.missed.map((n: { id: number; title: string }) => [n.id, n.title])).toEqual([
      [missed, "While nobody listened"],
    ]);
    expect(since.body.result.data.unread).toBe(2);

    // The new socket hears the next one live again.
    const again = open(client);
    await again.ready;
    await notify(user.id, "After the reconnect");
    await until(() => again.received.some((n) => n.title === "After the reconnect"), "the push after the reconnect");
    again.ws.close();
  }, 60_000);
});
