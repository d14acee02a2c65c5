import { m } from "./i18n/index.ts";
import type { Label } from "./i18n/labels.ts";
import type { Action, EXTRA_PERMISSIONS } from "./permissions.ts";

// The permission matrix's words in the reader's language (issue 33 item 4): its actions (the
// columns, and each permission's badge on a user's page) and the entities that are no registry
// entry (the rows the registry's own labels do not name; server/features/access/permission-words.ts
// names the others by their registry terms). The English is what the matrix always showed, the code
// capitalized ("Manage", "Personal data"); typed over the actions and entities, so a new one without
// a message fails the typecheck.

export const PERMISSION_ACTION_LABEL: Readonly<Record<Action | "export", Label>> = {
  manage: m.labels_permission_manage,
  view: m.labels_permission_view,
  create: m.labels_permission_create,
  update: m.labels_permission_update,
  delete: m.labels_permission_delete,
  restore: m.labels_permission_restore,
  export: m.labels_permission_export,
};

type EntityOf<P> = P extends `${string}-${infer E}` ? E : never;
export type ExtraPermissionEntity = EntityOf<(typeof EXTRA_PERMISSIONS)[number]>;

export const PERMISSION_ENTITY_LABEL: Readonly<Record<ExtraPermissionEntity, Label>> = {
  report: m.labels_permission_entity_report,
  personal_data: m.labels_permission_entity_personal_data,
  parameter: m.labels_permission_entity_parameter,
  blocklist: m.labels_permission_entity_blocklist,
  remittance: m.labels_permission_entity_remittance,
  maintenance: m.labels_permission_entity_maintenance,
  audit: m.labels_permission_entity_audit,
};
