// The hub bench's floor (issue 29 item 7): tests/bench/floor.ts in a barangay's scope. A bare
// node:http server with the portal's own pool beneath the portal's ScopedDialect (so each statement
// runs as portal_app with the barangay SET LOCAL, like the server's), running exactly the SQL of the
// search and the lists through the same services, in the barangay named by the X-Bench-Barangay
// header: no Express, no session, no permission reads, no logging, no compression.
import http from "node:http";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "../../db/schema.ts";
import { postgresPool } from "../../db/index.ts";
import { inBarangay, ScopedDialect } from "../../db/tenant.ts";
import { parseListQuery } from "../../domain/registry/list-query.ts";
import { allPermissionNames } from "../../domain/registry/index.ts";
import "../../server/features/index.ts"; // the areas, composed before the services are used
import { serviceFor } from "../../server/engine/services.ts";
import { searchResidents } from "../../server/features/people/resident-search.ts";
import { isPlainSearch } from "../../server/features/people/people-lists.ts";
import type { AuthUser, ServiceContext } from "../../server/context.ts";

pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

const pool = postgresPool(process.env.DATABASE_URL!, 10);
const db = new Kysely<Database>({ dialect: new ScopedDialect(new PostgresDialect({ pool }), true) });
const user = { id: 1, permissions: allPermissionNames() } as unknown as AuthUser;
const ctx: ServiceContext = { db, user };
const residents = serviceFor("resident");
const collections = serviceFor("collection");

async function answer(url: URL): Promise<unknown> {
  if (url.pathname === "/healthz") return { status: "ok" };
  if (url.pathname === "/backend/api/resident" && isPlainSearch(Object.fromEntries(url.searchParams)))
    return { data: (await searchResidents(ctx, url.searchParams.get("search") ?? "")).data };
  if (url.pathname === "/backend/api/resident")
    return residents.list(ctx, parseListQuery(url.searchParams, residents.def), "/backend/api/resident");
  if (url.pathname === "/backend/api/collection")
    return collections.list(ctx, parseListQuery(url.searchParams, collections.def), "/backend/api/collection");
  return undefined;
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", "http://floor");
    const barangay = Number(req.headers["x-bench-barangay"] ?? 1);
    const body = await inBarangay(barangay, () => answer(url));
    if (body === undefined) {
      res.writeHead(404).end();
      return;
    }
    const json = JSON.stringify(body);
    res.writeHead(200, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(json) }).end(json);
  } catch (error) {
    res.writeHead(500, { "Content-Type": "text/plain" }).end(String(error));
  }
});

server.listen(Number(process.env.PORT ?? 3911), "127.0.0.1");
const stop = () => server.close(() => void db.destroy().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
