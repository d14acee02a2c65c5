import type { ResourceDef } from "./types";
import * as parameters from "./parameters";
import * as access from "./access";
import * as people from "./people";

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
  people.resident,
  people.household,
  people.disasterProneArea,
  people.business,
  access.user,
  access.role,
  access.permission,
];

const byName = new Map(RESOURCES.map((r) => [r.name, r]));
const byRestPath = new Map(RESOURCES.map((r) => [r.restPath, r]));
const byPath = new Map(RESOURCES.map((r) => [r.path, r]));

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
