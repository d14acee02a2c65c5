import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { ROOT, sleep } from "../faults/portal.ts";
import { issueTestReceipt, RECEIPT_ISSUER_PERMISSIONS } from "../helpers/receipt.ts";
import { createUser, signedIn, type TestServer } from "../helpers/server.ts";
import { clusterAt, freeOpsPort, initCluster, PG_BIN, postgresFolder, startTestServerOn, type TempCluster } from "./pg-cluster.ts";

// Issue 30 item 5 (docs/decisions/215-point-in-time-backups.md): scripts/pitr/pitr.sh, the script
// behind `npm run backup:pitr-setup`, configures pgBackRest for a temporary cluster on a port in
// 55500–55599 (stanza, archive_command, the restart that switches archive_mode on, a full backup).
// Then the portal issues receipt A, the moment is noted, receipt B is issued; the script restores the
// cluster to that moment into a new folder, which starts and holds A and not B.

const PGBACKREST = ["/usr/bin/pgbackrest", "/usr/local/bin/pgbackrest"].find((f) => fs.existsSync(f));
const ENABLED = !!process.env.TEST_DATABASE_URL && !!PG_BIN && (!!PGBACKREST || !!process.env.CI);
if (process.env.TEST_DATABASE_URL && !PGBACKREST && !process.env.CI)
  console.log("tests/ops/pitr.test.ts skipped: pgBackRest is not installed (apt-get install -y pgbackrest)");

describe.skipIf(!ENABLED)("pgBackRest: a restore to a moment between two receipts", () => {
  let primary: TempCluster;
  let restored: TempCluster | undefined;
  let home = "";
  let server: TestServer | undefined;
  let env: Record<string, string> = {};

  /** The script, as `npm run backup:pitr-*` runs it, with the temporary cluster's settings. */
  const pitr = (...args: string[]) => {
    const result = spawnSync("bash", [path.join(ROOT, "scripts/pitr/pitr.sh"), ...args], {
      encoding: "utf8",
      env: { ...process.env, ...env },
      timeout: 120_000,
    });
    const output = `${result.stdout}${result.stderr}`;
    expect(result.status, output).toBe(0);
    return output;
  };

  beforeAll(async () => {
    primary = await initCluster("portal-pitr-");
    primary.start();
    home = postgresFolder("portal-pitr-repo-");
    const pgCtl = path.join(PG_BIN!, "pg_ctl");
    env = {
      PITR_STANZA: "portal",
      PITR_CONFIG: path.join(home, "pgbackrest.conf"),
      PITR_REPO: path.join(home, "repo"),
      PITR_LOG: path.join(home, "log"),
      PITR_PG_PORT: String(primary.port),
      PITR_PG_SOCKET: primary.dir,
      // pg_ctl restart keeps the options the server was started with (port, socket folder).
      PITR_RESTART: `${process.getuid?.() === 0 ? "runuser -u postgres -- " : ""}${pgCtl} -D ${primary.dataDir} -l ${primary.dir}/postgres.log -w -t 60 restart`,
    };
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    restored?.remove();
    primary?.remove();
    if (home) fs.rmSync(home, { recursive: true, force: true });
  });

  test("setup archives WAL and takes a full backup; a restore to the moment between receipts A and B holds A only", async () => {
    const setup = pitr("setup");
    expect(setup).toMatch(/restarting PostgreSQL to switch archive_mode on/);
    const [mode] = await primary.query<{ archive_mode: string; archive_command: string }>(
      "select current_setting('archive_mode') as archive_mode, current_setting('archive_command') as archive_command",
    );
    expect(mode.archive_mode).toBe("on");
    expect(mode.archive_command).toMatch(/^pgbackrest --config=.* --stanza=portal archive-push %p$/);
    expect(pitr("info")).toMatch(/full backup/);

    // The portal on the archived cluster: a treasurer issues receipt A.
    const started = await startTestServerOn(primary);
    server = started.server;
    const database = started.database;
    const admin = await signedIn(server, server.admin);
    const treasurer = await createUser(server.db, { username: "pitr-treasurer", permissions: RECEIPT_ISSUER_PERMISSIONS });
    const collector = { client: await signedIn(server, treasurer), id: treasurer.id };
    const receiptA = await issueTestReceipt(admin, collector, { name: "Pitr", seriesStart: "7000001", seriesEnd: "7000010" });
    const a = await server.db
      .selectFrom("collections")
      .select(["id", "or_number", "form_pad_id"])
      .where("id", "=", receiptA)
      .executeTakeFirstOrThrow();

    // The moment between, by the server's clock, with a margin on both sides.
    await sleep(1_100);
    const [{ moment }] = await primary.query<{ moment: string }>(
      "select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as moment",
    );
    await sleep(1_100);

    const b = await collector.client.post("/backend/api/collection", {
      form_pad_id: a.form_pad_id,
      date_issued: "2026-11-02",
      payor_kind: "name",
      issued_to: "Maria Santos",
      collection_type_id: (
        await server.db.selectFrom("collection_types").select("id").where("name", "=", "Pitr Fees").executeTakeFirstOrThrow()
      ).id,
      payment_mode: "Cash",
      lines: [{ nature: "Business clearance", amount: "75" }],
    });
    expect(b.status, b.text).toBe(201);
    const receiptB = b.body.data.id as number;
    // B's commit must be in the archive for the replay to find the first commit after the moment.
    const [{ segment }] = await primary.query<{ segment: string }>("select pg_walfile_name(pg_switch_wal()) as segment");
    for (let i = 0; i < 100; i++) {
      const [{ last }] = await primary.query<{ last: string | null }>("select last_archived_wal as last from pg_stat_archiver");
      if (last && last >= segment) break;
      await sleep(100);
    }

    const folder = postgresFolder("portal-pitr-restored-");
    const restoredOut = pitr("restore", moment, path.join(folder, "data"));
    expect(restoredOut).toMatch(/restored into/);
    restored = clusterAt(folder, await freeOpsPort());
    restored.start();
    // Promoted at the target: a server of its own, on a new timeline, not archiving into the repository.
    for (let i = 0; i < 100; i++) {
      const [{ recovering }] = await restored.query<{ recovering: boolean }>("select pg_is_in_recovery() as recovering");
      if (!recovering) break;
      await sleep(100);
    }
    const found = await restored.query<{ id: number; or_number: string }>(
      "select id::int, or_number from collections where id = any($1::bigint[]) order by id",
      [[receiptA, receiptB]],
      database,
    );
    expect(found).toEqual([{ id: receiptA, or_number: a.or_number }]);
    const [{ archive_mode }] = await restored.query<{ archive_mode: string }>("select current_setting('archive_mode') as archive_mode");
    expect(archive_mode).toBe("off");
    console.log(`restored to ${moment}: receipt A (${a.or_number}) found, receipt B (id ${receiptB}) not`);
  }, 120_000);
});
