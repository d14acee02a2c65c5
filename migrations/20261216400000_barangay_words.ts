import { sql, type Kysely } from "kysely";

// The full-text indexes of the residents' names, led by the barangay (issue 29 item 2, DESIGN §14:
// "barangay_id leads every index that serves a tenant's lists and searches").
//
// A GIN index has no leading column: over search_tsv it held every barangay's words together, and a
// search read the matches of the whole deployment, then threw away the other barangays' rows
// (bench/plans/hub-big-search.txt: 772 read, 116 kept in the largest barangay; 772 read, 0 kept in
// a small one; a short prefix read tens of thousands). Here each word is indexed with its barangay
// written before it ("17/santos"), so a search of barangay 17 asks for "17/santos" and the index answers
// that barangay's matches only. The separator keeps barangay 1's "1/an…" from matching barangay 10's
// "10/an…". Searches ask through portal_barangay_query, which writes the barangay before every word
// of a query (prefix marks and operators kept).
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function portal_barangay_words(bigint, tsvector) returns tsvector
    language sql immutable strict parallel safe
    as $$ select array_to_tsvector(array(select $1::text || '/' || w from unnest(tsvector_to_array($2)) as w)) $$
  `.execute(db);
  // tsquery's text form quotes every word ('o''brien':*): the barangay goes inside each quote.
  await sql`
    create function portal_barangay_query(bigint, tsquery) returns tsquery
    language sql immutable strict parallel safe
    as $$ select regexp_replace($2::text, $re$'((?:[^']|'')*)'$re$, $r$'$r$ || $1::text || $r$/\\1'$r$, 'g')::tsquery $$
  `.execute(db);
  // As ts_match_vq in 20261216100000_barangays_as_tenants: an index serves a condition before the
  // row-level policy only when nothing in it can leak what it reads. This function raises no error
  // and answers nothing but its own result (docs/decisions/209).
  const superuser = (await sql<{ rolsuper: boolean }>`select rolsuper from pg_roles where rolname = current_user`.execute(db)).rows[0]
    ?.rolsuper;
  if (superuser) await sql`alter function portal_barangay_words(bigint, tsvector) leakproof`.execute(db);
  await sql`drop index user_profiles_resident_tsv_idx`.execute(db);
  await sql`
    create index user_profiles_resident_words_idx on user_profiles using gin (portal_barangay_words(barangay_id, search_tsv))
    with (fastupdate = off) where user_kind = 'resident' and not user_deleted
  `.execute(db);
  await sql`drop index user_profiles_search_tsv_idx`.execute(db);
  await sql`
    create index user_profiles_words_idx on user_profiles using gin (portal_barangay_words(barangay_id, search_tsv)) with (fastupdate = off)
  `.execute(db);
  // The planner knows how many rows a match finds from the statistics of the indexed expression,
  // which only ANALYZE gathers: without them it guessed 10,000 matches for a name with 116 and
  // intersected the barangay's 262,000 rows with them (8.7 ms instead of 0.7 ms in the hub bench).
  await sql`analyze user_profiles`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index user_profiles_words_idx`.execute(db);
  await sql`drop index user_profiles_resident_words_idx`.execute(db);
  await sql`create index user_profiles_search_tsv_idx on user_profiles using gin (search_tsv) with (fastupdate = off)`.execute(db);
  await sql`
    create index user_profiles_resident_tsv_idx on user_profiles using gin (search_tsv) with (fastupdate = off)
    where user_kind = 'resident' and not user_deleted
  `.execute(db);
  await sql`drop function portal_barangay_query(bigint, tsquery)`.execute(db);
  await sql`drop function portal_barangay_words(bigint, tsvector)`.execute(db);
}
