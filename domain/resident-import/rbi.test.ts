import { describe, expect, it } from "vitest";
import {
  blockingKeys,
  fieldOfHeader,
  likelySame,
  mappingOfHeaders,
  purokKey,
  readCivilStatus,
  readDate,
  readSex,
  readSuffix,
  repairMojibake,
  splitSuffix,
} from "./rbi.ts";

// How the resident import reads an RBI sheet (decision 217, research §6.2–6.3).

describe("headers", () => {
  it("reads the RBI Form A's numbered headers and Filipino names", () => {
    expect(fieldOfHeader("1.1 Last Name")).toBe("lastname");
    expect(fieldOfHeader("2.3 Subdivision / Zone / Sitio / Purok (if applicable)")).toBe("purok");
    expect(fieldOfHeader("4. Date of Birth")).toBe("date_of_birth");
    expect(fieldOfHeader("APELYIDO")).toBe("lastname");
    expect(fieldOfHeader("Petsa ng Kapanganakan")).toBe("date_of_birth");
    expect(fieldOfHeader("Kasarian")).toBe("sex");
    expect(fieldOfHeader("Remarks")).toBeNull();
    expect(mappingOfHeaders(["Pangalan", "Apelyido", "Pangalan"])).toEqual({ firstname: 0, lastname: 1 });
  });
});

describe("values", () => {
  it("maps sex, civil status and suffix spellings, and sends the rest to review", () => {
    expect(["M", "male", "Lalaki", "F", "Babae"].map(readSex)).toEqual(["Male", "Male", "Male", "Female", "Female"]);
    expect(readSex("?")).toBeNull();
    expect(readCivilStatus("Kasal")).toEqual({ status: "Married" });
    expect(readCivilStatus("biyuda")).toEqual({ status: "Widowed" });
    expect(readCivilStatus("Walang asawa")).toEqual({ status: "Single" });
    expect(readCivilStatus("Live-in")).toHaveProperty("problem");
    expect(readCivilStatus("Divorced")).toHaveProperty("problem");
    expect([readSuffix("JR"), readSuffix("jr."), readSuffix("3rd"), readSuffix("Sr")]).toEqual(["Jr.", "Jr.", "III", "Sr."]);
    expect(splitSuffix("JUAN JR.")).toEqual({ firstname: "JUAN", suffix: "Jr." });
    expect(splitSuffix("Juan Carlos")).toEqual({ firstname: "Juan Carlos", suffix: null });
  });

  it("reads dates in the ways sheets write them; an ambiguous one in the file's order", () => {
    expect(readDate("03/15/2005", "mdy")).toEqual({ date: "2005-03-15", ambiguous: false });
    expect(readDate("15/03/2005", "mdy")).toEqual({ date: "2005-03-15", ambiguous: false });
    expect(readDate("03/04/1990", "mdy")).toEqual({ date: "1990-03-04", ambiguous: true });
    expect(readDate("03/04/1990", "dmy")).toEqual({ date: "1990-04-03", ambiguous: true });
    expect(readDate("1990-4-3", "mdy")).toEqual({ date: "1990-04-03", ambiguous: false });
    expect(readDate("March 4, 1990", "mdy")?.date).toBe("1990-03-04");
    expect(readDate("32874", "mdy")?.date).toBe("1990-01-01");
    expect(readDate("", "mdy")).toBeNull();
  });

  it("makes one purok of its spellings, and repairs ñ read as Windows-1252", () => {
    expect(new Set(["Purok 1", "Prk. 1", "P-1", "Purok Uno", "purok 01", "1"].map(purokKey))).toEqual(new Set(["1"]));
    expect(purokKey("Sitio Malinis")).not.toBe(purokKey("Purok Malinis"));
    expect(repairMojibake("PeÃ±a")).toBe("Peña");
    expect(repairMojibake("Peña")).toBe("Peña");
  });
});

describe("likely the same person", () => {
  const juan = { firstname: "Juan", middlename: "Santos", lastname: "Dela Cruz", date_of_birth: "1980-05-12" };
  it("matches Filipino name variation with the birth date", () => {
    expect(likelySame(juan, { ...juan, firstname: "JUAN", middlename: "S.", lastname: "DELACRUZ" })).toMatch(/middle initial matches/);
    expect(likelySame(juan, { ...juan, middlename: null })).toMatch(/middle name missing/);
    expect(likelySame(juan, { ...juan, date_of_birth: "1980-12-05" })).toMatch(/swapped/);
    const maria = { firstname: "Ma. Clara", middlename: "Peña", lastname: "Reyes", date_of_birth: "1982-07-04" };
    expect(likelySame(maria, { ...maria, firstname: "MARIA CLARA", middlename: "PENA" })).toMatch(/same middle name/);
    // A married woman under her husband's surname: her middle name (maiden surname) and birth date.
    expect(likelySame(maria, { ...maria, lastname: "Santos" })).toMatch(/maiden name/);
  });

  it("keeps twins, other middle names and other dates apart", () => {
    expect(likelySame(juan, { ...juan, firstname: "Pedro" })).toBeNull();
    expect(likelySame(juan, { ...juan, middlename: "Reyes" })).toBeNull();
    expect(likelySame(juan, { ...juan, date_of_birth: "1981-05-12" })).toBeNull();
    expect(likelySame(juan, { ...juan, lastname: "Santos", middlename: null })).toBeNull();
  });

  it("puts both under a shared blocking key", () => {
    const keys = blockingKeys(juan);
    expect(blockingKeys({ ...juan, lastname: "DELA CRUZ" }).some((k) => keys.includes(k))).toBe(true);
  });
});
