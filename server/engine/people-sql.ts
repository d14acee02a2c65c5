import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../../db/schema.ts";
import { scopedBarangayId } from "../../db/tenant.ts";

// SQL fragments shared by the people services and hooks: how a person's name, address
// and profile read in every answer.

/** "Juan Santos Dela Cruz Jr." from a user_profiles alias. */
export function fullNameOf(alias: string): RawBuilder<string> {
  return sql<string>`nullif(concat_ws(' ', ${sql.ref(`${alias}.firstname`)}, ${sql.ref(`${alias}.middlename`)}, ${sql.ref(`${alias}.lastname`)}, ${sql.ref(`${alias}.suffix`)}), '')`;
}

/** A person's full name by user id, as fullNameOf reads it; null when the id has no profile. */
export async function fullNameById(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom("user_profiles as p")
    .select(fullNameOf("p").as("name"))
    .where("p.user_id", "=", userId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Age in whole years on today's date in Manila. */
export function ageOf(alias: string): RawBuilder<number | null> {
  return sql<number | null>`extract(year from age((now() at time zone 'Asia/Manila')::date, ${sql.ref(`${alias}.date_of_birth`)}))::int`;
}

/** "12 Mabini St., Purok 3": house number and street, then the purok; null when nothing is known. */
export function completeAddressOf(alias: string, purokAlias: string): RawBuilder<string | null> {
  return sql<
    string | null
  >`nullif(concat_ws(', ', nullif(concat_ws(' ', ${sql.ref(`${alias}.house_number`)}, ${sql.ref(`${alias}.street`)}), ''), ${sql.ref(`${purokAlias}.name`)}), '')`;
}

/** A person as list cells show it: {id, fullname, image, hex_color}. */
export function personJson(idColumn: string, alias: string): RawBuilder<unknown> {
  return sql`case when ${sql.ref(idColumn)} is null then null else jsonb_build_object(
    'id', ${sql.ref(idColumn)},
    'fullname', ${fullNameOf(alias)},
    'name', ${fullNameOf(alias)},
    'image', coalesce(${sql.ref(`${alias}.image`)}, '/default_avatar.png'),
    'hex_color', ${sql.ref(`${alias}.hex_color`)},
    'user_profile', jsonb_build_object('firstname', ${sql.ref(`${alias}.firstname`)}, 'middlename', ${sql.ref(`${alias}.middlename`)},
      'lastname', ${sql.ref(`${alias}.lastname`)}, 'suffix', ${sql.ref(`${alias}.suffix`)}, 'fullname', ${fullNameOf(alias)},
      'image', coalesce(${sql.ref(`${alias}.image`)}, '/default_avatar.png'), 'hex_color', ${sql.ref(`${alias}.hex_color`)})
  ) end`;
}

/** The whole resident profile of spec §3 and the RBI, nested as `user_profile` (DESIGN §7). */
export function residentProfileJson(p: string, purok: string, religion: string, occupation: string): RawBuilder<unknown> {
  const r = (c: string) => sql.ref(`${p}.${c}`);
  return sql`jsonb_build_object(
    'firstname', ${r("firstname")}, 'middlename', ${r("middlename")}, 'lastname', ${r("lastname")}, 'suffix', ${r("suffix")},
    'fullname', ${fullNameOf(p)}, 'fullname_with_middle', ${fullNameOf(p)},
    'image', coalesce(${r("image")}, '/default_avatar.png'), 'hex_color', ${r("hex_color")},
    'sex', ${r("sex")}, 'date_of_birth', ${r("date_of_birth")}, 'age', ${ageOf(p)}, 'is_senior', coalesce(${ageOf(p)} >= 60, false),
    'place_of_birth', ${r("place_of_birth")}, 'civil_status', ${r("civil_status")}, 'citizenship', ${r("citizenship")},
    'religion_id', ${r("religion_id")}, 'religion', ${sql.ref(`${religion}.name`)},
    'occupation_id', ${r("occupation_id")}, 'occupation', ${sql.ref(`${occupation}.name`)},
    'contact_number', ${r("contact_number")}, 'contact_number_joint', coalesce(nullif(${r("contact_number")}, ''), 'N/A'),
    'house_number', ${r("house_number")}, 'street', ${r("street")}, 'purok_id', ${r("purok_id")}, 'purok', ${sql.ref(`${purok}.name`)},
    'complete_address', ${completeAddressOf(p, purok)},
    'highest_educational_attended', ${r("highest_educational_attended")},
    'mother_fullname', ${r("mother_fullname")}, 'father_fullname', ${r("father_fullname")}
  ) || jsonb_build_object(
    'sss_number', ${r("sss_number")}, 'sss_membership_date', ${r("sss_membership_date")}, 'sss_retirement_date', ${r("sss_retirement_date")},
    'sss_job', ${r("sss_job")}, 'is_voter', ${r("is_voter")}, 'precinct_number', ${r("precinct_number")}, 'is_pwd', ${r("is_pwd")},
    'is_solo_parent', ${r("is_solo_parent")}, 'is_4ps', ${r("is_4ps")}, 'is_ofw', ${r("is_ofw")}, 'is_indigenous', ${r("is_indigenous")}
  )`;
}

/**
 * `<alias>`'s name words match a tsquery (the text to_tsquery('simple', …) reads), asked of the
 * barangay-led full-text indexes (migration 20261216400000_barangay_words): in a barangay's scope every
 * word is asked with the barangay written before it, so the index answers that barangay's matches
 * only; outside one (the owner's scripts and tests) the words are matched as they are.
 */
export function nameWordsMatch(alias: string, tsquery: string): RawBuilder<boolean> {
  const query = sql`to_tsquery('simple'::regconfig, ${tsquery})`;
  const barangayId = scopedBarangayId();
  if (barangayId == null) return sql<boolean>`${sql.ref(`${alias}.search_tsv`)} @@ ${query}`;
  // Both: the index serves the barangay's words; a plan that reads the rows another way checks the
  // cheap row's own words first (conditions run cheapest first) and builds the barangay's words only
  // for the rows that match.
  return sql<boolean>`(${sql.ref(`${alias}.search_tsv`)} @@ ${query} and portal_barangay_words(${sql.ref(`${alias}.barangay_id`)}, ${sql.ref(`${alias}.search_tsv`)}) @@ portal_barangay_query(${barangayId}, ${query}))`;
}
