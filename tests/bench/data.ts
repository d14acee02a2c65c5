// `npm run bench:data` (issue 6): builds the "largest barangay" deterministically from a fixed seed
// into BENCH_DATABASE_URL (default: a fresh database portal_bench on the local PostgreSQL), through
// the same migrations as production; `--embedded` builds a small barangay of 5,000 residents in
// PGlite instead. Bulk loads with multi-row inserts (unnest of arrays), one transaction per table,
// then ANALYZE. Prints how long each table took.
import { asOwner } from "../../db/tenant.ts";
import { sql } from "kysely";
import path from "node:path";
import fs from "node:fs";
import pg from "pg";
import { openDatabase, type DB } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import "../../server/features/index.ts"; // the areas, composed before the seed uses their services
import { seed } from "../../server/seed.ts";
import { seedParameters } from "../../server/seed-parameters.ts";
import { BENCH_ADMIN, benchDatabaseUrl } from "./config.ts";
import { FIRST_NAMES, MIDDLE_AND_LAST_NAMES, SUFFIXES, pick, prng } from "./names.ts";

const embedded = process.argv.includes("--embedded");
const SIZE = embedded
  ? { residents: 5_000, households: 1_250, puroks: 30, businesses: 500, disasterPuroks: 8, collections: 20_000 }
  : { residents: 200_000, households: 50_000, puroks: 120, businesses: 20_000, disasterPuroks: 30, collections: 1_000_000 };
/** Official receipts a day: the collections cover SIZE.collections / RECEIPTS_PER_DAY days up to today. */
const RECEIPTS_PER_DAY = 1_000;
/** Receipts per pad (a pad holds at most 1,000 numbers, form_pads_range_check). */
const PAD_SIZE = 1_000;
const BATCH = 10_000;
const random = prng(20261121);

async function recreatePostgresDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function timed<T>(label: string, rows: number, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  const s = (performance.now() - started) / 1000;
  console.log(`  ${label.padEnd(20)} ${rows.toLocaleString("en-US").padStart(9)} rows  ${s.toFixed(1).padStart(6)} s`);
  return result;
}

function birthDate(): string {
  const year = 1930 + Math.floor(random() * 95);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

async function ids(db: DB, table: string): Promise<number[]> {
  const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where deleted_at is null order by id`.execute(db);
  return rows.rows.map((r) => Number(r.id));
}

async function main() {
  const url = benchDatabaseUrl();
  const pgliteDir = path.resolve("bench/pglite");
  if (embedded) fs.rmSync(pgliteDir, { recursive: true, force: true });
  else await recreatePostgresDatabase(url);
  const opened = await openDatabase(embedded ? { pgliteDir } : { databaseUrl: url, poolSize: 2 });
  const { db } = opened;
  console.log(`Building the ${embedded ? "small embedded" : "largest"} barangay in ${embedded ? pgliteDir : url}`);
  const started = performance.now();
  try {
    await timed("migrations", 0, () => migrateToLatest(db));
    await timed("roles and admin", 1, () =>
      seed(db, { adminUsername: BENCH_ADMIN.username, adminPassword: BENCH_ADMIN.password, demo: false }),
    );
    await timed("parameters", 0, () => db.transaction().execute((trx) => seedParameters(trx)));

    await timed("puroks", SIZE.puroks, () =>
      db.transaction().execute(async (trx) => {
        const have = await ids(trx, "puroks");
        const names = Array.from({ length: SIZE.puroks - have.length }, (_, i) => `Purok ${have.length + i + 1}`);
        await sql`insert into puroks (name) select * from unnest(${names}::text[])`.execute(trx);
      }),
    );
    const puroks = await ids(db, "puroks");
    const religions = await ids(db, "religions");
    const occupations = await ids(db, "occupations");
    const businessLines = await ids(db, "business_lines");

    const residentIds: number[] = await timed("residents", SIZE.residents, () =>
      db.transaction().execute(async (trx) => {
        const all: number[] = [];
        for (let done = 0; done < SIZE.residents; done += BATCH) {
          const n = Math.min(BATCH, SIZE.residents - done);
          const created = await sql<{
            id: number;
          }>`insert into users (kind) select 'resident' from generate_series(1, ${n}) returning id`.execute(trx);
          const userIds = created.rows.map((r) => Number(r.id));
          const cols = {
            firstname: [] as string[],
            middlename: [] as (string | null)[],
            lastname: [] as string[],
            suffix: [] as (string | null)[],
            sex: [] as string[],
            dob: [] as string[],
            civil: [] as string[],
            purok: [] as number[],
            religion: [] as number[],
            occupation: [] as number[],
            contact: [] as (string | null)[],
            house: [] as string[],
            voter: [] as boolean[],
          };
          for (let i = 0; i < n; i++) {
            cols.firstname.push(pick(random, FIRST_NAMES));
            cols.middlename.push(random() < 0.9 ? pick(random, MIDDLE_AND_LAST_NAMES) : null);
            cols.lastname.push(pick(random, MIDDLE_AND_LAST_NAMES));
            cols.suffix.push(random() < 0.04 ? pick(random, SUFFIXES) : null);
            cols.sex.push(random() < 0.5 ? "Male" : "Female");
            cols.dob.push(birthDate());
            cols.civil.push(pick(random, ["Single", "Married", "Married", "Widowed", "Separated"]));
            cols.purok.push(pick(random, puroks));
            cols.religion.push(pick(random, religions));
            cols.occupation.push(pick(random, occupations));
            cols.contact.push(random() < 0.7 ? `09${String(Math.floor(random() * 1e9)).padStart(9, "0")}` : null);
            cols.house.push(String(1 + Math.floor(random() * 999)));
            cols.voter.push(random() < 0.6);
          }
          await sql`
            insert into user_profiles (user_id, firstname, middlename, lastname, suffix, sex, date_of_birth, civil_status, purok_id,
              religion_id, occupation_id, contact_number, house_number, is_voter)
            select * from unnest(${userIds}::bigint[], ${cols.firstname}::text[], ${cols.middlename}::text[], ${cols.lastname}::text[],
              ${cols.suffix}::text[], ${cols.sex}::text[], ${cols.dob}::date[], ${cols.civil}::text[], ${cols.purok}::bigint[],
              ${cols.religion}::bigint[], ${cols.occupation}::bigint[], ${cols.contact}::text[], ${cols.house}::text[], ${cols.voter}::boolean[])
          `.execute(trx);
          all.push(...userIds);
        }
        return all;
      }),
    );

    await timed("households", SIZE.households, () =>
      db.transaction().execute(async (trx) => {
        // Heads are the first residents; the rest are spread over the households as members.
        const perHousehold = Math.floor((residentIds.length - SIZE.households) / SIZE.households);
        for (let done = 0; done < SIZE.households; done += BATCH) {
          const n = Math.min(BATCH, SIZE.households - done);
          const heads = residentIds.slice(done, done + n);
          const purokOf = heads.map(() => pick(random, puroks));
          const lat = heads.map(() => 14.8 + random() * 0.05);
          const lng = heads.map(() => 120.94 + random() * 0.05);
          const address = heads.map((_, i) => `${1 + Math.floor(random() * 999)} Rizal St., Purok ${purokOf[i]}`);
          const created = await sql<{ id: number; household_head_user_id: number }>`
            insert into households (household_head_user_id, purok_id, address, latitude, longitude)
            select * from unnest(${heads}::bigint[], ${purokOf}::bigint[], ${address}::text[], ${lat}::float8[], ${lng}::float8[])
            returning id, household_head_user_id
          `.execute(trx);
          const hh: number[] = [];
          const members: number[] = [];
          const relation: string[] = [];
          const position: number[] = [];
          created.rows.forEach((row, i) => {
            hh.push(Number(row.id));
            members.push(Number(row.household_head_user_id));
            relation.push("Head");
            position.push(0);
            for (let m = 0; m < perHousehold; m++) {
              const member = residentIds[SIZE.households + (done + i) * perHousehold + m];
              if (member == null) break;
              hh.push(Number(row.id));
              members.push(member);
              relation.push(pick(random, ["Spouse", "Son", "Daughter", "Parent", "Grandchild", "Sibling"]));
              position.push(m + 1);
            }
          });
          await sql`
            insert into household_members (household_id, user_id, relation_to_head, position)
            select * from unnest(${hh}::bigint[], ${members}::bigint[], ${relation}::text[], ${position}::int[])
          `.execute(trx);
        }
        // The household list shows the head's name; the service keeps it in head_name.
        await sql`update households h set head_name = p.search_name from user_profiles p where p.user_id = h.household_head_user_id`.execute(
          trx,
        );
      }),
    );

    await timed("businesses", SIZE.businesses, () =>
      db.transaction().execute(async (trx) => {
        for (let done = 0; done < SIZE.businesses; done += BATCH) {
          const n = Math.min(BATCH, SIZE.businesses - done);
          const owners = Array.from({ length: n }, () => pick(random, residentIds));
          const lines = owners.map(() => pick(random, businessLines));
          const names = owners.map(
            () =>
              `${pick(random, MIDDLE_AND_LAST_NAMES)} ${pick(random, ["Store", "Trading", "Eatery", "Enterprises", "Hardware", "Bakery"])}`,
          );
          const locations = owners.map(() => `${1 + Math.floor(random() * 999)} Mabini St.`);
          const dates = owners.map(
            () => `${2000 + Math.floor(random() * 26)}-${String(1 + Math.floor(random() * 12)).padStart(2, "0")}-15`,
          );
          await sql`
            insert into businesses (name, owner_user_id, business_line_id, location, date_acquired)
            select * from unnest(${names}::text[], ${owners}::bigint[], ${lines}::bigint[], ${locations}::text[], ${dates}::date[])
          `.execute(trx);
        }
      }),
    );

    await timed("disaster-prone areas", SIZE.disasterPuroks, () =>
      db.transaction().execute(async (trx) => {
        const chosen = puroks.slice(0, SIZE.disasterPuroks);
        const types = chosen.map(
          (_, i) =>
            `{${["Flood", "Landslide", "Storm surge", "Fire", "Earthquake"]
              .slice(0, 1 + (i % 3))
              .map((t) => `"${t}"`)
              .join(",")}}`,
        );
        const areas = chosen.map((_, i) => `Low-lying streets of purok ${i + 1}`);
        await sql`
          insert into disaster_prone_areas (purok_id, disaster_types, affected_area)
          select p, t::text[], a from unnest(${chosen}::bigint[], ${types}::text[], ${areas}::text[]) as x(p, t, a)
        `.execute(trx);
      }),
    );

    // Finance (issue 17 item 7): official receipts (AF 51) issued by the bench administrator,
    // RECEIPTS_PER_DAY a day, from pads of PAD_SIZE numbers; every day but the last 30 remitted and
    // deposited; one receipt in a hundred cancelled. Built set-wise with generate_series, so a
    // million receipts take seconds of SQL rather than a million round trips.
    await timed("official receipts", SIZE.collections, () =>
      db.transaction().execute(async (trx) => {
        const ids = await sql<{ admin: number; form_type: number; collection_type: number; bank_account: number }>`
          select (select id from users where username = ${BENCH_ADMIN.username}) as admin,
            (select id from form_types where name = 'Accountable Form No. 51') as form_type,
            (select id from collection_types order by id limit 1) as collection_type,
            (select id from bank_accounts order by id limit 1) as bank_account
        `.execute(trx);
        const { admin, form_type, collection_type, bank_account } = ids.rows[0];
        const pads = Math.ceil(SIZE.collections / PAD_SIZE);
        const days = Math.ceil(SIZE.collections / RECEIPTS_PER_DAY);
        await sql`
          insert into form_pads (form_type_id, pad_code, series_start, series_end, serial_from, serial_to, serial_width, suffix, quanty_generated, created_at, created_by, updated_by)
          select ${form_type}, 'BENCH-' || lpad(g::text, 5, '0'), (1000000 + (g - 1) * ${PAD_SIZE})::text, (1000000 + g * ${PAD_SIZE} - 1)::text,
            1000000 + (g - 1) * ${PAD_SIZE}, 1000000 + g * ${PAD_SIZE} - 1, 7, '', ${PAD_SIZE}, now() - make_interval(days => ${days + 30}::int), ${admin}, ${admin}
          from generate_series(1, ${pads}) g
        `.execute(trx);
        await sql`
          insert into form_numbers (form_pad_id, position, number, state, created_by, updated_by)
          select p.id, g, (p.serial_from + g)::text, case when (p.serial_from + g - 1000000) < ${SIZE.collections} then 'issued' else 'available' end, ${admin}, ${admin}
          from form_pads p, generate_series(0, ${PAD_SIZE - 1}) g where p.pad_code like 'BENCH-%'
        `.execute(trx);
        await sql`
          insert into remittances (collector_id, remit_date, rcd_number, receipt_count, amount, deposit_date, bank_account_id, deposit_reference, created_by, updated_by)
          select ${admin}, d::date, to_char(d, 'YYYY-MM-DD') || '-001', 0, 0, d::date, ${bank_account}, 'BENCH-DEP-' || to_char(d, 'YYYYMMDD'), ${admin}, ${admin}
          from generate_series((current_date - ${days - 1}::int)::timestamp, (current_date - 31)::timestamp, interval '1 day') d
        `.execute(trx);
        await sql`
          insert into collections (form_number_id, form_pad_id, or_number, date_issued, payor_kind, issued_to, collection_type_id, fund_type,
            amount_paid, payment_mode, collector_id, remittance_id, verification_code, created_by, updated_by, deleted_at, deleted_by)
          select f.id, f.form_pad_id, f.number, d.day, 'name', 'Payor ' || f.number, ${collection_type}, 'General Fund',
            (50 + (f.id % 20) * 25)::numeric(14,2), 'Cash', ${admin}, r.id, md5('bench-' || f.id), ${admin}, ${admin},
            case when f.id % 100 = 0 then now() end, case when f.id % 100 = 0 then ${admin}::bigint end
          from form_numbers f
          join form_pads p on p.id = f.form_pad_id and p.pad_code like 'BENCH-%'
          cross join lateral (select current_date - ${days - 1}::int + ((p.serial_from + f.position - 1000000) / ${RECEIPTS_PER_DAY})::int as day) d
          left join remittances r on r.collector_id = ${admin} and r.remit_date = d.day
          where f.state = 'issued'
        `.execute(trx);
        await sql`
          insert into collection_lines (collection_id, position, nature, account_code, amount)
          select c.id, 0, 'Barangay Clearance Fee', '4-02-01-010', c.amount_paid
          from collections c join form_pads p on p.id = c.form_pad_id where p.pad_code like 'BENCH-%'
        `.execute(trx);
        await sql`
          update remittances r set receipt_count = s.n, amount = s.amount
          from (select remittance_id, count(*)::int as n, sum(amount_paid) as amount from collections where deleted_at is null and remittance_id is not null group by 1) s
          where s.remittance_id = r.id
        `.execute(trx);
      }),
    );

    // VACUUM as well as ANALYZE: autovacuum would set the visibility map in production soon enough,
    // and index-only scans (the counts) depend on it.
    // As the owner: the application's role owns no table, and VACUUM skips what it does not own.
    await timed("vacuum analyze", 0, () => asOwner(() => sql`vacuum analyze`.execute(db)));
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  } finally {
    await opened.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
