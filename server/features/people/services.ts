import { sql, type Expression, type SqlBool } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { ResourceEngine, type AnySelect, type Row } from "../../engine/engine.ts";
import type { InputOf } from "../../../domain/registry/types.ts";
import type { business, disasterProneArea, household, resident } from "../../../domain/registry/people.ts";
import { prefixTsquery, searchWords } from "./resident-search.ts";
import { nameWordsMatch } from "../../engine/people-sql.ts";
import { ValidationError } from "../../errors.ts";
import { assertActiveResidents, assertHouseholdsRestorable, assertNoConflicts, assertNotHeads } from "./households.ts";
import { assertAreasRestorable, assertPurokFree } from "./disaster-prone-areas.ts";
import { assertNotDuplicate, assertProfileReferences, colourFor } from "./residents.ts";
import { fullNameOf, personJson, residentProfileJson } from "../../engine/people-sql.ts";

// The services of the people entries: their rules over the engine's life cycle, each run inside
// the engine's transaction.
//
// A note on extendSelect: where a service selects a column the engine already selected (a household's
// head), the later column of the same name is the one both drivers (pg and PGlite) put in the row
// object, so the service's fuller shape wins. A resident's profile replaces the engine's through
// userProfile instead, so it is built once per row.

type ResidentInput = InputOf<typeof resident>;
/** A resident's parsed input, whose colour beforeWrite leaves out when an update does not change it. */
type ResidentValues = Omit<ResidentInput, "user_profile"> & {
  user_profile: Omit<ResidentInput["user_profile"], "hex_color"> & { hex_color?: string | null };
};

export class ResidentService extends ResourceEngine<Row, ResidentValues> {
  protected override userProfileSql() {
    return residentProfileJson("p", "zp", "rlp", "ocp");
  }
  protected override extendSelect(q: AnySelect): AnySelect {
    return q
      .leftJoin("puroks as zp", "zp.id", "p.purok_id")
      .leftJoin("religions as rlp", "rlp.id", "p.religion_id")
      .leftJoin("occupations as ocp", "ocp.id", "p.occupation_id")
      .select(sql<string | null>`zp.name`.as("zone"));
  }
  /**
   * The residents' list search (decision 042): the indexed prefix match over the unaccented name
   * words (the barangay-led GIN index user_profiles_words_idx), several words in any order, accents, compound
   * surnames. A number or an address (contact number, username, e-mail) is matched as typed instead.
   */
  protected override searchSql(text: string): Expression<SqlBool> | null {
    if (/[\d@]/.test(text)) return null;
    const words = searchWords(text);
    if (words.length === 0) return null;
    return nameWordsMatch("p", prefixTsquery(words));
  }
  protected override async beforeWrite(ctx: ServiceContext, values: ResidentValues, id: number | null) {
    const profile = values.user_profile;
    await assertProfileReferences(ctx, profile);
    await assertNotDuplicate(ctx, values, id);
    if (profile.hex_color == null) {
      // A new resident gets a colour of their own; an update without one keeps the one they have.
      if (id == null) profile.hex_color = colourFor(`${profile.firstname} ${profile.lastname}`);
      else delete profile.hex_color;
    }
    if (!profile.citizenship && id == null) profile.citizenship = "Filipino";
  }
  protected override async afterWrite(ctx: ServiceContext, id: number) {
    // The households list searches its heads by name (households.head_name).
    await ctx.db
      .updateTable("households")
      .set({ head_name: sql<string | null>`(select ${fullNameOf("p")} from user_profiles p where p.user_id = ${id})` })
      .where("household_head_user_id", "=", id)
      .execute();
  }
  protected override async beforeDelete(ctx: ServiceContext, ids: number[]) {
    await assertNotHeads(ctx, ids);
  }
}

/** A household's parsed input, and the head's name beforeWrite stores with it. */
type HouseholdValues = InputOf<typeof household> & { head_name?: string | null };

export class HouseholdService extends ResourceEngine<Row, HouseholdValues> {
  protected override computedSortExpression(key: string) {
    if (key === "members_count") return sql`(select count(*) from household_members hm where hm.household_id = t.id)`;
    return undefined;
  }
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([
      personJson("t.household_head_user_id", "r_household_head_p").as("household_head"),
      sql<string>`'Household of ' || coalesce(${fullNameOf("r_household_head_p")}, '#' || t.id)`.as("name"),
      sql<number>`1 + (select count(*) from household_members hm where hm.household_id = t.id)::int`.as("members_count"),
      sql<
        string | null
      >`case when t.latitude is null then null else to_char(t.latitude, 'FM990.000000') || ', ' || to_char(t.longitude, 'FM990.000000') end`.as(
        "coordinates",
      ),
    ]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: HouseholdValues, id: number | null) {
    const people = { household_head_user_id: values.household_head_user_id, members: values.members ?? [] };
    const names = await assertActiveResidents(ctx, people);
    await assertNoConflicts(ctx, people, id);
    values.head_name = names.get(people.household_head_user_id) ?? null;
  }
  // Members are the entry's child rows (written by the engine); a restore must not put a person in
  // two active households.
  protected override async beforeRestore(ctx: ServiceContext, ids: number[]) {
    await assertHouseholdsRestorable(ctx, ids);
  }
}

export class DisasterProneAreaService extends ResourceEngine<Row, InputOf<typeof disasterProneArea>> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([sql<string>`coalesce(r_purok.name, 'Purok #' || t.purok_id)`.as("name")]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: InputOf<typeof disasterProneArea>, id: number | null) {
    await assertPurokFree(ctx, values.purok_id, id);
  }
  protected override async beforeRestore(ctx: ServiceContext, ids: number[]) {
    await assertAreasRestorable(ctx, ids);
  }
}

export class BusinessService extends ResourceEngine<Row, InputOf<typeof business>> {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([personJson("t.owner_user_id", "r_owner_p").as("owner")]);
  }
  protected override async beforeWrite(ctx: ServiceContext, values: InputOf<typeof business>) {
    const owner = await ctx.db.selectFrom("users").select(["kind"]).where("id", "=", values.owner_user_id).executeTakeFirst();
    if (!owner || owner.kind !== "resident") throw ValidationError.field("owner_user_id", "The owner must be a registered resident.");
  }
}
