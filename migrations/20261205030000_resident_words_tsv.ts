import { sql, type Kysely } from "kysely";

// Issue 17 item 1 (docs/decisions/179-search-words-carry-the-name.md): each resident_words row
// carries its resident's whole name as the search reads it (search_tsv), and the ranking index
// includes it. A search of several words then walks the rows of one of its words in ranking order
// (index-only) and checks the other words on the row itself, stopping at the 50th match, instead of
// asking the GIN index for every resident holding any word beginning with each typed prefix and
// sorting them all ("An San": 1,488 matches, 27 ms inside the GIN scan alone).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table resident_words add column search_tsv tsvector`.execute(db);
  await sql`update resident_words r set search_tsv = p.search_tsv from user_profiles p where p.user_id = r.user_id`.execute(db);
  await sql`drop index resident_words_rank_idx`.execute(db);
  await sql`
    create index resident_words_rank_idx on resident_words (word, search_length, lastname, firstname, user_id) include (search_tsv)
  `.execute(db);
  // The same trigger function, copying search_tsv too: a renamed resident's rows are rewritten whole.
  await sql`
    create or replace function portal_resident_words() returns trigger
    language plpgsql as $$
    begin
      if TG_OP in ('UPDATE', 'DELETE') then
        delete from resident_words where user_id = old.user_id;
      end if;
      if TG_OP in ('INSERT', 'UPDATE') and new.user_kind = 'resident' and not new.user_deleted and coalesce(new.search_name, '') <> '' then
        insert into resident_words (word, search_length, lastname, firstname, user_id, search_tsv)
        select distinct w, new.search_length, new.lastname, new.firstname, new.user_id, new.search_tsv
        from unnest(string_to_array(new.search_name, ' ')) as w where w <> '';
      end if;
      return null;
    end
    $$
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function portal_resident_words() returns trigger
    language plpgsql as $$
    begin
      if TG_OP in ('UPDATE', 'DELETE') then
        delete from resident_words where user_id = old.user_id;
      end if;
      if TG_OP in ('INSERT', 'UPDATE') and new.user_kind = 'resident' and not new.user_deleted and coalesce(new.search_name, '') <> '' then
        insert into resident_words (word, search_length, lastname, firstname, user_id)
        select distinct w, new.search_length, new.lastname, new.firstname, new.user_id
        from unnest(string_to_array(new.search_name, ' ')) as w where w <> '';
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`drop index if exists resident_words_rank_idx`.execute(db);
  await sql`create index resident_words_rank_idx on resident_words (word, search_length, lastname, firstname, user_id)`.execute(db);
  await sql`alter table resident_words drop column if exists search_tsv`.execute(db);
}
