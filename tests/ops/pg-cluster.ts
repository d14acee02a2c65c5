import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startTestServer, type TestServer } from "../helpers/server.ts";

// Temporary PostgreSQL clusters for the operations tests (issue 30 items 4–6): a primary, a
// streaming replica made by pg_basebackup -R, a cluster restored by pgBackRest. Each lives in a
// folder of its own under the system's temporary folder and listens on 127.0.0.1 on a free port in
// 55500–55599, with trust authentication; PostgreSQL refuses to run as root, so as root the server
// programs run as the postgres OS user (runuser).

/** The newest PostgreSQL installed from Debian's packages (/usr/lib/postgresql/<version>/bin). */
export const PG_BIN = (() => {
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base) ? fs.readdirSync(base).filter((v) => fs.existsSync(path.join(base, v, "bin/initdb"))) : [];
  const newest = versions.sort((a, b) => Number(a) - Number(b)).pop();
  return newest ? path.join(base, newest, "bin") : null;
})();

const AS_ROOT = process.getuid?.() === 0;

/** Runs a program as the postgres OS user when we are root (initdb, pg_ctl, pgbackrest), else as ourselves. */
export function runAsPostgres(program: string, args: string[], options: { env?: Record<string, string> } = {}): string {
  const [command, argv] = AS_ROOT ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  const result = spawnSync(command, argv, { encoding: "utf8", env: { ...process.env, ...options.env }, timeout: 120_000 });
  if (result.status !== 0)
    throw new Error(`${program} ${args.join(" ")} failed (${result.signal ?? result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** A folder the postgres OS user owns, under the system's temporary folder. */
export function postgresFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  if (AS_ROOT) execFileSync("chown", ["postgres:postgres", dir]);
  return dir;
}

const taken = new Set<number>();

/** A port in 55500–55599 that nothing listens on now (each test file starts at a different place). */
export async function freeOpsPort(): Promise<number> {
  const start = Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 55500 + ((start + i) % 100);
    if (taken.has(port)) continue;
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(false));
      server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
    });
    if (free) {
      taken.add(port);
      return port;
    }
  }
  throw new Error("no free port in 55500–55599");
}

export interface TempCluster {
  /** The cluster's folder (its data directory is `${dir}/data`). */
  dir: string;
  dataDir: string;
  port: number;
  url(database?: string): string;
  start(): void;
  /** Stops the server (fast shutdown), or immediately with "immediate". */
  stop(mode?: "fast" | "immediate"): void;
  /** Stops it if it runs, and deletes its folder. */
  remove(): void;
  query<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[], database?: string): Promise<T[]>;
  log(): string;
}

/** A cluster around an existing data directory (initdb's, pg_basebackup's or a restore's). */
export function clusterAt(dir: string, port: number, settings: Record<string, string> = {}): TempCluster {
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  const options = Object.entries({
    port: String(port),
    listen_addresses: "127.0.0.1",
    unix_socket_directories: dir,
    // Throwaway clusters: nothing needs to survive a crash of the machine.
    fsync: "off",
    full_page_writes: "on",
    shared_buffers: "16MB",
    max_connections: "40",
    ...settings,
  })
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(" ");
  const cluster: TempCluster = {
    dir,
    dataDir,
    port,
    url: (database = "postgres") => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start() {
      runAsPostgres(path.join(PG_BIN!, "pg_ctl"), ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
    },
    stop(mode = "fast") {
      if (!fs.existsSync(path.join(dataDir, "postmaster.pid"))) return;
      runAsPostgres(path.join(PG_BIN!, "pg_ctl"), ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]);
    },
    remove() {
      try {
        cluster.stop("immediate");
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    async query(text, values = [], database = "postgres") {
      const client = new pg.Client({ connectionString: cluster.url(database) });
      client.on("error", () => {});
      await client.connect();
      try {
        return (await client.query(text, values)).rows;
      } finally {
        await client.end().catch(() => {});
      }
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : ""),
  };
  return cluster;
}

/** initdb into a new folder (user postgres, trust on loopback, replication allowed), not started. */
export async function initCluster(prefix: string, settings: Record<string, string> = {}): Promise<TempCluster> {
  if (!PG_BIN) throw new Error("PostgreSQL's server programs are not installed (/usr/lib/postgresql/<version>/bin)");
  const dir = postgresFolder(prefix);
  runAsPostgres(path.join(PG_BIN, "initdb"), ["-D", path.join(dir, "data"), "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  return clusterAt(dir, await freeOpsPort(), settings);
}

/** A streaming replica of `primary` (pg_basebackup -R: standby.signal and primary_conninfo), not started. */
export async function baseBackup(primary: TempCluster, prefix: string, settings: Record<string, string> = {}): Promise<TempCluster> {
  const dir = postgresFolder(prefix);
  runAsPostgres(path.join(PG_BIN!, "pg_basebackup"), [
    "-h",
    "127.0.0.1",
    "-p",
    String(primary.port),
    "-U",
    "postgres",
    "-D",
    path.join(dir, "data"),
    "-R",
    "-X",
    "stream",
    "--checkpoint=fast",
    "--no-sync",
  ]);
  return clusterAt(dir, await freeOpsPort(), settings);
}

/**
 * The API test server (a database of its own, migrated and seeded) on a temporary cluster instead
 * of TEST_DATABASE_URL's server; `database` is the name of that database.
 */
export async function startTestServerOn(cluster: TempCluster): Promise<{ server: TestServer; database: string }> {
  const shared = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = cluster.url();
  try {
    const server = await startTestServer();
    return { server, database: new URL(server.database.databaseUrl!).pathname.slice(1) };
  } finally {
    process.env.TEST_DATABASE_URL = shared;
  }
}
