import type { ResourceDef } from "../../domain/registry/types.ts";
import { getResource } from "../../domain/registry/index.ts";
import type { ApiClient } from "./server.ts";

// Valid input for any registry entry, built from its fields, so the generated tests cover every
// entity without a hand-written fixture each (DESIGN §4: the registry drives the tests too).

let counter = 0;

function setPath(target: Record<string, unknown>, dotted: string, value: unknown): void {
  const parts = dotted.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
  node[parts[parts.length - 1]] = value;
}

/** A valid create body for def; references are created first through the REST API. */
export async function sampleInput(client: ApiClient, def: ResourceDef, tag = ""): Promise<Record<string, unknown>> {
  const n = ++counter;
  const body: Record<string, unknown> = {};
  for (const field of def.fields) {
    let value: unknown;
    switch (field.kind) {
      case "text":
      case "textarea":
        if (field.name === "username") {
          // Required where the account signs in (staff users); optional elsewhere.
          if (!field.required) continue;
          value = `user.${tag}${n}.${Date.now() % 100000}`;
          break;
        }
        // Cheque serials (issue 12) are digits, unique per bank account.
        if (def.name.startsWith("cheque_") && (field.name === "series" || field.name === "number")) {
          value = `${field.name === "number" ? 9 : 1}${String(n).padStart(4, "0")}${Date.now() % 1000}`;
          break;
        }
        if (field.name.endsWith("_tin")) {
          value = "123-456-789-000";
          break;
        }
        // A queue service's prefix (decision 206): one to three capitals, none of the seeded ones.
        if (def.name === "queue_service" && field.name === "prefix") {
          value = `Q${letters(n)}`.toUpperCase().slice(0, 3);
          break;
        }
        // Appointment hours (decision 207): a morning, opening before it closes.
        if (def.name === "appointment_hour" && (field.name === "opens_at" || field.name === "closes_at")) {
          value = field.name === "opens_at" ? "08:00" : "12:00";
          break;
        }
        if (field.pattern) {
          value = sampleForPattern(field.pattern, tag, n);
          break;
        }
        // People (issue 4): fields checked against a format.
        if (field.name.endsWith("contact_number")) {
          value = "0917 123 4567";
          break;
        }
        if (field.name.endsWith("sss_number")) {
          value = "34-1234567-8";
          break;
        }
        value = field.name.endsWith("account_number")
          ? `0099-${String(n).padStart(4, "0")}-${Date.now() % 10000}`
          : `${field.label} ${tag}${n}`.slice(0, field.maxLength ?? 100);
        if (field.name === "code") value = `C${n}${tag}`.slice(0, 20);
        // Form pads (issue 10): serials as printed, a range of ten no other sample pad overlaps.
        if (field.name === "series_start") value = `${2000000 + n * 100} S`;
        if (field.name === "series_end") value = `${2000000 + n * 100 + 9} S`;
        break;
      case "email":
        continue;
      case "password":
        if (!field.required) continue;
        value = "Sample-Passw0rd!";
        break;
      case "enum":
        value = field.options?.[0];
        break;
      case "reference": {
        const target = getResource(field.reference!);
        const created = await client.post(`/backend/api/${target.restPath}`, await sampleInput(client, target, tag));
        if (created.status !== 201)
          throw new Error(`creating a ${target.name} for ${def.name} answered ${created.status}: ${created.text}`);
        value = created.body.data.id;
        break;
      }
      case "custom-forms":
        value = [{ label: "Purpose", fieldId: "purpose", type: "text", required: true }];
        break;
      case "custom-payment-form":
        value = [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50.00" }];
        break;
      case "money":
        value = "100.00";
        break;
      case "number":
        // Coordinates must lie within the Philippines (issue 4): around San Isidro, Santa Maria, Bulacan.
        value = field.name === "latitude" ? 14.82 + n / 100000 : field.name === "longitude" ? 120.96 + n / 100000 : 1;
        // An appointment slot is 5 to 240 minutes long (decision 207).
        if (field.name === "slot_minutes") value = 30;
        break;
      case "multi-enum":
        value = field.options?.slice(0, 1);
        break;
      case "checkbox":
        value = n % 2 === 0;
        break;
      case "date":
        value = "2026-01-15";
        break;
    }
    if (value === undefined) continue;
    setPath(body, field.name, value);
  }
  // Officials (decision 194): terms of one position never overlap, so each sample serves a year of its own.
  if (def.name === "official") {
    body.term_start = `${2000 + n}-01-01`;
    body.term_end = `${2000 + n}-12-31`;
  }
  // Holidays (decision 201): one per date, on days no seeded holiday takes (the 2030s).
  if (def.name === "holiday") body.holiday_date = addDaysTo("2031-01-01", n);
  // Issue 31: a KP case within the Lupon's authority (no exclusion ticked), with its two parties.
  if (def.name === "kp_case") {
    for (const key of ["government_party", "official_functions", "no_private_offended_party", "property_elsewhere", "barangays_adjoin"])
      body[key] = false;
    body.parties = [
      { role: "complainant", name: `Ana Reyes ${tag}${n}`, address: "Purok 1" },
      { role: "respondent", name: `Ben Santos ${tag}${n}`, address: "Purok 2" },
    ];
  }
  // Issue 11: the sample transaction type asks a purpose (its custom field).
  if (def.name === "transaction") body.custom_values = { purpose: `Employment ${tag}${n}` };
  // Issue 10: a pad's collector is the caller (only collectors issue from it); a receipt has a line.
  if (def.name === "form_pad") body.collectors = [{ user_id: (await client.get("/backend/api/userme")).body.data.id }];
  if (def.name === "collection") body.lines = [{ nature: `Clearance fee ${tag}${n}`, account_code: "4-01-02-010", amount: "100.00" }];
  // Issue 12: a voucher's lines, one row built from the child's fields.
  for (const child of def.name === "disbursement" ? (def.children ?? []) : []) {
    if (body[child.key] !== undefined) continue;
    body[child.key] = [await sampleInput(client, { ...def, name: `${def.name}.${child.key}`, fields: child.fields, children: [] }, tag)];
  }
  // Issue 12: a cheque is written from a cheque book of its bank account.
  if (def.name === "cheque_issuance") {
    const book = { ...(await sampleInput(client, getResource("cheque_book"), tag)), bank_account_id: body.bank_account_id };
    const created = await client.post("/backend/api/cheque_book", book);
    if (created.status !== 201) throw new Error(`creating a cheque book for a cheque issuance answered ${created.status}: ${created.text}`);
  }
  return body;
}

/** The first required free-text field of def, the one the bad-input tests aim at (never one with a pattern). */
export function firstRequiredText(def: ResourceDef) {
  return def.fields.find((f) => f.required && !f.pattern && f.name !== "username" && (f.kind === "text" || f.kind === "textarea"))!;
}

/** "a", "b", ... "z", "aa": digits as letters, for names that allow no digits. */
function letters(n: number): string {
  let out = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) out = String.fromCharCode(97 + ((k - 1) % 26)) + out;
  return out || "a";
}

/** A value for a field with a pattern; permission names (action-entity) are the one such field. */
function sampleForPattern(pattern: string, tag: string, n: number): string {
  const value = `approve-sample_${letters(n)}${letters(tag.charCodeAt(0) || 1)}${letters((Date.now() % 100000) + 1)}`;
  if (!new RegExp(pattern).test(value)) throw new Error(`sampleInput cannot make a value for the pattern ${pattern}`);
  return value;
}

/** A calendar date `days` after `date`. */
function addDaysTo(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
