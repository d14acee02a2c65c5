// Permission names are `action-entity` (spec §6). This module is isomorphic: the menu, the pages,
// the services and the tests all ask `can(user, name)`.

export const ACTIONS = ["manage", "view", "create", "update", "delete", "restore"] as const;
export type Action = (typeof ACTIONS)[number];

/** The entities of spec §6 that follow the action-entity pattern. */
export const PATTERN_ENTITIES = [
  "bank",
  "bank_account",
  "business",
  "business_line",
  "cheque_book",
  "cheque_issuance",
  "cheque_number",
  "collection",
  "collection_type",
  "disaster_prone_area",
  "disbursement",
  "disbursement_type",
  "form_number",
  "form_pad",
  "form_type",
  "household",
  "non_resident",
  "occupation",
  "organization",
  "payment_nature",
  "purok",
  "religion",
  "resident",
  "role",
  "transaction",
  "transaction_type",
  "user",
] as const;

/** Gates of the menu (spec §2.3) and row actions (§6) outside the pattern entities. */
export const EXTRA_PERMISSIONS = [
  "manage-queue",
  "manage-appointment",
  "manage-report",
  "view-report",
  "manage-parameter",
  "manage-blocklist",
  "view-blocklist",
  "create-blocklist",
  "delete-blocklist",
  "manage-permission",
  "create-permission",
  "update-permission",
  "delete-permission",
  "manage-remittance",
  "view-remittance",
  "manage-maintenance",
] as const;

/**
 * The system administrator's permission: the /test diagnostics page, switching maintenance mode,
 * and working through it (docs/decisions/005). Only the Administrator role holds it when seeded.
 */
export const SYSTEM_ADMIN_PERMISSION = "manage-maintenance";

export function permissionName(action: string, entity: string): string {
  return `${action}-${entity}`;
}

export function allPermissionNames(): string[] {
  const names: string[] = [];
  for (const entity of PATTERN_ENTITIES) for (const action of ACTIONS) names.push(permissionName(action, entity));
  names.push(...EXTRA_PERMISSIONS);
  return names;
}

export function describePermission(name: string): string {
  const [action, ...rest] = name.split("-");
  const entity = rest.join("-").replace(/_/g, " ");
  const verb: Record<string, string> = {
    manage: "Open the list of",
    view: "View one",
    create: "Create",
    update: "Edit",
    delete: "Delete or void",
    restore: "Restore",
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
