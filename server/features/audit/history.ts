import { findResource } from "../../../domain/registry/index.ts";
import { pageNumber } from "../../../domain/registry/list-query.ts";
import type { ResourceDef } from "../../../domain/registry/types.ts";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, notFound } from "../../errors.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import type { HistoryChange, HistoryEntry, RecordHistory } from "../../../domain/audit/history.ts";
import { HISTORY_ACCOUNT_ACTION_LABEL, HISTORY_ACTION_LABEL, HISTORY_ACTIONS, type HistoryAction } from "../../../domain/audit/labels.ts";
import { term } from "../../../domain/i18n/terms.ts";
import { m } from "../../../domain/i18n/index.ts";

// A record's history (decision 181): the audit_log rows of one registry record —
// every create, change, delete or void, restore and command (a command writes one audit row for
// each row it changes, with its reason) — newest first, with who, when, from which address and,
// for a change, each field's label, value before and value after. One service for every entry:
// the labels come from the entry's fields, columns, references and children.

export const VIEW_AUDIT = "view-audit";
export const HISTORY_PAGE_SIZE = 50;

/** Keys of a stored row that are the engine's bookkeeping, not the record's content. */
const BOOKKEEPING = new Set([
  "id",
  "created_at",
  "created_by",
  "updated_at",
  "updated_by",
  "deleted_at",
  "deleted_by",
  "sort_name",
  "search_text",
  "password_hash",
  "status",
  "reason",
]);

/** Audit actions in words, for the history and the breach query. */
export const ACTION_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  // In English for the breach query's CSV, a document for the NPC; the history reads them in its reader's language.
  HISTORY_ACTIONS.map((action) => [action, HISTORY_ACTION_LABEL[action]({}, { locale: "en" })]),
);

function humanize(key: string): string {
  const last = key.split(".").at(-1) ?? key;
  const words = last.replace(/_id$/, "").replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Labels of an entry by every key a stored change may carry, and which of them are the record's
 * own fields (form fields, a reference field's record, child rows) rather than columns it derives.
 */
export function fieldLabels(def: ResourceDef): { labels: Map<string, string>; fields: Set<string> } {
  const labels = new Map<string, string>();
  const fields = new Set<string>();
  for (const column of def.columns) labels.set(column.key, column.label);
  const field = (key: string, label: string) => {
    labels.set(key, label);
    fields.add(key);
  };
  for (const f of def.fields) {
    field(f.name, f.label);
    // A row carries a reference both as its key (bank_id) and as its record (bank).
    if (f.kind === "reference" && f.name.endsWith("_id")) field(f.name.replace(/_id$/, ""), f.label);
  }
  for (const ref of def.references ?? []) {
    const label = labels.get(ref.foreignKey);
    if (label && fields.has(ref.foreignKey)) field(ref.key, label);
  }
  for (const child of def.children ?? []) field(child.key, child.labels.plural.charAt(0).toUpperCase() + child.labels.plural.slice(1));
  return { labels, fields };
}

/** A stored value as a person reads it. */
export function displayValue(value: unknown): string {
  if (value == null || value === "") return "";
  if (typeof value === "boolean") return value ? m.resource_list_yes() : m.resource_list_no();
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value)) return value.map(displayValue).filter(Boolean).join(", ");
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    if ("fullname" in o) return displayValue(o.fullname);
    if ("name" in o && ("id" in o || Object.keys(o).length <= 3)) return displayValue(o.name);
    if ("user_profile" in o) return displayValue(o.user_profile);
    return Object.entries(o)
      .filter(([k, v]) => !BOOKKEEPING.has(k) && v != null && v !== "")
      // Each part named by its registry term where it has one ("Halaga"), else by its key's words.
      .map(([k, v]) => `${term(humanize(k))}: ${displayValue(v)}`)
      .join("; ");
  }
  return String(value);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value != null && typeof value === "object" && !Array.isArray(value);
}

/** A nested object that is a record of its own (a reference {id, name}, a person): compared whole. */
function isRecordValue(value: Record<string, unknown>): boolean {
  return "id" in value && ("name" in value || "fullname" in value);
}

/** The changed leaves of before/after, keyed by their dotted path (user_profile.firstname). */
function leaves(before: unknown, after: unknown, prefix: string, out: Map<string, [unknown, unknown]>): void {
  const b = isPlainObject(before) ? before : {};
  const a = isPlainObject(after) ? after : {};
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
    if (BOOKKEEPING.has(key)) continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const bv = b[key];
    const av = a[key];
    const nested = (isPlainObject(bv) || bv == null) && (isPlainObject(av) || av == null) && (isPlainObject(bv) || isPlainObject(av));
    if (nested && !isRecordValue((isPlainObject(av) ? av : bv) as Record<string, unknown>)) {
      leaves(bv, av, path, out);
      continue;
    }
    if (JSON.stringify(bv ?? null) !== JSON.stringify(av ?? null)) out.set(path, [bv, av]);
  }
}

/**
 * The changes of one audit row as labelled lines. A field shown both as its key and as its record
 * (religion_id and religion) is listed once, by its record; keys without a label (a command's
 * stored columns) are named by their words ("void_reason" → "Void reason").
 */
export function describeChanges(def: ResourceDef | undefined, before: unknown, after: unknown): HistoryChange[] {
  const { labels, fields } = def ? fieldLabels(def) : { labels: new Map<string, string>(), fields: new Set<string>() };
  const changed = new Map<string, [unknown, unknown]>();
  leaves(parse(before), parse(after), "", changed);
  // What the form edits is what a person changed; what the row derives from it (age, full name,
  // address) follows and is left out. A change of stored columns only (a command's state) is shown whole.
  if ([...changed.keys()].some((key) => fields.has(key))) {
    for (const key of [...changed.keys()]) if (!fields.has(key)) changed.delete(key);
  }
  // A fixed option is stored in English (a value); the reader reads its registry term ("May asawa").
  const options = new Set(def?.fields.filter((f) => f.options?.length).map((f) => f.name));
  const shown = (key: string, value: unknown) =>
    options.has(key) && (typeof value === "string" || Array.isArray(value))
      ? displayValue(Array.isArray(value) ? value.map((v) => (typeof v === "string" ? term(v) : v)) : term(value))
      : displayValue(value);
  const changes: HistoryChange[] = [];
  const seen = new Set<string>();
  // Records ({id, name}) first, so their plain key (religion_id) is the one left out.
  const keys = [...changed.keys()].sort((x, y) => Number(x.endsWith("_id")) - Number(y.endsWith("_id")));
  for (const key of keys) {
    const [b, a] = changed.get(key)!;
    const label = labels.get(key) ?? labels.get(key.split(".").at(-1)!) ?? humanize(key);
    const text = { before: shown(key, b), after: shown(key, a) };
    const id = `${label}\u0000${key.endsWith("_id") ? "" : text.after}`;
    if (seen.has(label) && key.endsWith("_id")) continue;
    if (seen.has(id)) continue;
    seen.add(label);
    seen.add(id);
    // The field's label in the reader's language (its registry term), else as the entry writes it.
    changes.push({ key, label: term(label), ...text });
  }
  // In the order of the entry's form (then the rest as they came), as a person reads the record.
  const order = def ? [...fields] : [];
  const rank = (key: string) => {
    const i = order.indexOf(key);
    return i < 0 ? order.length + keys.indexOf(key) : i;
  };
  return changes.sort((x, y) => rank(x.key) - rank(y.key));
}

function parse(value: unknown): unknown {
  if (typeof value === "string") {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** "Voided", "Restored", or a command's label ("Cancelled", "Issued"). */
export function actionLabel(def: ResourceDef | undefined, action: string): string {
  const command = def?.commands?.find((c) => (c.audit ?? c.name) === action);
  const words = (HISTORY_ACTIONS as readonly string[]).includes(action)
    ? HISTORY_ACTION_LABEL[action as HistoryAction]()
    : Object.hasOwn(HISTORY_ACCOUNT_ACTION_LABEL, action)
      ? HISTORY_ACCOUNT_ACTION_LABEL[action as keyof typeof HISTORY_ACCOUNT_ACTION_LABEL]()
      : null;
  if (command && !words) return term(command.label);
  return words ?? humanize(action);
}

/** May this user read histories? (Administrator and Punong Barangay when seeded.) */
export function canViewHistory(ctx: Pick<ServiceContext, "user">): boolean {
  return can(ctx.user, VIEW_AUDIT);
}

/**
 * The history of one record of a registry entry, newest first, a page of HISTORY_PAGE_SIZE at a
 * time. Needs `view-audit`; a name that is no entry is a 404.
 */
export async function recordHistory(ctx: ServiceContext, entity: string, id: number, page: unknown = 1): Promise<RecordHistory> {
  const def = findResource(entity);
  if (!def || def.readOnly) throw notFound("record");
  if (!canViewHistory(ctx)) throw forbidden();
  // The page as asked (a query's text or a number), bounded before it becomes an offset.
  const current = pageNumber(page);
  const rows = await ctx.db
    .selectFrom("audit_log as a")
    .leftJoin("user_profiles as p", "p.user_id", "a.user_id")
    .select(["a.id", "a.at", "a.action", "a.before", "a.after", "a.ip", "a.user_id", fullNameOf("p").as("fullname")])
    .where("a.entity", "=", def.name)
    .where("a.entity_id", "=", String(id))
    .orderBy("a.at", "desc")
    .orderBy("a.id", "desc")
    .limit(HISTORY_PAGE_SIZE + 1)
    .offset((current - 1) * HISTORY_PAGE_SIZE)
    .execute();
  const entries = rows.slice(0, HISTORY_PAGE_SIZE).map((row): HistoryEntry => {
    const after = parse(row.after);
    const reason = isPlainObject(after) && typeof after.reason === "string" ? after.reason : null;
    return {
      id: Number(row.id),
      at: new Date(row.at).toISOString(),
      action: row.action,
      actionLabel: actionLabel(def, row.action),
      user: row.user_id == null ? null : { id: Number(row.user_id), fullname: row.fullname ?? `User #${row.user_id}` },
      ip: row.ip,
      reason,
      // A new record's first values are its whole row: listed as changes from nothing.
      changes: describeChanges(def, row.before, after),
    };
  });
  return {
    entity: def.name,
    entityLabel: term(def.labels.singular),
    id,
    entries,
    page: current,
    hasMore: rows.length > HISTORY_PAGE_SIZE,
  };
}
