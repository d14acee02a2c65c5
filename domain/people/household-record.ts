/** A person as list cells show one (server/engine/people-sql.ts personJson). */
export interface PersonJson {
  id: number;
  fullname: string | null;
  name: string | null;
  image: string;
  hex_color: string | null;
  user_profile: {
    firstname: string;
    middlename: string | null;
    lastname: string | null;
    suffix: string | null;
    fullname: string | null;
    image: string;
    hex_color: string | null;
  };
}

/**
 * A household as the engine answers it: the registry entry's columns and references
 * (domain/registry/people.ts) with what its service adds (server/features/people/). The engine
 * reads any entry and so answers untyped rows; pages that show one household read it as this.
 */
// A type rather than an interface: comparable with the engine's Record<string, unknown> rows.
export type HouseholdRecord = {
  id: number;
  name: string;
  status: string;
  household_head_user_id: number;
  household_head: PersonJson | null;
  head_name: string | null;
  purok_id: number;
  purok: { id: number; name: string } | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  coordinates: string | null;
  members_count: number;
  members: { user_id: number; relation_to_head: string; user: PersonJson | null; status: "Active" | "Trashed" }[];
  created_at: Date;
  created_by: { id: number; fullname: string | null } | null;
  updated_at: Date;
  updated_by: { id: number; fullname: string | null } | null;
  deleted_at: Date | null;
};
