// Money (DESIGN §5, spec §1 and §9): numeric(14,2) in Postgres, integer centavos in TypeScript
// arithmetic, strings with two decimals in JSON ("1500.00"), shown as ₱1,500.00 (en-US, PHP).
//
// Convention for every helper in this file: a `number` is always an integer count of CENTAVOS,
// a `string` is always a decimal amount of PESOS ("1500.5", "1,500.50", "₱1,500.00").
// No amount ever passes through a binary floating-point peso value, so 0.1 + 0.2 stays 30 centavos.

/** An integer number of centavos (1 peso = 100 centavos). */
export type Centavos = number;

/** The largest amount numeric(14,2) holds: 999,999,999,999.99 pesos. */
export const MAX_CENTAVOS: Centavos = 99_999_999_999_999;

export class MoneyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MoneyError";
  }
}

function assertCentavos(value: number, what = "amount"): Centavos {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`The ${what} must be a whole number of centavos, got ${value}.`);
  return value === 0 ? 0 : value; // no -0
}

// An optional minus, optional peso sign, digits with optional thousands commas, optional fraction.
const DECIMAL = /^(-)?\s*(?:₱|PHP\s*)?\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/i;

/**
 * Parses a decimal peso amount into centavos, exactly (no floating point on the way).
 *
 * Accepts "1500", "1500.5", "1,500.50", "₱1,500.00", "-20.25", ".5". More than two decimal places
 * are rounded half away from zero on the decimal digits ("1.005" → 101). A number is read as a
 * PESO amount here (the only place a number means pesos): 1500.5 → 150050.
 * Throws MoneyError for anything else ("", "abc", "1.2.3", "1,50") and beyond numeric(14,2).
 */
export function parseCentavos(input: string | number): Centavos {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) throw new MoneyError(`Not an amount: ${input}.`);
    // String(n) is the shortest decimal that round-trips, so 1.005 reads as "1.005" (what a person typed).
    text = String(input);
    if (/e/i.test(text)) return assertRange(Math.round(input * 100));
  } else {
    text = input.trim();
  }
  const match = DECIMAL.exec(text);
  if (!match || (match[2] === undefined && !match[3])) throw new MoneyError(`Not an amount: "${String(input)}".`);
  const [, minus, intPart = "0", fraction = ""] = match;
  const whole = intPart.replaceAll(",", "");
  const firstTwo = (fraction + "00").slice(0, 2);
  let centavos = Number(whole) * 100 + Number(firstTwo);
  if (fraction.length > 2 && Number(fraction[2]) >= 5) centavos += 1; // half away from zero
  if (!Number.isSafeInteger(centavos)) throw new MoneyError(`The amount "${String(input)}" is too large.`);
  return assertRange(minus ? -centavos : centavos);
}

function assertRange(centavos: number): Centavos {
  if (!Number.isSafeInteger(centavos) || Math.abs(centavos) > MAX_CENTAVOS) {
    throw new MoneyError(`The amount is out of range (at most 999,999,999,999.99).`);
  }
  return centavos === 0 ? 0 : centavos;
}

/** Like parseCentavos, but null for empty or invalid input (for optional form fields). */
export function tryParseCentavos(input: string | number | null | undefined): Centavos | null {
  if (input === null || input === undefined || (typeof input === "string" && input.trim() === "")) return null;
  try {
    return parseCentavos(input);
  } catch {
    return null;
  }
}

/** Reads an amount that is either centavos (number) or a decimal peso string, the convention of this file. */
export function toCentavos(value: Centavos | string): Centavos {
  return typeof value === "number" ? assertCentavos(value) : parseCentavos(value);
}

function splitDigits(centavos: Centavos): { negative: boolean; whole: string; cents: string } {
  const c = assertCentavos(centavos);
  const abs = Math.abs(c);
  return { negative: c < 0, whole: String(Math.floor(abs / 100)), cents: String(abs % 100).padStart(2, "0") };
}

/** The JSON form of an amount: two decimals, no grouping, "-" for negatives: 150050 → "1500.50". */
export function toMoneyString(value: Centavos | string): string {
  const { negative, whole, cents } = splitDigits(toCentavos(value));
  return `${negative ? "-" : ""}${whole}.${cents}`;
}

/** "1234567" → "1,234,567" */
function group(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * Shows an amount as en-US Philippine pesos with two decimals: 150000 → "₱1,500.00",
 * "1500.5" → "₱1,500.50", -150000 → "-₱1,500.00" (the same output as Intl.NumberFormat("en-US",
 * {style:"currency", currency:"PHP"}), but built from the integer digits, so it is exact).
 * null and undefined give "" (an empty table cell); an invalid string throws MoneyError.
 */
export function formatMoney(value: Centavos | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  const { negative, whole, cents } = splitDigits(toCentavos(value));
  return `${negative ? "-" : ""}₱${group(whole)}.${cents}`;
}

/** The number without the peso sign: 150000 → "1,500.00" (cheque amount boxes, report columns). */
export function formatAmount(value: Centavos | string): string {
  const { negative, whole, cents } = splitDigits(toCentavos(value));
  return `${negative ? "-" : ""}${group(whole)}.${cents}`;
}

// --- arithmetic on integer centavos -----------------------------------------------------------

/** Sum of amounts (centavos or peso strings); an empty list is 0. */
export function sumCentavos(values: Iterable<Centavos | string>): Centavos {
  let total = 0;
  for (const value of values) total += toCentavos(value);
  return assertCentavos(total, "total");
}

export function addCentavos(...values: (Centavos | string)[]): Centavos {
  return sumCentavos(values);
}

export function subtractCentavos(from: Centavos | string, ...values: (Centavos | string)[]): Centavos {
  return assertCentavos(toCentavos(from) - sumCentavos(values), "difference");
}

/**
 * Rounds half away from zero (the way a person rounds money, and Postgres numeric): 2.5 → 3,
 * -2.5 → -3. A tiny tolerance absorbs binary error in products such as 1005 * 0.5 or 145 * 0.1.
 */
export function roundHalfAwayFromZero(value: number): number {
  const abs = Math.abs(value);
  const floor = Math.floor(abs);
  const result = Math.sign(value) * (abs - floor >= 0.5 - 1e-9 ? floor + 1 : floor);
  return result === 0 ? 0 : result;
}

/**
 * Multiplies an amount by a quantity or rate, rounding to the centavo half away from zero:
 * multiplyCentavos(1999, 3) → 5997; multiplyCentavos(10000, 0.12) → 1200 (12 % of ₱100).
 */
export function multiplyCentavos(value: Centavos | string, factor: number): Centavos {
  if (!Number.isFinite(factor)) throw new MoneyError(`Not a factor: ${factor}.`);
  return assertCentavos(roundHalfAwayFromZero(toCentavos(value) * factor), "product");
}

/**
 * Splits an amount into `parts` shares that add up exactly, the first shares taking the extra
 * centavos: allocateCentavos(1000, 3) → [334, 333, 333].
 */
export function allocateCentavos(value: Centavos | string, parts: number): Centavos[] {
  if (!Number.isInteger(parts) || parts < 1) throw new MoneyError(`Cannot split into ${parts} parts.`);
  const total = toCentavos(value);
  const sign = total < 0 ? -1 : 1;
  const abs = Math.abs(total);
  const base = Math.floor(abs / parts);
  const extra = abs % parts;
  return Array.from({ length: parts }, (_, i) => {
    const share = sign * (base + (i < extra ? 1 : 0));
    return share === 0 ? 0 : share;
  });
}

/** Compares two amounts: negative, 0 or positive (for sorting). */
export function compareMoney(a: Centavos | string, b: Centavos | string): number {
  return Math.sign(toCentavos(a) - toCentavos(b));
}

/** Pesos as a JavaScript number, for charts only: never do arithmetic on the result. */
export function centavosToPesos(value: Centavos): number {
  return assertCentavos(value) / 100;
}
