import { notFound, ValidationError } from "../../errors.ts";

// What the REST calls read from a path or a body, shared by the registry's routes and the areas'
// own (kept apart from both, so an area's routes never import the router that mounts them).

/** A record's id in a path: digits only, else the record is not found. */
export function parseId(raw: unknown): number {
  const text = String(raw ?? "");
  if (!/^\d{1,15}$/.test(text)) throw notFound();
  return Number(text);
}

/** Multi-op bodies: an array of records, {ids: [...]}, or {data: [...]} — the ids are what count. */
export function idsFromBody(body: unknown): number[] {
  const list = Array.isArray(body)
    ? body
    : ((body as { ids?: unknown[]; data?: unknown[] } | null)?.ids ?? (body as { data?: unknown[] } | null)?.data);
  if (!Array.isArray(list)) throw ValidationError.field("ids", "Select at least one record.");
  const ids = list.map((item) => (typeof item === "object" && item !== null ? (item as { id?: unknown }).id : item)).map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1)) throw ValidationError.field("ids", "The selected records are invalid.");
  return ids;
}
