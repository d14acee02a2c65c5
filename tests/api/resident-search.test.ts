import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { seed } from "../../server/seed.ts";
import { sql } from "kysely";
import { joinings, prefixTsquery, searchResidents, searchWords, trigramSimilarity } from "../../server/features/people/resident-search.ts";
import { createTestDatabase, TEST_ADMIN, usingPostgres, type TestDatabase } from "../helpers/db.ts";
import { adminContext, insertResidents } from "../helpers/people.ts";

// Search quality of the global resident search (issue 4): every matching case of the issue as a
// table, run on PGlite always and on PostgreSQL too when TEST_DATABASE_URL is set.

const PEOPLE = [
  { firstname: "Juan", middlename: "Santos", lastname: "Dela Cruz", date_of_birth: "1970-03-04" },
  { firstname: "Juan", lastname: "Dela Cruz", suffix: "Jr.", date_of_birth: "1999-02-02" },
  { firstname: "Juana", lastname: "Dela Cruz" },
  { firstname: "Maria Clara", lastname: "Dela-Cruz" },
  { firstname: "Pedro", lastname: "Delacruz" },
  { firstname: "Niño", lastname: "Mendoza" },
  { firstname: "José", middlename: "Protasio", lastname: "Rizal" },
  { firstname: "Ana Marie", lastname: "D'Angelo" },
  { firstname: "Teresa", lastname: "Santos" },
  { firstname: "Ricardo", lastname: "Macapagal", contact_number: "09171234567" },
  { firstname: "Ma. Luisa", lastname: "Peñaflor" },
  { firstname: "Juan", lastname: "Basurero", deleted: true },
  { firstname: "Juan", lastname: "Opisina", kind: "staff" as const },
];

type Case = { query: string; first?: string; includes?: string[]; excludes?: string[]; empty?: boolean; why: string };

const CASES: Case[] = [
  { query: "juan dela cruz", includes: ["Juan Santos Dela Cruz", "Juan Dela Cruz Jr."], why: "the full name" },
  { query: "JUAN DELA CRUZ", includes: ["Juan Santos Dela Cruz", "Juan Dela Cruz Jr."], why: "case" },
  { query: "cruz juan", includes: ["Juan Santos Dela Cruz", "Juan Dela Cruz Jr."], why: "word order" },
  { query: "dela cruz juan", includes: ["Juan Santos Dela Cruz"], why: "word order, surname first" },
  { query: "nino", first: "Niño Mendoza", why: "ñ typed as n" },
  { query: "Niño", first: "Niño Mendoza", why: "ñ typed as ñ" },
  { query: "jose rizal", first: "José Protasio Rizal", why: "accent left out" },
  { query: "penaflor", first: "Ma. Luisa Peñaflor", why: "ñ inside a surname" },
  { query: "delacruz", includes: ["Juan Santos Dela Cruz", "Maria Clara Dela-Cruz", "Pedro Delacruz"], why: "spacing: written together" },
  { query: "dela-cruz", includes: ["Juan Santos Dela Cruz", "Maria Clara Dela-Cruz", "Pedro Delacruz"], why: "hyphen" },
  { query: "de la cruz", includes: ["Juan Santos Dela Cruz", "Maria Clara Dela-Cruz"], why: "spacing: written apart" },
  { query: "dela cruz pedro", first: "Pedro Delacruz", why: "apart in the query, together in the name" },
  { query: "dangelo", first: "Ana Marie D'Angelo", why: "apostrophe left out" },
  { query: "d'angelo", first: "Ana Marie D'Angelo", why: "apostrophe typed" },
  { query: "mariaclara", first: "Maria Clara Dela-Cruz", why: "two-word first name written together" },
  { query: "jaun dela cruz", first: "Juan", includes: ["Juan Santos Dela Cruz", "Juan Dela Cruz Jr."], why: "typo: swapped letters" },
  { query: "juan dela crus", includes: ["Juan Santos Dela Cruz", "Juan Dela Cruz Jr."], why: "typo: wrong letter" },
  { query: "santso", first: "Teresa Santos", why: "typo in a surname" },
  { query: "mendosa", first: "Niño Mendoza", why: "typo: s for z" },
  { query: "macapagl", first: "Ricardo Macapagal", why: "typo: missing letter" },
  { query: "ricrdo", first: "Ricardo Macapagal", why: "typo: missing letter in a first name" },
  { query: "mac", first: "Ricardo Macapagal", why: "prefix as you type" },
  { query: "ri mac", first: "Ricardo Macapagal", why: "two prefixes, the first of two letters (no name word)" },
  { query: "te san", first: "Teresa Santos", why: "two prefixes as typed in a hurry" },
  { query: "juan d", includes: ["Juan Santos Dela Cruz", "Juan Dela Cruz Jr."], why: "prefix of the second word" },
  { query: "juan", excludes: ["Juan Basurero", "Juan Opisina"], why: "trashed residents and staff are never offered" },
  { query: "basurero", empty: true, why: "a trashed resident's own name finds nothing" },
  { query: "zzqxv", empty: true, why: "nothing like it" },
  { query: "   ", empty: true, why: "blank text" },
];

async function openPglite(): Promise<TestDatabase> {
  const opened = await openDatabase({ pgliteDir: "memory://" });
  await migrateToLatest(opened.db);
  await seed(opened.db, { adminUsername: TEST_ADMIN.username, adminPassword: TEST_ADMIN.password, demo: false });
  return { db: opened.db, kind: "pglite", close: () => opened.close() };
}

const TARGETS: [string, () => Promise<TestDatabase>][] = [["PGlite", openPglite]];
if (usingPostgres()) TARGETS.push(["PostgreSQL", () => createTestDatabase({ seed: true })]);

describe.each(TARGETS)("resident search on %s", (_label, open) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await open();
    await insertResidents(database.db, PEOPLE);
  });
  afterAll(async () => {
    await database?.close();
  });

  const names = async (query: string) =>
    (await searchResidents(adminContext(database.db), query)).data.map((r) => r.user_profile.fullname_with_middle);

  it.each(CASES)("$why: “$query”", async (c) => {
    const found = await names(c.query);
    if (c.empty) expect(found).toEqual([]);
    if (c.first) expect(found[0], found.join(" | ")).toContain(c.first);
    for (const name of c.includes ?? []) expect(found, `${c.query} → ${found.join(" | ")}`).toContain(name);
    for (const name of c.excludes ?? []) expect(found.some((f) => f.includes(name))).toBe(false);
  });

  it("ranks exact matches before prefix matches", async () => {
    const found = await names("juan dela cruz");
    expect(found.indexOf("Juana Dela Cruz")).toBeGreaterThan(found.indexOf("Juan Santos Dela Cruz"));
    expect(found.indexOf("Juana Dela Cruz")).toBeGreaterThan(found.indexOf("Juan Dela Cruz Jr."));
    const typo = await names("jaun dela cruz");
    expect(typo.slice(0, 2).sort()).toEqual(["Juan Dela Cruz Jr.", "Juan Santos Dela Cruz"]);
  });

  it("answers the fields of spec §3's search result", async () => {
    const [first] = (await searchResidents(adminContext(database.db), "macapagal")).data;
    expect(first.user_profile).toMatchObject({
      image: "/default_avatar.png",
      firstname: "Ricardo",
      fullname_with_middle: "Ricardo Macapagal",
      contact_number_joint: "09171234567",
      complete_address: "Purok 1",
    });
    expect(first.user_profile).toHaveProperty("hex_color");
    const [other] = (await searchResidents(adminContext(database.db), "teresa santos")).data;
    expect(other.user_profile.contact_number_joint).toBe("N/A");
  });

  it("ranks by the same trigram similarity as pg_trgm's similarity() (computed in the server, issue 17)", async () => {
    const pairs: [string, string][] = [
      ["juan santos dela cruz delacruz", "juan dela cruz"],
      ["juana dela cruz delacruz", "jaun dela cruz"],
      ["ricardo macapagal", "macapagl"],
      ["ma luisa penaflor maluisa", "pen"],
      ["a b", "ab"],
      ["", "juan"],
    ];
    for (const [a, b] of pairs) {
      const { rows } = await sql<{ s: number }>`select similarity(${a}, ${b}) as s`.execute(database.db);
      expect(trigramSimilarity(a, b), `${a} ~ ${b}`).toBe(Math.fround(Number(rows[0].s)));
    }
  });

  it("uses the fast path alone when it finds enough, and the typo fallback only otherwise", async () => {
    expect((await searchResidents(adminContext(database.db), "dela cruz")).strategy).toBe("prefix");
    expect((await searchResidents(adminContext(database.db), "santso")).strategy).toBe("prefix+typo");
  });

  it("finds a renamed resident by the new name only, through the rows of one word checked against the whole name (issue 17)", async () => {
    const [id] = await insertResidents(database.db, [{ firstname: "Lualhati", lastname: "Sumulong" }]);
    expect(await names("lu sum")).toContain("Lualhati Sumulong");
    await sql`update user_profiles set lastname = 'Tandang' where user_id = ${id}`.execute(database.db);
    expect(await names("lu sum")).not.toContain("Lualhati Sumulong");
    expect(await names("lu tan")).toContain("Lualhati Tandang");
    expect(await names("lualhati tandang")).toContain("Lualhati Tandang");
    // Every word row carries the name as the profile's tsvector holds it (the trigger copies it).
    const { rows } = await sql<{ same: boolean; n: number }>`
      select bool_and(r.search_tsv = p.search_tsv) as same, count(*)::int as n
      from resident_words r join user_profiles p on p.user_id = r.user_id where r.user_id = ${id}
    `.execute(database.db);
    expect(rows[0]).toEqual({ same: true, n: 2 });
    await sql`update users set deleted_at = now() where id = ${id}`.execute(database.db);
    expect(await names("lu tan")).not.toContain("Lualhati Tandang");
  });
});

describe("query words", () => {
  it("normalises case, accents, ñ, apostrophes and hyphens like the index does", () => {
    expect(searchWords("  Niño  DELA-Cruz ")).toEqual(["nino", "dela", "cruz"]);
    expect(searchWords("D'Angelo")).toEqual(["dangelo"]);
    expect(searchWords("José María")).toEqual(["jose", "maria"]);
  });
  it("tries the words written together", () => {
    expect(joinings(["de", "la", "cruz"]).map((g) => g.join(" "))).toEqual(["de la cruz", "dela cruz", "de lacruz", "delacruz"]);
    expect(prefixTsquery(["dela", "cruz"])).toBe("(dela:* & cruz:*) | (delacruz:*)");
    expect(prefixTsquery(["de", "la", "cruz"])).toBe("(de & la & cruz:*) | (dela:* & cruz:*) | (de & lacruz:*) | (delacruz:*)");
    // Given the short words that are name words: the others are prefixes.
    expect(prefixTsquery(["de", "la", "cruz"], true, new Set(["de"]))).toBe(
      "(de & la:* & cruz:*) | (dela:* & cruz:*) | (de & lacruz:*) | (delacruz:*)",
    );
    expect(prefixTsquery(["an", "san"], true, new Set())).toBe("(an:* & san:*) | (ansan:*)");
  });
});

describe("a compound surname common enough to walk (issue 17, decision 179)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openPglite();
    // 70 Dela Cruz and 70 others holding "dela" or "cruz" apart: more than the 50 candidates, so
    // the whole-word pass answers from the walk of one word's rows, not from GIN.
    const firsts = Array.from({ length: 70 }, (_, i) => `Name${String.fromCharCode(97 + (i % 26))}${"x".repeat(Math.floor(i / 26))}`);
    await insertResidents(database.db, [
      ...firsts.map((firstname) => ({ firstname, lastname: "Dela Cruz" })),
      ...firsts.map((firstname, i) => ({ firstname, lastname: i % 2 ? "Dela Peña" : "Cruz" })),
      { firstname: "Al", lastname: "Dela Cruz" },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("finds only residents holding both words, the shortest name first", async () => {
    const outcome = await searchResidents(adminContext(database.db), "dela cruz");
    expect(outcome.data).toHaveLength(10);
    expect(outcome.data[0].user_profile.fullname_with_middle).toBe("Al Dela Cruz");
    for (const r of outcome.data) expect(r.user_profile.lastname).toBe("Dela Cruz");
  });
});
