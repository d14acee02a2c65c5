import { sql, type Kysely } from "kysely";

// Issue 17 item 2 (docs/decisions/171-maintained-row-counts.md): the total of an unfiltered list
// (DESIGN §7's meta.total) read from a counter instead of counting 200,000 rows on every page view.
//
// row_counts holds, per scope, the live and the trashed rows: a table's name, or for users
// "users:<kind>". Statement-level triggers with transition tables keep it in the same transaction
// as the rows themselves, one upsert per statement and scope (a bulk insert of 10,000 rows is one
// update of the counter), so the counter is exact for every transaction that reads it: it sees its
// own changes and every committed one, like count(*) would. Statements that change nothing counted
// (most updates) touch no counter row at all, so they take no lock.

const COUNTED: { table: string; split?: string }[] = [
  { table: "users", split: "kind" },
  { table: "households" },
  { table: "businesses" },
  { table: "collections" },
  { table: "disbursements" },
  { table: "transactions" },
];

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table row_counts (
      scope text primary key,
      live bigint not null default 0,
      trashed bigint not null default 0
    )
  `.execute(db);
  // TG_ARGV[0], when given, is the column that splits a table into scopes (users.kind). A row is
  // trashed when its deleted_at is set; a table without deleted_at has only live rows.
  await sql`
    create or replace function portal_count_rows() returns trigger
    language plpgsql as $$
    declare
      split text := TG_ARGV[0];
      changes text := case TG_OP
        when 'INSERT' then 'select to_jsonb(n) as r, 1 as sign from new_rows n'
        when 'DELETE' then 'select to_jsonb(o) as r, -1 as sign from old_rows o'
        else 'select to_jsonb(n) as r, 1 as sign from new_rows n union all select to_jsonb(o), -1 from old_rows o'
      end;
    begin
      if TG_OP = 'TRUNCATE' then
        delete from row_counts where scope = TG_TABLE_NAME or scope like TG_TABLE_NAME || ':%';
        return null;
      end if;
      -- Dynamic only because a trigger for inserts has no old_rows to name (nor one for deletes new_rows).
      execute format($sql$
        with deltas as (
          select $1 || coalesce(':' || (r ->> $2), '') as scope,
            coalesce(sum(sign) filter (where r ->> 'deleted_at' is null), 0) as live,
            coalesce(sum(sign) filter (where r ->> 'deleted_at' is not null), 0) as trashed
          from (%s) changes group by 1
        )
        insert into row_counts as c (scope, live, trashed)
        select scope, live, trashed from deltas where live <> 0 or trashed <> 0
        order by scope
        on conflict (scope) do update set live = c.live + excluded.live, trashed = c.trashed + excluded.trashed
      $sql$, changes) using TG_TABLE_NAME::text, split;
      return null;
    end
    $$
  `.execute(db);
  for (const { table, split } of COUNTED) {
    const args = split ? sql.lit(split) : sql``;
    const t = sql.table(table);
    await sql`create trigger ${sql.raw(`${table}_count_insert`)} after insert on ${t}
      referencing new table as new_rows for each statement execute function portal_count_rows(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count_update`)} after update on ${t}
      referencing old table as old_rows new table as new_rows for each statement execute function portal_count_rows(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count_delete`)} after delete on ${t}
      referencing old table as old_rows for each statement execute function portal_count_rows(${args})`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_count_truncate`)} after truncate on ${t}
      for each statement execute function portal_count_rows(${args})`.execute(db);
    const scope = split ? sql`${table}::text || ':' || ${sql.ref(split)}` : sql`${table}::text`;
    const trashed = (await hasDeletedAt(db, table)) ? sql`deleted_at is not null` : sql`false`;
    await sql`
      insert into row_counts (scope, live, trashed)
      select ${scope}, count(*) filter (where not (${trashed})), count(*) filter (where ${trashed}) from ${t} group by 1
    `.execute(db);
  }
}

async function hasDeletedAt(db: Kysely<any>, table: string): Promise<boolean> {
  const { rows } = await sql`
    select 1 from information_schema.columns where table_schema = current_schema() and table_name = ${table} and column_name = 'deleted_at'
  `.execute(db);
  return rows.length > 0;
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table } of COUNTED) {
    for (const op of ["insert", "update", "delete", "truncate"]) {
      await sql`drop trigger if exists ${sql.raw(`${table}_count_${op}`)} on ${sql.table(table)}`.execute(db);
    }
  }
  await sql`drop function if exists portal_count_rows()`.execute(db);
  await sql`drop table if exists row_counts`.execute(db);
}
