// The numeric helper of spec §5: strips every character except digits and the decimal point,
// parses a float, and gives 0 for empty input.
//
// Decisions:
// - The minus sign is stripped like any other character: "-12" → 12 (the spec keeps only digits
//   and the point; amounts typed into forms are never negative).
// - Several points: parseFloat reads up to the second one, so "1.2.3" → 1.2 and "1..5" → 1.
// - Anything that leaves no parsable number ("", "abc", ".", "..") gives 0, never NaN.
// - A number passes through unchanged when finite (NaN and ±Infinity give 0).
// For money arithmetic use money.ts (integer centavos); this helper is for loose form input.

export function toNumeric(input: string | number | null | undefined): number {
  if (typeof input === "number") return Number.isFinite(input) ? input : 0;
  if (input === null || input === undefined) return 0;
  const cleaned = String(input).replace(/[^\d.]/g, "");
  if (cleaned === "") return 0;
  const value = Number.parseFloat(cleaned);
  return Number.isFinite(value) ? value : 0;
}

/** The cleaned text itself, for controlled inputs that must show what will be parsed: "₱1,500.50" → "1500.50". */
export function stripNonNumeric(input: string | null | undefined): string {
  return (input ?? "").replace(/[^\d.]/g, "");
}
