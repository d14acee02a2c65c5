import { CIVIL_STATUSES, RELATIONS, SEXES, SUFFIXES } from "../registry/people.ts";

// The resident import's reading of a barangay's spreadsheet (issue 33 item 1, decision 217): the
// columns of the RBI forms A and B (../shared/research/rbi-import.md §2–3) under the names offices
// give them in English and Filipino, and the spellings of sex, civil status, suffix, dates and
// puroks they are written in (§6.2). What is read here is then checked by the resident's own
// schema (residentProfileSchema), never by a copy of its rules.

/** Whoever may create residents may import them. */
export const IMPORT_PERMISSION = "create-resident";

/** The fields a column can be mapped to. */
export const IMPORT_FIELDS = [
  "lastname",
  "firstname",
  "middlename",
  "suffix",
  "fullname",
  "house_number",
  "street",
  "purok",
  "place_of_birth",
  "date_of_birth",
  "sex",
  "civil_status",
  "citizenship",
  "occupation",
  "contact_number",
  "household_no",
  "relation_to_head",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  lastname: "Last name",
  firstname: "First name",
  middlename: "Middle name",
  suffix: "Ext. (Jr., Sr., III)",
  fullname: "Full name (LAST, FIRST MIDDLE)",
  house_number: "House no.",
  street: "Street",
  purok: "Purok / sitio / zone",
  place_of_birth: "Place of birth",
  date_of_birth: "Date of birth",
  sex: "Sex",
  civil_status: "Civil status",
  citizenship: "Citizenship",
  occupation: "Occupation",
  contact_number: "Contact number",
  household_no: "Household no.",
  relation_to_head: "Relation to the household head",
};

/** Column index per field (0-based); a field left out is not read. */
export type ColumnMapping = Partial<Record<ImportField, number>>;

/** Upper case, no accents (ñ → N), no punctuation, single spaces: how names and headers are compared. */
export function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

/** "PeÃ±a" (UTF-8 read as Windows-1252) back to "Peña"; any other text as it is. */
export function repairMojibake(value: string): string {
  if (!/[ÃÂ][\u0080-\u00ff\u2018-\u203a\u0152-\u0178]/.test(value)) return value;
  const bytes: number[] = [];
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    const byte = code < 256 ? code : (CP1252_REVERSE.get(code) ?? -1);
    if (byte < 0) return value;
    bytes.push(byte);
  }
  const decoded = new TextDecoder("utf-8", { fatal: false }).decode(new Uint8Array(bytes));
  return decoded.includes("\ufffd") ? value : decoded;
}
// prettier-ignore
const CP1252_REVERSE = new Map<number, number>(
  [
    [0x20ac, 0x80], [0x201a, 0x82], [0x0192, 0x83], [0x201e, 0x84], [0x2026, 0x85], [0x2020, 0x86], [0x2021, 0x87],
    [0x02c6, 0x88], [0x2030, 0x89], [0x0160, 0x8a], [0x2039, 0x8b], [0x0152, 0x8c], [0x017d, 0x8e], [0x2018, 0x91],
    [0x2019, 0x92], [0x201c, 0x93], [0x201d, 0x94], [0x2022, 0x95], [0x2013, 0x96], [0x2014, 0x97], [0x02dc, 0x98],
    [0x2122, 0x99], [0x0161, 0x9a], [0x203a, 0x9b], [0x0153, 0x9c], [0x017e, 0x9e], [0x0178, 0x9f],
  ],
);

// --- headers ---------------------------------------------------------------------------------

const HEADER_NAMES: Record<ImportField, string[]> = {
  lastname: ["LAST NAME", "LASTNAME", "SURNAME", "FAMILY NAME", "APELYIDO", "APELLIDO", "APELYEDO"],
  firstname: ["FIRST NAME", "FIRSTNAME", "GIVEN NAME", "PANGALAN", "UNANG PANGALAN"],
  middlename: ["MIDDLE NAME", "MIDDLENAME", "MIDDLE", "GITNANG PANGALAN", "GITNANG APELYIDO", "MI"],
  suffix: ["EXT", "EXTENSION", "NAME EXTENSION", "EXT NAME", "SUFFIX", "JR SR", "JR SR III"],
  fullname: ["NAME", "FULL NAME", "FULLNAME", "BUONG PANGALAN", "PANGALAN NG NANINIRAHAN"],
  house_number: ["HOUSE NO", "HOUSE NUMBER", "HOUSE", "BLG NG BAHAY", "NUMERO NG BAHAY", "BAHAY BLG"],
  street: ["STREET", "STREET NAME", "KALYE", "KALSADA", "DAAN"],
  purok: ["PUROK", "SITIO", "ZONE", "PUROK SITIO", "SITIO PUROK", "SUBDIVISION ZONE SITIO PUROK", "POOK"],
  place_of_birth: ["PLACE OF BIRTH", "BIRTHPLACE", "BIRTH PLACE", "LUGAR NG KAPANGANAKAN", "POB"],
  date_of_birth: ["DATE OF BIRTH", "BIRTHDATE", "BIRTH DATE", "BIRTHDAY", "DOB", "PETSA NG KAPANGANAKAN", "KAARAWAN", "KAPANGANAKAN"],
  sex: ["SEX", "GENDER", "KASARIAN"],
  civil_status: ["CIVIL STATUS", "STATUS", "KATAYUANG SIBIL", "KALAGAYANG SIBIL", "KATAYUAN"],
  citizenship: ["CITIZENSHIP", "NATIONALITY", "PAGKAMAMAMAYAN"],
  occupation: ["OCCUPATION", "PROFESSION", "PROFESSION OCCUPATION", "TRABAHO", "HANAPBUHAY", "OKUPASYON"],
  contact_number: ["CONTACT NUMBER", "CONTACT NO", "CONTACT", "MOBILE", "MOBILE NO", "CELLPHONE", "CELLPHONE NO", "TELEPONO"],
  household_no: [
    "HOUSEHOLD NO",
    "HOUSEHOLD NUMBER",
    "HH NO",
    "HOUSEHOLD",
    "HOUSEHOLD ID",
    "SAMBAHAYAN",
    "BLG NG SAMBAHAYAN",
    "NUMERO NG SAMBAHAYAN",
  ],
  relation_to_head: [
    "RELATION TO HEAD",
    "RELATIONSHIP TO HEAD",
    "RELATION TO HOUSEHOLD HEAD",
    "RELATIONSHIP",
    "RELASYON SA PUNO",
    "RELASYON",
  ],
};

const HEADER_INDEX = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) for (const name of HEADER_NAMES[field]) HEADER_INDEX.set(name, field);

/** The field a header names ("1.1 Last name", "APELYIDO", "Petsa ng Kapanganakan"), or null. */
export function fieldOfHeader(header: string): ImportField | null {
  // The forms number their columns ("1.1", "2.3", "4."); "(if applicable)" and the like are dropped.
  const text = fold(header.replace(/\(.*?\)/g, " ").replace(/^\s*[0-9]+(\.[0-9]+)*\.?\s*/, ""));
  if (!text) return null;
  const exact = HEADER_INDEX.get(text);
  if (exact) return exact;
  if (/\bPUROK\b|\bSITIO\b/.test(text)) return "purok";
  if (/\bHOUSEHOLD\b/.test(text) && /\bNO|NUMBER\b/.test(text)) return "household_no";
  if (/\bBIRTH\b/.test(text) && /\bDATE\b/.test(text)) return "date_of_birth";
  return null;
}

/** Each header's field, first column first: a field named twice keeps its first column. */
export function mappingOfHeaders(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  headers.forEach((header, i) => {
    const field = fieldOfHeader(header);
    if (field && mapping[field] === undefined) mapping[field] = i;
  });
  return mapping;
}

/** A layout read without asking: the RBI's name (in parts or whole), birth date and sex columns. */
export function isRecognised(mapping: ColumnMapping): boolean {
  const name = (mapping.lastname !== undefined && mapping.firstname !== undefined) || mapping.fullname !== undefined;
  return name && mapping.date_of_birth !== undefined && mapping.sex !== undefined;
}

/** How many fields a row names: the header row is the one among the first rows naming most (at least 3). */
export function headerScore(cells: readonly string[]): number {
  return new Set(cells.map(fieldOfHeader).filter(Boolean)).size;
}

// --- values ----------------------------------------------------------------------------------

type Sex = (typeof SEXES)[number];
type CivilStatus = (typeof CIVIL_STATUSES)[number];

const SEX_WORDS: Record<string, Sex> = {
  M: "Male",
  MALE: "Male",
  LALAKI: "Male",
  L: "Male",
  F: "Female",
  FEMALE: "Female",
  BABAE: "Female",
  B: "Female",
};

/** "M", "male", "Lalaki" → Male; "F", "Babae" → Female; anything else is sent back for review. */
export function readSex(value: string): Sex | null {
  return SEX_WORDS[fold(value)] ?? null;
}

// prettier-ignore
const CIVIL_WORDS: Record<string, CivilStatus> = {
  SINGLE: "Single", S: "Single", "WALANG ASAWA": "Single", DALAGA: "Single", BINATA: "Single", "NEVER MARRIED": "Single",
  MARRIED: "Married", M: "Married", KASAL: "Married", "MAY ASAWA": "Married",
  WIDOW: "Widowed", WIDOWER: "Widowed", WIDOWED: "Widowed", "WIDOW ER": "Widowed", W: "Widowed", BIYUDO: "Widowed", BIYUDA: "Widowed", BALO: "Widowed",
  SEPARATED: "Separated", HIWALAY: "Separated", "LEGALLY SEPARATED": "Separated",
  ANNULLED: "Annulled",
};

/** The RBI's civil status of a spelling, or why it is sent back (live-in, divorced: no such value). */
export function readCivilStatus(value: string): { status: CivilStatus } | { problem: string } {
  const key = fold(value);
  const status = CIVIL_WORDS[key];
  if (status) return { status };
  if (/LIVE IN|COMMON LAW|LIVING IN/.test(key))
    return { problem: `Civil status "${value}": the RBI has no live-in status; choose Single or Married.` };
  return { problem: `Civil status "${value}" is not one of ${CIVIL_STATUSES.join(", ")}.` };
}

const SUFFIX_WORDS: Record<string, (typeof SUFFIXES)[number]> = {
  JR: "Jr.",
  JUNIOR: "Jr.",
  SR: "Sr.",
  SENIOR: "Sr.",
  II: "II",
  "2ND": "II",
  III: "III",
  "3RD": "III",
  IV: "IV",
  "4TH": "IV",
  V: "V",
  "5TH": "V",
};

/** "JR", "jr.", "Jr" → "Jr."; "3RD" → "III"; an unknown text is kept as typed. */
export function readSuffix(value: string): string {
  return SUFFIX_WORDS[fold(value)] ?? value.trim();
}

/** A first name with the suffix written after it ("JUAN JR.") split in two. */
export function splitSuffix(firstname: string): { firstname: string; suffix: string | null } {
  const words = firstname.trim().split(/\s+/);
  const last = words[words.length - 1];
  if (words.length > 1 && SUFFIX_WORDS[fold(last)]) return { firstname: words.slice(0, -1).join(" "), suffix: SUFFIX_WORDS[fold(last)] };
  return { firstname: firstname.trim(), suffix: null };
}

export type DateOrder = "mdy" | "dmy";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const pad = (n: number) => String(n).padStart(2, "0");

/** An Excel serial day number (1900 system) as YYYY-MM-DD. */
export function excelSerialDate(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A date as written in a sheet: YYYY-MM-DD, MM/DD/YYYY (Form B's order) or DD/MM/YYYY where the
 * day tells (over 12), "March 4, 1990", an Excel serial number. Both parts 12 or under is
 * ambiguous: read in the file's order (`order`) and said so. Answers the text for the resident's
 * schema to judge (an impossible date stays impossible), or null when nothing date-like was given.
 */
export function readDate(value: string, order: DateOrder): { date: string; ambiguous: boolean } | null {
  const text = value.trim();
  if (!text) return null;
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) return { date: `${m[1]}-${pad(+m[2])}-${pad(+m[3])}`, ambiguous: false };
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})$/.exec(text);
  if (m) {
    let [a, b] = [+m[1], +m[2]];
    const year = m[3].length === 2 ? 1900 + +m[3] : +m[3];
    const ambiguous = a <= 12 && b <= 12 && a !== b;
    const dayFirst = a > 12 || (ambiguous && order === "dmy");
    if (dayFirst) [a, b] = [b, a];
    return { date: `${year}-${pad(a)}-${pad(b)}`, ambiguous };
  }
  m = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text) ?? null;
  if (m) {
    const month = MONTHS.indexOf(m[1].slice(0, 3).toUpperCase());
    if (month >= 0) return { date: `${m[3]}-${pad(month + 1)}-${pad(+m[2])}`, ambiguous: false };
  }
  m = /^(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2].slice(0, 3).toUpperCase());
    if (month >= 0) return { date: `${m[3]}-${pad(month + 1)}-${pad(+m[1])}`, ambiguous: false };
  }
  if (/^\d{4,5}(\.\d+)?$/.test(text)) return { date: excelSerialDate(Number(text)), ambiguous: false };
  return { date: text, ambiguous: false };
}

// prettier-ignore
const NUMBER_WORDS: Record<string, string> = {
  UNO: "1", ISA: "1", ONE: "1", DOS: "2", DALAWA: "2", TWO: "2", TRES: "3", TATLO: "3", THREE: "3", KWATRO: "4", KUWATRO: "4", APAT: "4", FOUR: "4",
  SINGKO: "5", LIMA: "5", FIVE: "5", SAIS: "6", ANIM: "6", SIX: "6", SIYETE: "7", PITO: "7", SEVEN: "7", OTSO: "8", WALO: "8", EIGHT: "8",
  NUWEBE: "9", SIYAM: "9", NINE: "9", DIYES: "10", SAMPU: "10", TEN: "10",
};

/** "Purok 1", "Prk. 1", "P-1", "Purok Uno", "1" → "1"; "Sitio Malinis" stays "SITIO MALINIS" (a sitio is not a purok): one key a purok. */
export function purokKey(value: string): string {
  const words = fold(value)
    .replace(/^(PUROK|PRK|PK|P)\s+/, "")
    .split(" ")
    .filter(Boolean)
    .map((w) => NUMBER_WORDS[w] ?? w.replace(/^0+(?=\d)/, ""));
  return words.join(" ");
}

// prettier-ignore
const RELATION_WORDS: Record<string, (typeof RELATIONS)[number] | "Head"> = {
  HEAD: "Head", "HOUSEHOLD HEAD": "Head", PUNO: "Head", "PUNO NG PAMILYA": "Head", "PUNO NG SAMBAHAYAN": "Head",
  WIFE: "Spouse", HUSBAND: "Spouse", SPOUSE: "Spouse", ASAWA: "Spouse",
  SON: "Son", "ANAK NA LALAKI": "Son", DAUGHTER: "Daughter", "ANAK NA BABAE": "Daughter",
  FATHER: "Father", AMA: "Father", TATAY: "Father", MOTHER: "Mother", INA: "Mother", NANAY: "Mother",
  BROTHER: "Brother", KUYA: "Brother", SISTER: "Sister", ATE: "Sister",
  GRANDSON: "Grandson", GRANDDAUGHTER: "Granddaughter", GRANDFATHER: "Grandfather", LOLO: "Grandfather", GRANDMOTHER: "Grandmother", LOLA: "Grandmother",
  NEPHEW: "Nephew", NIECE: "Niece", PAMANGKIN: "Other relative", UNCLE: "Uncle", TIYO: "Uncle", AUNT: "Aunt", TIYA: "Aunt", COUSIN: "Cousin", PINSAN: "Cousin",
  HELPER: "Household helper", KASAMBAHAY: "Household helper", BOARDER: "Boarder",
};

/** The roster's relation of a spelling ("Head", "Asawa", "Daughter"), or null when not recognised. */
export function readRelation(value: string): (typeof RELATIONS)[number] | "Head" | null {
  const key = fold(value);
  if (!key) return null;
  return RELATION_WORDS[key] ?? RELATIONS.find((r) => fold(r) === key) ?? null;
}

// --- matching (research §6.3) ----------------------------------------------------------------

/** A person as the matcher compares them. */
export interface MatchPerson {
  firstname: string;
  middlename: string | null;
  lastname: string;
  date_of_birth: string;
}

/** The first name's key: folded, "Ma." / "Ma" before another name read as Maria, the suffix left out. */
export function firstKey(firstname: string): string {
  const words = fold(firstname)
    .split(" ")
    .filter((w) => w && !SUFFIX_WORDS[w]);
  if (words.length > 1 && words[0] === "MA") words[0] = "MARIA";
  return words.join(" ");
}

/** The surname's key: folded, without its spaces ("Dela Cruz", "DELACRUZ" and "dela cruz" are one). */
export function lastKey(lastname: string): string {
  return fold(lastname).replace(/ /g, "");
}

function swapped(date: string): string | null {
  const [y, m, d] = date.split("-");
  return +d <= 12 && d !== m ? `${y}-${d}-${m}` : null;
}

function firstNamesAgree(a: string, b: string): boolean {
  if (a === b) return true;
  // "MARIA" and "MARIA CLARA": one's words all begin the other.
  const [x, y] = a.length < b.length ? [a, b] : [b, a];
  return y.startsWith(`${x} `);
}

/** A person's keys, folded once (a file of 50,000 rows compares each with its block's rows). */
export interface MatchKeys {
  first: string;
  middle: string;
  last: string;
  date: string;
  swapped: string | null;
}

export function matchKeys(p: MatchPerson): MatchKeys {
  return {
    first: firstKey(p.firstname),
    middle: fold(p.middlename ?? "").replace(/ /g, ""),
    last: lastKey(p.lastname),
    date: p.date_of_birth,
    swapped: swapped(p.date_of_birth),
  };
}

/**
 * Whether two records are likely the same person, and why (for the reviewer and the audit). Never
 * decides alone: a pair is only offered for review. Same first name and birth date (day and month
 * may be swapped) and either the same surname or — a married woman's new surname — the same middle
 * name (her maiden surname). A middle name missing on either side is no evidence against; an
 * initial matches the name it begins. Twins (same birth date, same surname) differ by first name.
 */
export function likelySameKeys(a: MatchKeys, b: MatchKeys): string | null {
  const sameDate = a.date === b.date;
  if (!sameDate && a.swapped !== b.date) return null;
  if (!firstNamesAgree(a.first, b.first)) return null;
  const [ma, mb] = [a.middle, b.middle];
  let middle: "same" | "initial" | "missing" | "different" = "missing";
  if (ma && mb) {
    if (ma === mb) middle = "same";
    else if ((ma.length === 1 && mb.startsWith(ma)) || (mb.length === 1 && ma.startsWith(mb))) middle = "initial";
    else middle = "different";
  }
  if (middle === "different") return null;
  const sameLast = a.last === b.last;
  if (!sameLast && middle !== "same") return null;
  const parts = [sameLast ? "same surname" : "surname differs, same middle name (maiden name?)", "same first name"];
  if (middle === "same" && sameLast) parts.push("same middle name");
  if (middle === "initial") parts.push("middle initial matches");
  if (middle === "missing") parts.push("middle name missing on one side");
  parts.push(sameDate ? "same birth date" : "birth day and month swapped");
  return parts.join(", ");
}

export function likelySame(a: MatchPerson, b: MatchPerson): string | null {
  return likelySameKeys(matchKeys(a), matchKeys(b));
}

/** The blocks a person is compared in: surname + birth year, and first name + birth date (a changed surname). */
export function blockingKeysOf(k: MatchKeys): string[] {
  const first = k.first.split(" ")[0] ?? "";
  const keys = [`L:${k.last}:${k.date.slice(0, 4)}`, `F:${first}:${k.date}`];
  if (k.swapped) keys.push(`F:${first}:${k.swapped}`);
  return keys;
}

export function blockingKeys(p: MatchPerson): string[] {
  return blockingKeysOf(matchKeys(p));
}
