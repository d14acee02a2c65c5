import { describe, expect, it } from "vitest";
import { isPsgcCode, PSGC_LEVELS, PSGC_VERSION } from "./psgc.ts";

describe("isPsgcCode", () => {
  it("takes a code of exactly 10 digits, leading zeros kept", () => {
    expect(isPsgcCode("0403405057")).toBe(true);
    expect(isPsgcCode("1900000000")).toBe(true);
  });

  it("refuses a 9-digit code of the older scheme rather than guess its 10-digit one", () => {
    expect(isPsgcCode("043405057")).toBe(false);
    expect(isPsgcCode("133900000")).toBe(false);
  });

  it("refuses numbers, spaces, signs and other lengths", () => {
    for (const s of [
      403405057,
      "04034 05057",
      " 0403405057",
      "0403405057 ",
      "+403405057",
      "04034050570",
      "040340505a",
      "",
      null,
      undefined,
    ]) {
      expect(isPsgcCode(s), String(s)).toBe(false);
    }
  });
});

describe("the PSGC version and levels", () => {
  it("name a PSA quarter and the masterlist's six levels", () => {
    expect(PSGC_VERSION).toMatch(/^\d{4}-[1-4]Q$/);
    expect(PSGC_LEVELS).toEqual(["Reg", "Prov", "City", "Mun", "SubMun", "Bgy"]);
  });
});
