import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { HUB_TENANT_ID, inBarangay, inScope } from "../../../db/tenant.ts";
import { describePermission, HUB_PERMISSIONS, type HubPermission } from "../../../domain/permissions.ts";
import { createAdministrator, seededPermissionNames, type SeedResult } from "../../seed.ts";

// The hub's own seed (issue 29 item 3, DESIGN §14): a deployment started with PORTAL_HUB=true runs
// this instead of the barangay seed. Everything it writes is the hub's (tenant 0): the hub's roles
// and its administrator. The barangays get their roles and first administrator when the hub
// administrator creates them (server/features/hub/service.ts). Idempotent like server/seed.ts.

export const HUB_ADMIN_ROLE = "Hub administrator";
export const DILG_OFFICER_ROLE = "Municipal DILG officer";
export const TREASURER_ROLE = "Municipal treasurer";
/** The roles a municipal officer may be given. */
export const MUNICIPAL_ROLES = [DILG_OFFICER_ROLE, TREASURER_ROLE] as const;
export type MunicipalRole = (typeof MUNICIPAL_ROLES)[number];

export const HUB_ROLES: { name: string; description: string; permissions: HubPermission[] }[] = [
  {
    name: HUB_ADMIN_ROLE,
    description: "Creates and suspends the hub's barangays and their first administrators; reads none of their records.",
    permissions: ["manage-barangays"],
  },
  {
    name: DILG_OFFICER_ROLE,
    description: "The municipal DILG officer: reads the roll-ups of the municipality's barangays.",
    permissions: ["view-rollups"],
  },
  {
    name: TREASURER_ROLE,
    description: "The municipal treasurer: reads the collections and remittances roll-ups of the municipality's barangays.",
    permissions: ["view-rollups"],
  },
];

/** What the hub's pages call the hub (its settings' `barangay` key, read like a barangay's). */
export const HUB_INFO = { name: "Barangay Portal Hub", municipality: "", province: "", region: "", address: "" };

export interface HubSeedOptions {
  adminUsername: string;
  adminPassword?: string;
}

export async function seedHub(db: DB, options: HubSeedOptions): Promise<SeedResult> {
  // Usernames are unique across the deployment: an install turned into a hub may already have a
  // barangay account of that name, which the hub's own rows cannot see.
  const taken = await inScope({ kind: "auth" }, () =>
    db
      .selectFrom("users")
      .select("barangay_id")
      .where(sql`lower(username)`, "=", options.adminUsername.toLowerCase())
      .executeTakeFirst(),
  );
  if (taken && Number(taken.barangay_id) !== HUB_TENANT_ID) {
    throw new Error(
      `ADMIN_USERNAME "${options.adminUsername}" is an account of barangay ${taken.barangay_id}: choose another ADMIN_USERNAME for the hub administrator.`,
    );
  }
  return inBarangay(HUB_TENANT_ID, () =>
    db.transaction().execute(async (trx) => {
      // The permissions are shared by every tenant: the barangays' and the hub's own.
      const names = [...seededPermissionNames(), ...HUB_PERMISSIONS];
      await trx
        .insertInto("permissions")
        .values(names.map((name) => ({ name, description: describePermission(name) })))
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      const permissionIds = new Map(
        (
          await trx
            .selectFrom("permissions")
            .select(["id", "name"])
            .where("name", "in", [...HUB_PERMISSIONS])
            .execute()
        ).map((p) => [p.name, p.id]),
      );
      for (const role of HUB_ROLES) {
        const existing = await trx.selectFrom("roles").select("id").where("name", "=", role.name).executeTakeFirst();
        const roleId =
          existing?.id ??
          (
            await trx
              .insertInto("roles")
              .values({ name: role.name, description: role.description })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id;
        await trx
          .insertInto("role_permissions")
          .values(role.permissions.map((name) => ({ role_id: roleId, permission_id: permissionIds.get(name)! })))
          .onConflict((oc) => oc.columns(["role_id", "permission_id"]).doNothing())
          .execute();
      }

      // The shell and the page titles name the tenant from its settings: the hub's own name, not a
      // barangay's (server/system/settings.ts would answer the demo barangay's).
      await trx
        .insertInto("settings")
        .values({ key: "barangay", value: JSON.stringify(HUB_INFO) })
        .onConflict((oc) => oc.columns(["barangay_id", "key"]).doNothing())
        .execute();

      if (taken) return { adminCreated: false };
      return createAdministrator(trx, { ...options, firstname: "Hub", lastname: "Administrator", color: "#0ea5e9", role: HUB_ADMIN_ROLE });
    }),
  );
}
