import { PERMISSION_ENTITY_LABEL } from "../../../domain/labels-permissions.ts";
import { labelOf } from "../../../domain/i18n/labels.ts";
import { term } from "../../../domain/i18n/terms.ts";
import { entityLabel } from "../../../domain/permission-matrix.ts";
import { findResource } from "../../../domain/registry/index.ts";

// A permission's entity as the role form's matrix and a user's page name it, in the reader's
// language (issue 33 item 4). The English is the matrix's own (the code, capitalized: "Disaster prone
// area"); another language names a registry entry by its term ("Bangko") and the other entities by
// domain/labels-permissions.ts. Here on the server, because the registry's terms are too many for
// the pages' JavaScript.

export function permissionEntityLabel(entity: string): string {
  if (Object.hasOwn(PERMISSION_ENTITY_LABEL, entity)) return labelOf(PERMISSION_ENTITY_LABEL, entity);
  const singular = findResource(entity)?.labels.singular;
  const said = singular ? term(singular) : null;
  // The term reads as the registry's English for an English reader: the matrix keeps its own English then.
  return said && said !== singular ? said.charAt(0).toUpperCase() + said.slice(1) : entityLabel(entity);
}
