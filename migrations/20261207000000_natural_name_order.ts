import { type Kysely, sql } from "kysely";

// Names with numbers in them order as people count: "Purok 2" before "Purok 10" (a barangay of
// twelve puroks read "Purok 1, Purok 10, Purok 11, Purok 12, Purok 2" in its lists, selects and
// reports). The key is the lower-cased name with every run of digits left-padded to 20 digits, so
// text order of keys is the counted order; a run of more than 20 digits keeps its last 20.
// One SQL expression without an aggregate, so PostgreSQL inlines the function into the query.
// ICU's numeric collation would do the same, but the embedded database (PGlite) has no ICU data.
// Schema-qualified calls: pg_restore runs with an empty search_path (decision 187).
// Frozen in time: never import app code from a migration (DESIGN §1).

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function portal_natural_key(text) returns text
    language sql immutable strict parallel safe
    as $$ select pg_catalog.regexp_replace(
      pg_catalog.regexp_replace(pg_catalog.lower($1), '([0-9]+)', '00000000000000000000\\1', 'g'),
      '[0-9]*?([0-9]{20})(?![0-9])', '\\1', 'g') $$
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists portal_natural_key(text)`.execute(db);
}
