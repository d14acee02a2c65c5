import { type CreateTableBuilder, type Kysely, sql } from "kysely";

// People and places (issue 4): the resident profile of the DILG Record of Barangay Inhabitants,
// resident photos, households and their members, disaster-prone puroks and businesses, and the
// indexes of the global resident search. Frozen in time: never import app code (DESIGN §1).
//
// Residents are users (spec §3): their RBI fields extend user_profiles, so the engine's user
// storage reads and writes them like the name parts (docs/decisions/041-resident-profile-columns.md).

/* eslint-disable @typescript-eslint/no-explicit-any */
function withAudit(t: CreateTableBuilder<any, any>): CreateTableBuilder<any, any> {
  return t
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_by", "bigint", (c) => c.references("users.id"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint", (c) => c.references("users.id"))
    .addColumn("deleted_at", "timestamptz")
    .addColumn("deleted_by", "bigint", (c) => c.references("users.id"));
}

const id = (t: CreateTableBuilder<any, any>) => t.addColumn("id", "bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey());

export async function up(db: Kysely<any>): Promise<void> {
  // All three ship as contrib modules of PGlite 0.5 and with PostgreSQL 15 (DESIGN §5).
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists fuzzystrmatch`.execute(db);

  // unaccent() is only STABLE (its dictionary could change); an index needs an IMMUTABLE wrapper
  // that names the dictionary. Removing accents also turns ñ into n ("Niño" → "Nino").
  await sql`
    create or replace function portal_unaccent(text) returns text
    language sql immutable parallel safe strict
    as $$ select public.unaccent('public.unaccent'::regdictionary, $1) $$
  `.execute(db);

  // The words a name is found by: lower case, no accents, apostrophes dropped (D'Angelo → dangelo),
  // hyphens and other marks as spaces (Dela-Cruz → dela cruz), plus each multi-word name part
  // written together (dela cruz → delacruz, maria clara → mariaclara) so that "delacruz" and
  // "dela cruz" find the same person.
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

  // The RBI individual record (issue 4 "Fields"), nested under user_profile in the API (DESIGN §7).
  await db.schema
    .alterTable("user_profiles")
    .addColumn("sex", "text", (c) => c.check(sql`sex in ('Male', 'Female')`))
    .addColumn("date_of_birth", "date")
    .addColumn("place_of_birth", "text")
    .addColumn("civil_status", "text", (c) => c.check(sql`civil_status in ('Single', 'Married', 'Widowed', 'Separated', 'Annulled')`))
    .addColumn("citizenship", "text")
    .addColumn("religion_id", "bigint", (c) => c.references("religions.id"))
    .addColumn("occupation_id", "bigint", (c) => c.references("occupations.id"))
    .addColumn("contact_number", "text")
    .addColumn("house_number", "text")
    .addColumn("street", "text")
    .addColumn("purok_id", "bigint", (c) => c.references("puroks.id"))
    .addColumn("highest_educational_attended", "text")
    .addColumn("mother_fullname", "text")
    .addColumn("father_fullname", "text")
    .addColumn("sss_number", "text")
    .addColumn("sss_membership_date", "date")
    .addColumn("sss_retirement_date", "date")
    .addColumn("sss_job", "text")
    .addColumn("is_voter", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("precinct_number", "text")
    .addColumn("is_pwd", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_solo_parent", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_4ps", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_ofw", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("is_indigenous", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`
    alter table user_profiles add column search_name text
    generated always as (portal_name_search_text(firstname, middlename, lastname, suffix)) stored
  `.execute(db);

  // Resident search (issue 4): prefix matching on name words (juan:* & dela:*) through GIN over a
  // 'simple' tsvector, and trigram similarity for the typo fallback. The tsvector is stored, so
  // ranking the matched rows never recomputes it.
  await sql`
    alter table user_profiles add column search_tsv tsvector
    generated always as (to_tsvector('simple'::regconfig, coalesce(portal_name_search_text(firstname, middlename, lastname, suffix), ''))) stored
  `.execute(db);
  // fastupdate off: residents are added a few at a time, and a search must never scan a long
  // pending list of recent entries (measured: 80–120 ms before a vacuum against 10–40 ms after).
  await sql`create index user_profiles_search_tsv_idx on user_profiles using gin (search_tsv) with (fastupdate = off)`.execute(db);
  await sql`create index user_profiles_search_trgm_idx on user_profiles using gin (search_name gin_trgm_ops) with (fastupdate = off)`.execute(
    db,
  );
  // Duplicate warning (same name and birth date) and the zone column.
  await db.schema.createIndex("user_profiles_date_of_birth_idx").on("user_profiles").column("date_of_birth").execute();
  await db.schema.createIndex("user_profiles_purok_id_idx").on("user_profiles").column("purok_id").execute();

  // The distinct name words of every profile, for the typo fallback: a misspelt word ("Santso",
  // "Jaun") is matched to the known words a trigram or an edit away, which is far cheaper than
  // comparing it with every name. Words of renamed people stay: they only widen the guesses.
  await db.schema
    .createTable("name_words")
    .addColumn("word", "text", (c) => c.primaryKey())
    .execute();
  await sql`create index name_words_trgm_idx on name_words using gin (word gin_trgm_ops) with (fastupdate = off)`.execute(db);
  await sql`
    create or replace function portal_collect_name_words() returns trigger
    language plpgsql as $$
    begin
      if new.search_name is not null and new.search_name <> '' then
        insert into name_words (word)
          select distinct w from unnest(string_to_array(new.search_name, ' ')) as w where length(w) >= 2
          on conflict (word) do nothing;
      end if;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger user_profiles_name_words after insert or update of firstname, middlename, lastname, suffix
    on user_profiles for each row execute function portal_collect_name_words()
  `.execute(db);
  await sql`
    insert into name_words (word)
      select distinct w from user_profiles, unnest(string_to_array(search_name, ' ')) as w where length(w) >= 2
      on conflict (word) do nothing
  `.execute(db);

  // Photos, resized on upload, kept in the database so a backup of it is a backup of everything.
  await db.schema
    .createTable("resident_photos")
    .addColumn("user_id", "bigint", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("content", "bytea", (c) => c.notNull())
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "bigint", (c) => c.references("users.id"))
    .execute();

  // Households: a head, members with their relation to the head, a purok and map coordinates,
  // checked to lie within the Philippines.
  await withAudit(
    id(db.schema.createTable("households"))
      .addColumn("household_head_user_id", "bigint", (c) => c.notNull().references("users.id"))
      .addColumn("head_name", "text") // kept by the service so the list's search finds the head
      .addColumn("purok_id", "bigint", (c) => c.notNull().references("puroks.id"))
      .addColumn("address", "text", (c) => c.notNull())
      .addColumn("latitude", "double precision", (c) => c.check(sql`latitude between 4.5 and 21.5`))
      .addColumn("longitude", "double precision", (c) => c.check(sql`longitude between 116 and 127`))
      .addCheckConstraint("households_coordinates_paired", sql`(latitude is null) = (longitude is null)`),
  ).execute();
  await db.schema.createIndex("households_purok_id_idx").on("households").column("purok_id").execute();
  await db.schema.createIndex("households_head_idx").on("households").column("household_head_user_id").execute();

  await db.schema
    .createTable("household_members")
    .addColumn("household_id", "bigint", (c) => c.notNull().references("households.id").onDelete("cascade"))
    .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
    .addColumn("relation_to_head", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("household_members_pk", ["household_id", "user_id"])
    .execute();
  await db.schema.createIndex("household_members_user_id_idx").on("household_members").column("user_id").execute();

  // Disaster-prone puroks: one active entry per purok, several hazards each.
  await withAudit(
    id(db.schema.createTable("disaster_prone_areas"))
      .addColumn("purok_id", "bigint", (c) => c.notNull().references("puroks.id"))
      .addColumn("disaster_types", sql`text[]`, (c) =>
        c
          .notNull()
          .check(
            sql`cardinality(disaster_types) > 0 and disaster_types <@ array['Flood', 'Landslide', 'Storm surge', 'Fire', 'Earthquake', 'Volcanic', 'Drought']::text[]`,
          ),
      )
      .addColumn("affected_area", "text", (c) => c.notNull()),
  ).execute();
  await sql`create unique index disaster_prone_areas_active_purok on disaster_prone_areas (purok_id) where deleted_at is null`.execute(db);

  await withAudit(
    id(db.schema.createTable("businesses"))
      .addColumn("name", "text", (c) => c.notNull())
      .addColumn("owner_user_id", "bigint", (c) => c.notNull().references("users.id"))
      .addColumn("business_line_id", "bigint", (c) => c.notNull().references("business_lines.id"))
      .addColumn("location", "text", (c) => c.notNull())
      .addColumn("date_acquired", "date"),
  ).execute();
  await db.schema.createIndex("businesses_owner_idx").on("businesses").column("owner_user_id").execute();
  await db.schema.createIndex("businesses_business_line_idx").on("businesses").column("business_line_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["businesses", "disaster_prone_areas", "household_members", "households", "resident_photos", "name_words"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`drop trigger if exists user_profiles_name_words on user_profiles`.execute(db);
  await sql`drop function if exists portal_collect_name_words()`.execute(db);
  await sql`drop index if exists user_profiles_search_tsv_idx`.execute(db);
  await sql`drop index if exists user_profiles_search_trgm_idx`.execute(db);
  await sql`drop index if exists user_profiles_date_of_birth_idx`.execute(db);
  await sql`drop index if exists user_profiles_purok_id_idx`.execute(db);
  await db.schema
    .alterTable("user_profiles")
    .dropColumn("search_tsv")
    .dropColumn("search_name")
    .dropColumn("sex")
    .dropColumn("date_of_birth")
    .dropColumn("place_of_birth")
    .dropColumn("civil_status")
    .dropColumn("citizenship")
    .dropColumn("religion_id")
    .dropColumn("occupation_id")
    .dropColumn("contact_number")
    .dropColumn("house_number")
    .dropColumn("street")
    .dropColumn("purok_id")
    .dropColumn("highest_educational_attended")
    .dropColumn("mother_fullname")
    .dropColumn("father_fullname")
    .dropColumn("sss_number")
    .dropColumn("sss_membership_date")
    .dropColumn("sss_retirement_date")
    .dropColumn("sss_job")
    .dropColumn("is_voter")
    .dropColumn("precinct_number")
    .dropColumn("is_pwd")
    .dropColumn("is_solo_parent")
    .dropColumn("is_4ps")
    .dropColumn("is_ofw")
    .dropColumn("is_indigenous")
    .execute();
  await sql`drop function if exists portal_name_search_text(text, text, text, text)`.execute(db);
  await sql`drop function if exists portal_name_words(text)`.execute(db);
  await sql`drop function if exists portal_unaccent(text)`.execute(db);
}
