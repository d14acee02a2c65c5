import { DEFAULT_PAYMENT_LINE } from "@domain/registry/fields";
import type { ResourceDef } from "@domain/registry/types";

// Form default values from a record (update) or the entry's starting values (create). Dotted field
// names become nested objects, as Conform names them.

function getPath(obj: unknown, path: string): unknown {
  return path
    .split(".")
    .reduce<unknown>((acc, key) => (acc != null && typeof acc === "object" ? (acc as Record<string, unknown>)[key] : undefined), obj);
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split(".");
  let cur = obj;
  for (const key of keys.slice(0, -1)) {
    if (cur[key] == null || typeof cur[key] !== "object") cur[key] = {};
    cur = cur[key] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = value;
}

function parseJsonList(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value as Record<string, unknown>[];
  if (typeof value === "string") {
    try {
      const parsed = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

function asText(value: unknown): string | undefined {
  if (value == null) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

export function formDefaults(
  def: ResourceDef,
  intent: "create" | "update",
  record: Record<string, unknown> | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of def.fields) {
    if (field.kind === "password") continue;
    if (intent === "create") {
      if (field.kind === "custom-forms") setPath(out, field.name, []);
      if (field.kind === "custom-payment-form")
        setPath(out, field.name, [{ ...DEFAULT_PAYMENT_LINE, id: String(DEFAULT_PAYMENT_LINE.id) }]);
      continue;
    }
    const value = getPath(record, field.name);
    if (field.kind === "custom-forms") {
      setPath(
        out,
        field.name,
        parseJsonList(value).map((f) => ({
          ...f,
          required: f.required ? "on" : undefined,
          options: Array.isArray(f.options) ? f.options.join("\n") : (f.options ?? ""),
        })),
      );
    } else if (field.kind === "custom-payment-form") {
      setPath(
        out,
        field.name,
        parseJsonList(value).map((l) => ({ ...l, id: asText(l.id), amount: asText(l.amount), isPending: l.isPending ? "on" : undefined })),
      );
    } else if (field.kind === "checkbox") {
      setPath(out, field.name, value === true || value === "on" ? "on" : undefined);
    } else {
      setPath(out, field.name, field.kind === "date" && value instanceof Date ? value.toISOString().slice(0, 10) : asText(value));
    }
  }
  // The record's child rows (a pad's collectors, a type's fees): an edit starts from them, and a
  // save that did not send them would replace them with none.
  if (intent === "update")
    for (const child of def.children ?? []) {
      const rows = Array.isArray(record?.[child.key]) ? (record[child.key] as Record<string, unknown>[]) : [];
      out[child.key] = rows.map((row) => Object.fromEntries(child.fields.map((f) => [f.name, asText(row[f.name])])));
    }
  return out;
}
