import { describe, expect, it } from "vitest";
import {
  addCentavos,
  allocateCentavos,
  centavosToPesos,
  compareMoney,
  formatAmount,
  formatMoney,
  MAX_CENTAVOS,
  MoneyError,
  multiplyCentavos,
  parseCentavos,
  roundHalfAwayFromZero,
  subtractCentavos,
  sumCentavos,
  toCentavos,
  toMoneyString,
  tryParseCentavos,
} from "./money.ts";

describe("parseCentavos", () => {
  it.each([
    ["1500", 150000],
    ["1500.5", 150050],
    ["1500.50", 150050],
    ["1500.05", 150005],
    ["0.1", 10],
    ["0.01", 1],
    [".5", 50],
    ["5.", 500],
    ["0", 0],
    ["0.00", 0],
    ["-0.00", 0],
    ["-20.25", -2025],
    ["1,500.50", 150050],
    ["1,234,567.89", 123456789],
    ["₱1,500.00", 150000],
    ["-₱1,500.00", -150000],
    ["PHP 250", 25000],
    ["  42.10 ", 4210],
    ["1.005", 101], // half away from zero on the decimal digits
    ["1.004", 100],
    ["-1.005", -101],
    ["2.675", 268], // 2.675 as a double is 2.67499999…; the string is exact
    ["999999999999.99", MAX_CENTAVOS],
    ["0.30000000000000004", 30],
  ])("%j → %i", (input, expected) => {
    expect(parseCentavos(input)).toBe(expected);
  });

  it.each([
    [1500.5, 150050],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [1.005, 101],
    [-7.5, -750],
    [0, 0],
    [1e-7, 0],
  ])("number (pesos) %d → %i", (input, expected) => {
    expect(parseCentavos(input)).toBe(expected);
  });

  it("never returns -0", () => {
    expect(Object.is(parseCentavos("-0"), 0)).toBe(true);
    expect(Object.is(parseCentavos("-0.001"), 0)).toBe(true);
  });

  it.each(["", "   ", "abc", "1.2.3", "1,50", "12a", ".", "-", "1 000", "--5", "₱", "1e5"])("rejects %j", (input) => {
    expect(() => parseCentavos(input)).toThrow(MoneyError);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e15])("rejects the number %d", (input) => {
    expect(() => parseCentavos(input)).toThrow(MoneyError);
  });

  it("rejects amounts beyond numeric(14,2)", () => {
    expect(() => parseCentavos("1000000000000.00")).toThrow(/out of range/);
    expect(() => parseCentavos("99999999999999999999")).toThrow(MoneyError);
  });
});

describe("tryParseCentavos", () => {
  it.each([
    ["12.5", 1250],
    ["", null],
    ["  ", null],
    [null, null],
    [undefined, null],
    ["oops", null],
    [3, 300],
  ] as const)("%j → %j", (input, expected) => {
    expect(tryParseCentavos(input)).toBe(expected);
  });
});

describe("toCentavos", () => {
  it("reads numbers as centavos and strings as pesos", () => {
    expect(toCentavos(150050)).toBe(150050);
    expect(toCentavos("1500.50")).toBe(150050);
  });
  it.each([1.5, Number.NaN, 2 ** 53])("rejects the non-integer centavos %d", (value) => {
    expect(() => toCentavos(value)).toThrow(MoneyError);
  });
});

describe("toMoneyString (the JSON form)", () => {
  it.each([
    [150000, "1500.00"],
    [150050, "1500.50"],
    [5, "0.05"],
    [0, "0.00"],
    [-550, "-5.50"],
    [-5, "-0.05"],
    [123456789, "1234567.89"],
    [MAX_CENTAVOS, "999999999999.99"],
    ["1500.5", "1500.50"],
    ["1,500", "1500.00"],
  ] as const)("%j → %j", (input, expected) => {
    expect(toMoneyString(input)).toBe(expected);
  });

  it("round-trips with parseCentavos", () => {
    for (const c of [0, 1, 99, 100, 101, 150050, -2025, 123456789, MAX_CENTAVOS]) {
      expect(parseCentavos(toMoneyString(c))).toBe(c);
    }
  });
});

describe("formatMoney", () => {
  it.each([
    [150000, "₱1,500.00"],
    [150050, "₱1,500.50"],
    [0, "₱0.00"],
    [1, "₱0.01"],
    [99, "₱0.99"],
    [100000, "₱1,000.00"],
    [99999, "₱999.99"],
    [-150000, "-₱1,500.00"],
    [-5, "-₱0.05"],
    [123456789, "₱1,234,567.89"],
    [MAX_CENTAVOS, "₱999,999,999,999.99"],
    ["1500.5", "₱1,500.50"],
    ["1500", "₱1,500.00"],
    ["-20.25", "-₱20.25"],
    ["0.00", "₱0.00"],
    [null, ""],
    [undefined, ""],
  ] as const)("%j → %j", (input, expected) => {
    expect(formatMoney(input)).toBe(expected);
  });

  it("agrees with Intl en-US PHP currency formatting", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "PHP" });
    for (const c of [0, 7, 150050, -150000, 100000000, 98765432112]) {
      expect(formatMoney(c)).toBe(intl.format(c / 100));
    }
  });

  it("throws on an invalid string", () => {
    expect(() => formatMoney("abc")).toThrow(MoneyError);
  });
});

describe("formatAmount", () => {
  it.each([
    [150000, "1,500.00"],
    [-150000, "-1,500.00"],
    ["12", "12.00"],
  ] as const)("%j → %j", (input, expected) => {
    expect(formatAmount(input)).toBe(expected);
  });
});

describe("arithmetic", () => {
  it("adds exactly where floating point does not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addCentavos("0.1", "0.2")).toBe(30);
    expect(toMoneyString(addCentavos("0.1", "0.2"))).toBe("0.30");
  });

  it.each([
    [[], 0],
    [[100], 100],
    [[100, "1.50", -25], 225],
    [["1500.00", "250.50", "0.05"], 175055],
  ] as const)("sums %j → %i", (values, expected) => {
    expect(sumCentavos(values)).toBe(expected);
  });

  it("subtracts", () => {
    expect(subtractCentavos("1500", "250.50")).toBe(124950);
    expect(subtractCentavos(100, 30, 80)).toBe(-10);
    expect(subtractCentavos(100)).toBe(100);
  });

  it.each([
    [1999, 3, 5997],
    [10000, 0.12, 1200],
    [1005, 0.5, 503], // 502.5 → 503
    [-1005, 0.5, -503],
    [145, 0.1, 15], // 14.5 with binary error → 15
    [333, 1 / 3, 111],
    [100, 0, 0],
    [-100, 0, 0],
  ])("multiplies %i by %d → %i", (value, factor, expected) => {
    expect(multiplyCentavos(value, factor)).toBe(expected);
  });

  it("rejects a non-finite factor", () => {
    expect(() => multiplyCentavos(100, Number.NaN)).toThrow(MoneyError);
  });

  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-2.4, -2],
    [0.5, 1],
    [0, 0],
  ])("roundHalfAwayFromZero(%d) → %d", (value, expected) => {
    expect(roundHalfAwayFromZero(value)).toBe(expected);
  });

  it.each([
    [1000, 3, [334, 333, 333]],
    [100, 4, [25, 25, 25, 25]],
    [-1000, 3, [-334, -333, -333]],
    [2, 3, [1, 1, 0]],
    ["10.00", 1, [1000]],
  ] as const)("allocates %j into %i parts → %j", (value, parts, expected) => {
    const shares = allocateCentavos(value, parts);
    expect(shares).toEqual(expected);
    expect(sumCentavos(shares)).toBe(toCentavos(value));
  });

  it("rejects a bad number of parts", () => {
    expect(() => allocateCentavos(100, 0)).toThrow(MoneyError);
    expect(() => allocateCentavos(100, 1.5)).toThrow(MoneyError);
  });

  it("compares", () => {
    expect(compareMoney("1500.00", 150000)).toBe(0);
    expect(compareMoney("10", "9.99")).toBe(1);
    expect(compareMoney(1, "0.02")).toBe(-1);
    expect(["3.00", "10.00", "2.50"].sort(compareMoney)).toEqual(["2.50", "3.00", "10.00"]);
  });

  it("converts to pesos for charts", () => {
    expect(centavosToPesos(150050)).toBe(1500.5);
  });
});
