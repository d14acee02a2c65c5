import { type Kysely, sql } from "kysely";

// pg_restore runs with an empty search_path, so a SQL function that calls another one by its bare
// name fails while the generated name columns of user_profiles are restored ("function
// portal_name_words(text) does not exist"). The same two functions, with every call schema-qualified:
// what they compute is unchanged (issue 18 item 5, docs/decisions/187).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function portal_name_words(text) returns text
    language sql immutable parallel safe
    as $$ select nullif(pg_catalog.btrim(pg_catalog.regexp_replace(pg_catalog.regexp_replace(pg_catalog.lower(public.portal_unaccent(coalesce($1, ''))), '[''’]', '', 'g'), '[^a-z0-9]+', ' ', 'g')), '') $$
  `.execute(db);
  await sql`
    create or replace function portal_name_search_text(firstname text, middlename text, lastname text, suffix text) returns text
    language sql immutable parallel safe
    as $$
      select pg_catalog.btrim(pg_catalog.concat_ws(' ',
        public.portal_name_words(firstname), public.portal_name_words(middlename), public.portal_name_words(lastname), public.portal_name_words(suffix),
        case when public.portal_name_words(firstname) like '% %' then pg_catalog.replace(public.portal_name_words(firstname), ' ', '') end,
        case when public.portal_name_words(middlename) like '% %' then pg_catalog.replace(public.portal_name_words(middlename), ' ', '') end,
        case when public.portal_name_words(lastname) like '% %' then pg_catalog.replace(public.portal_name_words(lastname), ' ', '') end
      ))
    $$
  `.execute(db);
}

// The bodies before: the bare names, as migrations/20261121030000_people.ts wrote them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function portal_name_words(text) returns text
    language sql immutable parallel safe
    as $$ select nullif(btrim(regexp_replace(regexp_replace(lower(portal_unaccent(coalesce($1, ''))), '[''’]', '', 'g'), '[^a-z0-9]+', ' ', 'g')), '') $$
  `.execute(db);
  await sql`
    create or replace function portal_name_search_text(firstname text, middlename text, lastname text, suffix text) returns text
    language sql immutable parallel safe
    as $$
      select btrim(concat_ws(' ',
        portal_name_words(firstname), portal_name_words(middlename), portal_name_words(lastname), portal_name_words(suffix),
        case when portal_name_words(firstname) like '% %' then replace(portal_name_words(firstname), ' ', '') end,
        case when portal_name_words(middlename) like '% %' then replace(portal_name_words(middlename), ' ', '') end,
        case when portal_name_words(lastname) like '% %' then replace(portal_name_words(lastname), ' ', '') end
      ))
    $$
  `.execute(db);
}
