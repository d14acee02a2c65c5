// The floor (issue 6): a bare node:http server with a pg pool that runs exactly the SQL our
// services run for the search, list and count cases — it calls the same query builders (Kysely over
// the pool, the engine's list queries, the search service) — and writes the JSON, with nothing
// else: no Express, no session lookup, no permission reads, no logging, no compression.
// The difference between our server and this one is what the framework and the middleware cost.
import http from "node:http";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../../db/schema.ts";
import { postgresPool } from "../../db/index.ts";
import { parseListQuery } from "../../domain/registry/list-query.ts";
import { allPermissionNames } from "../../domain/registry/index.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { searchResidents } from "../../server/features/people/resident-search.ts";
import { isPlainSearch } from "../../server/features/people/people-lists.ts";
import type { AuthUser, ServiceContext } from "../../server/context.ts";

pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

// The portal's own pool (prepared statements, decision 174): the same SQL, sent the same way.
const pool = postgresPool(process.env.DATABASE_URL!, 10);
const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
// The services check permissions in memory; this user holds them all, read once.
const user = { id: 1, permissions: allPermissionNames() } as unknown as AuthUser;
const ctx: ServiceContext = { db, user };
const residents = serviceFor("resident");
const collections = serviceFor("collection");

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    let body: unknown;
    if (url.pathname === "/healthz") body = { status: "ok" };
    else if (url.pathname === "/backend/api/resident/count")
      body = { data: await residents.count(ctx, parseListQuery(url.searchParams, residents.def)) };
    else if (url.pathname === "/backend/api/resident" && isPlainSearch(Object.fromEntries(url.searchParams)))
      body = { data: (await searchResidents(ctx, url.searchParams.get("search") ?? "")).data };
    else if (url.pathname === "/backend/api/resident")
      body = await residents.list(ctx, parseListQuery(url.searchParams, residents.def), "/backend/api/resident");
    else if (url.pathname === "/backend/api/collection")
      body = await collections.list(ctx, parseListQuery(url.searchParams, collections.def), "/backend/api/collection");
    else {
      res.writeHead(404).end();
      return;
    }
    const json = JSON.stringify(body);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) }).end(json);
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
  }
});

server.listen(Number(process.env.PORT ?? 3901), "127.0.0.1");
const stop = () => server.close(() => void db.destroy().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
