import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { sql } from "kysely";
import { getResource } from "../../domain/registry/index.ts";
import type { ResourceDef } from "../../domain/registry/types.ts";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { asOwner, inBarangay } from "../../db/tenant.ts";
import "../../server/features/index.ts"; // the areas, composed before the seed uses their services
import { seed } from "../../server/seed.ts";
import { seedParameters } from "../../server/seed-parameters.ts";
import { createUser, type ApiClient, type ApiResponse } from "../helpers/server.ts";
import { sampleInput } from "../helpers/resources.ts";
import { createFaultDatabase, ensureBuild, FAULTS_ENABLED, startPortal, type FaultDatabase, type Portal } from "./portal.ts";

// Issue 29 item 8: barangays on one hub never see or touch each other's rows.
//
// 50 barangays, each with three administrators and rows made through the REST API in its own scope
// (residents, households, businesses, non-residents, organizations, certificates, receipts with
// their pads, disaster-prone areas, officials, and the references they need). Every text a row
// carries names its barangay: sampleInput writes the tag `fz<two letters>q` into each text field.
// Then FUZZ_REQUESTS random requests (100,000 with `npm run test:fuzz`; 10,000 in the ordinary
// PostgreSQL pass, to keep CI's time) from the 150 users,
// 16 at a time, on ONE production server (PORTAL_HUB=true) and its pool: REST lists, searches
// (for words of other barangays too), reads (own ids and other barangays' ids), exports and
// reports, tRPC lists and reads, and pages (HTML and their .data routes). Every row returned is
// checked against the barangay the owner sees it in, and every answer for another barangay's tag.
// Writes that name other barangays' ids (update, delete, tRPC remove, a create referring to
// another barangay's row) must be refused and change nothing: every barangay's rows are hashed as
// the owner before and after.

const BARANGAYS = 50;
const USERS_PER_BARANGAY = 3;
const CONCURRENCY = 16;
const SETUP_PARALLEL = 6;
/** `npm run test:fuzz` asks 100,000 (FUZZ_REQUESTS=100000); the ordinary PostgreSQL pass (CI) a tenth of that. */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const PASSWORD = "Fuzz-Passw0rd!";

/** The records each barangay makes (references, e.g. puroks, pads, types, come with them). */
const MADE = [
  "resident",
  "resident",
  "household",
  "business",
  "non_resident",
  "organization",
  "transaction",
  "collection",
  "disaster_prone_area",
  "official",
];
/** The lists read (their rows are checked by id), with the table their ids are of. */
const LISTED = [...new Set([...MADE, "purok", "religion", "form_pad", "collection_type", "transaction_type", "role", "user"])];

/** The barangay tag: two letters between `fz` and `q`, e.g. fzabq for barangay 2. */
const tagOf = (i: number) => `fz${String.fromCharCode(97 + Math.floor((i - 1) / 26))}${String.fromCharCode(97 + ((i - 1) % 26))}q`;
/** A tag as written (case and all): a CSP nonce or an asset's hash may hold the letters in another case. */
const TAG = /(?<![A-Za-z])fz([a-z])([a-z])q/g;
const barangayOfTag = (a: string, b: string) => (a.charCodeAt(0) - 97) * 26 + (b.charCodeAt(0) - 97) + 1;

function tableOf(def: ResourceDef): string {
  return def.storage.kind === "table" ? def.storage.table : "users";
}
function restBase(def: ResourceDef): string {
  return `/backend/api/${def.restPrefix ? `${def.restPrefix}/` : ""}${def.restPath}`;
}

/** A small fixed-seed generator: the same requests on every run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Barangay {
  index: number;
  id: number;
  tag: string;
  clients: ApiClient[];
  /** A valid create body per made resource, reused as the body of writes aimed at other barangays. */
  bodies: Map<string, Record<string, unknown>>;
}

interface Tally {
  requests: number;
  byKind: Record<string, number>;
  /** Milliseconds spent per kind (summed over the requests). */
  msByKind: Record<string, number>;
  statuses: Record<string, number>;
  rowsChecked: number;
  foreignRows: number;
  foreignTags: number;
  ownRowsSeen: number;
  writesAimedAway: number;
  writesAccepted: number;
  serverErrors: number;
  samples: string[];
}

describe.skipIf(!FAULTS_ENABLED)("isolation fuzz: 50 barangays on one hub", () => {
  let database: FaultDatabase;
  let portal: Portal;
  let opened: OpenedDatabase;
  const barangays: Barangay[] = [];
  /** table → id → barangay id, as the owner sees them. */
  const owners = new Map<string, Map<number, number>>();
  /** table → barangay id → ids. */
  const idsOf = new Map<string, Map<number, number[]>>();

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    portal = await startPortal({ env: { DATABASE_URL: database.url, PORTAL_HUB: "true" }, timeoutMs: 120_000 });
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 4 });
    const { db } = opened;
    const started = performance.now();
    await asOwner(() =>
      sql`
        insert into barangays (psgc_code, name, city_municipality, city_psgc_code)
        select '98' || lpad(g::text, 8, '0'), 'Fuzz Barangay ' || g, 'Fuzz City', '9800000000' from generate_series(1, ${BARANGAYS}::int) g`.execute(
        db,
      ),
    );
    const rows = await asOwner(() =>
      db.selectFrom("barangays").select(["id", "psgc_code"]).where("psgc_code", "like", "98%").orderBy("id").execute(),
    );
    // Seeded, signed in and given its rows, SETUP_PARALLEL barangays at a time (each seed in its own
    // scope; the rows made by the barangay's first administrator through the REST API).
    const setUp = async (k: number) => {
      const row = rows[k];
      const index = k + 1;
      const tag = tagOf(index);
      const usernames = Array.from({ length: USERS_PER_BARANGAY }, (_, u) => `fuzz-${index}-${u}`);
      await inBarangay(row.id, async () => {
        await seed(db, { adminUsername: usernames[0], adminPassword: PASSWORD, demo: false });
        await db.transaction().execute((trx) => seedParameters(trx));
        for (const username of usernames.slice(1))
          await createUser(db, {
            username,
            password: PASSWORD,
            roles: ["Administrator"],
            firstname: `Staff ${tag}`,
            lastname: `Office ${tag}`,
          });
      });
      const clients: ApiClient[] = [];
      for (const username of usernames) {
        const client = portal.client();
        const res = await client.login(username, PASSWORD);
        if (res.status !== 200) throw new Error(`login as ${username} answered ${res.status}: ${res.text}`);
        clients.push(client);
      }
      const b: Barangay = { index, id: row.id, tag, clients, bodies: new Map() };
      for (const name of MADE) {
        const def = getResource(name);
        const body = await sampleInput(b.clients[0], def, b.tag);
        const res = await b.clients[0].post(restBase(def), body);
        if (res.status !== 201) throw new Error(`barangay ${b.index}: creating a ${name} answered ${res.status}: ${res.text}`);
        b.bodies.set(name, body);
      }
      barangays[k] = b;
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: SETUP_PARALLEL }, async () => {
        while (next < rows.length) await setUp(next++);
      }),
    );
    // Who owns what, as the owner sees it.
    for (const table of new Set(LISTED.map((n) => tableOf(getResource(n))))) {
      const all = await asOwner(() =>
        sql<{ id: number; barangay_id: number }>`select id, barangay_id from ${sql.table(table)}`.execute(db),
      );
      const byId = new Map<number, number>();
      const byBarangay = new Map<number, number[]>();
      for (const r of all.rows) {
        byId.set(Number(r.id), Number(r.barangay_id));
        const list = byBarangay.get(Number(r.barangay_id)) ?? [];
        list.push(Number(r.id));
        byBarangay.set(Number(r.barangay_id), list);
      }
      owners.set(table, byId);
      idsOf.set(table, byBarangay);
    }
    console.log(
      `isolation fuzz: ${barangays.length} barangays, ${barangays.length * USERS_PER_BARANGAY} users signed in, ` +
        `${barangays.length * MADE.length} records made through the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }, 600_000);

  afterAll(async () => {
    await opened?.close();
    await portal?.stop();
    await database?.drop();
  });

  /** Per table and barangay: the count and a hash of every row, as the owner reads them. */
  async function fingerprint(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const table of new Set(LISTED.map((n) => tableOf(getResource(n))))) {
      const rows = await asOwner(() =>
        sql<{ barangay_id: number; n: number; h: string }>`
          select barangay_id, count(*)::int as n, md5(string_agg(t::text, '|' order by t.id)) as h
          from ${sql.table(table)} t group by barangay_id`.execute(opened.db),
      );
      for (const r of rows.rows) out.set(`${table}:${r.barangay_id}`, `${r.n}:${r.h}`);
    }
    return out;
  }

  test(`${REQUESTS.toLocaleString("en-US")} random requests find no row of another barangay, and writes aimed at other barangays change nothing`, async () => {
    const before = await fingerprint();
    const random = prng(20261129);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const tally: Tally = {
      requests: 0,
      byKind: {},
      msByKind: {},
      statuses: {},
      rowsChecked: 0,
      foreignRows: 0,
      foreignTags: 0,
      ownRowsSeen: 0,
      writesAimedAway: 0,
      writesAccepted: 0,
      serverErrors: 0,
      samples: [],
    };
    const note = (message: string) => {
      if (tally.samples.length < 20) tally.samples.push(message);
    };

    /** Other barangays' tags in an answer's text. */
    const checkTags = (b: Barangay, text: string, where: string) => {
      for (const m of text.matchAll(TAG)) {
        const other = barangayOfTag(m[1], m[2]);
        if (other !== b.index && other <= BARANGAYS) {
          tally.foreignTags++;
          const at = m.index ?? 0;
          note(`${where}: tag of barangay ${other} in an answer to barangay ${b.index}: …${text.slice(Math.max(0, at - 60), at + 40)}…`);
        }
      }
    };
    /** Rows of a list or a read, each checked against its owner. */
    const checkRows = (b: Barangay, table: string, rows: unknown, where: string) => {
      const list = Array.isArray(rows) ? rows : rows && typeof rows === "object" ? [rows] : [];
      for (const row of list as { id?: unknown }[]) {
        if (typeof row?.id !== "number") continue;
        tally.rowsChecked++;
        const owner = owners.get(table)?.get(row.id);
        if (owner === b.id) tally.ownRowsSeen++;
        else if (owner !== undefined) {
          tally.foreignRows++;
          note(`${where}: ${table} ${row.id} of barangay ${owner} shown to barangay ${b.id}`);
        }
      }
    };
    const foreignId = (table: string, b: Barangay): number | null => {
      const other = pick(barangays.filter((x) => x !== b));
      const ids = idsOf.get(table)?.get(other.id) ?? [];
      return ids.length ? pick(ids) : null;
    };
    const ownId = (table: string, b: Barangay): number | null => {
      const ids = idsOf.get(table)?.get(b.id) ?? [];
      return ids.length ? pick(ids) : null;
    };
    const record = (kind: string, res: { status: number }, where: string) => {
      tally.requests++;
      tally.byKind[kind] = (tally.byKind[kind] ?? 0) + 1;
      tally.statuses[res.status] = (tally.statuses[res.status] ?? 0) + 1;
      if (res.status >= 500 || res.status === 0) {
        tally.serverErrors++;
        note(`${where} answered ${res.status}`);
      }
    };
    const refused = (status: number) => status === 403 || status === 404 || status === 422 || status === 400;

    const kinds: [string, number, (b: Barangay, client: ApiClient) => Promise<void>][] = [
      [
        "rest_list",
        20,
        async (b, client) => {
          const def = getResource(pick(LISTED));
          const path = `${restBase(def)}?page=${1 + Math.floor(random() * 2)}`;
          const res = await client.get(path);
          record("rest_list", res, path);
          checkTags(b, res.text, path);
          if (res.status === 200) checkRows(b, tableOf(def), res.body?.data, path);
        },
      ],
      [
        "rest_search",
        12,
        async (b, client) => {
          // Half the searches are for another barangay's tag: they must find nothing.
          const other = random() < 0.5 ? pick(barangays) : b;
          const def = getResource(pick(["resident", "household", "business", "non_resident", "transaction", "collection"]));
          const path = `${restBase(def)}?search=${other.tag}`;
          const res = await client.get(path);
          record("rest_search", res, path);
          // The answer may repeat the words searched for (its links): those are not rows.
          checkTags(b, res.text.replaceAll(other.tag, ""), path);
          if (res.status === 200) checkRows(b, tableOf(def), res.body?.data, path);
        },
      ],
      [
        "rest_read",
        14,
        async (b, client) => {
          const def = getResource(pick(LISTED));
          const table = tableOf(def);
          const away = random() < 0.5;
          const id = away ? foreignId(table, b) : ownId(table, b);
          if (id == null) return;
          const path = `${restBase(def)}/${id}`;
          const res = await client.get(path);
          record("rest_read", res, path);
          checkTags(b, res.text, path);
          if (res.status === 200) checkRows(b, table, res.body?.data, path);
        },
      ],
      [
        "export_report",
        4,
        async (b, client) => {
          const path = pick([
            "/backend/api/reports/residents/export.csv",
            "/backend/api/reports/residents",
            "/backend/api/reports/households",
            "/backend/api/reports/collections",
            "/backend/api/resident/count",
          ]);
          const res = await client.get(path);
          record("export_report", res, path);
          checkTags(b, res.text, path);
        },
      ],
      [
        // The same report or list asked by several barangays at the same moment: anything shared
        // between requests in flight (a coalesced run, a cache) must be per barangay.
        "burst",
        2,
        async () => {
          const path = pick(["/backend/api/reports/residents", "/backend/api/reports/households", "/backend/api/resident?page=1"]);
          const askers = Array.from({ length: 4 }, () => pick(barangays));
          await Promise.all(
            askers.map(async (asker) => {
              const res = await pick(asker.clients).get(path);
              record("burst", res, path);
              checkTags(asker, res.text, `${path} (burst)`);
              if (res.status === 200 && path.startsWith("/backend/api/resident")) checkRows(asker, "users", res.body?.data, path);
            }),
          );
        },
      ],
      [
        "trpc",
        14,
        async (b, client) => {
          const def = getResource(pick(LISTED));
          const table = tableOf(def);
          let path: string;
          let searched = "";
          if (random() < 0.5) {
            searched = random() < 0.5 ? pick(barangays).tag : "";
            path = `/trpc/resource.list?input=${encodeURIComponent(JSON.stringify({ resource: def.name, query: { search: searched } }))}`;
          } else {
            const id = random() < 0.5 ? foreignId(table, b) : ownId(table, b);
            if (id == null) return;
            path = `/trpc/resource.get?input=${encodeURIComponent(JSON.stringify({ resource: def.name, id }))}`;
          }
          const res = await client.get(path);
          record("trpc", res, path);
          checkTags(b, searched ? res.text.replaceAll(searched, "") : res.text, path);
          const data = res.body?.result?.data;
          if (res.status === 200) checkRows(b, table, Array.isArray(data?.data) ? data.data : data, path);
        },
      ],
      [
        "page",
        10,
        async (b, client) => {
          const def = getResource(pick(LISTED));
          const dataRoute = random() < 0.5;
          const path = dataRoute ? `${def.path}.data` : def.path;
          const res = await client.request("GET", path, { headers: { Accept: "text/html,*/*" } });
          record("page", res, path);
          checkTags(b, res.text, path);
        },
      ],
      [
        "write_away",
        26,
        async (b, client) => {
          const name = pick(MADE);
          const def = getResource(name);
          const table = tableOf(def);
          const id = foreignId(table, b);
          if (id == null) return;
          const how = pick(["put", "delete", "trpc_update", "trpc_remove", "create_ref"] as const);
          let res: ApiResponse;
          let path: string;
          if (how === "put") {
            path = `${restBase(def)}/${id}`;
            res = await client.put(path, b.bodies.get(name));
          } else if (how === "delete") {
            path = `${restBase(def)}/${id}`;
            res = await client.delete(path);
          } else if (how === "trpc_update") {
            path = "/trpc/resource.update";
            res = await client.post(path, { resource: name, id, data: b.bodies.get(name) });
          } else if (how === "trpc_remove") {
            path = "/trpc/resource.remove";
            res = await client.post(path, { resource: name, id, reason: "fuzz" });
          } else {
            // A new resident of this barangay in another barangay's purok.
            const purok = foreignId("puroks", b);
            if (purok == null) return;
            path = "/backend/api/resident";
            const body = structuredClone(b.bodies.get("resident")!) as { user_profile?: Record<string, unknown> };
            body.user_profile = { ...body.user_profile, purok_id: purok };
            res = await client.post(path, body);
          }
          tally.writesAimedAway++;
          record("write_away", res, `${how} ${path}`);
          checkTags(b, res.text, path);
          if (!refused(res.status)) {
            tally.writesAccepted++;
            note(`${how} ${path} of ${table} ${id} (barangay ${owners.get(table)?.get(id)}) by barangay ${b.id} answered ${res.status}`);
          }
        },
      ],
    ];
    const weights = kinds.reduce((s, k) => s + k[1], 0);
    const choose = () => {
      let r = random() * weights;
      for (const k of kinds) if ((r -= k[1]) < 0) return k;
      return kinds[0];
    };

    const started = performance.now();
    let issued = 0;
    const worker = async () => {
      while (issued < REQUESTS) {
        issued++;
        const b = pick(barangays);
        const client = pick(b.clients);
        const [kind, , run] = choose();
        const t0 = performance.now();
        await run(b, client);
        tally.msByKind[kind] = (tally.msByKind[kind] ?? 0) + (performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    const after = await fingerprint();
    const changed = [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k));

    console.log(
      [
        `isolation fuzz: ${tally.requests.toLocaleString("en-US")} requests in ${seconds.toFixed(1)} s (${Math.round(tally.requests / seconds)}/s, ${CONCURRENCY} at a time, one server)`,
        `  by kind (requests, mean ms): ${Object.entries(tally.byKind)
          .map(([k, v]) => `${k} ${v} (${((tally.msByKind[k] ?? 0) / v).toFixed(1)})`)
          .join(", ")}`,
        `  statuses: ${Object.entries(tally.statuses)
          .map(([k, v]) => `${k}×${v}`)
          .join(", ")}`,
        `  rows checked ${tally.rowsChecked.toLocaleString("en-US")} (own ${tally.ownRowsSeen.toLocaleString("en-US")}), foreign rows ${tally.foreignRows}, foreign tags ${tally.foreignTags}`,
        `  writes aimed at other barangays ${tally.writesAimedAway.toLocaleString("en-US")}, accepted ${tally.writesAccepted}; tables×barangays changed ${changed.length} of ${after.size}`,
        `  server errors ${tally.serverErrors}`,
        ...tally.samples.map((s) => `  ! ${s}`),
      ].join("\n"),
    );
    expect(tally.requests).toBeGreaterThanOrEqual(REQUESTS * 0.95);
    expect(tally.ownRowsSeen, "the lists showed the barangays their own rows").toBeGreaterThan(0);
    expect(tally.foreignRows, tally.samples.join("\n")).toBe(0);
    expect(tally.foreignTags, tally.samples.join("\n")).toBe(0);
    expect(tally.writesAccepted, tally.samples.join("\n")).toBe(0);
    expect(changed).toEqual([]);
    expect(tally.serverErrors, tally.samples.join("\n")).toBe(0);
  }, 3_600_000);
});
