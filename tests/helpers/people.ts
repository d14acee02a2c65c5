import type { DB } from "../../db/index.ts";
import type { AuthUser, ServiceContext } from "../../server/context.ts";
import { allPermissionNames } from "../../domain/registry/index.ts";

// Factories of issue 4: residents, households and their places, straight in the database, for the
// tests that need many of them (search quality, maps, restores).

export interface ResidentRow {
  firstname: string;
  middlename?: string | null;
  lastname: string;
  suffix?: string | null;
  date_of_birth?: string;
  sex?: "Male" | "Female";
  contact_number?: string | null;
  purok?: string;
  deleted?: boolean;
  kind?: "resident" | "staff" | "non_resident";
}

/** A service context acting as a user who holds every permission (services check them). */
export function adminContext(db: DB, id = 1): ServiceContext {
  const user: AuthUser = {
    id,
    username: "admin",
    email: null,
    kind: "staff",
    new_user: false,
    last_sign_in_at: null,
    language: "en",
    user_profile: {
      firstname: "Test",
      middlename: null,
      lastname: "Admin",
      suffix: null,
      fullname: "Test Admin",
      image: "/default_avatar.png",
      hex_color: null,
    },
    roles: [],
    permissions: allPermissionNames(),
  };
  return { db, user };
}

export async function purokId(db: DB, name: string): Promise<number> {
  const found = await db.selectFrom("puroks").select("id").where("name", "=", name).executeTakeFirst();
  if (found) return found.id;
  const row = await db.insertInto("puroks").values({ name }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts residents (users of kind resident with their profile); answers their ids in order. */
export async function insertResidents(db: DB, people: ResidentRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const person of people) {
    const { id } = await db
      .insertInto("users")
      .values({ kind: person.kind ?? "resident", deleted_at: person.deleted ? new Date() : null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("user_profiles")
      .values({
        user_id: id,
        firstname: person.firstname,
        middlename: person.middlename ?? null,
        lastname: person.lastname,
        suffix: person.suffix ?? null,
        sex: person.sex ?? "Male",
        date_of_birth: person.date_of_birth ?? "1980-01-01",
        civil_status: "Single",
        contact_number: person.contact_number ?? null,
        purok_id: await purokId(db, person.purok ?? "Purok 1"),
      })
      .execute();
    ids.push(id);
  }
  return ids;
}
