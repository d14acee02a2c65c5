import { sql, type Kysely } from "kysely";

// Issue 17 items 1 and 3 (docs/decisions/170-search-and-deep-pages-from-indexes.md): the resident
// search and the deep pages of the residents list answered from indexes on user_profiles alone.
//
// Whether a profile belongs to a resident and whether that resident is trashed lived only in
// `users`, so every search and every list page joined users row by row to filter (the plan of page
// 2,000 probed users_pkey 31,028 times). The profile now carries both, kept by triggers, which lets
// partial indexes hold exactly the searchable residents and lets the list's offset be walked in an
// index-only scan:
//   - user_profiles_kind_sort_idx (user_kind, sort_name, user_id): the list in name order;
//   - user_profiles_resident_rank_idx: the active residents in the search's ranking order
//     (shortest name first), with the tsvector included so a common word is found by walking it
//     in order and stopping at the 50th match;
//   - user_profiles_resident_tsv_idx: GIN over the same residents for rare words.

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table user_profiles
      add column user_kind text,
      add column user_deleted boolean not null default false,
      add column search_length integer not null generated always as (
        coalesce(length(portal_name_words(firstname)), 0) + coalesce(length(portal_name_words(middlename)), 0)
          + coalesce(length(portal_name_words(lastname)), 0) + coalesce(length(portal_name_words(suffix)), 0)
      ) stored
  `.execute(db);
  await sql`
    update user_profiles p set user_kind = u.kind, user_deleted = u.deleted_at is not null
    from users u where u.id = p.user_id
  `.execute(db);

  // A new profile copies its user's kind and trashed state; a user's change is copied to the profile.
  await sql`
    create or replace function portal_profile_user_state() returns trigger
    language plpgsql as $$
    begin
      select u.kind, u.deleted_at is not null into new.user_kind, new.user_deleted from users u where u.id = new.user_id;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger user_profiles_user_state before insert or update of user_id, user_kind, user_deleted
    on user_profiles for each row execute function portal_profile_user_state()
  `.execute(db);
  await sql`
    create or replace function portal_user_state_to_profile() returns trigger
    language plpgsql as $$
    begin
      update user_profiles set user_kind = new.kind, user_deleted = new.deleted_at is not null where user_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger users_state_to_profile after update of kind, deleted_at on users for each row
    when (old.kind is distinct from new.kind or (old.deleted_at is null) <> (new.deleted_at is null))
    execute function portal_user_state_to_profile()
  `.execute(db);

  await sql`create index user_profiles_kind_sort_idx on user_profiles (user_kind, sort_name, user_id) include (user_deleted)`.execute(db);
  await sql`
    create index user_profiles_resident_rank_idx on user_profiles (search_length, lastname, firstname, user_id) include (search_tsv)
    where user_kind = 'resident' and not user_deleted
  `.execute(db);
  await sql`
    create index user_profiles_resident_tsv_idx on user_profiles using gin (search_tsv) with (fastupdate = off)
    where user_kind = 'resident' and not user_deleted
  `.execute(db);

  // One row per word of every active resident's search_name, in the search's ranking order within
  // the word: a search for one common word ("santos", 10,000 residents) reads its first 50 rows
  // instead of fetching and sorting all 10,000 matches. Kept by trigger, like name_words.
  await sql`
    create table resident_words (
      word text collate "C" not null,
      search_length integer not null,
      lastname text,
      firstname text not null,
      user_id bigint not null
    )
  `.execute(db);
  await sql`create index resident_words_rank_idx on resident_words (word, search_length, lastname, firstname, user_id)`.execute(db);
  await sql`create index resident_words_user_idx on resident_words (user_id)`.execute(db);
  // A typed prefix's known words are a range in "C" order, whatever the database's collation.
  await sql`create index name_words_c_idx on name_words (word collate "C")`.execute(db);
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
  await sql`
    create trigger user_profiles_resident_words after insert or delete or update of firstname, middlename, lastname, suffix, user_kind, user_deleted, user_id
    on user_profiles for each row execute function portal_resident_words()
  `.execute(db);
  await sql`
    insert into resident_words (word, search_length, lastname, firstname, user_id)
    select distinct w, p.search_length, p.lastname, p.firstname, p.user_id
    from user_profiles p, unnest(string_to_array(p.search_name, ' ')) as w
    where p.user_kind = 'resident' and not p.user_deleted and w <> ''
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists user_profiles_resident_words on user_profiles`.execute(db);
  await sql`drop function if exists portal_resident_words()`.execute(db);
  await sql`drop table if exists resident_words`.execute(db);
  await sql`drop index if exists name_words_c_idx`.execute(db);
  await sql`drop trigger if exists users_state_to_profile on users`.execute(db);
  await sql`drop function if exists portal_user_state_to_profile()`.execute(db);
  await sql`drop trigger if exists user_profiles_user_state on user_profiles`.execute(db);
  await sql`drop function if exists portal_profile_user_state()`.execute(db);
  await sql`drop index if exists user_profiles_resident_tsv_idx`.execute(db);
  await sql`drop index if exists user_profiles_resident_rank_idx`.execute(db);
  await sql`drop index if exists user_profiles_kind_sort_idx`.execute(db);
  await sql`alter table user_profiles drop column if exists search_length, drop column if exists user_deleted, drop column if exists user_kind`.execute(
    db,
  );
}
