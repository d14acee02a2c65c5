import { describe, expect, it } from "vitest";
import { RESOURCES } from "../registry/index.ts";
import type { FieldDef, ResourceDef } from "../registry/types.ts";
import { listDefOf } from "../registry/types.ts";
import { overwriteGetLocale, baseLocale } from "./paraglide/runtime.js";
import { hasTerm, term, termIn, translatedField, translatedListDef } from "./terms.ts";

// Every word the registry shows has a term (domain/i18n/terms.ts): a new English label, option,
// placeholder or help text without its Filipino fails here. A command's `message` is the server's
// toast (the server area's catalog), not a term.

/**
 * Texts that read the same in both languages, on purpose: examples of data (names, codes, numbers),
 * stored codes shown as they are, paper sizes, and the titles of officials as the law writes them.
 */
const SAME = new Set([
  "LBP",
  "Land Bank of the Philippines",
  "A4",
  "Letter",
  "Long",
  "first_time_jobseeker",
  "non_resident",
  "Punong Barangay",
  "Barangay Secretary",
  "Barangay Treasurer",
  "Chairman, Committee on Appropriation",
  "Barangay Bookkeeper",
  "City/Municipal Accountant",
  "Lupong Tagapamayapa",
  "Hon. Juan P. Dela Cruz",
  "Araw ng Kagitingan",
  "Jr., Sr., III",
  "Filipino",
  "0917 123 4567",
  "34-1234567-8",
  "Kagawad",
  "approve-disbursement",
  "OR-2026-001",
  "4364301 T",
  "4364350 T",
  "LBP-2026-01",
  "0001001",
  "Reyes vs. Santos",
  "C",
  "08:00",
  "12:00",
  "Barangay Clearance",
  "English",
]);

function fieldTexts(fields: readonly FieldDef[]): string[] {
  return fields
    .flatMap((field) => [
      field.label,
      field.placeholder,
      field.description,
      field.recordPicker?.label,
      ...(field.optionLabels ? Object.values(field.optionLabels) : (field.options ?? [])),
    ])
    .filter((text): text is string => !!text);
}

function textsOf(def: ResourceDef): string[] {
  return [
    def.labels.title,
    def.labels.singular,
    def.labels.plural,
    ...def.columns.flatMap((column) => [column.label, ...Object.values(column.labels ?? {})]),
    ...fieldTexts(def.fields),
    ...(def.children ?? []).flatMap((child) => [child.labels.singular, child.labels.plural, ...fieldTexts(child.fields)]),
    ...(def.filters ?? []).flatMap((filter) => [filter.label, ...("options" in filter ? filter.options.map((o) => o.label) : [])]),
    ...(def.commands ?? []).flatMap((command) => [command.label, command.confirm]),
    def.cancel?.label,
    def.cancel?.confirm,
    def.trashedLabel,
    ...(def.rowLinks ?? []).map((link) => link.label),
  ].filter((text): text is string => !!text);
}

function inFilipino<T>(fn: () => T): T {
  overwriteGetLocale(() => "fil");
  try {
    return fn();
  } finally {
    overwriteGetLocale(() => baseLocale);
  }
}

describe("the registry's terms", () => {
  it("name every text the registry shows", () => {
    const missing = new Set<string>();
    for (const def of RESOURCES)
      for (const text of textsOf(def)) if (!SAME.has(text) && !hasTerm(text)) missing.add(`${def.name}: ${text}`);
    expect([...missing]).toEqual([]);
  });

  it("give the English as the registry writes it, and a Filipino of their own", () => {
    expect(term("Status")).toBe("Status");
    expect(inFilipino(() => term("Status"))).toBe("Katayuan");
    expect(inFilipino(() => term("Last name"))).toBe("Apelyido");
    expect(inFilipino(() => term("No such words"))).toBe("No such words");
    expect(termIn("last name", "fil")).toBe("apelyido");
    expect(termIn("No such words", "fil")).toBeNull();
    // A confirmation keeps its placeholder for the record's name.
    expect(inFilipino(() => term("Cancel {name}?"))).toBe("Kanselahin ang {name}?");
  });

  it("translate a list's definition and a form's field, leaving keys and values alone", () => {
    const resident = RESOURCES.find((def) => def.name === "resident")!;
    const english = listDefOf(resident);
    expect(translatedListDef(english)).toBe(english);
    const list = inFilipino(() => translatedListDef(english));
    expect(list.labels.title).toBe("Mga Residente");
    expect(list.labels.plural).toBe("mga residente");
    expect(list.columns.map((column) => column.key)).toEqual(english.columns.map((column) => column.key));
    const sex = resident.fields.find((field) => field.name.endsWith("sex"))!;
    const field = inFilipino(() => translatedField(sex));
    expect(field.name).toBe(sex.name);
    expect(field.options).toEqual(sex.options);
    expect(field.optionLabels?.Male).toBe("Lalaki");
  });
});
