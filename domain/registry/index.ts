import { ACTIONS, EXTRA_PERMISSIONS, PLANNED_ENTITIES, permissionName, type PermissionEntity } from "../permissions";
import type { ResourceDef } from "./types";
import * as parameters from "./parameters";
import * as access from "./access";
import * as people from "./people";
import * as disbursements from "./disbursements";
import * as certificates from "./certificates";
import * as collections from "./collections";
import * as audit from "./audit";
import * as officials from "./officials";
import * as kp from "./kp";
import * as holidays from "./holidays";
import * as queue from "./queue";
import * as residentRequests from "./resident-requests";
import * as appointments from "./appointments";

// The registry: every entity that shares the list/create/update/delete/restore life cycle.
// A new simple entity is one migration plus one entry here (docs/architecture.md).

export const RESOURCES: readonly ResourceDef[] = [
  parameters.bank,
  parameters.bankAccount,
  parameters.businessLine,
  parameters.occupation,
  parameters.purok,
  parameters.religion,
  parameters.formType,
  parameters.collectionType,
  parameters.disbursementType,
  parameters.paymentNature,
  parameters.transactionType,
  parameters.nonResident,
  parameters.organization,
  officials.official,
  holidays.holiday,
  people.resident,
  people.household,
  people.disasterProneArea,
  people.business,
  access.user,
  access.role,
  access.permission,
  certificates.transaction,
  collections.formPad,
  collections.formNumber,
  collections.collection,
  disbursements.chequeBook,
  disbursements.chequeNumber,
  disbursements.disbursement,
  disbursements.chequeIssuance,
  audit.accessLog,
  kp.luponMember,
  kp.kpCase,
  kp.kpHearing,
  queue.queueService,
  queue.queueWindow,
  queue.queueTicket,
  residentRequests.residentRequest,
  appointments.appointmentHour,
  appointments.appointment,
];

/**
 * The registry's names as a type, so `serviceFor("household")` is checked at compile time. The
 * list must hold exactly the names of RESOURCES, in any order (checked when this module loads).
 */
export const RESOURCE_NAMES = [
  "bank",
  "bank_account",
  "business_line",
  "occupation",
  "purok",
  "religion",
  "form_type",
  "collection_type",
  "disbursement_type",
  "payment_nature",
  "transaction_type",
  "non_resident",
  "organization",
  "official",
  "holiday",
  "resident",
  "household",
  "disaster_prone_area",
  "business",
  "user",
  "role",
  "permission",
  "transaction",
  "form_pad",
  "form_number",
  "collection",
  "cheque_book",
  "cheque_number",
  "disbursement",
  "cheque_issuance",
  "access_log",
  "lupon_member",
  "kp_case",
  "kp_hearing",
  "queue_service",
  "queue_window",
  "queue",
  "resident_request",
  "appointment_hour",
  "appointment",
] as const;
export type ResourceName = (typeof RESOURCE_NAMES)[number];

{
  const declared = new Set<string>(RESOURCE_NAMES);
  const actual = RESOURCES.map((r) => r.name);
  if (actual.length !== declared.size || actual.some((name) => !declared.has(name))) {
    throw new Error(`RESOURCE_NAMES (${[...declared].join(", ")}) does not match the registry (${actual.join(", ")})`);
  }
}

/**
 * Every entity with the six action-entity permissions (spec §6): the registry's, then those of
 * later issues that are not entries yet. Seeding, the roles and the permission editor read this.
 */
export const PERMISSION_ENTITIES: readonly PermissionEntity[] = [...RESOURCE_NAMES, ...PLANNED_ENTITIES];

const READ_ONLY_ACTIONS = ["manage", "view"] as const;

/** Every permission the portal checks: action-entity for each permission entity, plus spec §6's other gates. */
export function allPermissionNames(): string[] {
  const names: string[] = [];
  for (const entity of PERMISSION_ENTITIES) {
    // A read-only entry (the access log) is only listed and read.
    const actions = byName.get(entity)?.readOnly ? READ_ONLY_ACTIONS : ACTIONS;
    for (const action of actions) names.push(permissionName(action, entity));
  }
  names.push(...EXTRA_PERMISSIONS);
  return names;
}

const byName = new Map(RESOURCES.map((r) => [r.name, r]));
const byRestPath = new Map(RESOURCES.map((r) => [r.restPath, r]));
const byPath = new Map(RESOURCES.map((r) => [r.path, r]));

/**
 * Adds an entry at run time: the engine's own tests declare entries of test-only tables this way.
 * Such entries get services, REST, tRPC and commands like any other, but no page or menu entry.
 */
export function registerResource(def: ResourceDef): void {
  if (byName.has(def.name)) throw new Error(`Resource ${def.name} is already registered`);
  byName.set(def.name, def);
  byRestPath.set(def.restPath, def);
}

/** Every entry, the run-time ones included. */
export function allResources(): ResourceDef[] {
  return [...byName.values()];
}

export function getResource(name: string): ResourceDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}

export function findResource(name: string): ResourceDef | undefined {
  return byName.get(name);
}

export function resourceByRestPath(path: string): ResourceDef | undefined {
  return byRestPath.get(path);
}

export function resourceByPath(path: string): ResourceDef | undefined {
  return byPath.get(path.replace(/\/+$/, ""));
}

export const PARAMETER_RESOURCES = RESOURCES.filter((r) => r.parameter);

/** The REST base of an entry under /backend: "/api/bank", "/api/admin/role" (spec §7.2, §7.3). */
export function restBase(def: Pick<ResourceDef, "restPath" | "restPrefix">): string {
  return `/api/${def.restPrefix ? `${def.restPrefix}/` : ""}${def.restPath}`;
}
