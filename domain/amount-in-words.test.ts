import { describe, expect, it } from "vitest";
import { amountInWords, AmountInWordsRangeError, numberToWords } from "./amount-in-words.ts";

describe("numberToWords", () => {
  it.each([
    [0, "Zero"],
    [1, "One"],
    [9, "Nine"],
    [10, "Ten"],
    [11, "Eleven"],
    [13, "Thirteen"],
    [19, "Nineteen"],
    [20, "Twenty"],
    [21, "Twenty One"],
    [40, "Forty"],
    [99, "Ninety Nine"],
    [100, "One Hundred"],
    [101, "One Hundred One"],
    [110, "One Hundred Ten"],
    [115, "One Hundred Fifteen"],
    [999, "Nine Hundred Ninety Nine"],
    [1000, "One Thousand"],
    [1001, "One Thousand One"],
    [1010, "One Thousand Ten"],
    [1500, "One Thousand Five Hundred"],
    [2024, "Two Thousand Twenty Four"],
    [10000, "Ten Thousand"],
    [12345, "Twelve Thousand Three Hundred Forty Five"],
    [100000, "One Hundred Thousand"],
    [100001, "One Hundred Thousand One"],
    [999999, "Nine Hundred Ninety Nine Thousand Nine Hundred Ninety Nine"],
    [1000000, "One Million"],
    [1000001, "One Million One"],
    [1001000, "One Million One Thousand"],
    [20000300, "Twenty Million Three Hundred"],
    [123456789, "One Hundred Twenty Three Million Four Hundred Fifty Six Thousand Seven Hundred Eighty Nine"],
    [999999999, "Nine Hundred Ninety Nine Million Nine Hundred Ninety Nine Thousand Nine Hundred Ninety Nine"],
  ])("%i → %s", (n, expected) => {
    expect(numberToWords(n)).toBe(expected);
  });

  it("never uses 'and' or hyphens inside the number", () => {
    for (const n of [101, 121, 1_101, 999_999_999, 100_000_021]) {
      expect(numberToWords(n)).not.toMatch(/\band\b|-/i);
    }
  });

  it.each([-1, 1_000_000_000, 1.5, Number.NaN])("rejects %d", (n) => {
    expect(() => numberToWords(n)).toThrow(AmountInWordsRangeError);
  });
});

describe("amountInWords", () => {
  it.each([
    ["1500.00", "One Thousand Five Hundred Pesos Only"],
    ["1500", "One Thousand Five Hundred Pesos Only"],
    ["1500.50", "One Thousand Five Hundred Pesos And 50/100 Only"],
    ["1500.5", "One Thousand Five Hundred Pesos And 50/100 Only"],
    ["0", "Zero Pesos Only"],
    ["0.00", "Zero Pesos Only"],
    ["0.50", "Zero Pesos And 50/100 Only"],
    ["0.05", "Zero Pesos And 05/100 Only"],
    ["0.01", "Zero Pesos And 01/100 Only"],
    ["1.00", "One Pesos Only"], // spec template "{words} Pesos Only", no singular
    ["101.99", "One Hundred One Pesos And 99/100 Only"],
    ["1,234.56", "One Thousand Two Hundred Thirty Four Pesos And 56/100 Only"],
    ["999999999.99", "Nine Hundred Ninety Nine Million Nine Hundred Ninety Nine Thousand Nine Hundred Ninety Nine Pesos And 99/100 Only"],
  ])("%j → %s", (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });

  it.each([
    [150000, "One Thousand Five Hundred Pesos Only"],
    [150050, "One Thousand Five Hundred Pesos And 50/100 Only"],
    [0, "Zero Pesos Only"],
    [7, "Zero Pesos And 07/100 Only"],
  ])("reads a number as centavos: %i → %s", (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });

  it.each(["-0.01", "-1500", "1000000000.00", "999999999.995", "abc", "", 1.5, -1, 100_000_000_000])(
    "throws a clear range error for %j",
    (input) => {
      expect(() => amountInWords(input)).toThrow(AmountInWordsRangeError);
      expect(() => amountInWords(input)).toThrow(/0 to 999,999,999\.99/);
    },
  );
});
