// Permission names are `action-entity` (spec §6). This module is isomorphic: the menu, the pages,
// the services and the tests all ask `can(user, name)`.

import type { ResourceName } from "./registry/index";

export const ACTIONS = ["manage", "view", "create", "update", "delete", "restore"] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Entities of spec §6 that follow the action-entity pattern but are not registry entries yet: the
 * finance and certificate records of later issues. Every registry entry (RESOURCE_NAMES in
 * domain/registry/index.ts) is a pattern entity by being an entry; remove a name here when its entry
 * lands. The full list is PERMISSION_ENTITIES in domain/registry/index.ts.
 */
export const PLANNED_ENTITIES = [] as const;

/** A name that may stand after "action-": a registry entry's or a planned entity's. */
export type PlannedEntity = (typeof PLANNED_ENTITIES)[number];
export type PermissionEntity = ResourceName | PlannedEntity;

/** The `manage-` gate of an entity's list (menu entries, dashboard cards). */
export function manageGate(entity: PermissionEntity): string {
  return `manage-${entity}`;
}

/** Gates of the menu (spec §2.3) and row actions (§6) outside the pattern entities. */
export const EXTRA_PERMISSIONS = [
  // manage-queue and manage-appointment are their entries' own (decisions 206, 207).
  "manage-report",
  "view-report",
  // Export a person's data for a data subject request (decision 185).
  "export-personal_data",
  "manage-parameter",
  "manage-blocklist",
  "view-blocklist",
  "create-blocklist",
  "delete-blocklist",
  "manage-remittance",
  "view-remittance",
  "manage-maintenance",
  // A record's History tab (who changed what, when, from where).
  "view-audit",
] as const;

/**
 * The hub's own permissions (DESIGN §14, issue 29): held by users of the hub (tenant 0) only. The
 * hub administrator creates and suspends barangays and their first administrator; the municipal
 * officers read their municipality's roll-ups. No barangay role is ever granted one (the barangay
 * Administrator, who holds every other permission, included), and a barangay's role editor never
 * shows them (server/seed.ts, server/features/access/).
 */
export const HUB_PERMISSIONS = ["manage-barangays", "view-rollups"] as const;
export type HubPermission = (typeof HUB_PERMISSIONS)[number];

export function isHubPermission(name: string): boolean {
  return (HUB_PERMISSIONS as readonly string[]).includes(name);
}

/** A user of the hub (a hub administrator or a municipal officer): their home is /hub, not a barangay's dashboard. */
export function isHubUser(user: HasPermissions | null | undefined): boolean {
  return !!user && user.permissions.some(isHubPermission);
}

/** Where a hub user lands after signing in. */
export const HUB_HOME = "/hub";

/**
 * The system administrator's permission: the /test diagnostics page, switching maintenance mode,
 * and working through it (docs/decisions/005). Only the Administrator role holds it when seeded.
 */
export const SYSTEM_ADMIN_PERMISSION = "manage-maintenance";

export function permissionName(action: string, entity: string): string {
  return `${action}-${entity}`;
}

export function describePermission(name: string): string {
  if (name === "view-audit") return "See a record's history: who changed what, when and from where";
  if (name === "manage-barangays") return "Create and suspend the hub's barangays and their first administrators";
  if (name === "view-rollups") return "Read the roll-ups of the municipality's barangays";
  const [action, ...rest] = name.split("-");
  const entity = rest.join("-").replace(/_/g, " ");
  const verb: Record<string, string> = {
    manage: "Open the list of",
    view: "View one",
    create: "Create",
    update: "Edit",
    delete: "Delete or void",
    restore: "Restore",
    export: "Export",
  };
  return `${verb[action] ?? action} ${entity}${action === "manage" ? " records" : ""}`;
}

/** A permission name is two parts joined by the first hyphen: a lower-case action and entity. */
export const PERMISSION_NAME_PATTERN = /^[a-z]+-[a-z_]+$/;

export interface HasPermissions {
  permissions: readonly string[];
}

export function can(user: HasPermissions | null | undefined, permission: string | null | undefined): boolean {
  if (!permission) return true; // "everyone" gates
  return !!user && user.permissions.includes(permission);
}
