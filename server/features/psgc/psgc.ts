import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import {
  isPsgcCode,
  PSGC_VERSION,
  type PsgcBarangay,
  type PsgcCityMunicipality,
  type PsgcEntry,
  type PsgcFile,
  type PsgcLevel,
  type PsgcPlace,
} from "../../../domain/psgc.ts";
import { searchWords } from "../people/resident-search.ts";

// The PSGC list (issue 29, issue 33): every region, province, city, municipality and barangay of
// the PSA's quarter PSGC_VERSION, read from the file `npm run psgc:build` ships beside this module.
// Public reference data — the same for every barangay of a hub and every user — so it is a
// process-wide list, loaded once on first use, not a table: nothing here needs a permission.
//
// Codes are opaque (domain/psgc.ts): a place's chain is followed through parent codes only.
// Searching forgives case, accents and ñ the way the resident search does (searchWords): every
// typed word must begin a word of the barangay's name (current or old) or of the places above it,
// and one of them the barangay's own name; "name, city" splits the two.

/**
 * Where the file is, from the working directory: the process always runs from the project root
 * (npm scripts, scripts/start.mjs, the image's WORKDIR), as the migrations are found
 * (docs/decisions/006). The server's bundle (build/server) cannot find it beside itself.
 */
export const PSGC_FILE = `server/features/psgc/psgc-${PSGC_VERSION}.json.gz`;

export const SEARCH_LIMIT = 20;
const MAX_LIMIT = 100;

type CityLevel = PsgcCityMunicipality["level"];
const CITY_LEVELS: ReadonlySet<PsgcLevel> = new Set<PsgcLevel>(["City", "Mun", "SubMun"]);

/** One searchable place: its words as " w1 w2 … " so that " " + word finds a word's beginning. */
interface Searchable {
  entry: PsgcEntry;
  /** The place's own name and old name. */
  own: string;
  /** The names of the places above it (city, sub-municipality, province; a city's region too). */
  above: string;
  /** The own name's words, joined, to rank an exact name first. */
  plain: string;
}

const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });

function words(...texts: (string | null | undefined)[]): string[] {
  return searchWords(texts.filter(Boolean).join(" "));
}

function keyOf(list: string[]): string {
  return ` ${list.join(" ")} `;
}

/** Every word begins a word of the key. */
function within(key: string, list: string[]): boolean {
  return list.every((w) => key.includes(` ${w}`));
}

/** A query as typed: "milagrosa calamba" (words anywhere) or "milagrosa, calamba" (name, then place). */
interface Query {
  all: string[];
  own: string[] | null;
  above: string[] | null;
}

function parseQuery(text: string): Query | null {
  const comma = text.indexOf(",");
  if (comma < 0) {
    const all = searchWords(text);
    return all.length ? { all, own: null, above: null } : null;
  }
  const own = searchWords(text.slice(0, comma));
  const above = searchWords(text.slice(comma + 1));
  return own.length || above.length ? { all: [...own, ...above], own, above } : null;
}

/**
 * How well a place answers, lower is better, or null when it does not: 0 its name is the words
 * typed, 1 its name holds them all, 2 some of them name a place above it.
 */
function rank(item: Searchable, query: Query, plainQuery: string): number | null {
  if (query.own) {
    if (!within(item.own, query.own) || !within(item.above, query.above ?? [])) return null;
    return item.plain === query.own.join(" ") ? 0 : 1;
  }
  let ownHits = 0;
  for (const w of query.all) {
    if (item.own.includes(` ${w}`)) ownHits++;
    else if (!item.above.includes(` ${w}`)) return null;
  }
  if (ownHits === 0) return null;
  if (ownHits < query.all.length) return 2;
  return item.plain === plainQuery ? 0 : 1;
}

function search(items: readonly Searchable[], text: string, limit: number): PsgcEntry[] {
  const query = parseQuery(text);
  if (!query) return [];
  const plainQuery = query.all.join(" ");
  const hits: { item: Searchable; rank: number }[] = [];
  for (const item of items) {
    const r = rank(item, query, plainQuery);
    if (r !== null) hits.push({ item, rank: r });
  }
  hits.sort(
    (a, b) => a.rank - b.rank || collator.compare(a.item.entry.name, b.item.entry.name) || a.item.above.localeCompare(b.item.above),
  );
  const n = Math.min(Math.max(1, Math.trunc(limit) || SEARCH_LIMIT), MAX_LIMIT);
  return hits.slice(0, n).map((h) => h.item.entry);
}

export class PsgcList {
  readonly version: string;
  private readonly byCode = new Map<string, PsgcEntry>();
  /** A city's or municipality's barangays; the City of Manila's are its districts' together. */
  private readonly barangaysByCity = new Map<string, PsgcEntry[]>();
  /** Cities whose barangays are in name order already (sorted on first ask). */
  private readonly sortedCities = new Set<string>();
  /** The search words of each place, built on the first search of its kind. */
  private cityItems: Searchable[] | null = null;
  private barangayItems: Searchable[] | null = null;

  constructor(file: PsgcFile) {
    if (file.version !== PSGC_VERSION) {
      throw new Error(`The PSGC file is of ${file.version}, the portal reads ${PSGC_VERSION}: run npm run psgc:build.`);
    }
    this.version = file.version;
    for (const [code, name, parentCode, level, oldName] of [
      ...file.regions,
      ...file.provinces,
      ...file.citiesMunicipalities,
      ...file.barangays,
    ]) {
      this.byCode.set(code, { code, name, parentCode: parentCode || null, level, oldName: oldName ?? null });
    }
    for (const entry of this.byCode.values()) {
      if (entry.parentCode && !this.byCode.has(entry.parentCode)) {
        throw new Error(`The PSGC file names ${entry.parentCode} as the parent of ${entry.code}, and has no such place.`);
      }
      if (entry.level !== "Bgy") continue;
      const chain = this.chain(entry);
      for (const city of [chain.SubMun, chain.City ?? chain.Mun]) {
        if (!city) continue;
        const list = this.barangaysByCity.get(city.code);
        if (list) list.push(entry);
        else this.barangaysByCity.set(city.code, [entry]);
      }
    }
  }

  /** The list in the shipped file (PSGC_FILE, or another path). */
  static fromFile(file: string = PSGC_FILE): PsgcList {
    const json = zlib.gunzipSync(fs.readFileSync(path.resolve(file))).toString("utf8");
    return new PsgcList(JSON.parse(json) as PsgcFile);
  }

  /** Any place by its code, as the file holds it. */
  entry(code: string): PsgcEntry | null {
    return (isPsgcCode(code) && this.byCode.get(code)) || null;
  }

  /** How many places of each level the list holds. */
  counts(): Record<PsgcLevel, number> {
    const counts: Record<PsgcLevel, number> = { Reg: 0, Prov: 0, City: 0, Mun: 0, SubMun: 0, Bgy: 0 };
    for (const entry of this.byCode.values()) counts[entry.level]++;
    return counts;
  }

  /** The barangay of that code with its city or municipality, province and region; null for any other code. */
  barangayByCode(code: string): PsgcBarangay | null {
    const entry = this.entry(code);
    return entry?.level === "Bgy" ? this.barangay(entry) : null;
  }

  /** The city, municipality or sub-municipality of that code with the places above it; null for any other code. */
  cityByCode(code: string): PsgcCityMunicipality | null {
    const entry = this.entry(code);
    return entry && CITY_LEVELS.has(entry.level) ? this.city(entry) : null;
  }

  /** A city's or municipality's barangays by name (the City of Manila's: all its districts'); [] for any other code. */
  barangaysOfCity(cityCode: string): PsgcBarangay[] {
    const list = isPsgcCode(cityCode) ? this.barangaysByCity.get(cityCode) : undefined;
    if (!list) return [];
    if (!this.sortedCities.has(cityCode)) {
      list.sort((a, b) => collator.compare(a.name, b.name));
      this.sortedCities.add(cityCode);
    }
    return list.map((entry) => this.barangay(entry));
  }

  /**
   * Barangays by name, forgiving case, accents and ñ: "milagrosa calamba" or "milagrosa, calamba"
   * (the name, then its city, municipality or province). Exact names first, then by name.
   */
  searchBarangays(query: string, limit: number = SEARCH_LIMIT): PsgcBarangay[] {
    this.barangayItems ??= this.searchables(["Bgy"], (chain) => [chain.SubMun, chain.City ?? chain.Mun, chain.Prov]);
    return search(this.barangayItems, query, limit).map((entry) => this.barangay(entry));
  }

  /** Cities, municipalities and Manila's districts by name: "paranaque", "san jose, batangas". */
  searchCities(query: string, limit: number = SEARCH_LIMIT): PsgcCityMunicipality[] {
    this.cityItems ??= this.searchables(["City", "Mun", "SubMun"], (chain, entry) => [
      chain.City === entry ? undefined : chain.City,
      chain.Prov,
      chain.Reg,
    ]);
    return search(this.cityItems, query, limit).map((entry) => this.city(entry));
  }

  /**
   * The search words of the places of some levels: their own names, and the names of the places
   * above them that a query may add ("…, calamba"). The words of a place above are worked out
   * once for all the places below it.
   */
  private searchables(
    levels: PsgcLevel[],
    above: (chain: Partial<Record<PsgcLevel, PsgcEntry>>, entry: PsgcEntry) => (PsgcEntry | undefined)[],
  ): Searchable[] {
    const wordsOf = new Map<string, string[]>();
    const placeWords = (place: PsgcEntry) => {
      let w = wordsOf.get(place.code);
      if (!w) wordsOf.set(place.code, (w = words(place.name)));
      return w;
    };
    const items: Searchable[] = [];
    for (const entry of this.byCode.values()) {
      if (!levels.includes(entry.level)) continue;
      const name = words(entry.name);
      const places = above(this.chain(entry), entry).filter((p): p is PsgcEntry => !!p);
      items.push({
        entry,
        own: keyOf(entry.oldName ? [...name, ...words(entry.oldName)] : name),
        above: keyOf(places.flatMap(placeWords)),
        plain: name.join(" "),
      });
    }
    return items;
  }

  /** The places above an entry (and the entry), by level, following parent codes. */
  private chain(entry: PsgcEntry): Partial<Record<PsgcLevel, PsgcEntry>> {
    const chain: Partial<Record<PsgcLevel, PsgcEntry>> = {};
    for (let at: PsgcEntry | undefined = entry; at; at = at.parentCode ? this.byCode.get(at.parentCode) : undefined) {
      chain[at.level] ??= at;
    }
    return chain;
  }

  private barangay(entry: PsgcEntry): PsgcBarangay {
    const chain = this.chain(entry);
    const city = chain.City ?? chain.Mun;
    if (!city || !chain.Reg) throw new Error(`The PSGC barangay ${entry.code} has no city, municipality or region above it.`);
    return {
      code: entry.code,
      name: entry.name,
      oldName: entry.oldName,
      cityMunicipality: place(city),
      subMunicipality: place(chain.SubMun),
      province: place(chain.Prov),
      region: place(chain.Reg),
    };
  }

  private city(entry: PsgcEntry): PsgcCityMunicipality {
    const chain = this.chain(entry);
    if (!chain.Reg) throw new Error(`The PSGC place ${entry.code} has no region above it.`);
    return {
      code: entry.code,
      name: entry.name,
      oldName: entry.oldName,
      level: entry.level as CityLevel,
      city: entry.level === "SubMun" ? place(chain.City) : null,
      province: place(chain.Prov),
      region: place(chain.Reg),
    };
  }
}

function place(entry: PsgcEntry): PsgcPlace;
function place(entry: PsgcEntry | undefined): PsgcPlace | null;
function place(entry: PsgcEntry | undefined): PsgcPlace | null {
  return entry ? { code: entry.code, name: entry.name } : null;
}

let shared: PsgcList | null = null;

/** The shipped list, read on first use and kept for the life of the process. */
export function psgcList(): PsgcList {
  return (shared ??= PsgcList.fromFile());
}

export const barangayByCode = (code: string) => psgcList().barangayByCode(code);
export const cityByCode = (code: string) => psgcList().cityByCode(code);
export const barangaysOfCity = (cityCode: string) => psgcList().barangaysOfCity(cityCode);
export const searchBarangays = (query: string, limit?: number) => psgcList().searchBarangays(query, limit);
export const searchCities = (query: string, limit?: number) => psgcList().searchCities(query, limit);
