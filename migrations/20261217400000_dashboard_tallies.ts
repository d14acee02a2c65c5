import { sql, type Kysely } from "kysely";

// Issue 34 (docs/decisions/220-dashboard-tallies.md): the dashboard, every user's landing page,
// answers from tallies kept by the writes themselves instead of reading every resident, household
// and unremitted receipt on each view (200,000 residents: 70 ms for the population's counts, 160
// for its trend, 43 for the unremitted receipts, 75 for the month's collections, on two cores).
//
// dashboard_tallies holds, per barangay, a tally and its key:
//   residents            month of the resident's account (YYYY-MM, Manila)  living residents with a profile
//   residents:<sex>      the same month                                     the same, by the profile's sex
//   households           month the household was made                       living households
//   collections_day      date issued (YYYY-MM-DD)                           living receipts, with their amount
//   unremitted           the collector's id                                 living receipts not yet remitted, with their amount
// Statement-level triggers with transition tables add each statement's net change in the same
// transaction as the rows (decision 171's way for row_counts): a reader sees exactly what count(*)
// would, its own writes included, and a rollback takes the change back. A statement that changes
// nothing tallied (a name, an address) writes nothing and takes no lock.
//
// The residents' tallies follow the profiles (their sex, and the account's kind and state copied
// since migration 20261204000000), keyed by the account's creation month read from users. The
// profile of a deleted account goes first, while its account is still there to be read (the
// foreign key's cascade would remove it after): users_delete_profile_first. No column is added to
// the profiles: rewriting every profile's row (and its name indexes) took 4.5 minutes for 262,000
// residents here, half an hour on a hub of two million.
// Frozen in time: never import app code from a migration (DESIGN §1).

const TENANT = sql.raw(`nullif(current_setting('app.barangay_id', true), '')::bigint`);
const ROLLUP_SET = sql.raw(
  `cast((select string_to_array(nullif(current_setting('app.barangay_ids', true), ''), ',')::bigint[]) as bigint[])`,
);

/** Each tallied table: its trigger function's body, from `changes` (the statement's rows, each with `sign` +1 or -1). */
const TALLIED: { table: string; tallies: string[]; deltas: string }[] = [
  {
    table: "user_profiles",
    tallies: ["residents", "residents:%"],
    deltas: `
      select c.barangay_id, 'residents' as tally, to_char(u.created_at at time zone 'Asia/Manila', 'YYYY-MM') as key, sum(c.sign) as n, 0 as amount
      from changes c join users u on u.id = c.user_id where c.user_kind = 'resident' and not c.user_deleted group by 1, 2, 3
      union all
      select c.barangay_id, 'residents:' || c.sex, to_char(u.created_at at time zone 'Asia/Manila', 'YYYY-MM'), sum(c.sign), 0
      from changes c join users u on u.id = c.user_id where c.user_kind = 'resident' and not c.user_deleted and c.sex is not null group by 1, 2, 3`,
  },
  {
    table: "households",
    tallies: ["households"],
    deltas: `
      select barangay_id, 'households' as tally, to_char(created_at at time zone 'Asia/Manila', 'YYYY-MM') as key, sum(sign) as n, 0 as amount
      from changes where deleted_at is null group by 1, 2, 3`,
  },
  {
    table: "collections",
    tallies: ["collections_day", "unremitted"],
    deltas: `
      select barangay_id, 'collections_day' as tally, date_issued::text as key, sum(sign) as n, sum(sign * amount_paid) as amount
      from changes where deleted_at is null group by 1, 2, 3
      union all
      select barangay_id, 'unremitted', collector_id::text, sum(sign), sum(sign * amount_paid)
      from changes where deleted_at is null and remittance_id is null group by 1, 2, 3`,
  },
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table dashboard_tallies (
      barangay_id bigint not null default ${TENANT} references barangays (id),
      tally text not null,
      key text not null,
      count bigint not null default 0,
      amount numeric(16, 2) not null default 0,
      primary key (barangay_id, tally, key)
    )`.execute(db);
  await sql`alter table dashboard_tallies enable row level security`.execute(db);
  await sql`alter table dashboard_tallies force row level security`.execute(db);
  await sql`create policy barangay on dashboard_tallies to portal_app using (barangay_id = ${TENANT}) with check (barangay_id = ${TENANT})`.execute(
    db,
  );
  await sql`create policy rollup on dashboard_tallies for select to portal_rollup using (barangay_id = any (${ROLLUP_SET}))`.execute(db);
  await sql`create policy owner on dashboard_tallies to current_user using (true) with check (true)`.execute(db);

  // A deleted account's profile is deleted first, while the account's creation month can be read.
  await sql`
    create function portal_delete_profile_first() returns trigger
    language plpgsql as $$
    begin
      delete from user_profiles where user_id = old.id;
      return old;
    end
    $$`.execute(db);
  await sql`create trigger users_delete_profile_first before delete on users for each row execute function portal_delete_profile_first()`.execute(
    db,
  );

  for (const { table, tallies, deltas } of TALLIED) {
    const fn = `portal_tally_${table}`;
    const forget = tallies.map((t) => `tally like '${t}'`).join(" or ");
    // Dynamic only because a trigger for inserts has no old_rows to name (nor one for deletes new_rows).
    await sql
      .raw(
        `create function ${fn}() returns trigger language plpgsql as $fn$
        begin
          if TG_OP = 'TRUNCATE' then
            delete from dashboard_tallies where ${forget};
            return null;
          end if;
          execute format($q$
            with changes as (%s), deltas as (${deltas})
            insert into dashboard_tallies as t (barangay_id, tally, key, count, amount)
            select barangay_id, tally, key, sum(n), sum(amount) from deltas group by 1, 2, 3
            having sum(n) <> 0 or sum(amount) <> 0
            order by 1, 2, 3
            on conflict (barangay_id, tally, key) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount
          $q$, case TG_OP
            when 'INSERT' then 'select n.*, 1 as sign from new_rows n'
            when 'DELETE' then 'select o.*, -1 as sign from old_rows o'
            else 'select n.*, 1 as sign from new_rows n union all select o.*, -1 from old_rows o'
          end);
          return null;
        end
        $fn$`,
      )
      .execute(db);
    const t = sql.table(table);
    const f = sql.raw(fn);
    await sql`create trigger ${sql.raw(`${table}_tally_insert`)} after insert on ${t}
      referencing new table as new_rows for each statement execute function ${f}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_tally_update`)} after update on ${t}
      referencing old table as old_rows new table as new_rows for each statement execute function ${f}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_tally_delete`)} after delete on ${t}
      referencing old table as old_rows for each statement execute function ${f}()`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_tally_truncate`)} after truncate on ${t}
      for each statement execute function ${f}()`.execute(db);
    // What is there already, tallied the same way.
    await sql
      .raw(
        `insert into dashboard_tallies (barangay_id, tally, key, count, amount)
        select barangay_id, tally, key, sum(n), sum(amount) from (
          with changes as (select r.*, 1 as sign from ${table} r) ${deltas}
        ) deltas group by 1, 2, 3 having sum(n) <> 0 or sum(amount) <> 0`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of TALLIED) {
    for (const op of ["insert", "update", "delete", "truncate"]) {
      await sql`drop trigger if exists ${sql.raw(`${table}_tally_${op}`)} on ${sql.table(table)}`.execute(db);
    }
    await sql`drop function if exists ${sql.raw(`portal_tally_${table}`)}()`.execute(db);
  }
  await sql`drop trigger if exists users_delete_profile_first on users`.execute(db);
  await sql`drop function if exists portal_delete_profile_first()`.execute(db);
  await sql`drop table dashboard_tallies`.execute(db);
}
