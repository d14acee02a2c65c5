// The hub bench's query plans (issue 29 item 7): the search's and the lists' SQL, captured from the
// real services (Kysely's log hook) running in a barangay's scope, then EXPLAIN (ANALYZE, BUFFERS)
// inside a transaction as the application runs it: `set local role portal_app` and the barangay
// SET LOCAL, so the plans show what row-level security does to them.
import fs from "node:fs";
import path from "node:path";
import { Kysely, PostgresDialect, type LogEvent } from "kysely";
import pg from "pg";
import type { Database } from "../../db/schema.ts";
import { inBarangay, ScopedDialect } from "../../db/tenant.ts";
import { parseListQuery } from "../../domain/registry/list-query.ts";
import { allPermissionNames } from "../../domain/registry/index.ts";
import "../../server/features/index.ts"; // the areas, composed before the services are used
import { serviceFor } from "../../server/engine/services.ts";
import { searchResidents } from "../../server/features/people/resident-search.ts";
import type { AuthUser } from "../../server/context.ts";

export interface PlanCase {
  /** File name under outDir, without .txt. */
  name: string;
  barangayId: number;
  kind: "search" | "residents_page1" | "collections_page1";
  searchText?: string;
}

/** Writes one file per case; answers each case's execution time(s) as text, e.g. "1.2 ms + 0.4 ms". */
export async function saveHubPlans(databaseUrl: string, outDir: string, cases: PlanCase[]): Promise<Record<string, string>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  let captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new ScopedDialect(new PostgresDialect({ pool }), true),
    log: (event: LogEvent) => {
      if (event.level === "query") captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const ctx = { db, user: { id: 1, permissions: allPermissionNames() } as unknown as AuthUser };
  const residents = serviceFor("resident");
  const collections = serviceFor("collection");
  const run = (c: PlanCase): Promise<unknown> => {
    switch (c.kind) {
      case "search":
        return searchResidents(ctx, c.searchText ?? "");
      case "residents_page1":
        return residents.list(ctx, parseListQuery(new URLSearchParams("page=1&sort=name&order=asc"), residents.def));
      case "collections_page1":
        return collections.list(ctx, parseListQuery(new URLSearchParams("page=1"), collections.def));
    }
  };
  const summary: Record<string, string> = {};
  fs.mkdirSync(outDir, { recursive: true });
  const client = await pool.connect();
  try {
    for (const c of cases) {
      captured = [];
      await inBarangay(c.barangayId, () => run(c));
      const queries = captured.filter((q) => /^\s*(select|with|\()/i.test(q.sql));
      let text = `-- barangay ${c.barangayId}, as portal_app under row-level security${c.searchText ? `, search ${JSON.stringify(c.searchText)}` : ""}\n\n`;
      for (const q of queries) {
        await client.query("begin");
        await client.query("set local role portal_app");
        await client.query("select set_config('app.barangay_id', $1, true)", [String(c.barangayId)]);
        const plan = await client.query(`explain (analyze, buffers) ${q.sql}`, q.parameters as unknown[]);
        await client.query("rollback");
        const lines = plan.rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n");
        text += `-- ${q.sql}\n-- parameters: ${JSON.stringify(q.parameters)}\n${lines}\n\n`;
        const time = /Execution Time: ([\d.]+) ms/.exec(lines)?.[1];
        summary[c.name] = summary[c.name] ? `${summary[c.name]} + ${time} ms` : `${time} ms`;
      }
      fs.writeFileSync(path.join(outDir, `${c.name}.txt`), text);
    }
  } finally {
    client.release();
    await db.destroy();
  }
  return summary;
}
