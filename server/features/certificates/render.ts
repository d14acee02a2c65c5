import { PLACEHOLDER_PATTERN } from "../../../domain/registry/certificates.ts";
import { ageOn, formatDate } from "../../../domain/dates.ts";
import type { BarangayInfo } from "../../system/settings.ts";
import { NO_OFFICIALS, type Officials } from "../../../domain/registry/officials.ts";
import { escapeHtml, sanitizeTemplate } from "./sanitize.ts";

// Rendering a certificate (DESIGN §11): every placeholder of spec §3 and of the
// type's custom fields filled from the data, every value escaped, dates the way certificates print
// them. No database: the print model (print-model.ts) gathers the data.

/** The person a certificate is issued to, as its placeholders read it. */
export interface CertificatePerson {
  kind: string;
  firstname: string;
  middlename: string | null;
  lastname: string | null;
  suffix: string | null;
  sex: string | null;
  religion: string | null;
  email: string | null;
  contact_number: string | null;
  place_of_birth: string | null;
  date_of_birth: string | null;
  mother_fullname: string | null;
  father_fullname: string | null;
  house_number: string | null;
  street: string | null;
  purok: string | null;
  civil_status: string | null;
  citizenship: string | null;
  sss_number: string | null;
  sss_membership_date: string | null;
  sss_retirement_date: string | null;
  sss_job: string | null;
  highest_educational_attended: string | null;
}

export interface CertificateFacts {
  reference_number: string;
  date_issued: string;
  valid_until: string | null;
  custom_values: Record<string, string>;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** 1 → "1st", 2 → "2nd", 11 → "11th", 22 → "22nd". */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

/** "2026-11-22" → "22nd day of November, 2026" (research notes §7 item 6). */
export function dateInWords(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${ordinal(d)} day of ${MONTHS[m - 1]}, ${y}`;
}

/** "2026-11-22" → "November 22, 2026". */
export function longDate(date: string | null | undefined): string {
  return date ? formatDate(date, "long") : "";
}

/** The day a certificate stops being valid, "YYYY-MM-DD" (null without a validity). */
export function validUntil(dateIssued: string, validityDays: number | null): string | null {
  if (!validityDays) return null;
  const [y, m, d] = dateIssued.split("-").map(Number);
  const end = new Date(Date.UTC(y, m - 1, d + validityDays - 1));
  return end.toISOString().slice(0, 10);
}

function clean(value: string | null | undefined): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

function middleInitial(middlename: string | null): string {
  const m = clean(middlename);
  return m ? `${[...m][0].toUpperCase()}.` : "";
}

/** Every placeholder's value for one certificate (plain text; escaped when rendered). */
export function certificateValues(
  person: CertificatePerson,
  facts: CertificateFacts,
  barangay: BarangayInfo,
  officials: Officials = NO_OFFICIALS,
): Record<string, string> {
  const female = person.sex === "Female";
  const male = person.sex === "Male";
  const pick = (f: string, m: string, either: string) => (female ? f : male ? m : either);
  const complete = [person.firstname, person.middlename, person.lastname, person.suffix].map(clean).filter(Boolean).join(" ");
  const full = [person.firstname, middleInitial(person.middlename), person.lastname, person.suffix].map(clean).filter(Boolean).join(" ");
  const address = [
    [person.house_number, person.street].map(clean).filter(Boolean).join(" "),
    clean(person.purok),
    clean(barangay.name),
    clean(barangay.municipality),
    clean(barangay.province),
  ]
    .filter(Boolean)
    .join(", ");
  let age = "";
  try {
    if (person.date_of_birth) age = String(ageOn(person.date_of_birth, facts.date_issued));
  } catch {
    age = ""; // born after the issue date: a data error, printed blank rather than negative
  }
  return {
    ...facts.custom_values,
    user_complete_name: complete,
    user_fullname: full,
    user_firstname: clean(person.firstname),
    user_middlename: clean(person.middlename),
    user_lastname: clean(person.lastname),
    user_suffix: clean(person.suffix),
    user_sex: clean(person.sex),
    user_religion: clean(person.religion),
    user_email: clean(person.email),
    user_contact_number: clean(person.contact_number),
    user_place_of_birth: clean(person.place_of_birth),
    user_date_of_birth: longDate(person.date_of_birth),
    user_age: age,
    user_mother_fullname: clean(person.mother_fullname),
    user_father_fullname: clean(person.father_fullname),
    user_address: address,
    user_civil_status: clean(person.civil_status),
    user_citizenship: clean(person.citizenship),
    user_sss_number: clean(person.sss_number),
    user_sss_membership_date: longDate(person.sss_membership_date),
    user_sss_retirement_date: longDate(person.sss_retirement_date),
    user_sss_job: clean(person.sss_job),
    user_highest_educational_attended: clean(person.highest_educational_attended),
    "her/his": pick("her", "his", "his/her"),
    "son/daughter": pick("daughter", "son", "son/daughter"),
    "He/She": pick("She", "He", "He/She"),
    "he/she": pick("she", "he", "he/she"),
    purpose: clean(facts.custom_values.purpose),
    year_now: facts.date_issued.slice(0, 4),
    date_now: dateInWords(facts.date_issued),
    reference_number: facts.reference_number,
    date_issued: longDate(facts.date_issued),
    valid_until: longDate(facts.valid_until),
    barangay_name: clean(barangay.name),
    barangay_municipality: clean(barangay.municipality),
    barangay_province: clean(barangay.province),
    barangay_address: clean(barangay.address),
    punong_barangay: clean(officials.punong_barangay),
    barangay_secretary: clean(officials.secretary),
    barangay_treasurer: clean(officials.treasurer),
  };
}

const CHIP = /<span\b[^>]*\bdata-placeholder="([^"]*)"[^>]*>[\s\S]*?<\/span>/g;

/**
 * The body of a certificate: the template sanitised again (a stored template is never trusted
 * twice), its placeholder chips and `{{tokens}}` replaced in one pass by their escaped values. A
 * value that itself looks like a placeholder or markup is printed as the text it is.
 */
export async function renderTemplate(template: string, values: Record<string, string>): Promise<string> {
  const html = (await sanitizeTemplate(template)).replace(CHIP, (_m, key: string) => `{{${key}}}`);
  return html.replace(PLACEHOLDER_PATTERN, (_m, key: string) => escapeHtml(Object.hasOwn(values, key) ? values[key] : ""));
}
