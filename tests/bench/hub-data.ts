// The hub bench's data (issue 29 item 7): many barangays on one database, built once and kept.
//
// `buildHubData(url, layout)` recreates the database, migrates it, seeds every barangay through the
// real seed (roles, parameters, its administrator) in its own scope, then bulk-loads the residents
// and the official receipts as the owner with set-wise SQL (generate_series; names drawn from the
// bench's name lists by a hash of the row's id, so every build is the same). The row-level triggers
// stay on, so resident_words, name_words, the profiles' user state and row_counts are kept by the
// database's own code; only the secondary indexes of the big tables are dropped during the load and
// made again after it. `hubDataReady` tells whether a database already holds a layout's data.
import { sql } from "kysely";
import pg from "pg";
import { openDatabase, type DB } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { asOwner, inBarangay } from "../../db/tenant.ts";
import "../../server/features/index.ts"; // the areas, composed before the seed uses their services
import { seed } from "../../server/seed.ts";
import { seedParameters } from "../../server/seed-parameters.ts";
import { FIRST_NAMES, MIDDLE_AND_LAST_NAMES, SUFFIXES } from "./names.ts";

export interface HubLayout {
  /** Residents of each barangay, in id order starting at barangay 1. */
  residents: number[];
  /** Official receipts per resident (each with one line). */
  receiptsPerResident: number;
  /** Whether the database is a hub (barangay 0 the hub, barangays with PSGC codes) or a single install. */
  hub: boolean;
}

/** The bench administrator of barangay `id` (usernames are unique across a deployment). */
export function hubAdmin(id: number) {
  return { username: `benchadmin${id}`, password: "Bench-Passw0rd!" } as const;
}

/** A made-up but well-formed 10-digit PSGC-like code per bench barangay (not a real place). */
export function benchPsgc(id: number): string {
  return `99${String(id).padStart(8, "0")}`;
}

/** Days the receipts of every barangay are spread over, up to today. */
const RECEIPT_DAYS = 500;
/** Receipts per pad (form_pads_range_check allows 1,000 at most). */
const PAD_SIZE = 1_000;

/** The layout the brief asks for: 1,000 barangays, 2,000,000 residents, one of 262,000, 4,000,000 receipts. */
export function hubLayout(): HubLayout {
  const total = Number(process.env.BENCH_HUB_RESIDENTS ?? 2_000_000);
  const count = Number(process.env.BENCH_HUB_BARANGAYS ?? 1_000);
  const big = Number(process.env.BENCH_HUB_BIG ?? 262_000);
  const rest = total - big;
  const others = count - 1;
  // The rest spread unevenly (from half to one and a half times the mean), summing exactly.
  const weights = Array.from({ length: others }, (_, i) => 0.5 + ((i * 7919) % others) / others);
  const sum = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((w / sum) * rest));
  sizes[0] += rest - sizes.reduce((a, b) => a + b, 0);
  return { residents: [big, ...sizes], receiptsPerResident: 2, hub: true };
}

/** The single-barangay comparison: one barangay of the big one's size, with as many receipts. */
export function singleLayout(): HubLayout {
  return { residents: [hubLayout().residents[0]], receiptsPerResident: 2, hub: false };
}

async function admin<T>(url: string, fn: (client: pg.Client, name: string) => Promise<T>): Promise<T> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe database name ${name}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = "/postgres";
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    return await fn(client, name);
  } finally {
    await client.end();
  }
}

/** Whether `url` holds the layout's data (its residents and receipts per barangay as built). */
export async function hubDataReady(url: string, layout: HubLayout): Promise<boolean> {
  const exists = await admin(
    url,
    async (c, name) => (await c.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1,
  );
  if (!exists) return false;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const done = await client.query("select 1 from pg_tables where tablename = 'bench_hub_built'");
    if (done.rowCount !== 1) return false;
    const row = (await client.query("select layout from bench_hub_built")).rows[0];
    return row?.layout === JSON.stringify(layout);
  } finally {
    await client.end();
  }
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await fn();
  console.log(`  ${label.padEnd(28)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
  return result;
}

/** Drops the secondary (non-constraint) indexes of `tables`; returns their definitions to make again. */
async function dropSecondaryIndexes(db: DB, tables: string[]): Promise<string[]> {
  const rows = (
    await sql<{ indexname: string; indexdef: string }>`
      select i.indexname, i.indexdef from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = any(${tables}::text[])
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`.execute(db)
  ).rows;
  for (const r of rows) await sql`drop index ${sql.id(r.indexname)}`.execute(db);
  return rows.map((r) => r.indexdef);
}

/**
 * The rows the triggers keep, compared with what they would hold: every count of row_counts with
 * count(*), every resident's words with its search name. Throws on any difference.
 */
async function checkDerived(db: DB): Promise<void> {
  const counts = await sql<{ n: number }>`
    with actual as (
      select barangay_id, 'users:' || kind as scope, count(*) filter (where deleted_at is null) as live,
        count(*) filter (where deleted_at is not null) as trashed from users group by 1, 2
      union all
      select barangay_id, 'collections', count(*) filter (where deleted_at is null), count(*) filter (where deleted_at is not null)
      from collections group by 1, 2
    )
    select count(*)::int as n from actual a full join (select * from row_counts where scope like 'users:%' or scope = 'collections') c
      using (barangay_id, scope)
    where a.live is distinct from c.live or a.trashed is distinct from c.trashed`.execute(db);
  if (counts.rows[0].n !== 0) throw new Error(`row_counts differs from the rows in ${counts.rows[0].n} scope(s)`);
  const words = await sql<{ n: number }>`
    with expected as (
      select distinct p.barangay_id, w as word, p.user_id from user_profiles p
      cross join lateral unnest(string_to_array(p.search_name, ' ')) as w
      where p.user_kind = 'resident' and not p.user_deleted and coalesce(p.search_name, '') <> '' and w <> ''
    )
    select count(*)::int as n from expected e full join (select barangay_id, word, user_id from resident_words) r
      using (barangay_id, word, user_id)
    where e.user_id is null or r.user_id is null`.execute(db);
  if (words.rows[0].n !== 0) throw new Error(`resident_words differs from the residents' names in ${words.rows[0].n} row(s)`);
  const state = await sql<{ n: number }>`
    select count(*)::int as n from user_profiles p join users u on u.id = p.user_id
    where p.user_kind is distinct from u.kind or p.user_deleted <> (u.deleted_at is not null)`.execute(db);
  if (state.rows[0].n !== 0) throw new Error(`${state.rows[0].n} profile(s) disagree with their user's kind or deletion`);
}

export async function buildHubData(url: string, layout: HubLayout): Promise<void> {
  await admin(url, async (c, name) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const opened = await openDatabase({ databaseUrl: url, poolSize: 4 });
  const { db } = opened;
  const started = performance.now();
  const count = layout.residents.length;
  console.log(
    `Building ${count.toLocaleString("en-US")} barangay(s), ${layout.residents.reduce((a, b) => a + b, 0).toLocaleString("en-US")} residents in ${url}`,
  );
  try {
    await asOwner(async () => {
      await timed("migrations", () => migrateToLatest(db));
      await timed("barangays", async () => {
        if (layout.hub) {
          await sql`update barangays set psgc_code = ${benchPsgc(1)}, name = 'Bench Barangay 1', city_psgc_code = '9900000000' where id = 1`.execute(
            db,
          );
          await sql`
            insert into barangays (id, psgc_code, name, city_municipality, city_psgc_code, province, region) overriding system value
            select g, '99' || lpad(g::text, 8, '0'), 'Bench Barangay ' || g, 'Bench City', '9900000000', 'Bench Province', 'Region IV-A'
            from generate_series(2, ${count}::int) g`.execute(db);
          await sql`select setval(pg_get_serial_sequence('barangays', 'id'), ${count}::int)`.execute(db);
        }
      });
    });
    // The real seed, per barangay, in its own scope (roles, settings, parameters, its administrator).
    await timed(`seed ${count} barangay(s)`, async () => {
      for (let id = 1; id <= count; id++) {
        await inBarangay(id, async () => {
          await seed(db, { adminUsername: hubAdmin(id).username, adminPassword: hubAdmin(id).password, demo: false });
          await db.transaction().execute((trx) => seedParameters(trx));
        });
        if (id % 100 === 0) console.log(`    ${id} seeded`);
      }
    });

    await asOwner(() =>
      db.connection().execute(async (db) => {
        await sql`set session_replication_role = replica`.execute(db);
        await sql`create table bench_plan (barangay_id bigint primary key, residents int not null, receipts int not null)`.execute(db);
        await sql`
        insert into bench_plan select ordinality, n, n * ${layout.receiptsPerResident}::int
        from unnest(${layout.residents}::int[]) with ordinality as t(n, ordinality)`.execute(db);
        const big = [
          "users",
          "user_profiles",
          "resident_words",
          "name_words",
          "form_numbers",
          "collections",
          "collection_lines",
          "remittances",
        ];
        const indexes = await timed("drop secondary indexes", () => dropSecondaryIndexes(db, big));

        await timed("puroks", () =>
          sql`
          insert into puroks (barangay_id, name)
          select p.barangay_id, 'Purok ' || g from bench_plan p
          cross join lateral generate_series(1, greatest(5, least(120, p.residents / 2000))) g
          on conflict do nothing`.execute(db),
        );
        await timed("users", () =>
          sql`
          insert into users (barangay_id, kind, new_user)
          select p.barangay_id, 'resident', false from bench_plan p cross join lateral generate_series(1, p.residents) g
          order by p.barangay_id`.execute(db),
        );
        await sql`analyze users`.execute(db);
        // Names, sex, birth dates and the rest drawn by a hash of the user's id: the same data on every build.
        await timed("user_profiles", () =>
          sql`
          with refs as materialized (
            select p.barangay_id,
              (select array_agg(id order by id) from puroks where barangay_id = p.barangay_id) as puroks,
              (select array_agg(id order by id) from religions where barangay_id = p.barangay_id) as religions,
              (select array_agg(id order by id) from occupations where barangay_id = p.barangay_id) as occupations
            from bench_plan p
          ), u as (
            select u.id, u.barangay_id, (hashint8(u.id) & 2147483647)::bigint as h1, (hashint8(u.id + 1000000007) & 2147483647)::bigint as h2,
              (hashint8(u.id + 2000000011) & 2147483647)::bigint as h3
            from users u where u.kind = 'resident' and not exists (select 1 from user_profiles x where x.user_id = u.id)
          )
          insert into user_profiles (user_id, barangay_id, user_kind, user_deleted, firstname, middlename, lastname, suffix, sex,
            date_of_birth, civil_status, purok_id, religion_id, occupation_id, contact_number, house_number, is_voter)
          select u.id, u.barangay_id, 'resident', false,
            (${FIRST_NAMES}::text[])[1 + u.h1 % ${FIRST_NAMES.length}],
            case when u.h2 % 10 < 9 then (${MIDDLE_AND_LAST_NAMES}::text[])[1 + (u.h2 / 10) % ${MIDDLE_AND_LAST_NAMES.length}] end,
            (${MIDDLE_AND_LAST_NAMES}::text[])[1 + u.h3 % ${MIDDLE_AND_LAST_NAMES.length}],
            case when u.h1 % 25 = 0 then (${SUFFIXES}::text[])[1 + (u.h1 / 25) % ${SUFFIXES.length}] end,
            case when u.h2 % 2 = 0 then 'Male' else 'Female' end,
            date '1930-01-01' + (u.h3 / 100 % 34675)::int,
            (array['Single', 'Married', 'Married', 'Widowed', 'Separated'])[1 + u.h1 / 100 % 5],
            r.puroks[1 + u.h2 / 1000 % array_length(r.puroks, 1)],
            r.religions[1 + u.h3 / 1000 % array_length(r.religions, 1)],
            r.occupations[1 + u.h1 / 1000 % array_length(r.occupations, 1)],
            case when u.h3 % 10 < 7 then '09' || lpad((u.h1 % 1000000000)::text, 9, '0') end,
            (1 + u.h2 % 999)::text,
            u.h3 % 10 < 6
          from u join refs r on r.barangay_id = u.barangay_id
          order by u.id`.execute(db),
        );

        // Official receipts (AF 51): per barangay, pads of PAD_SIZE numbers issued by its administrator,
        // spread over RECEIPT_DAYS days up to today, every day but the last 30 remitted; 1 in 100 cancelled.
        await sql`
        create table bench_refs as
        select p.barangay_id, p.receipts,
          (select id from users where username = ('benchadmin' || p.barangay_id)::citext) as admin,
          (select id from form_types where barangay_id = p.barangay_id and name = 'Accountable Form No. 51') as form_type,
          (select id from collection_types where barangay_id = p.barangay_id order by id limit 1) as collection_type,
          (select id from bank_accounts where barangay_id = p.barangay_id order by id limit 1) as bank_account
        from bench_plan p`.execute(db);
        await timed("form_pads", () =>
          sql`
          insert into form_pads (barangay_id, form_type_id, pad_code, series_start, series_end, serial_from, serial_to, serial_width, suffix,
            quanty_generated, created_at, created_by, updated_by)
          select r.barangay_id, r.form_type, 'BENCH-' || lpad(g::text, 5, '0'), (1000000 + (g - 1) * ${PAD_SIZE})::text,
            (1000000 + g * ${PAD_SIZE} - 1)::text, 1000000 + (g - 1) * ${PAD_SIZE}, 1000000 + g * ${PAD_SIZE} - 1, 7, '', ${PAD_SIZE},
            now() - make_interval(days => ${RECEIPT_DAYS + 30}), r.admin, r.admin
          from bench_refs r cross join lateral generate_series(1, ceil(r.receipts::numeric / ${PAD_SIZE})::int) g
          order by r.barangay_id, g`.execute(db),
        );
        await timed("form_numbers", () =>
          sql`
          insert into form_numbers (barangay_id, form_pad_id, form_type_id, position, number, state, created_by, updated_by)
          select p.barangay_id, p.id, p.form_type_id, g, (p.serial_from + g)::text,
            case when (p.serial_from + g - 1000000) < r.receipts then 'issued' else 'available' end, r.admin, r.admin
          from form_pads p join bench_refs r on r.barangay_id = p.barangay_id cross join generate_series(0, ${PAD_SIZE - 1}) g
          where p.pad_code like 'BENCH-%'
          order by p.id, g`.execute(db),
        );
        await timed("remittances", () =>
          sql`
          insert into remittances (barangay_id, collector_id, remit_date, receipt_count, amount, deposit_date, bank_account_id,
            deposit_reference, rcd_number, created_by, updated_by)
          select r.barangay_id, r.admin, d::date, 0, 0, d::date, r.bank_account, 'BENCH-DEP-' || to_char(d, 'YYYYMMDD'),
            to_char(d, 'YYYY-MM') || '-' || lpad(extract(day from d)::text, 3, '0'), r.admin, r.admin
          from bench_refs r
          cross join generate_series((current_date - ${RECEIPT_DAYS - 1}::int)::timestamp, (current_date - 31)::timestamp, interval '1 day') d
          order by r.barangay_id, d`.execute(db),
        );
        await timed("collections", () =>
          sql`
          insert into collections (barangay_id, form_number_id, form_pad_id, or_number, date_issued, payor_kind, issued_to, collection_type_id,
            fund_type, amount_paid, payment_mode, collector_id, remittance_id, verification_code, created_by, updated_by, deleted_at, deleted_by)
          select f.barangay_id, f.id, f.form_pad_id, f.number, d.day, 'name', 'Payor ' || f.number, r.collection_type, 'General Fund',
            (50 + (f.id % 20) * 25)::numeric(14,2), 'Cash', r.admin, m.id, md5('bench-' || f.id), r.admin, r.admin,
            case when f.id % 100 = 0 then now() end, case when f.id % 100 = 0 then r.admin end
          from form_numbers f
          join form_pads p on p.id = f.form_pad_id and p.pad_code like 'BENCH-%'
          join bench_refs r on r.barangay_id = f.barangay_id
          cross join lateral (
            select current_date - ${RECEIPT_DAYS - 1}::int
              + (((p.serial_from + f.position - 1000000)::bigint * ${RECEIPT_DAYS}) / r.receipts)::int as day
          ) d
          left join remittances m on m.barangay_id = f.barangay_id and m.collector_id = r.admin and m.remit_date = d.day
          where f.state = 'issued'
          order by f.id`.execute(db),
        );
        await timed("collection_lines", () =>
          sql`
          insert into collection_lines (barangay_id, collection_id, position, nature, account_code, amount)
          select c.barangay_id, c.id, 0, 'Barangay Clearance Fee', '4-02-01-010', c.amount_paid
          from collections c join form_pads p on p.id = c.form_pad_id where p.pad_code like 'BENCH-%'
          order by c.id`.execute(db),
        );
        await timed("remittance totals", () =>
          sql`
          update remittances r set receipt_count = s.n, amount = s.amount
          from (select remittance_id, count(*)::int as n, sum(amount_paid) as amount from collections
                where deleted_at is null and remittance_id is not null group by 1) s
          where s.remittance_id = r.id`.execute(db),
        );
        // What the triggers would have written, by their rules (migration 20261216100000).
        await timed("resident_words", () =>
          sql`
          insert into resident_words (barangay_id, word, search_length, lastname, firstname, user_id, search_tsv)
          select distinct p.barangay_id, w, p.search_length, p.lastname, p.firstname, p.user_id, p.search_tsv
          from user_profiles p cross join lateral unnest(string_to_array(p.search_name, ' ')) as w
          where p.user_kind = 'resident' and not p.user_deleted and coalesce(p.search_name, '') <> '' and w <> ''
            and not exists (select 1 from resident_words x where x.user_id = p.user_id)`.execute(db),
        );
        await timed("name_words", () =>
          sql`
          insert into name_words (barangay_id, word)
          select distinct p.barangay_id, w from user_profiles p cross join lateral unnest(string_to_array(p.search_name, ' ')) as w
          where coalesce(p.search_name, '') <> '' and length(w) >= 2
          on conflict (barangay_id, word) do nothing`.execute(db),
        );
        await timed("row_counts", async () => {
          await sql`delete from row_counts where scope like 'users:%' or scope = 'collections'`.execute(db);
          await sql`
          insert into row_counts (barangay_id, scope, live, trashed)
          select barangay_id, 'users:' || kind, count(*) filter (where deleted_at is null), count(*) filter (where deleted_at is not null)
          from users group by 1, 2
          union all
          select barangay_id, 'collections', count(*) filter (where deleted_at is null), count(*) filter (where deleted_at is not null)
          from collections group by 1, 2`.execute(db);
        });
        await sql`set session_replication_role = origin`.execute(db);
        await timed("indexes again", () =>
          (async () => {
            await sql`set maintenance_work_mem = '1GB'`.execute(db);
            for (const def of indexes) await sql.raw(def).execute(db);
          })(),
        );
        await timed("consistency check", () => checkDerived(db));
        await sql`drop table bench_plan, bench_refs`.execute(db);
        await timed("vacuum analyze", () => sql`vacuum analyze`.execute(db));
        await sql`create table bench_hub_built (layout text not null, built_at timestamptz not null default now())`.execute(db);
        await sql`insert into bench_hub_built (layout) values (${JSON.stringify(layout)})`.execute(db);
      }),
    );
    console.log(`  built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await opened.close();
  }
}
