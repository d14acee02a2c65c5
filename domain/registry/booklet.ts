import type { ColumnDef, CommandDef, FieldDef, ResourceDef } from "./types";

// A numbered booklet (DESIGN §11): a range of pre-printed serials whose leaves the server generates
// (server/engine/booklet.ts) — a form pad's accountable forms, a cheque book's cheques. What their
// entries share lives here: the booklet's code, its scope (the form type, the bank account: ranges
// may not overlap within it), its series, quantity and available leaves; and the leaf's void.

export interface BookletSpec {
  /** The booklet's code: its column, label and an example ("pad_code", "Pad code", "OR-2026-001"). */
  code: { key: string; label: string; placeholder: string };
  /** The reference the booklet belongs to, which scopes its range ("form_type_id" → the form_type entry). */
  scope: { key: string; label: string; resource: string };
  /** The label of the quantity column. */
  quantityLabel: string;
}

/**
 * Generating a booklet's leaves, one per serial: run, recorded, when the booklet is created or its
 * range changes (no button of its own). Not reversible: a number once generated is accounted for.
 */
export const GENERATE_LEAVES: CommandDef = {
  name: "generate",
  label: "Generate numbers",
  permission: "create",
  from: [],
  invokedBy: "write",
  message: "Generated the numbers of {name}.",
};

/**
 * Issuing a leaf: the receipt or cheque written on it takes the lowest available number, and the
 * run records it (no button of its own; a used number is cancelled with its document, never freed).
 */
export const ISSUE_LEAF: CommandDef = {
  name: "issue",
  label: "Issue",
  permission: "update",
  from: ["available"],
  to: "issued",
  invokedBy: "service",
  message: "Issued {name}.",
};

/** The columns, fields and entry settings every booklet entry has; the entry arranges them among its own. */
export function booklet(spec: BookletSpec) {
  const { code, scope } = spec;
  const columns = {
    code: { key: code.key, label: code.label, kind: "text", sortable: true },
    series: { key: "series_joint", label: "Series", kind: "range" },
    quantity: { key: "quanty_generated", label: spec.quantityLabel, kind: "number", sortable: true, hideOnMobile: true },
    /** The leaves still available (the registers' "remaining"), not the leaves generated. */
    available: { key: "available_count", label: "Available", kind: "number", hideOnMobile: true },
  } satisfies Record<string, ColumnDef>;
  const fields = {
    scope: { name: scope.key, label: scope.label, kind: "reference", reference: scope.resource, required: true },
    code: { name: code.key, label: code.label, kind: "text", required: true, maxLength: 40, placeholder: code.placeholder },
  } satisfies Record<string, FieldDef>;
  const entry = {
    displayField: code.key,
    undo: false,
    multiBody: "records",
    references: [{ key: scope.resource, foreignKey: scope.key, resource: scope.resource }],
    searchable: [code.key, "series_start", "series_end"],
    filters: [{ kind: "reference", key: scope.key, label: scope.label, resource: scope.resource }],
    unique: [code.key],
    modals: ["create", "update", "delete", "restore"],
    commands: [GENERATE_LEAVES],
  } satisfies Partial<ResourceDef>;
  return { columns, fields, entry };
}

/** A leaf's number and state columns. */
export const LEAF_COLUMNS = {
  number: { key: "number", label: "Number", kind: "text", sortable: true },
  state: { key: "state", label: "State", kind: "enum", sortable: true },
} satisfies Record<string, ColumnDef>;

/** Voiding an available leaf: it is spoiled, kept and accounted for, never issued (a reason is required). */
export function voidLeaf(confirm: string): CommandDef {
  return {
    name: "void",
    label: "Void",
    permission: "delete",
    from: ["available"],
    to: "void",
    reason: "required",
    message: "Successfully voided {name}.",
    confirm,
    destructive: true,
  };
}
