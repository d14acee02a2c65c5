import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { toPicked, type PickerFound } from "../../../domain/people/picked-resident.ts";
import { FIND_FIELD, findTextName } from "../../../domain/form-steps.ts";
import type { ServiceContext } from "../../context.ts";
import { searchResidents } from "../../features/people/resident-search.ts";
import { findResource } from "../../../domain/registry/index.ts";
import type { FilterDef, ResourceDef } from "../../../domain/registry/types.ts";
import { parseListQuery } from "../../../domain/registry/list-query.ts";
import { serviceByName } from "../../engine/services.ts";
import { displayNames } from "../../engine/display-names.ts";

// The "Find" step of a resident picker without JavaScript (search, then choose): the form is posted
// whole — never as a GET, so neither the CSRF token nor what was typed reaches an address — with
// the button `_find=<field>`; the page answers the same form, everything typed kept, and the
// residents found for that field to choose from. Every action whose form has a picker calls this
// first.

/** How many residents a "Find" step lists. */
const FIND_LIMIT = 10;

/** The posted form as Conform reads it (lines[0].nature → lines: [{nature}]), for the form's defaults. */
export function postedValues(form: FormData): Record<string, unknown> {
  const submission = parseWithZod(form, { schema: z.object({}).passthrough() });
  return (submission.payload ?? {}) as Record<string, unknown>;
}

/**
 * Null unless the form was posted by a picker's Find button; else the records found and a Conform
 * reply that re-renders the form with what was typed and no error. A field of `def` with a
 * `recordPicker` finds among the entry its kind field chose (a payee: non-residents, organizations,
 * businesses — by name through the entry's own list search); any other picker finds residents.
 */
export async function residentFindStep(
  ctx: ServiceContext,
  form: FormData,
  def?: ResourceDef,
): Promise<{ picker: PickerFound; result: { initialValue: Record<string, unknown>; error: Record<string, never> } } | null> {
  const field = form.get(FIND_FIELD);
  if (typeof field !== "string" || !field) return null;
  const query = String(form.get(findTextName(field)) ?? "").trim();
  const picker = def?.fields.find((f) => f.name === field)?.recordPicker;
  const entry = picker ? picker.entries[String(form.get(picker.kindField) ?? "")] : "resident";
  let matches: PickerFound["matches"] = [];
  if (query && entry === "resident") matches = (await searchResidents(ctx, query, { limit: FIND_LIMIT })).data.map(toPicked);
  else if (query && entry) {
    const service = serviceByName(entry);
    const page = await service.list(ctx, parseListQuery({ search: query, per_page: String(FIND_LIMIT) }, service.def));
    matches = page.data.map((row) => ({ id: Number(row.id), fullname: service.displayName(row) }));
  }
  return {
    picker: { field, query, matches },
    result: { initialValue: postedValues(form), error: {} },
  };
}

/**
 * The choices of a searchable reference filter (a list's "Issued to"): never every resident — the
 * chosen one by name, then the residents matching `text` (the no-script step's box), each with what
 * tells namesakes apart. A reader who may not search residents gets the chosen one alone.
 */
export async function searchableFilterChoices(
  ctx: ServiceContext,
  filter: Extract<FilterDef, { kind: "reference" }>,
  chosen: string | undefined,
  text: string | null,
): Promise<{ choices: { value: string; label: string }[]; query: string; found: number }> {
  const choices: { value: string; label: string }[] = [];
  const target = findResource(filter.resource);
  if (chosen && target) {
    const name = (await displayNames(ctx, target, [Number(chosen)])).get(Number(chosen));
    if (name) choices.push({ value: chosen, label: name });
  }
  const query = (text ?? "").trim().slice(0, 200);
  if (!query) return { choices, query, found: 0 };
  const found = await searchResidents(ctx, query, { limit: FIND_LIMIT }).catch(() => ({ data: [] }));
  for (const hit of found.data.map(toPicked)) {
    if (String(hit.id) === chosen) continue;
    choices.push({ value: String(hit.id), label: hit.description ? `${hit.fullname} · ${hit.description}` : hit.fullname });
  }
  return { choices, query, found: found.data.length };
}
