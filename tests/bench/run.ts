// `npm run bench` (issue 6): starts the production build against the benchmark database, loads it
// with autocannon from a separate process, then runs the floor server (tests/bench/floor.ts) on the
// same database, and writes bench/results.json and the plans of each case's main query.
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { searchTerms } from "./names.ts";
import { BENCH_ADMIN, benchDatabaseUrl } from "./config.ts";
import { savePlans } from "./plans.ts";
import { SERVER_NODE_FLAGS } from "../helpers/server-node-flags.ts";

const root = process.cwd();
const BIN = path.join(root, "node_modules/.bin");
const NODE = process.execPath;
const PORT = 3900;
const FLOOR_PORT = 3901;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONCURRENCY = [1, 32];

interface CaseResult {
  name: string;
  concurrency: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  rps: number;
  errors: number;
  /** Answers received during the case. */
  requests?: number;
  /** The server process's CPU time (user + system) per answered request during the case. */
  cpu_ms_per_request?: number | null;
  floor_rps?: number;
  floor_p95_ms?: number | null;
  floor_cpu_ms_per_request?: number | null;
}

interface LoadCase {
  name: string;
  paths: string[];
  method?: string;
  body?: string;
  floor?: boolean;
  /** Send the session cookie (every case but login). */
  auth?: boolean;
  /** The connection counts to load it at (default CONCURRENCY). */
  connections?: number[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitForHttp(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

function startServer(env: Record<string, string>, port: number): { child: ChildProcess; startedAt: number } {
  const startedAt = performance.now();
  // The flags `npm start` and the Dockerfile use (decision 176): the RSS measured is production's.
  const child = spawn(NODE, [...SERVER_NODE_FLAGS, "server/index.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "info", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return { child, startedAt };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode != null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
}

/**
 * Peak resident memory of a process, sampled from /proc while it runs: the whole run's high-water
 * mark (VmHWM), and the largest VmRSS seen during each case, to tell which case peaks.
 */
function rssSampler(pid: number) {
  let peak = 0;
  let current = "start";
  const byCase: Record<string, number> = {};
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const hwm = /VmHWM:\s+(\d+) kB/.exec(status);
      const rss = /VmRSS:\s+(\d+) kB/.exec(status);
      if (hwm) peak = Math.max(peak, Number(hwm[1]) / 1024);
      if (rss) byCase[current] = Math.max(byCase[current] ?? 0, Math.round(Number(rss[1]) / 1024));
    } catch {
      /* gone */
    }
  };
  const timer = setInterval(read, 200);
  return {
    /** The case now running (its RSS samples are counted under this name). */
    mark: (name: string) => {
      read();
      current = name;
    },
    stop: () => {
      read();
      clearInterval(timer);
      return { peak: Math.round(peak), byCase };
    },
  };
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time a process has used so far (user + system, /proc/PID/stat), in ms: read before and after
 * each case, it gives the server's own cost per request beside the floor's, which latency and
 * throughput (shared with PostgreSQL and the load generator on the same cores) do not show.
 */
function cpuMs(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

async function signIn(baseUrl: string): Promise<{ cookie: string; xsrf: string }> {
  const first = await fetch(`${baseUrl}/backend/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(";"))![1];
  const res = await fetch(`${baseUrl}/backend/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-XSRF-TOKEN": xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`bench sign-in answered ${res.status}: ${await res.text()}`);
  const session = /portal_session=([^;]+)/.exec(res.headers.getSetCookie().join(";"))![1];
  return { cookie: `XSRF-TOKEN=${xsrf}; portal_session=${session}`, xsrf };
}

const execFileAsync = promisify(execFile);

/**
 * One load run in its own process. Awaited, not run synchronously: the RSS sampler's timer keeps
 * reading the server's memory during the case (a synchronous child blocked it, so the per-case
 * figures were only read at each case's start and end).
 */
async function load(baseUrl: string, c: LoadCase, connections: number, duration: number, headers: Record<string, string>) {
  const spec = { baseUrl, connections, duration, paths: c.paths, method: c.method, body: c.body, headers };
  const { stdout } = await execFileAsync(NODE, [path.join(root, "tests/bench/load.mjs"), JSON.stringify(spec)], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return JSON.parse(stdout) as Omit<CaseResult, "name" | "concurrency">;
}

async function runCases(
  baseUrl: string,
  cases: LoadCase[],
  auth: { cookie: string; xsrf: string },
  serverPid: number | undefined,
  onCase: (name: string) => void = () => {},
) {
  const results = new Map<string, Omit<CaseResult, "name" | "concurrency">>();
  for (const c of cases) {
    onCase(c.name);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (c.auth !== false) headers.Cookie = auth.cookie;
    if (c.method === "POST")
      Object.assign(headers, { "Content-Type": "application/json", "X-XSRF-TOKEN": auth.xsrf, Cookie: `XSRF-TOKEN=${auth.xsrf}` });
    if (WARMUP > 0) await load(baseUrl, c, 8, WARMUP, headers);
    for (const connections of c.connections ?? CONCURRENCY) {
      const cpuBefore = cpuMs(serverPid);
      const r = await load(baseUrl, c, connections, DURATION, headers);
      const cpuAfter = cpuMs(serverPid);
      const requests = r.requests ?? 0;
      const cpu =
        cpuBefore != null && cpuAfter != null && requests > 0 ? Math.round(((cpuAfter - cpuBefore) / requests) * 1000) / 1000 : null;
      results.set(`${c.name}@${connections}`, { ...r, cpu_ms_per_request: cpu });
      console.log(
        `  ${c.name.padEnd(14)} c=${String(connections).padEnd(3)} p50 ${r.p50_ms} ms  p95 ${r.p95_ms} ms  p99 ${r.p99_ms} ms  ${r.rps} req/s  CPU ${cpu ?? "?"} ms/req  errors ${r.errors}`,
      );
    }
  }
  return results;
}

/** One GET on a connection of its own (no pooled keep-alive socket): status and bytes to the last one. */
function download(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Cookie: cookie }, agent: false }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => (bytes += chunk.length));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/**
 * One download of every resident (200,000 rows) as XLSX and as CSV: seconds to the last byte.
 * Through node:http on a fresh connection: fetch's pooled socket, idle since sign-in, failed the
 * XLSX at once with `write EPIPE` in session 3's runs while curl got the file.
 */
async function timeExports(baseUrl: string, auth: { cookie: string }, onCase: (name: string) => void = () => {}) {
  const out: Record<string, { seconds: number; bytes: number }> = {};
  for (const [name, suffix] of [
    ["residents_xlsx", "export.xlsx"],
    ["residents_csv", "export.csv"],
  ] as const) {
    onCase(name);
    const started = performance.now();
    // A failed export is reported, not fatal: the load cases and the floor still get written.
    try {
      const { status, bytes } = await download(`${baseUrl}/backend/api/reports/residents/${suffix}`, auth.cookie);
      if (status !== 200) throw new Error(`answered ${status}`);
      out[name] = { seconds: Math.round((performance.now() - started) / 10) / 100, bytes };
      console.log(`  ${name.padEnd(18)} ${out[name].seconds} s  ${Math.round(bytes / 1024)} KiB`);
    } catch (error) {
      console.log(
        `  ${name.padEnd(18)} failed after ${Math.round((performance.now() - started) / 1000)} s: ${error instanceof Error ? (error.cause ?? error.message) : error}`,
      );
    }
  }
  return out;
}

/**
 * Gzip size of the JavaScript a page loads, read from the page as served: every module it preloads
 * and every script it names (the client entry, the matched routes' modules with their imports, and
 * public scripts such as /color-mode.js). A page served without scripts (decision 175) counts 0.
 * Each file is gzipped on its own, as the browser fetches it.
 */
async function jsGzipBytes(baseUrl: string, pathname: string, cookie?: string): Promise<number> {
  const res = await fetch(`${baseUrl}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
  const html = await res.text();
  const files = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) files.add(m[1]);
  for (const m of html.matchAll(/(?:from |import\(?)\s*"(\/[^"]+\.js)"/g)) files.add(m[1]);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(fs.readFileSync(path.join(root, "build/client", f))).length;
  return bytes;
}

function cssGzipBytes(): number {
  const dir = path.join(root, "build/client/assets");
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".css"))
    .reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dir, f))).length, 0);
}

async function coldStartPglite(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-pglite-"));
  try {
    const env = { PGLITE_DIR: dir, DATABASE_URL: "", ADMIN_PASSWORD: BENCH_ADMIN.password };
    // First start migrates and seeds; the figure is the second, ordinary start.
    let s = startServer(env, PORT + 10);
    await waitForHttp(`http://127.0.0.1:${PORT + 10}/login`);
    await stop(s.child);
    s = startServer(env, PORT + 10);
    await waitForHttp(`http://127.0.0.1:${PORT + 10}/login`);
    const seconds = (performance.now() - s.startedAt) / 1000;
    await stop(s.child);
    return Math.round(seconds * 100) / 100;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function datasetCounts(databaseUrl: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    const tables: [string, string][] = [
      ["residents", "select count(*)::int as n from users where kind = 'resident'"],
      ["households", "select count(*)::int as n from households"],
      ["puroks", "select count(*)::int as n from puroks"],
      ["businesses", "select count(*)::int as n from businesses"],
      ["collections", "select count(*)::int as n from collections"],
    ];
    for (const [name, text] of tables) {
      try {
        counts[name] = (await client.query(text)).rows[0].n;
      } catch {
        /* table not there yet */
      }
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The collections report's filter for the last full month (receipts run up to today). */
function lastMonthFilter(): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `filter[date_issued_from]=${day(first)}&filter[date_issued_to]=${day(last)}`;
}

/**
 * The embedded database (issue 17 item 7): the production build on PGlite with the small barangay
 * of `npm run bench:data -- --embedded` (5,000 residents), copied so the run leaves it as built.
 * Only the search, at one connection: PGlite serves one query at a time.
 */
async function embeddedSearch(terms: string[]): Promise<Map<string, Omit<CaseResult, "name" | "concurrency">> | null> {
  const built = path.join(root, "bench/pglite");
  if (!fs.existsSync(built)) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-embedded-"));
  fs.cpSync(built, dir, { recursive: true });
  const port = PORT + 20;
  const server = startServer(
    { PGLITE_DIR: dir, DATABASE_URL: "", ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password },
    port,
  );
  try {
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/login`);
    const auth = await signIn(baseUrl);
    const headers = { Accept: "application/json", Cookie: auth.cookie };
    const c: LoadCase = { name: "pglite_search", paths: terms.map((t) => `/backend/api/resident?search=${encodeURIComponent(t)}`) };
    if (WARMUP > 0) await load(baseUrl, c, 1, WARMUP, headers);
    const results = new Map<string, Omit<CaseResult, "name" | "concurrency">>();
    const r = await load(baseUrl, c, 1, DURATION, headers);
    results.set(`${c.name}@1`, r);
    console.log(
      `  ${c.name.padEnd(14)} c=1   p50 ${r.p50_ms} ms  p95 ${r.p95_ms} ms  p99 ${r.p99_ms} ms  ${r.rps} req/s  errors ${r.errors}`,
    );
    return results;
  } finally {
    await stop(server.child);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function main() {
  const databaseUrl = benchDatabaseUrl();
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("Building the production bundle first…");
    execFileSync(path.join(BIN, "react-router"), ["build"], { stdio: "inherit" });
  }
  const dataset = await datasetCounts(databaseUrl);
  if (!dataset.residents) throw new Error(`No residents in ${databaseUrl}: run \`npm run bench:data\` first.`);
  console.log(
    `Dataset: ${Object.entries(dataset)
      .map(([k, v]) => `${v.toLocaleString("en-US")} ${k}`)
      .join(", ")}`,
  );

  const terms = searchTerms(200);
  const cases: LoadCase[] = [
    { name: "search", paths: terms.map((t) => `/backend/api/resident?search=${encodeURIComponent(t)}`), floor: true },
    { name: "list_page1", paths: ["/backend/api/resident?page=1&sort=name&order=asc"], floor: true },
    { name: "list_page2000", paths: ["/backend/api/resident?page=2000&sort=name&order=asc"], floor: true },
    // 8 clients as well: an office (decision 189 proposes its p95 as the page's target).
    { name: "list_html", paths: ["/manage/residents?sort=name&order=asc"], connections: [1, 8, 32] },
    { name: "count", paths: ["/backend/api/resident/count"], floor: true },
    // Reports (issue 13): the residents report over every resident (one grouped scan + the first
    // listing page), filtered, the households and religions reports, and the page as HTML.
    { name: "report_residents", paths: ["/backend/api/reports/residents"] },
    { name: "report_filtered", paths: ["/backend/api/reports/residents?filter[sex]=Female&filter[age_group]=60-64&page=20"] },
    { name: "report_households", paths: ["/backend/api/reports/households"] },
    { name: "report_religions", paths: ["/backend/api/reports/religions"] },
    { name: "report_html", paths: ["/manage/reports/residents"] },
    // The page every user lands on: each widget counts over every resident, household and receipt.
    { name: "dashboard_html", paths: ["/dashboard"] },
    { name: "login", paths: ["/backend/api/login"], method: "POST", body: JSON.stringify(BENCH_ADMIN), auth: false },
    // Finance (issue 17 item 7): 1,000,000 official receipts. The list's first and 2,000th page,
    // the collections report over a month (RCD data: funds, deposits, form accountability), and
    // the days awaiting remittance.
    ...(dataset.collections
      ? [
          { name: "collections_page1", paths: ["/backend/api/collection?page=1"], floor: true },
          { name: "collections_page2000", paths: ["/backend/api/collection?page=2000"], floor: true },
          // At one connection, as a treasurer reads them. Before decision 178 each took seconds
          // over a million receipts (form accountability read every number of every pad, and its
          // million rows made the server's RSS peak of the whole bench; the days grouped every
          // receipt); now each reads by its period.
          { name: "report_collections", paths: [`/backend/api/reports/collections?${lastMonthFilter()}`], connections: [1] },
          { name: "remittance_days", paths: ["/backend/api/remittance/collection/day"], connections: [1] },
        ]
      : []),
  ];

  console.log("\nOur server (production build, PostgreSQL):");
  const server = startServer(
    { DATABASE_URL: databaseUrl, ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password },
    PORT,
  );
  const baseUrl = `http://127.0.0.1:${PORT}`;
  let ours: Map<string, Omit<CaseResult, "name" | "concurrency">>;
  let rssPeak = 0;
  let rssByCase: Record<string, number> = {};
  let coldPostgres = 0;
  let exports: Record<string, { seconds: number; bytes: number }> = {};
  let jsBytes: Record<"/login" | "/manage/residents", number> = { "/login": 0, "/manage/residents": 0 };
  try {
    await waitForHttp(`${baseUrl}/login`);
    coldPostgres = Math.round(((performance.now() - server.startedAt) / 1000) * 100) / 100;
    const sampler = rssSampler(server.child.pid!);
    const auth = await signIn(baseUrl);
    ours = await runCases(baseUrl, cases, auth, server.child.pid, sampler.mark);
    exports = await timeExports(baseUrl, auth, sampler.mark);
    sampler.mark("js");
    jsBytes = {
      "/login": await jsGzipBytes(baseUrl, "/login"),
      "/manage/residents": await jsGzipBytes(baseUrl, "/manage/residents", auth.cookie),
    };
    const memory = sampler.stop();
    rssPeak = memory.peak;
    rssByCase = memory.byCase;
    console.log(
      `  RSS peak ${rssPeak} MB; largest RSS per case: ${Object.entries(rssByCase)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
  } finally {
    await stop(server.child);
  }

  console.log("\nThe floor (node:http + pg, the same SQL):");
  // tsx as a loader in the one process (not its CLI, which runs the server in a child): the CPU read is the server's.
  const floor = spawn(NODE, ["--import", "tsx", "tests/bench/floor.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(FLOOR_PORT) },
    stdio: ["ignore", "inherit", "inherit"],
  });
  let floorResults: Map<string, Omit<CaseResult, "name" | "concurrency">>;
  try {
    await waitForHttp(`http://127.0.0.1:${FLOOR_PORT}/healthz`);
    floorResults = await runCases(
      `http://127.0.0.1:${FLOOR_PORT}`,
      cases.filter((c) => c.floor),
      { cookie: "", xsrf: "" },
      floor.pid,
    );
  } finally {
    await stop(floor);
  }

  console.log("\nQuery plans (EXPLAIN ANALYZE, BUFFERS) → bench/plans/:");
  const plans = await savePlans(databaseUrl, path.join(root, "bench/plans"), terms[2]);
  for (const [name, time] of Object.entries(plans)) console.log(`  ${name.padEnd(14)} execution ${time}`);

  console.log("\nEmbedded PGlite (bench/pglite, `npm run bench:data -- --embedded`):");
  // Like the exports, a failure here is reported and the figures above are still written.
  const embedded = await embeddedSearch(terms).catch((error) => {
    console.log(`  failed: ${error instanceof Error ? error.message : error}`);
    return null;
  });
  if (!embedded) console.log("  skipped: no bench/pglite");

  console.log("\nCold start on PGlite…");
  const coldPglite = await coldStartPglite().catch((error) => {
    console.log(`  failed: ${error instanceof Error ? error.message : error}`);
    return null;
  });

  const results: CaseResult[] = [];
  for (const c of cases) {
    for (const concurrency of c.connections ?? CONCURRENCY) {
      const r = ours.get(`${c.name}@${concurrency}`)!;
      const f = floorResults.get(`${c.name}@${concurrency}`);
      results.push({
        name: c.name,
        concurrency,
        ...r,
        ...(f ? { floor_rps: f.rps, floor_p95_ms: f.p95_ms, floor_cpu_ms_per_request: f.cpu_ms_per_request } : {}),
      });
    }
  }

  // The resident import (issue 33 item 2, tests/bench/import.ts): its own database and process, so
  // its memory peak is its own; beside the floor of a plain COPY of the same rows.
  console.log("\nThe resident import (50,000 rows):");
  const importBench = await execFileAsync(NODE, ["--import", "tsx", "tests/bench/import.ts", "--json"], {
    cwd: root,
    maxBuffer: 1024 * 1024,
  }).then(
    ({ stdout }) => JSON.parse(stdout.trim().split("\n").pop() ?? "null") as Record<string, unknown>,
    (error: unknown) => ({ error: String((error as Error).message).slice(0, 500) }),
  );
  console.log(`  ${JSON.stringify(importBench)}`);

  const pgliteSearch = embedded?.get("pglite_search@1");
  if (pgliteSearch) results.push({ name: "pglite_search", concurrency: 1, ...pgliteSearch });

  const output = {
    commit: commit(),
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
    dataset,
    cases: results,
    js_gzip_bytes: jsBytes,
    css_gzip_bytes: cssGzipBytes(),
    rss_peak_mb: rssPeak,
    rss_mb_by_case: rssByCase,
    cold_start_s: { pglite: coldPglite, postgres: coldPostgres },
    plan_execution: plans,
    exports,
    import: importBench,
  };
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  fs.writeFileSync(path.join(root, "bench/results.json"), JSON.stringify(output, null, 2) + "\n");

  console.log(
    "\n| case | c | p50 ms | p95 ms | p99 ms | req/s | errors | CPU ms/req | floor req/s | ours/floor | p95 ratio | floor CPU ms/req |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|---|");
  for (const r of results) {
    const share = r.floor_rps ? `${Math.round((r.rps / r.floor_rps) * 100)}%` : "";
    const ratio = r.floor_p95_ms && r.p95_ms ? `${(r.p95_ms / r.floor_p95_ms).toFixed(2)}×` : "";
    console.log(
      `| ${r.name} | ${r.concurrency} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.rps} | ${r.errors} | ${r.cpu_ms_per_request ?? ""} | ${r.floor_rps ?? ""} | ${share} | ${ratio} | ${r.floor_cpu_ms_per_request ?? ""} |`,
    );
  }
  console.log(
    `\nJS gzip: /login ${output.js_gzip_bytes["/login"]} B, /manage/residents ${output.js_gzip_bytes["/manage/residents"]} B; CSS gzip ${output.css_gzip_bytes} B; RSS peak ${rssPeak} MB; cold start PGlite ${coldPglite} s, PostgreSQL ${coldPostgres} s`,
  );
  for (const [name, e] of Object.entries(exports)) console.log(`Export ${name}: ${e.seconds} s, ${Math.round(e.bytes / 1024)} KiB`);
  console.log(`Machine: ${output.machine}\nWrote bench/results.json`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
