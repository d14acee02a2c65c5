// The 200 texts of the bench's "search" case (searchTerms(200) in tests/bench/names.ts), each run
// through the search service against a built bench database, one at a time (issue 17 item 1):
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_bench npx tsx tests/bench/search-terms.ts
//
// Prints, per term, the median time of RUNS runs, the strategy, the number of queries and the
// buffers they touched (read from auto_explain's plans, logged to this client as notices during
// one extra run), then the same per kind of term, the worst terms, and the total. Read-only: the
// database is not written. Options (environment):
//   SEARCH_TERMS_RUNS=5            timed runs per term (the median is printed)
//   SEARCH_TERMS_PLANS="ma dim"    also print every plan of these terms (comma-separated)
//   SEARCH_TERMS_JSON=path         write the rows as JSON
//   SEARCH_TERMS_PGLITE=dir        a PGlite data folder instead of DATABASE_URL (no buffers)
// Measurement only: nothing asserts timings (DESIGN §9).
import fs from "node:fs";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Database } from "../../db/schema.ts";
import { openDatabase } from "../../db/index.ts";
import { searchResidents } from "../../server/features/people/resident-search.ts";
import { adminContext } from "../helpers/people.ts";
import { searchTerms } from "./names.ts";

const RUNS = Number(process.env.SEARCH_TERMS_RUNS ?? 5);
const KINDS = [
  "surname",
  "3-letter first",
  "first last",
  "last first",
  "surname typo",
  "first unaccented",
  "compound together",
  "2+3 prefixes",
];
const showPlans = new Set(
  (process.env.SEARCH_TERMS_PLANS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
);

pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

interface Row {
  i: number;
  kind: string;
  term: string;
  strategy: string;
  results: number;
  median_ms: number;
  /** CPU of the database backend per run (ms, from /proc: 10 ms ticks, summed over RUNS runs). */
  db_cpu_ms: number;
  queries: number;
  buffers: number;
  worst_query_buffers: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const round = (x: number) => Math.round(x * 100) / 100;

async function main() {
  const notices: string[] = [];
  let db: Kysely<Database>;
  let close: () => Promise<void>;
  let explain = false;
  if (process.env.SEARCH_TERMS_PGLITE) {
    const opened = await openDatabase({ pgliteDir: process.env.SEARCH_TERMS_PGLITE });
    db = opened.db;
    close = opened.close;
  } else {
    const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/portal_bench";
    // One connection: the auto_explain settings are the session's.
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    pool.on("connect", (client) => client.on("notice", (n) => notices.push(n.message ?? "")));
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    close = () => db.destroy();
    explain = true;
  }
  const ctx = adminContext(db);
  // The backend's CPU time from /proc (PostgreSQL on this machine): a figure the other loads of a
  // shared machine do not inflate, unlike wall time.
  let backendPid = 0;
  if (explain) backendPid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0].pid;
  const ticks = () => {
    if (!backendPid) return 0;
    try {
      const f = fs.readFileSync(`/proc/${backendPid}/stat`, "utf8").split(") ")[1].split(" ");
      return (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      return 0;
    }
  };
  const terms = searchTerms(200);
  const rows: Row[] = [];
  for (const [i, term] of terms.entries()) {
    await searchResidents(ctx, term); // warm
    const times: number[] = [];
    let outcome = await searchResidents(ctx, term);
    const cpu0 = ticks();
    for (let r = 0; r < RUNS; r++) {
      const t0 = performance.now();
      outcome = await searchResidents(ctx, term);
      times.push(performance.now() - t0);
    }
    const cpu = (ticks() - cpu0) / RUNS;
    let queries = 0;
    let buffers = 0;
    let worst = 0;
    if (explain) {
      await sql`load 'auto_explain'`.execute(db);
      await sql`set auto_explain.log_min_duration = 0`.execute(db);
      await sql`set auto_explain.log_analyze = on`.execute(db);
      await sql`set auto_explain.log_buffers = on`.execute(db);
      await sql`set auto_explain.log_timing = off`.execute(db);
      await sql`set auto_explain.log_level = notice`.execute(db);
      notices.length = 0;
      await searchResidents(ctx, term);
      await sql`set auto_explain.log_min_duration = -1`.execute(db);
      for (const n of notices) {
        if (!n.includes("plan:")) continue;
        queries++;
        // The first Buffers line is the top node's: the whole query's.
        const m = /Buffers: shared(?: hit=(\d+))?(?: read=(\d+))?/.exec(n);
        const b = m ? Number(m[1] ?? 0) + Number(m[2] ?? 0) : 0;
        buffers += b;
        worst = Math.max(worst, b);
        if (showPlans.has(term)) console.log(`---- ${term}\n${n}`);
      }
    }
    const row: Row = {
      i,
      kind: KINDS[i % 8],
      term,
      strategy: outcome.strategy,
      results: outcome.data.length,
      median_ms: round(median(times)),
      db_cpu_ms: round(cpu),
      queries,
      buffers,
      worst_query_buffers: worst,
    };
    rows.push(row);
    console.log(
      `${String(i).padStart(3)} ${row.kind.padEnd(18)} ${JSON.stringify(term).padEnd(28)} ${row.strategy.padEnd(11)} ${String(row.results).padStart(2)} found ${row.median_ms.toFixed(2).padStart(7)} ms cpu ${row.db_cpu_ms.toFixed(0).padStart(3)} ${String(queries).padStart(2)} queries ${String(buffers).padStart(6)} buffers`,
    );
  }

  console.log("\nper kind (25 terms each): mean and max of the per-term medians, mean buffers");
  for (const kind of KINDS) {
    const mine = rows.filter((r) => r.kind === kind);
    const mean = mine.reduce((s, r) => s + r.median_ms, 0) / mine.length;
    const max = Math.max(...mine.map((r) => r.median_ms));
    const buf = mine.reduce((s, r) => s + r.buffers, 0) / mine.length;
    const cpu = mine.reduce((s, r) => s + r.db_cpu_ms, 0) / mine.length;
    console.log(
      `  ${kind.padEnd(18)} mean ${mean.toFixed(2).padStart(6)} ms  max ${max.toFixed(2).padStart(6)} ms  db cpu ${cpu.toFixed(2).padStart(6)} ms  buffers ${buf.toFixed(0).padStart(6)}`,
    );
  }
  console.log("\nthe 15 slowest terms");
  for (const r of [...rows].sort((a, b) => b.median_ms - a.median_ms).slice(0, 15))
    console.log(
      `  ${r.median_ms.toFixed(2).padStart(7)} ms ${String(r.buffers).padStart(6)} buffers ${r.kind.padEnd(18)} ${JSON.stringify(r.term).padEnd(28)} ${r.strategy}`,
    );
  const total = rows.reduce((s, r) => s + r.median_ms, 0);
  const totalBuffers = rows.reduce((s, r) => s + r.buffers, 0);
  const totalCpu = rows.reduce((s, r) => s + r.db_cpu_ms, 0);
  console.log(
    `\ntotal ${total.toFixed(1)} ms for 200 terms (mean ${(total / rows.length).toFixed(2)} ms), database cpu ${totalCpu.toFixed(0)} ms (mean ${(totalCpu / rows.length).toFixed(2)} ms), ${totalBuffers} buffers (mean ${(totalBuffers / rows.length).toFixed(0)})`,
  );
  if (process.env.SEARCH_TERMS_JSON) fs.writeFileSync(process.env.SEARCH_TERMS_JSON, JSON.stringify(rows, null, 2));
  await close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
