// Resident search latency on 200,000 residents (issue 4: "stays fast on 200,000 residents"):
//
//   npx tsx tests/bench/resident-search.ts            # PostgreSQL (BENCH_DATABASE_URL's server)
//   BENCH_SEARCH_PGLITE=1 npx tsx tests/bench/resident-search.ts   # the embedded PGlite
//
// Builds a database of its own (portal_search_bench, dropped afterwards) with 200,000 residents
// named from Filipino first names and surnames (a fixed seed), then times the search service for
// every matching case of the issue: prefix matches answered by the fast path alone, and typos that
// need the fallback. Prints p50/p95 per case and writes bench/resident-search.json. Measurement only:
// the test suite never asserts timings (DESIGN §9).
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import pg from "pg";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { searchResidents } from "../../server/features/people/resident-search.ts";
import { adminContext } from "../helpers/people.ts";

const COUNT = Number(process.env.BENCH_SEARCH_ROWS ?? 200_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
// BENCH_SEARCH_KEEP=1 keeps the database for EXPLAIN ANALYZE afterwards.
const usePglite = /^(1|true)$/i.test(process.env.BENCH_SEARCH_PGLITE ?? "");
const serverUrl = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const DB_NAME = "portal_search_bench";

const FIRST = [
  "Juan",
  "José",
  "Maria",
  "Ana",
  "Mark Anthony",
  "John Paul",
  "Kristine",
  "Angelica",
  "Jerome",
  "Rodel",
  "Rowena",
  "Maricel",
  "Niño",
  "Señorita",
  "Carmela",
  "Rogelio",
  "Danilo",
  "Erlinda",
  "Leonora",
  "Ramon",
  "Romeo",
  "Antonio",
  "Teresita",
  "Rosario",
  "Cristina",
  "Jhon Rey",
  "Mary Grace",
  "Mary Joy",
  "Princess",
  "Jericho",
  "Aljon",
  "Bea",
  "Patricia",
  "Rafael",
  "Miguel",
  "Gabriel",
  "Andrea",
  "Nicole",
  "Joshua",
  "Jasmine",
  "Ronaldo",
  "Efren",
  "Lourdes",
  "Imelda",
  "Corazon",
  "Florante",
  "Ligaya",
  "Marites",
  "Edgardo",
  "Rolando",
  "Zenaida",
  "Felipe",
  "Ernesto",
  "Virgilio",
  "Wilfredo",
  "Ma. Luisa",
  "Ma. Theresa",
  "Iñigo",
];
const LAST = [
  "Dela Cruz",
  "De los Santos",
  "Santos",
  "Reyes",
  "Cruz",
  "Bautista",
  "Ocampo",
  "Garcia",
  "Mendoza",
  "Torres",
  "Tomas",
  "Andrada",
  "Castillo",
  "Flores",
  "Villanueva",
  "Ramos",
  "Castro",
  "Rivera",
  "Aquino",
  "Navarro",
  "Salazar",
  "Mercado",
  "Del Rosario",
  "Dela Peña",
  "Peñaflor",
  "Ibañez",
  "Muñoz",
  "Santiago",
  "Gonzales",
  "Lopez",
  "Hernandez",
  "Perez",
  "Dizon",
  "Manalo",
  "Macaraeg",
  "Pangilinan",
  "Soriano",
  "Valdez",
  "Agustin",
  "Domingo",
  "Pascual",
  "Aguilar",
  "Marquez",
  "Gutierrez",
  "Magbanua",
  "Dimaculangan",
  "Macapagal",
  "Sison",
  "Lacson",
  "Buenaventura",
  "Evangelista",
  "De Guzman",
  "De Leon",
  "San Jose",
  "Delacruz",
  "Tolentino",
  "Catapang",
  "Panganiban",
  "Umali",
  "Yap",
  "Tan",
  "Sy",
  "Lim",
  "Co",
  "Ong",
  "Go",
  "Chua",
  "Quiambao",
  "Bernardo",
  "Salonga",
  "Esguerra",
  "Nepomuceno",
  "Padilla",
  "Robles",
  "Dela-Cruz",
  "D'Angelo",
];

// Three in eight people carry one of the common surnames above (Dela Cruz alone about one in a
// hundred); the rest have surnames built from Filipino syllables, a long tail as in a real
// barangay (Macaraeg, Dimaculangan, Pangilinan…): a few thousand distinct words in all.
const SYLLABLES = [
  "ma",
  "ca",
  "pa",
  "ga",
  "ta",
  "la",
  "ba",
  "da",
  "sa",
  "na",
  "di",
  "pi",
  "li",
  "bu",
  "tu",
  "lu",
  "san",
  "tan",
  "pang",
  "dim",
  "lac",
  "ban",
  "sum",
  "pag",
  "tol",
  "mang",
  "bat",
  "dum",
  "quin",
  "gat",
];
const ENDINGS = [
  "al",
  "an",
  "on",
  "ing",
  "ag",
  "aya",
  "ino",
  "ez",
  "es",
  "ila",
  "ong",
  "ug",
  "at",
  "uy",
  "aoy",
  "ilan",
  "oza",
  "ero",
  "ada",
  "aria",
];

const CASES: { query: string; kind: string }[] = [
  { query: "juan dela cruz", kind: "full name" },
  { query: "cruz juan", kind: "word order" },
  { query: "JUAN DELA CRUZ", kind: "case" },
  { query: "nino", kind: "ñ as n" },
  { query: "penaflor", kind: "ñ in a surname" },
  { query: "delacruz", kind: "written together" },
  { query: "dela-cruz", kind: "hyphen" },
  { query: "de la cruz", kind: "written apart" },
  { query: "maria", kind: "one common word" },
  { query: "mac", kind: "prefix as you type" },
  { query: "jaun dela cruz", kind: "typo (swapped letters)" },
  { query: "juan dela crus", kind: "typo (wrong letter)" },
  { query: "macapagl", kind: "typo (missing letter)" },
  { query: "zzqxv", kind: "nothing like it" },
];

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function open(): Promise<OpenedDatabase> {
  if (usePglite) return openDatabase({ pgliteDir: "memory://" });
  await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  await adminQuery(`create database ${DB_NAME}`);
  const url = new URL(serverUrl);
  url.pathname = `/${DB_NAME}`;
  return openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const opened = await open();
  const { db } = opened;
  try {
    await migrateToLatest(db);
    const started = performance.now();
    await sql`insert into puroks (name) select 'Purok ' || g from generate_series(1, 12) g`.execute(db);
    // Deterministic picks from the id (no random()), in batches to keep each statement small.
    const batch = 20_000;
    for (let from = 0; from < COUNT; from += batch) {
      const n = Math.min(batch, COUNT - from);
      await sql`
        with u as (insert into users (kind) select 'resident' from generate_series(1, ${n}) returning id)
        insert into user_profiles (user_id, firstname, middlename, lastname, suffix, sex, date_of_birth, civil_status, purok_id, contact_number)
        select id,
          (${sql.val(FIRST)}::text[])[1 + ((hashint8(id * 7) % ${FIRST.length}) + ${FIRST.length}) % ${FIRST.length}],
          case when (hashint8(id) & 7) < 3 then (${sql.val(LAST)}::text[])[1 + ((hashint8(id * 7 + 8) % ${LAST.length}) + ${LAST.length}) % ${LAST.length}]
            else initcap((${sql.val(SYLLABLES)}::text[])[1 + ((hashint8(id * 7 + 1) % ${SYLLABLES.length}) + ${SYLLABLES.length}) % ${SYLLABLES.length}] || (${sql.val(SYLLABLES)}::text[])[1 + ((hashint8(id * 7 + 2) % ${SYLLABLES.length}) + ${SYLLABLES.length}) % ${SYLLABLES.length}] || (${sql.val(ENDINGS)}::text[])[1 + ((hashint8(id * 7 + 3) % ${ENDINGS.length}) + ${ENDINGS.length}) % ${ENDINGS.length}]) end,
          case when (hashint8(id + 99) & 7) < 3 then (${sql.val(LAST)}::text[])[1 + ((hashint8(id * 7 + 9) % ${LAST.length}) + ${LAST.length}) % ${LAST.length}]
            else initcap((${sql.val(SYLLABLES)}::text[])[1 + ((hashint8(id * 7 + 4) % ${SYLLABLES.length}) + ${SYLLABLES.length}) % ${SYLLABLES.length}] || (${sql.val(SYLLABLES)}::text[])[1 + ((hashint8(id * 7 + 5) % ${SYLLABLES.length}) + ${SYLLABLES.length}) % ${SYLLABLES.length}] || (${sql.val(ENDINGS)}::text[])[1 + ((hashint8(id * 7 + 6) % ${ENDINGS.length}) + ${ENDINGS.length}) % ${ENDINGS.length}]) end,
          case when id % 37 = 0 then 'Jr.' end,
          case when id % 2 = 0 then 'Male' else 'Female' end,
          date '1940-01-01' + ((id * 7) % 30000)::int,
          'Single',
          (select min(id) from puroks) + id % 12,
          case when id % 3 = 0 then '0917' || lpad(((id * 31) % 10000000)::text, 7, '0') end
        from u
      `.execute(db);
    }
    await sql`vacuum analyze`.execute(db);
    const loadMs = performance.now() - started;
    const words = (await sql<{ n: number }>`select count(*)::int as n from name_words`.execute(db)).rows[0].n;
    console.log(`${opened.kind}: ${COUNT} residents, ${words} distinct name words, loaded in ${(loadMs / 1000).toFixed(1)} s`);

    const ctx = adminContext(db);
    const results = [];
    for (const c of CASES) {
      for (let i = 0; i < 3; i++) await searchResidents(ctx, c.query); // warm-up
      const times: number[] = [];
      let outcome = await searchResidents(ctx, c.query);
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        outcome = await searchResidents(ctx, c.query);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const row = {
        query: c.query,
        kind: c.kind,
        strategy: outcome.strategy,
        results: outcome.data.length,
        first: outcome.data[0]?.user_profile.fullname_with_middle ?? null,
        p50_ms: Math.round(percentile(times, 50) * 10) / 10,
        p95_ms: Math.round(percentile(times, 95) * 10) / 10,
      };
      results.push(row);
      console.log(
        `${row.query.padEnd(18)} ${row.kind.padEnd(24)} ${row.strategy.padEnd(12)} p50 ${String(row.p50_ms).padStart(6)} ms  p95 ${String(row.p95_ms).padStart(6)} ms  ${row.results} found, first: ${row.first}`,
      );
    }
    fs.mkdirSync(path.resolve("bench"), { recursive: true });
    fs.writeFileSync(
      path.resolve("bench/resident-search.json"),
      JSON.stringify(
        { database: opened.kind, residents: COUNT, name_words: words, runs: RUNS, measured_at: new Date().toISOString(), results },
        null,
        2,
      ),
    );
  } finally {
    await opened.close();
    if (!usePglite && !process.env.BENCH_SEARCH_KEEP) await adminQuery(`drop database if exists ${DB_NAME} with (force)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
