import { MoneyError, toCentavos, type Centavos } from "./money.ts";

// Amounts in words for receipts and cheques (spec §1, DESIGN §5):
//   "{words} Pesos Only"  or  "{words} Pesos And NN/100 Only".
// Decisions:
// - "Pesos" always, even for one peso ("One Pesos Only"): the spec fixes the template and printed
//   forms are compared against it; no singular special case.
// - Title Case, no "and" inside the number (101 → "One Hundred One"), no hyphens (21 → "Twenty One"),
//   the way Philippine cheques and official receipts are usually written.
// - Centavos as two digits over 100: 0.05 → "Zero Pesos And 05/100 Only"; whole pesos omit the part.
// - Range 0 to 999,999,999.99; anything else throws AmountInWordsRangeError.

export const MAX_WORDS_CENTAVOS: Centavos = 99_999_999_999; // 999,999,999.99

export class AmountInWordsRangeError extends RangeError {
  constructor(value: unknown) {
    super(`Amount in words supports 0 to 999,999,999.99 pesos; got ${String(value)}.`);
    this.name = "AmountInWordsRangeError";
  }
}

const ONES = [
  "Zero",
  "One",
  "Two",
  "Three",
  "Four",
  "Five",
  "Six",
  "Seven",
  "Eight",
  "Nine",
  "Ten",
  "Eleven",
  "Twelve",
  "Thirteen",
  "Fourteen",
  "Fifteen",
  "Sixteen",
  "Seventeen",
  "Eighteen",
  "Nineteen",
];
const TENS = ["", "", "Twenty", "Thirty", "Forty", "Fifty", "Sixty", "Seventy", "Eighty", "Ninety"];

/** 1..999 in words. */
function belowThousand(n: number): string[] {
  const words: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds) words.push(ONES[hundreds], "Hundred");
  if (rest >= 20) {
    words.push(TENS[Math.floor(rest / 10)]);
    if (rest % 10) words.push(ONES[rest % 10]);
  } else if (rest) {
    words.push(ONES[rest]);
  }
  return words;
}

/** A whole number 0..999,999,999 in Title Case words: 1500 → "One Thousand Five Hundred". */
export function numberToWords(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 999_999_999) throw new AmountInWordsRangeError(n);
  if (n === 0) return "Zero";
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor((n % 1_000_000) / 1000);
  const units = n % 1000;
  const words: string[] = [];
  if (millions) words.push(...belowThousand(millions), "Million");
  if (thousands) words.push(...belowThousand(thousands), "Thousand");
  if (units) words.push(...belowThousand(units));
  return words.join(" ");
}

/**
 * The amount in words. A number is centavos and a string is a decimal peso amount (the money.ts
 * convention): amountInWords(150000) and amountInWords("1500.00") both give
 * "One Thousand Five Hundred Pesos Only"; "1500.50" gives "One Thousand Five Hundred Pesos And 50/100 Only".
 */
export function amountInWords(value: Centavos | string): string {
  let centavos: Centavos;
  try {
    centavos = toCentavos(value);
  } catch (error) {
    if (error instanceof MoneyError) throw new AmountInWordsRangeError(value);
    throw error;
  }
  if (centavos < 0 || centavos > MAX_WORDS_CENTAVOS) throw new AmountInWordsRangeError(value);
  const pesos = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const words = `${numberToWords(pesos)} Pesos`;
  return cents ? `${words} And ${String(cents).padStart(2, "0")}/100 Only` : `${words} Only`;
}
