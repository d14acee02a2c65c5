import { labelOf } from "./i18n/labels.ts";
import { PERMISSION_ACTION_LABEL } from "./labels-permissions.ts";
import { ACTIONS } from "./permissions";

// The permission matrix of the role form: entities down, actions across. Isomorphic:
// the server builds it for role/role_model_view, the form renders and toggles it.

export interface MatrixPermission {
  id: number;
  name: string;
  description: string | null;
}

export interface MatrixRow {
  entity: string;
  label: string;
  /** action → permission; absent where no such permission exists (e.g. restore-report). */
  cells: Record<string, MatrixPermission>;
}

export interface PermissionMatrix {
  actions: string[];
  rows: MatrixRow[];
  permissions: MatrixPermission[];
}

/** "disaster_prone_area" → "Disaster prone area". */
export function entityLabel(entity: string): string {
  const text = entity.replace(/_/g, " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "Manage", "View", … in the reader's language (domain/labels-permissions.ts); an action it does not know capitalized. */
export function actionLabel(action: string): string {
  return Object.hasOwn(PERMISSION_ACTION_LABEL, action)
    ? labelOf(PERMISSION_ACTION_LABEL, action)
    : action.charAt(0).toUpperCase() + action.slice(1);
}

/** Splits at the first hyphen (spec §6: action-entity). */
export function splitPermission(name: string): { action: string; entity: string } {
  const i = name.indexOf("-");
  return i < 0 ? { action: name, entity: "" } : { action: name.slice(0, i), entity: name.slice(i + 1) };
}

/** `label` names an entity's row: the server passes one in the reader's language, English by default. */
export function buildMatrix(permissions: readonly MatrixPermission[], label: (entity: string) => string = entityLabel): PermissionMatrix {
  const actions: string[] = [...ACTIONS];
  const rows = new Map<string, MatrixRow>();
  for (const p of permissions) {
    const { action, entity } = splitPermission(p.name);
    if (!actions.includes(action)) actions.push(action);
    let row = rows.get(entity);
    if (!row) {
      row = { entity, label: label(entity), cells: {} };
      rows.set(entity, row);
    }
    row.cells[action] = p;
  }
  return {
    actions,
    rows: [...rows.values()].sort((a, b) => a.label.localeCompare(b.label)),
    permissions: [...permissions],
  };
}

/** The ids of a row (every action of one entity) or a column (one action of every entity). */
export function rowIds(matrix: PermissionMatrix, entity: string): number[] {
  const row = matrix.rows.find((r) => r.entity === entity);
  return row ? Object.values(row.cells).map((p) => p.id) : [];
}

export function columnIds(matrix: PermissionMatrix, action: string): number[] {
  return matrix.rows.flatMap((r) => (r.cells[action] ? [r.cells[action].id] : []));
}

/** Ticks every id when some is unticked, otherwise unticks them all (a row or column header). */
export function toggleAll(selected: ReadonlySet<number>, ids: readonly number[]): Set<number> {
  const next = new Set(selected);
  const all = ids.length > 0 && ids.every((id) => next.has(id));
  for (const id of ids) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}
