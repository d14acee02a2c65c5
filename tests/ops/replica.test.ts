import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openReplica, setReplicaDb, type OpenedReplica } from "../../db/replica.ts";
import { REPLICA_LAG_NOTE_SECONDS, replicaLagNote } from "../../domain/reports/types.ts";
import { reportReads } from "../../server/features/reports/replica-reads.ts";
import { inRollupScope } from "../../server/features/rollups/service.ts";
import { sleep } from "../faults/portal.ts";
import { insertResidents, purokId } from "../helpers/people.ts";
import { createUser, signedIn, type ApiClient, type TestServer } from "../helpers/server.ts";
import { baseBackup, initCluster, PG_BIN, startTestServerOn, type TempCluster } from "./pg-cluster.ts";

// Issue 30 item 4 (docs/decisions/214-replica-reads.md): reports may read a streaming replica
// (DATABASE_REPLICA_URL). A temporary primary on a port in 55500–55599 gets the portal's schema and
// seed; pg_basebackup -R copies it into a replica that streams from it. Over REST: a report is read
// from the replica (its figures lag when the replica's replay is paused, and the lag is reported),
// the user who just wrote reads the primary and sees the write, and, once the replica has caught
// up, reads the replica again. The replica keeps the tenant scope: its transactions switch to
// portal_app and see one barangay's rows, as on the primary.

const ENABLED = !!process.env.TEST_DATABASE_URL && !!PG_BIN;

describe.skipIf(!ENABLED)("reports read from a streaming replica", () => {
  let primary: TempCluster;
  let standby: TempCluster;
  let server: TestServer;
  let replica: OpenedReplica;
  let viewer: ApiClient;
  let admin: ApiClient;
  let database = "";

  const population = (body: { data: { cards: { key: string; value: number }[] } }) =>
    body.data.cards.find((c) => c.key === "population")!.value;
  const report = async (client: ApiClient) => {
    const res = await client.get("/backend/api/reports/residents");
    expect(res.status, res.text).toBe(200);
    return { population: population(res.body), readFrom: res.body.data.read_from as { source: string; lag_seconds: number } | undefined };
  };
  /** Waits until the replica has applied everything the primary has written. */
  const caughtUp = async () => {
    for (let i = 0; i < 100; i++) {
      const [{ lsn }] = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
      const [{ behind }] = await standby.query<{ behind: string }>(
        "select pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind",
        [lsn],
      );
      if (Number(behind) <= 0) return;
      await sleep(100);
    }
    throw new Error("the replica did not catch up in 10 s");
  };

  beforeAll(async () => {
    primary = await initCluster("portal-primary-");
    primary.start();
    // The test server's database (migrated and seeded) on the temporary primary.
    ({ server, database } = await startTestServerOn(primary));
    await insertResidents(server.db, [
      { firstname: "Ana", lastname: "Replica" },
      { firstname: "Ben", lastname: "Replica" },
      { firstname: "Cora", lastname: "Replica" },
    ]);
    const user = await createUser(server.db, { username: "replica-viewer", permissions: ["manage-report"] });
    standby = await baseBackup(primary, "portal-replica-");
    standby.start();
    replica = openReplica(standby.url(database), 2);
    setReplicaDb(replica.db);
    viewer = await signedIn(server, user);
    admin = await signedIn(server, server.admin);
    await caughtUp();
  }, 120_000);

  afterAll(async () => {
    setReplicaDb(null);
    await replica?.close();
    await server?.close();
    standby?.remove();
    primary?.remove();
  });

  test("the replica is a standby that refuses writes, and keeps the tenant scope's roles", async () => {
    const [row] = await standby.query<{ recovering: boolean }>("select pg_is_in_recovery() as recovering");
    expect(row.recovering).toBe(true);
    // The portal's own handle on it runs as portal_app in barangay 1, as on the primary.
    const { rows } = await sql<{ role: string; barangay: string; residents: number }>`
      select current_user as role, current_setting('app.barangay_id') as barangay,
             (select count(*)::int from users where kind = 'resident') as residents`.execute(replica.db);
    expect(rows[0]).toEqual({ role: "portal_app", barangay: "1", residents: 3 });
    await expect(replica.db.insertInto("puroks").values({ name: "Never" }).execute()).rejects.toThrow(/read-only transaction/);
  });

  test("a report is read from the replica: figures as of its replay, and its lag", async () => {
    expect(await report(viewer)).toEqual({ population: 3, readFrom: { source: "replica", lag_seconds: 0 } });
    // Replay paused: a resident added on the primary is not on the replica yet, and the report,
    // still read there, does not count it; its lag grows with the time since its last replay.
    await standby.query("select pg_wal_replay_pause()");
    await insertResidents(server.db, [{ firstname: "Dina", lastname: "Replica" }]);
    await sleep(2_100);
    const stale = await report(viewer);
    expect(stale.population).toBe(3);
    expect(stale.readFrom?.source).toBe("replica");
    expect(stale.readFrom!.lag_seconds).toBeGreaterThanOrEqual(2);
    // The page's note appears once the lag passes a minute, not before.
    expect(replicaLagNote(stale.readFrom as never)).toBeNull();
    expect(replicaLagNote({ source: "replica", lag_seconds: REPLICA_LAG_NOTE_SECONDS + 1 })).toBe(
      "Read from the database's replica, 1 minute behind: entries made since then are not counted yet.",
    );
    expect(replicaLagNote({ source: "replica", lag_seconds: 3 * 3600 + 5 * 60 })).toMatch(/3 h 05 min behind/);
    expect(replicaLagNote({ source: "primary" })).toBeNull();
  });

  test("the user who just wrote reads the primary and sees the write; another user still reads the replica", async () => {
    const created = await admin.post("/backend/api/resident", {
      user_profile: {
        lastname: "Replica",
        firstname: "Eman",
        sex: "Male",
        date_of_birth: "1990-02-03",
        civil_status: "Single",
        purok_id: await purokId(server.db, "Purok 1"),
      },
    });
    expect(created.status, created.text).toBe(201);
    // Dina (inserted directly) and Eman (through the API, audited): the writer reads the primary.
    expect(await report(admin)).toEqual({ population: 5, readFrom: undefined });
    const other = await report(viewer);
    expect(other.population).toBe(3);
    expect(other.readFrom?.source).toBe("replica");
  });

  test("once the replica has applied everything, the writer reads it again, the write included", async () => {
    await standby.query("select pg_wal_replay_resume()");
    await caughtUp();
    expect(await report(admin)).toEqual({ population: 5, readFrom: { source: "replica", lag_seconds: 0 } });
    expect(await report(viewer)).toEqual({ population: 5, readFrom: { source: "replica", lag_seconds: 0 } });
  });

  test("the roll-ups' scope reads the replica too: portal_rollup, the barangays named, one repeatable-read snapshot", async () => {
    const ctx = { db: server.db, user: null };
    const reads = await reportReads(ctx, { ownWrites: false });
    expect(reads.readFrom).toEqual({ source: "replica", lag_seconds: 0 });
    const { rows } = await inRollupScope(reads.ctx, [1], (trx) =>
      sql<{ role: string; isolation: string; residents: number }>`
        select current_user as role, current_setting('transaction_isolation') as isolation,
               (select count(*)::int from users where kind = 'resident') as residents`.execute(trx),
    );
    expect(rows[0]).toEqual({ role: "portal_rollup", isolation: "repeatable read", residents: 5 });
    // No barangay named: row-level security shows none.
    const none = await inRollupScope(reads.ctx, [], (trx) => sql<{ n: number }>`select count(*)::int as n from users`.execute(trx));
    expect(none.rows[0].n).toBe(0);
  });

  test("a replica that cannot be reached sends reports to the primary", async () => {
    standby.stop("fast");
    try {
      expect(await report(viewer)).toEqual({ population: 5, readFrom: undefined });
    } finally {
      standby.start();
    }
  });
});
