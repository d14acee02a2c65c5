// `npm run bench:hub` (issue 29 item 7): many barangays on one database against one barangay alone.
//
// Two databases, built once by tests/bench/hub-data.ts and kept between runs (`-- --rebuild` makes
// them again): portal_bench_hub, 1,000 barangays with 2,000,000 residents (barangay 1 has 262,000,
// the rest spread from about 870 to 2,600) and 4,000,000 official receipts; and portal_bench_single,
// a single barangay's install holding one barangay of the same 262,000 residents and 524,000
// receipts. The production build is started on each (the hub with PORTAL_HUB=true) and loaded over
// HTTP with autocannon from a separate process (tests/bench/load.mjs), signed in as a barangay's
// administrator: the resident search, the residents list's and the collections list's first page,
// at 1 and 32 clients, in the big barangay and in the smallest one, each with row-level security on and
// switched off in BENCH_ROUNDS alternating rounds (3; the figures are the rounds' medians), and the floor
// (tests/bench/hub-floor.ts: the same services' SQL in the same scope, without the framework).
// Writes bench/hub-results.json and the plans under bench/plans/hub-*.txt.
import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { searchTerms } from "./names.ts";
import { SERVER_NODE_FLAGS } from "../helpers/server-node-flags.ts";
import { buildHubData, hubAdmin, hubDataReady, hubLayout, singleLayout, type HubLayout } from "./hub-data.ts";
import { saveHubPlans, type PlanCase } from "./hub-plans.ts";

const root = process.cwd();
const NODE = process.execPath;
const HUB_URL = process.env.BENCH_HUB_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/portal_bench_hub";
const SINGLE_URL = process.env.BENCH_SINGLE_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/portal_bench_single";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const CONCURRENCY = [1, 32];
/** Rounds of each case; its figures are the medians over them, and so is each variant-to-variant ratio. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const rebuild = process.argv.includes("--rebuild");
const LOAD_AT_START = os.loadavg().map((n) => Math.round(n * 100) / 100);

interface Figures {
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  rps: number;
  errors: number;
  requests?: number;
}

interface CaseResult extends Figures {
  /** Stable name: `<database>_<barangay>_<case>_<rls|no_rls|floor>@<clients>`. */
  name: string;
  database: "hub" | "single";
  barangay: "big" | "small";
  barangay_id: number;
  case: string;
  variant: "rls" | "no_rls" | "floor";
  concurrency: number;
  /** Each round's figures; the case's own figures are their medians. */
  rounds: Figures[];
}

interface LoadCase {
  name: string;
  paths: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const execFileAsync = promisify(execFile);

async function waitForHttp(url: string, timeoutMs = 180_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

function startServer(env: Record<string, string>, port: number): ChildProcess {
  return spawn(NODE, [...SERVER_NODE_FLAGS, "server/index.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", SEED_DEMO: "false", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

function startFloor(databaseUrl: string, port: number): ChildProcess {
  return spawn(NODE, ["--import", "tsx", "tests/bench/hub-floor.ts"], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode != null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(15_000).then(() => child.kill("SIGKILL"))]);
}

async function signIn(baseUrl: string, credentials: { username: string; password: string }): Promise<string> {
  const first = await fetch(`${baseUrl}/backend/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(";"))![1];
  const res = await fetch(`${baseUrl}/backend/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", "X-XSRF-TOKEN": xsrf, Cookie: `XSRF-TOKEN=${xsrf}` },
    body: JSON.stringify(credentials),
  });
  if (!res.ok) throw new Error(`sign-in as ${credentials.username} answered ${res.status}: ${await res.text()}`);
  const session = /portal_session=([^;]+)/.exec(res.headers.getSetCookie().join(";"))![1];
  return `XSRF-TOKEN=${xsrf}; portal_session=${session}`;
}

async function load(baseUrl: string, paths: string[], connections: number, duration: number, headers: Record<string, string>) {
  const spec = { baseUrl, connections, duration, paths, headers };
  const { stdout } = await execFileAsync(NODE, [path.join(root, "tests/bench/load.mjs"), JSON.stringify(spec)], {
    encoding: "utf8",
    maxBuffer: 1 << 26,
  });
  return JSON.parse(stdout) as Figures;
}

/** The tables whose row-level security is on; `off` disables and unforces it, `on` turns it back on. */
async function rowSecurity(databaseUrl: string, tables: string[] | null, on: boolean): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const list =
      tables ??
      (
        await client.query<{ relname: string }>(
          `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind = 'r'
             and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'barangay_id' and not a.attisdropped)
           order by 1`,
        )
      ).rows.map((r) => r.relname);
    // One table a statement, each its own transaction: holding one table's lock while waiting for the
    // next deadlocked with the server's own work in a first run (the hourly jobs, the load's last requests).
    for (const t of list) {
      const statement = on
        ? `alter table "${t}" enable row level security, force row level security`
        : `alter table "${t}" disable row level security, no force row level security`;
      for (let attempt = 1; ; attempt++) {
        try {
          await client.query(statement);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== "40P01" || attempt === 5) throw error;
        }
      }
    }
    return list;
  } finally {
    await client.end();
  }
}

function smallestBarangay(layout: HubLayout): number {
  let best = 0;
  layout.residents.forEach((n, i) => {
    if (n < layout.residents[best]) best = i;
  });
  return best + 1;
}

const terms = searchTerms(200);
const ALL_CASES: LoadCase[] = [
  { name: "search", paths: terms.map((t) => `/backend/api/resident?search=${encodeURIComponent(t)}`) },
  { name: "residents_page1", paths: ["/backend/api/resident?page=1&sort=name&order=asc"] },
  { name: "collections_page1", paths: ["/backend/api/collection?page=1"] },
];
/**
 * `BENCH_CASES=search` measures only the cases named (comma-separated) and `BENCH_FLOOR=false` skips
 * the floor: a check of one change in minutes. Such a partial run writes bench/hub-results-partial.json,
 * never the full run's file.
 */
const ONLY = process.env.BENCH_CASES?.split(",")
  .map((name) => name.trim())
  .filter(Boolean);
const CASES = ONLY?.length ? ALL_CASES.filter((c) => ONLY.includes(c.name)) : ALL_CASES;
const WITH_FLOOR = !/^(0|false|no)$/i.test(process.env.BENCH_FLOOR ?? "true");
const PARTIAL = CASES.length < ALL_CASES.length || !WITH_FLOOR;

interface Target {
  database: "hub" | "single";
  barangay: "big" | "small";
  barangayId: number;
  /** Request headers: the session cookie (server) or the floor's barangay. */
  headers: Record<string, string>;
}

/** The median of a list of numbers (the middle one, or the mean of the two middle ones). */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round(((sorted[mid - 1] + sorted[mid]) / 2) * 100) / 100;
}

/** One figure of a case as the median of its rounds (the rounds themselves are kept beside it). */
function medianFigures(rounds: Figures[]): Figures {
  const of = (key: "p50_ms" | "p95_ms" | "p99_ms") => median(rounds.map((r) => r[key]).filter((v): v is number => v != null));
  return {
    p50_ms: of("p50_ms"),
    p95_ms: of("p95_ms"),
    p99_ms: of("p99_ms"),
    rps: median(rounds.map((r) => r.rps)) ?? 0,
    errors: rounds.reduce((sum, r) => sum + r.errors, 0),
    requests: rounds.reduce((sum, r) => sum + (r.requests ?? 0), 0),
  };
}

/**
 * Each case at each concurrency in ROUNDS rounds, the variants alternating within each round and
 * their order reversed from one round to the next (on, off | off, on | on, off): what the machine is
 * doing besides weighs on the variants alike, and a comparison is made round by round and its median
 * taken (issue 34: one round's ratio of millisecond cases moved by a quarter between two runs here).
 * `switchTo` is called before each variant (row-level security on or off); the warm-up after it lets
 * the server's statements be planned again.
 */
async function runCases(
  baseUrl: string,
  targets: Target[],
  variants: CaseResult["variant"][],
  out: CaseResult[],
  switchTo: (variant: CaseResult["variant"]) => Promise<void> = async () => {},
) {
  for (const t of targets) {
    for (const c of CASES) {
      const headers = { Accept: "application/json", ...t.headers };
      for (const connections of CONCURRENCY) {
        const rounds = new Map<CaseResult["variant"], Figures[]>(variants.map((v) => [v, []]));
        for (let round = 0; round < ROUNDS; round++) {
          for (const variant of round % 2 === 0 ? variants : [...variants].reverse()) {
            await switchTo(variant);
            if (WARMUP > 0) await load(baseUrl, c.paths, 8, WARMUP, headers);
            const r = await load(baseUrl, c.paths, connections, DURATION, headers);
            rounds.get(variant)!.push(r);
            console.log(
              `  ${`${t.database}_${t.barangay}_${c.name}_${variant}@${connections}`.padEnd(44)} round ${round + 1}  p50 ${String(r.p50_ms).padStart(6)}  p95 ${String(r.p95_ms).padStart(6)}  p99 ${String(r.p99_ms).padStart(6)} ms  ${String(r.rps).padStart(7)} req/s  errors ${r.errors}`,
            );
          }
        }
        for (const variant of variants) {
          out.push({
            name: `${t.database}_${t.barangay}_${c.name}_${variant}@${connections}`,
            database: t.database,
            barangay: t.barangay,
            barangay_id: t.barangayId,
            case: c.name,
            variant,
            concurrency: connections,
            ...medianFigures(rounds.get(variant)!),
            rounds: rounds.get(variant)!,
          });
        }
      }
    }
  }
}

/** The server on one database, its cases with row-level security on, then off, then on again. */
async function measureServer(
  database: "hub" | "single",
  databaseUrl: string,
  port: number,
  barangays: { barangay: "big" | "small"; id: number }[],
  out: CaseResult[],
) {
  const env: Record<string, string> = { DATABASE_URL: databaseUrl, ADMIN_USERNAME: "hubbenchadmin", ADMIN_PASSWORD: "Bench-Passw0rd!" };
  if (database === "hub") env.PORTAL_HUB = "true";
  const server = startServer(env, port);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/login`);
    const targets: Target[] = [];
    for (const b of barangays)
      targets.push({ database, barangay: b.barangay, barangayId: b.id, headers: { Cookie: await signIn(baseUrl, hubAdmin(b.id)) } });
    // Row-level security on, then off, case by case: the services name the barangay themselves too
    // (DESIGN §14's second line), so both read the same rows and the difference is the policies' cost.
    const tables = await rowSecurity(databaseUrl, null, true);
    let on = true;
    const switchTo = async (variant: CaseResult["variant"]) => {
      if ((variant === "rls") === on) return;
      on = variant === "rls";
      await rowSecurity(databaseUrl, tables, on);
    };
    console.log(`\n${database}: our server, row-level security on and off (${tables.length} tables) in turn`);
    try {
      await runCases(baseUrl, targets, ["rls", "no_rls"], out, switchTo);
    } finally {
      await rowSecurity(databaseUrl, tables, true);
    }
  } finally {
    await stop(server);
  }
  if (!WITH_FLOOR) return;
  const floor = startFloor(databaseUrl, port + 1);
  try {
    await waitForHttp(`http://127.0.0.1:${port + 1}/healthz`);
    console.log(`${database}: the floor (the same services' SQL in the barangay's scope, node:http + pg)`);
    await runCases(
      `http://127.0.0.1:${port + 1}`,
      barangays.map((b) => ({ database, barangay: b.barangay, barangayId: b.id, headers: { "X-Bench-Barangay": String(b.id) } })),
      ["floor"],
      out,
    );
  } finally {
    await stop(floor);
  }
}

function commit(): string {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function datasetOf(databaseUrl: string, barangayIds: number[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const q = async (text: string, values: unknown[] = []) => Number((await client.query(text, values)).rows[0].n);
    const per: Record<string, { residents: number; collections: number }> = {};
    for (const id of barangayIds) {
      per[id] = {
        residents: await q("select count(*) as n from users where kind = 'resident' and barangay_id = $1", [id]),
        collections: await q("select count(*) as n from collections where barangay_id = $1", [id]),
      };
    }
    return {
      barangays: await q("select count(*) as n from barangays where status <> 'hub'"),
      residents: await q("select count(*) as n from users where kind = 'resident'"),
      collections: await q("select count(*) as n from collections"),
      collection_lines: await q("select count(*) as n from collection_lines"),
      measured_barangays: per,
    };
  } finally {
    await client.end();
  }
}

async function main() {
  const hub = hubLayout();
  const single = singleLayout();
  for (const [url, layout] of [
    [SINGLE_URL, single],
    [HUB_URL, hub],
  ] as const) {
    if (rebuild || !(await hubDataReady(url, layout))) await buildHubData(url, layout);
    else console.log(`Using the data already in ${url} (\`npm run bench:hub -- --rebuild\` makes it again)`);
  }
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.log("Building the production bundle first…");
    execFileSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });
  }
  const small = smallestBarangay(hub);
  const results: CaseResult[] = [];
  await measureServer(
    "hub",
    HUB_URL,
    3910,
    [
      { barangay: "big", id: 1 },
      { barangay: "small", id: small },
    ],
    results,
  );
  await measureServer("single", SINGLE_URL, 3920, [{ barangay: "big", id: 1 }], results);

  console.log("\nQuery plans under row-level security (EXPLAIN ANALYZE as portal_app) → bench/plans/hub-*.txt:");
  const planCases = (prefix: string, id: number): PlanCase[] => [
    { name: `${prefix}-search`, barangayId: id, kind: "search", searchText: terms[2] },
    { name: `${prefix}-search-common`, barangayId: id, kind: "search", searchText: "santos" },
    { name: `${prefix}-residents-page1`, barangayId: id, kind: "residents_page1" },
    { name: `${prefix}-collections-page1`, barangayId: id, kind: "collections_page1" },
  ];
  const plansDir = path.join(root, "bench/plans");
  const plans = {
    ...(await saveHubPlans(HUB_URL, plansDir, [...planCases("hub-big", 1), ...planCases("hub-small", small)])),
    ...(await saveHubPlans(SINGLE_URL, plansDir, planCases("hub-single", 1))),
  };
  for (const [name, time] of Object.entries(plans)) console.log(`  ${name.padEnd(28)} execution ${time}`);

  const get = (name: string) => results.find((r) => r.name === name);
  const p95 = (name: string) => get(name)?.p95_ms ?? null;
  const ratio = (a: number | null, b: number | null) => (a != null && b ? Math.round((a / b) * 100) / 100 : null);
  // Round i of one variant was measured next to round i of the other: their ratio, round by round, then the median.
  const roundRatio = (a: string, b: string) => {
    const ra = get(a)?.rounds ?? [];
    const rb = get(b)?.rounds ?? [];
    const each = ra.map((r, i) => ratio(r.p95_ms, rb[i]?.p95_ms ?? null)).filter((v): v is number => v != null);
    return median(each);
  };
  const checks: { name: string; value: number | null; target: string; met: boolean | null }[] = [];
  const check = (name: string, value: number | null, limit: number, target: string) =>
    checks.push({ name, value, target, met: value == null ? null : value <= limit });
  for (const b of ["big", "small"] as const) {
    check(`hub_${b}_search_p95_ms@1`, p95(`hub_${b}_search_rls@1`), 15, "≤ 15 ms");
    check(
      `hub_${b}_search_p95_over_floor@32`,
      ratio(p95(`hub_${b}_search_rls@32`), p95(`hub_${b}_search_floor@32`)),
      1.3,
      "≤ 1.3 × the floor's p95",
    );
    for (const list of ["residents_page1", "collections_page1"])
      for (const c of CONCURRENCY)
        check(
          `hub_${b}_${list}_p95_over_single@${c}`,
          ratio(p95(`hub_${b}_${list}_rls@${c}`), p95(`single_big_${list}_rls@${c}`)),
          1.2,
          "≤ 1.2 × the single barangay's p95",
        );
  }
  for (const t of ["hub_big", "hub_small", "single_big"])
    for (const c of CASES)
      for (const n of CONCURRENCY)
        check(
          `${t}_${c.name}_rls_over_no_rls@${n}`,
          roundRatio(`${t}_${c.name}_rls@${n}`, `${t}_${c.name}_no_rls@${n}`),
          1.1,
          "≤ 1.1 (row-level security's overhead ≤ 10 %; the median of the rounds' ratios)",
        );

  const output = {
    commit: commit(),
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
    duration_s: DURATION,
    rounds: ROUNDS,
    /** The machine's load average (1, 5, 15 min) at the start and the end: other work on it shows here. */
    load_average: { start: LOAD_AT_START, end: os.loadavg().map((n) => Math.round(n * 100) / 100) },
    datasets: { hub: await datasetOf(HUB_URL, [1, small]), single: await datasetOf(SINGLE_URL, [1]) },
    notes: [
      "single: a single barangay's install (no PORTAL_HUB) holding one barangay as large as the hub's barangay 1 (262,000 residents, 524,000 receipts).",
      "rounds: each case is measured ROUNDS times; its p50/p95/p99 and req/s are the medians of its rounds, and a ratio between variants is the median of the round-by-round ratios.",
      "no_rls: the same server with row-level security disabled on every table, measured next to the same case with it on, the order alternating round by round (the services name the barangay themselves too, DESIGN §14), so both read the same rows.",
      "floor: tests/bench/hub-floor.ts, the same services' SQL through the portal's pool and scope (portal_app, the barangay SET LOCAL), without Express, sessions, permissions, logging or compression.",
    ],
    cases: results,
    checks,
    plan_execution: plans,
  };
  fs.mkdirSync(path.join(root, "bench"), { recursive: true });
  const resultsFile = PARTIAL ? "bench/hub-results-partial.json" : "bench/hub-results.json";
  fs.writeFileSync(path.join(root, resultsFile), JSON.stringify(output, null, 2) + "\n");

  console.log("\n| case | c | p50 ms | p95 ms | p99 ms | req/s | errors |");
  console.log("|---|---|---|---|---|---|---|");
  for (const r of results)
    console.log(`| ${r.name.replace(/@\d+$/, "")} | ${r.concurrency} | ${r.p50_ms} | ${r.p95_ms} | ${r.p99_ms} | ${r.rps} | ${r.errors} |`);
  console.log("\n| check | value | target | met |");
  console.log("|---|---|---|---|");
  for (const c of checks) console.log(`| ${c.name} | ${c.value} | ${c.target} | ${c.met == null ? "?" : c.met ? "yes" : "NO"} |`);
  console.log(`\nMachine: ${output.machine}\nWrote ${resultsFile}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
