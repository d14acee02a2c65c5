import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { ApiClient } from "../helpers/server.ts";
import { SERVER_NODE_FLAGS } from "../helpers/server-node-flags.ts";

// The fault suite (issue 14 item 9) runs real server processes: the production build started by
// server/index.ts on Node 24, as `npm start` does, on 127.0.0.1 only.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const NODE = fs.existsSync(path.join(ROOT, "node_modules/node/bin/node"))
  ? path.join(ROOT, "node_modules/node/bin/node")
  : process.execPath;
export const SERVER_URL = process.env.TEST_DATABASE_URL;
/** The fault suite runs once per `npm test`: in the PostgreSQL pass (.ci/run sets TEST_DATABASE_URL). */
export const FAULTS_ENABLED = !!SERVER_URL;
export const ADMIN = { username: "admin", password: "Fault-Admin-Passw0rd!" };

/** The newest modification time of the files a build is made from. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|css)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
    }
  };
  for (const dir of ["app", "server", "db"]) if (fs.existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  return newest;
}

/**
 * Builds the app when build/ is missing (CI starts from a clean clone) or older than the sources it
 * is made from; a lock keeps test files from building at the same time.
 */
export function ensureBuild(): void {
  const entry = path.join(ROOT, "build/server/index.js");
  const fresh = () => fs.existsSync(entry) && fs.statSync(entry).mtimeMs >= newestSource();
  if (fresh()) return;
  const lock = path.join(os.tmpdir(), `portal-faults-build-${Buffer.from(ROOT).toString("hex").slice(-16)}.lock`);
  for (let i = 0; i < 600; i++) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (fresh()) return;
      spawnSync("sleep", ["0.5"]);
    }
  }
  try {
    if (fresh()) return;
    const result = spawnSync(NODE, [path.join(ROOT, "node_modules/@react-router/dev/bin.cjs"), "build"], {
      cwd: ROOT,
      stdio: "pipe",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) throw new Error(`react-router build failed:\n${result.stderr.toString().slice(-2000)}`);
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  values: unknown[] = [],
  url = SERVER_URL!,
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {});
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface FaultDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A database of its own on the CI PostgreSQL server. */
export async function createFaultDatabase(): Promise<FaultDatabase> {
  const name = `portal_fault_${randomBytes(5).toString("hex")}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(`drop database if exists ${name} with (force)`).then(() => {}) };
}

/** Ends every connection the portal holds to the database (what a Postgres restart does to it). */
export async function killConnections(database: string): Promise<number> {
  const rows = await adminQuery<{ n: string }>(
    "select count(pg_terminate_backend(pid))::text as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );
  return Number(rows[0]?.n ?? 0);
}

export interface Portal {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  client(): ApiClient;
  /** Resolves with the exit code (or signal) once the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  /** `scripts/start.mjs` (what `npm start` runs) instead of server/index.ts. */
  entry?: string[];
  command?: string;
  /** Wait for "Ready in" (default) or only for the process to start. */
  waitReady?: boolean;
  timeoutMs?: number;
}

export function startPortal(options: StartOptions = {}): Promise<Portal> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    SEED_DEMO: "false",
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    TEST_DATABASE_URL: undefined,
    NODE_ENV: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  // The flags `npm start` gives the server (decision 176), so faults meet production's memory.
  const entry = options.entry ?? [...SERVER_NODE_FLAGS, "server/index.ts"];
  const child = spawn(options.command ?? NODE, entry, {
    cwd: ROOT,
    env: env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );
  const portal = (url: string): Portal => ({
    url,
    pid: child.pid!,
    child,
    output: () => out,
    client: () => new ApiClient(url),
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  });
  if (options.waitReady === false) return Promise.resolve(portal(""));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the portal did not start in time:\n${out}`));
    }, options.timeoutMs ?? 60_000);
    const check = () => {
      const m = /Ready in \d+ ms: (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(portal(m[1].replace("localhost", "127.0.0.1")));
      }
    };
    child.stdout!.on("data", check);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the portal exited (${code ?? signal}) before it was ready:\n${out}`));
    });
  });
}

/** Signs in as the administrator and returns the client. */
export async function adminClient(portal: Portal): Promise<ApiClient> {
  const client = portal.client();
  const res = await client.login(ADMIN.username, ADMIN.password);
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return client;
}

/** A fetch that never throws: a network failure is status 0. */
export async function tryFetch(url: string, init: RequestInit = {}): Promise<{ status: number; text: string; headers: Headers }> {
  try {
    const res = await fetch(url, { redirect: "manual", ...init, signal: init.signal ?? AbortSignal.timeout(15_000) });
    return { status: res.status, text: await res.text(), headers: res.headers };
  } catch {
    return { status: 0, text: "", headers: new Headers() };
  }
}

/** `npm start`'s command with WEB_CONCURRENCY=2 on `databaseUrl`: the portal and its two workers. */
export interface Cluster {
  portal: Portal;
  url: string;
  workerPids: number[];
}

/** Starts the cluster (tests/api/multi-process.test.ts, the failover test) and waits until its primary says every worker listens. */
export async function startCluster(databaseUrl: string, env: Record<string, string> = {}): Promise<Cluster> {
  const portal = await startPortal({
    entry: [...SERVER_NODE_FLAGS, "scripts/start.mjs"],
    env: { DATABASE_URL: databaseUrl, WEB_CONCURRENCY: "2", ...env },
    waitReady: false,
  });
  const started = performance.now();
  let exited = false;
  void portal.exited.then(() => (exited = true));
  while (performance.now() - started < 150_000 && !exited) {
    const m = /2 workers ready in \d+ ms: (http:\/\/\S+) \(pids (\d+), (\d+)\)/.exec(portal.output());
    if (m) return { portal, url: m[1].replace("localhost", "127.0.0.1"), workerPids: [Number(m[2]), Number(m[3])] };
    await sleep(100);
  }
  await portal.stop("SIGKILL");
  throw new Error(`the cluster did not start:\n${portal.output()}`);
}

/** Whether a process is still running. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
