// EXPLAIN (ANALYZE, BUFFERS) of each benchmark case's main queries (issue 6), saved beside the
// results so a slow plan is visible in review. The queries are captured from the real services
// through Kysely's log hook, so the plans are of exactly the SQL the server runs.
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import pg from "pg";
import type { Database } from "../../db/schema.ts";
import { parseListQuery } from "../../domain/registry/list-query.ts";
import { allPermissionNames } from "../../domain/registry/index.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { searchResidents } from "../../server/features/people/resident-search.ts";
import type { AuthUser } from "../../server/context.ts";
import { runReport } from "../../server/features/reports/index.ts";
import { parseDayQuery, remittanceDays } from "../../server/features/collections/remittances.ts";

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** The last full month as the report's filter, as the bench's report_collections case asks it. */
function lastMonthFilter(): string {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return `filter[date_issued_from]=${day(first)}&filter[date_issued_to]=${day(last)}`;
}

/** `only`: the names of the cases to plan (all when absent). */
export async function savePlans(
  databaseUrl: string,
  outDir: string,
  searchText: string,
  only?: readonly string[],
): Promise<Record<string, string>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let captured: Captured[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event: LogEvent) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const ctx = { db, user: { id: 1, permissions: allPermissionNames() } as unknown as AuthUser };
  const residents = serviceFor("resident");
  const collections = serviceFor("collection");
  const cases: [string, () => Promise<unknown>, boolean][] = [
    ["search", () => searchResidents(ctx, searchText), false],
    // One plan per kind of search (issue 17 item 1): a common surname, a short prefix, two words in
    // any order, a compound surname written together, and a typo.
    ["search_common_word", () => searchResidents(ctx, "santos"), false],
    ["search_prefix", () => searchResidents(ctx, "mar"), false],
    ["search_two_words", () => searchResidents(ctx, "cruz juan"), false],
    ["search_compound", () => searchResidents(ctx, "delacruz"), false],
    ["search_typo", () => searchResidents(ctx, "macapagl"), false],
    ["list_page1", () => residents.list(ctx, parseListQuery(new URLSearchParams("page=1&sort=name&order=asc"), residents.def)), false],
    [
      "list_page2000",
      () => residents.list(ctx, parseListQuery(new URLSearchParams("page=2000&sort=name&order=asc"), residents.def)),
      false,
    ],
    ["count", () => residents.count(ctx, parseListQuery(new URLSearchParams(""), residents.def)), false],
    ["collections_page1", () => collections.list(ctx, parseListQuery(new URLSearchParams("page=1"), collections.def)), false],
    ["collections_page2000", () => collections.list(ctx, parseListQuery(new URLSearchParams("page=2000"), collections.def)), false],
    ["report_residents", () => runReport(ctx, "residents", new URLSearchParams("")), false],
    ["report_households", () => runReport(ctx, "households", new URLSearchParams("")), false],
    // Issue 17 item 7 (decision 178): the collections report over the last full month (RCD data:
    // funds, deposits, form accountability, the listing's page) and the days awaiting remittance.
    ["report_collections", () => runReport(ctx, "collections", new URLSearchParams(lastMonthFilter())), false],
    ["remittance_days", () => remittanceDays(ctx, parseDayQuery({})), false],
  ];
  const summary: Record<string, string> = {};
  fs.mkdirSync(outDir, { recursive: true });
  const client = await pool.connect();
  try {
    for (const [name, run, noSeqscan] of cases) {
      if (only && !only.includes(name)) continue;
      captured = [];
      await run();
      const queries = captured.filter((q) => /^\s*(select|with|\()/i.test(q.sql));
      let text = "";
      for (const q of queries) {
        await client.query("begin");
        if (noSeqscan) await client.query("set local enable_seqscan = off");
        const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
        await client.query("rollback");
        const lines = plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
        text += `-- ${q.sql}\n-- parameters: ${JSON.stringify(q.parameters)}\n${lines}\n\n`;
        const time = /Execution Time: ([\d.]+) ms/.exec(lines)?.[1];
        summary[name] = summary[name] ? `${summary[name]} + ${time} ms` : `${time} ms`;
      }
      fs.writeFileSync(path.join(outDir, `${name}.txt`), text);
    }
  } finally {
    client.release();
    await db.destroy();
  }
  return summary;
}
