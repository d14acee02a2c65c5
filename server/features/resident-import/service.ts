import { sql } from "kysely";
import { z } from "zod";
import { can } from "../../../domain/permissions.ts";
import { residentProfileSchema } from "../../../domain/registry/people.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";
import { importRowIn } from "../../../domain/resident-import/reasons.ts";
import {
  blockingKeysOf,
  fold,
  IMPORT_PERMISSION,
  IMPORT_FIELDS,
  isRecognised,
  likelySameKeys,
  matchKeys,
  mappingOfHeaders,
  purokKey,
  readCivilStatus,
  readDate,
  readRelation,
  readSex,
  readSuffix,
  splitSuffix,
  type ColumnMapping,
  type DateOrder,
  type MatchKeys,
} from "../../../domain/resident-import/rbi.ts";
import { scopedBarangayId, inBarangay } from "../../../db/tenant.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { audit } from "../../engine/audit.ts";
import { CommandRecorder } from "../../engine/commands.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { serviceFor } from "../../engine/services.ts";
import { colourFor } from "../people/residents.ts";
import { readSheet } from "./read-file.ts";

// The resident import (issue 33 items 1–2, decision 217): an uploaded sheet becomes a batch
// (resident_imports) of rows (resident_import_rows) read once and kept as they were; the dry run
// says of each what the commit would do and why; the commit is the `import` command of the batch,
// run in batches of rows, each batch one transaction and one recorded run, so a stopped commit goes
// on from the last batch; undo reverses the runs, last first. Whoever may create residents imports.

export { IMPORT_PERMISSION };
/** Rows a commit batch writes in one transaction (a household is never split). */
export const COMMIT_BATCH = 1000;
/** A worker that has not written for this long is taken as stopped (a restart): the next look resumes it. */
const STALE_SECONDS = 30;
/** A household holds its head and at most 60 members (householdSchema). */
const MAX_HOUSEHOLD = 61;

export type ImportStatus = "mapping" | "review" | "committing" | "committed" | "undoing" | "undone";
export type Outcome = "pending" | "create" | "update" | "refuse" | "duplicate";
export type Decision = "skip" | "update" | "create";

export interface ImportCounts {
  create?: number;
  duplicate?: number;
  refuse?: number;
  /** Duplicates decided: to update their resident, to create anyway, skipped. */
  decided_update?: number;
  decided_create?: number;
  /** Purok names the sheet uses that are not in the list, with how many rows use each. */
  unknown_puroks?: Record<string, number>;
  ambiguous_dates?: number;
  households?: number;
}

export interface ResidentImport {
  id: number;
  file_name: string;
  format: "xlsx" | "csv";
  headers: string[];
  mapping: ColumnMapping | null;
  date_order: DateOrder;
  status: ImportStatus;
  total_rows: number;
  counts: ImportCounts;
  committed_rows: number;
  undone_rows: number;
  failure: string | null;
  created_at: Date;
  committed_at: Date | null;
  undone_at: Date | null;
  created_by_name: string | null;
  /** Rows the commit writes (created and updated); the progress bar's whole. */
  to_commit: number;
}

/** A row as the dry run leaves it. */
interface RowResult {
  line: number;
  outcome: Outcome;
  reasons: string[];
  notes: string[];
  profile: Record<string, unknown> | null;
  household_no: string | null;
  purok_name: string | null;
  match_user_id: number | null;
  match_line: number | null;
  match_reason: string | null;
}

/** A row as the review shows it: the sheet's cells, the dry run's result, the choice and what the commit did. */
export interface ImportRow extends RowResult {
  id: number;
  cells: string[];
  match_name: string | null;
  decision: Decision | null;
  committed: boolean;
  user_id: number | null;
}

export function assertMayImport(ctx: ServiceContext): void {
  if (!ctx.user || !can(ctx.user, IMPORT_PERMISSION)) throw forbidden();
}

const json = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

// --- upload -------------------------------------------------------------------------------------

/**
 * Reads an uploaded file (already on disk, bounded in size by the transport) into a new batch: its
 * header and every row's cells, in one transaction — a refused file (hostile, cut, too many rows)
 * stores nothing. A recognised RBI layout is mapped at once and dry-run; another waits for its
 * mapping. Answers the batch's id.
 */
export async function uploadImport(ctx: ServiceContext, file: { path: string; name: string }): Promise<number> {
  assertMayImport(ctx);
  const name =
    [...(file.name || "")]
      .filter((ch) => ch >= " " && ch !== "/" && ch !== "\\")
      .join("")
      .slice(0, 200) || "residents";
  const sheet = await readSheet(file.path);
  const headers = sheet.headers.map((h, i) => h || `Column ${i + 1}`);
  const mapping = mappingOfHeaders(headers);
  const recognised = isRecognised(mapping);
  const id = await inTransaction(ctx, async (tx) => {
    const actor = tx.user?.id ?? null;
    const created = await sql<{ id: number }>`
      insert into resident_imports (file_name, format, headers, mapping, status, created_by, updated_by)
      values (${name}, ${sheet.format}, ${JSON.stringify(headers)}::jsonb, ${recognised ? JSON.stringify(mapping) : null}::jsonb,
        ${recognised ? "review" : "mapping"}, ${actor}, ${actor})
      returning id`.execute(tx.db);
    const importId = Number(created.rows[0].id);
    // A recognised layout is dry-run as it is read, one pass; another is stored for its mapping.
    const runner = recognised ? await dryRunner(tx, mapping, "mdy") : null;
    let chunk: ({ cells: string[] } & Partial<RowResult> & { line: number })[] = [];
    let total = 0;
    const flush = async () => {
      if (chunk.length === 0) return;
      await sql`
        insert into resident_import_rows (import_id, line, cells, outcome, reasons, notes, profile, household_no, purok_name,
          match_user_id, match_line, match_reason)
        select ${importId}, x.line, x.cells, coalesce(x.outcome, 'pending'), coalesce(x.reasons, '[]'), coalesce(x.notes, '[]'), x.profile,
          x.household_no, x.purok_name, x.match_user_id, x.match_line, x.match_reason
        from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(line int, cells jsonb, ${RESULT_COLUMNS})`.execute(tx.db);
      total += chunk.length;
      chunk = [];
    };
    for await (const row of sheet.rows) {
      const cells = row.cells.slice(0, headers.length);
      chunk.push(runner ? { ...runner.check(row.line, cells), cells } : { line: row.line, cells });
      if (chunk.length >= 2000) await flush();
    }
    await flush();
    if (total === 0) throw ValidationError.field("file", "The file has a header but no rows of residents.");
    await sql`update resident_imports set total_rows = ${total} where id = ${importId}`.execute(tx.db);
    await audit(tx, {
      entity: "resident_import",
      entityId: importId,
      action: "upload",
      after: { file_name: name, rows: total, format: sheet.format },
    });
    if (runner) await saveCounts(tx, importId, runner.counts());
    return importId;
  });
  return id;
}

// --- mapping ------------------------------------------------------------------------------------

const mappingInput = z.object({
  mapping: z.record(z.string(), z.union([z.string(), z.number(), z.null()]).optional()),
  date_order: z.enum(["mdy", "dmy"]).default("mdy"),
});

/** Saves the column mapping (and the file's date order) and runs the dry run with it. */
export async function saveMapping(ctx: ServiceContext, id: number, input: unknown): Promise<void> {
  assertMayImport(ctx);
  const parsed = mappingInput.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  await inTransaction(ctx, async (tx) => {
    const batch = await lockImport(tx, id);
    if (batch.status !== "mapping" && batch.status !== "review")
      throw new AppError(422, "This import has been committed; its mapping can no longer change.");
    const headers = json<string[]>(batch.headers);
    const mapping: ColumnMapping = {};
    const errors: Record<string, string[]> = {};
    for (const field of IMPORT_FIELDS) {
      const raw = parsed.data.mapping[field];
      if (raw == null || raw === "") continue;
      const index = Number(raw);
      if (!Number.isInteger(index) || index < 0 || index >= headers.length)
        errors[`mapping.${field}`] = ["The selected column is invalid."];
      else mapping[field] = index;
    }
    if (mapping.fullname === undefined && (mapping.lastname === undefined || mapping.firstname === undefined))
      errors["mapping.lastname"] = ["Choose the last name and first name columns, or the full name column."];
    if (mapping.date_of_birth === undefined) errors["mapping.date_of_birth"] = ["Choose the date of birth column."];
    if (mapping.sex === undefined) errors["mapping.sex"] = ["Choose the sex column."];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    await sql`update resident_imports set mapping = ${JSON.stringify(mapping)}::jsonb, date_order = ${parsed.data.date_order},
      status = 'review', updated_at = now(), updated_by = ${tx.user?.id ?? null} where id = ${id}`.execute(tx.db);
    await audit(tx, { entity: "resident_import", entityId: id, action: "map", after: { mapping, date_order: parsed.data.date_order } });
    await dryRunIn(tx, id);
  });
}

// --- the dry run --------------------------------------------------------------------------------

interface Lookups {
  puroks: Map<string, { id: number; name: string }>;
  occupations: Map<string, number>;
}

async function lookups(ctx: ServiceContext): Promise<Lookups> {
  const puroks = new Map<string, { id: number; name: string }>();
  for (const p of await ctx.db.selectFrom("puroks").select(["id", "name"]).where("deleted_at", "is", null).orderBy("id").execute())
    if (!puroks.has(purokKey(p.name))) puroks.set(purokKey(p.name), { id: Number(p.id), name: p.name });
  const occupations = new Map<string, number>();
  for (const o of await ctx.db.selectFrom("occupations").select(["id", "name"]).where("deleted_at", "is", null).execute())
    occupations.set(fold(o.name), Number(o.id));
  return { puroks, occupations };
}

/** What the dry run made of one row. */
interface Evaluated {
  outcome: "create" | "refuse";
  reasons: string[];
  notes: string[];
  profile: Record<string, unknown> | null;
  household_no: string | null;
  purok_name: string | null;
  relation: string | null;
  ambiguous: boolean;
}

/** One row read through the mapping and checked by the resident's own schema (residentProfileSchema). */
export function evaluateRow(cells: string[], mapping: ColumnMapping, order: DateOrder, found: Lookups): Evaluated {
  const cell = (field: keyof ColumnMapping) => {
    const i = mapping[field];
    return i === undefined ? "" : (cells[i] ?? "").trim().replace(/\s+/g, " ");
  };
  const reasons: string[] = [];
  const notes: string[] = [];
  let lastname = cell("lastname");
  let firstname = cell("firstname");
  let middlename = cell("middlename");
  if (!lastname && !firstname && cell("fullname")) {
    const [last, ...rest] = cell("fullname").split(",");
    lastname = last.trim();
    firstname = rest.join(",").trim();
    if (firstname) notes.push("Name read from one cell (LAST, FIRST): check the first and middle names.");
  }
  const split = splitSuffix(firstname);
  firstname = split.firstname;
  const suffix = cell("suffix") ? readSuffix(cell("suffix")) : split.suffix;
  if (/^[A-Za-z]\.?$/.test(middlename)) notes.push(`Middle name is an initial (${middlename}).`);
  middlename = middlename.replace(/^([A-Za-z])$/, "$1.");

  const sexText = cell("sex");
  const sex = sexText ? readSex(sexText) : null;
  if (sexText && !sex) reasons.push(`Sex "${sexText}" is neither Male nor Female; correct it in the sheet.`);

  const civilText = cell("civil_status");
  let civil: string | null = null;
  if (civilText) {
    const read = readCivilStatus(civilText);
    if ("status" in read) civil = read.status;
    else reasons.push(read.problem);
  }

  const date = readDate(cell("date_of_birth"), order);

  const purokText = cell("purok");
  let purokId: number | null = null;
  let purokName: string | null = null;
  if (purokText) {
    const p = found.puroks.get(purokKey(purokText));
    if (p) purokId = p.id;
    else {
      purokName = purokText;
      reasons.push(`Purok "${purokText}" is not in the list of puroks.`);
    }
  }

  const occupationText = cell("occupation");
  let occupationId: number | null = null;
  if (occupationText) {
    occupationId = found.occupations.get(fold(occupationText)) ?? null;
    if (occupationId == null) notes.push(`Occupation "${occupationText}" is not in the list; left blank.`);
  }

  const parsed = residentProfileSchema.safeParse({
    lastname,
    firstname,
    middlename,
    suffix,
    sex: sex ?? (sexText ? undefined : null),
    date_of_birth: date?.date ?? null,
    place_of_birth: cell("place_of_birth"),
    civil_status: civil ?? (civilText ? undefined : null),
    citizenship: cell("citizenship"),
    occupation_id: occupationId,
    contact_number: cell("contact_number"),
    house_number: cell("house_number"),
    street: cell("street"),
    purok_id: purokId ?? (purokText ? 1 : undefined),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".");
      // A sex, civil status or purok already explained above is not said twice.
      if ((key === "sex" && sexText) || (key === "civil_status" && civilText) || (key === "purok_id" && purokText)) continue;
      reasons.push(issue.message);
    }
  }
  if (date?.ambiguous && parsed.success)
    notes.push(
      order === "mdy"
        ? `Date of birth "${cell("date_of_birth")}" read as ${date.date} (month first).`
        : `Date of birth "${cell("date_of_birth")}" read as ${date.date} (day first).`,
    );
  const profile = parsed.success ? { ...parsed.data, purok_id: purokId } : null;
  if (profile) delete (profile as Record<string, unknown>).hex_color;
  const household = cell("household_no") || null;
  const relationText = cell("relation_to_head");
  const relation = relationText ? readRelation(relationText) : null;
  if (relationText && !relation) notes.push(`Relation "${relationText}" is not one of the roster's; recorded as Other relative.`);
  return {
    outcome: reasons.length ? "refuse" : "create",
    reasons,
    notes,
    profile: reasons.length ? null : profile,
    household_no: household,
    purok_name: purokName,
    relation: relation ?? (relationText ? "Other relative" : null),
    ambiguous: !!date?.ambiguous,
  };
}

type Indexed = MatchKeys & { id: number; name: string };

async function existingIndex(ctx: ServiceContext): Promise<Map<string, Indexed[]>> {
  const rows = await sql<{
    id: number;
    firstname: string;
    middlename: string | null;
    lastname: string | null;
    suffix: string | null;
    dob: string;
  }>`
    select u.id, p.firstname, p.middlename, p.lastname, p.suffix, p.date_of_birth::text as dob
    from users u join user_profiles p on p.user_id = u.id
    where u.kind = 'resident' and u.deleted_at is null and p.date_of_birth is not null`.execute(ctx.db);
  const index = new Map<string, Indexed[]>();
  for (const r of rows.rows) {
    const person: Indexed = {
      ...matchKeys({ firstname: r.firstname, middlename: r.middlename, lastname: r.lastname ?? "", date_of_birth: r.dob }),
      id: Number(r.id),
      name: [r.firstname, r.middlename, r.lastname, r.suffix].filter(Boolean).join(" "),
    };
    for (const key of blockingKeysOf(person)) {
      const list = index.get(key);
      if (list) list.push(person);
      else index.set(key, [person]);
    }
  }
  return index;
}

function findMatch<T extends MatchKeys>(index: Map<string, T[]>, person: MatchKeys): { match: T; reason: string } | null {
  for (const key of blockingKeysOf(person)) {
    for (const candidate of index.get(key) ?? []) {
      const reason = likelySameKeys(person, candidate);
      if (reason) return { match: candidate, reason };
    }
  }
  return null;
}

/** Runs the dry run of a batch again (after a mapping, a new purok or a changed date order). */
export async function dryRun(ctx: ServiceContext, id: number): Promise<void> {
  assertMayImport(ctx);
  await inTransaction(ctx, async (tx) => {
    const batch = await lockImport(tx, id);
    if (batch.status !== "review") throw new AppError(422, "Only an import under review is checked again.");
    await dryRunIn(tx, id);
  });
}

const RESULT_COLUMNS = sql.raw(`outcome text, reasons jsonb, notes jsonb, profile jsonb, household_no text, purok_name text,
  match_user_id bigint, match_line int, match_reason text`);

const PROFILE_COLUMNS = [
  "firstname",
  "middlename",
  "lastname",
  "suffix",
  "sex",
  "date_of_birth",
  "place_of_birth",
  "civil_status",
  "citizenship",
  "occupation_id",
  "contact_number",
  "house_number",
  "street",
  "purok_id",
] as const;

/** What a row keeps of its parsed profile: the columns the commit writes, without the empty ones (and the relation). */
function storedProfile(profile: Record<string, unknown>, relation: string | null): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const c of PROFILE_COLUMNS) if (profile[c] != null) kept[c] = profile[c];
  if (relation) kept.relation = relation;
  return kept;
}

/**
 * The dry run of one file, row after row in the sheet's order: each row read by evaluateRow, then
 * matched against the registered residents and the file's earlier rows; the counts kept as it goes.
 */
async function dryRunner(tx: ServiceContext, mapping: ColumnMapping, order: DateOrder) {
  const found = await lookups(tx);
  const existing = await existingIndex(tx);
  const inFile = new Map<string, (MatchKeys & { line: number })[]>();
  const householdSize = new Map<string, number>();
  const counts: ImportCounts = { create: 0, duplicate: 0, refuse: 0, unknown_puroks: {}, ambiguous_dates: 0, households: 0 };
  return {
    check(line: number, cells: string[]): RowResult {
      const e = evaluateRow(cells, mapping, order, found);
      let outcome: Outcome = e.outcome;
      let match_user_id: number | null = null;
      let match_line: number | null = null;
      let match_reason: string | null = null;
      if (e.ambiguous) counts.ambiguous_dates!++;
      if (e.purok_name) counts.unknown_puroks![e.purok_name] = (counts.unknown_puroks![e.purok_name] ?? 0) + 1;
      if (e.profile) {
        const person = matchKeys({
          firstname: String(e.profile.firstname),
          middlename: (e.profile.middlename as string | null) ?? null,
          lastname: String(e.profile.lastname),
          date_of_birth: String(e.profile.date_of_birth),
        });
        const old = findMatch(existing, person);
        const earlier = old ? null : findMatch(inFile, person);
        if (old)
          [outcome, match_user_id, match_reason] = [
            "duplicate",
            old.match.id,
            `${old.reason} as resident #${old.match.id} ${old.match.name}`,
          ];
        else if (earlier)
          [outcome, match_line, match_reason] = [
            "duplicate",
            earlier.match.line,
            `${earlier.reason} as row ${earlier.match.line} of this file`,
          ];
        const mine = { ...person, line };
        for (const key of blockingKeysOf(person)) {
          const list = inFile.get(key);
          if (list) list.push(mine);
          else inFile.set(key, [mine]);
        }
        if (e.household_no && outcome === "create") {
          const size = (householdSize.get(e.household_no) ?? 0) + 1;
          householdSize.set(e.household_no, size);
          if (size > MAX_HOUSEHOLD)
            e.notes.push(`Household ${e.household_no} has more than ${MAX_HOUSEHOLD} people; this person is not added to it.`);
        }
      }
      counts[outcome as "create" | "duplicate" | "refuse"]!++;
      return {
        line,
        outcome,
        reasons: e.reasons,
        notes: e.notes,
        profile: e.profile ? storedProfile(e.profile, e.relation) : null,
        household_no: e.household_no,
        purok_name: e.purok_name,
        match_user_id,
        match_line,
        match_reason,
      };
    },
    counts(): ImportCounts {
      return { ...counts, households: householdSize.size };
    },
  };
}

async function saveCounts(tx: ServiceContext, id: number, counts: ImportCounts): Promise<void> {
  await sql`update resident_imports set counts = ${JSON.stringify(counts)}::jsonb, updated_at = now() where id = ${id}`.execute(tx.db);
}

/** The dry run again over a batch's stored rows (a new mapping, a new purok); a duplicate's choice stays while its match does. */
async function dryRunIn(tx: ServiceContext, id: number): Promise<void> {
  const batch = await lockImport(tx, id);
  const runner = await dryRunner(tx, json<ColumnMapping>(batch.mapping), batch.date_order as DateOrder);
  let after = 0;
  for (;;) {
    const rows = (
      await sql<{ line: number; cells: unknown }>`
      select line, cells from resident_import_rows where import_id = ${id} and line > ${after} order by line limit 2000`.execute(tx.db)
    ).rows;
    if (rows.length === 0) break;
    after = rows[rows.length - 1].line;
    const results = rows.map((row) => runner.check(row.line, json<string[]>(row.cells)));
    await sql`
      update resident_import_rows r set outcome = x.outcome, reasons = x.reasons, notes = x.notes, profile = x.profile,
        household_no = x.household_no, purok_name = x.purok_name, match_user_id = x.match_user_id, match_line = x.match_line,
        match_reason = x.match_reason,
        decision = case when x.outcome = 'duplicate' and (r.match_user_id is not distinct from x.match_user_id)
          and (r.match_line is not distinct from x.match_line) then r.decision else null end
      from jsonb_to_recordset(${JSON.stringify(results)}::jsonb) as x(line int, ${RESULT_COLUMNS})
      where r.import_id = ${id} and r.line = x.line`.execute(tx.db);
  }
  await saveCounts(tx, id, runner.counts());
}

// --- review: decisions and puroks -----------------------------------------------------------------

const decisionInput = z.object({
  lines: z.array(z.coerce.number().int().positive()).min(1, "Choose at least one row.").max(60_000),
  decision: z.enum(["skip", "update", "create"], { error: "The decision must be skip, update or create." }),
});

/** The choice for likely duplicates: skip the row, update the existing resident from it, or create anyway. */
export async function decide(ctx: ServiceContext, id: number, input: unknown): Promise<number> {
  assertMayImport(ctx);
  const parsed = decisionInput.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const { lines, decision } = parsed.data;
  return inTransaction(ctx, async (tx) => {
    const batch = await lockImport(tx, id);
    if (batch.status !== "review") throw new AppError(422, "Decisions are made before the commit.");
    if (decision === "update") {
      const inFile = await sql<{ line: number }>`
        select line from resident_import_rows where import_id = ${id} and line in (${sql.join(lines)}) and outcome = 'duplicate' and match_user_id is null
        limit 1`.execute(tx.db);
      if (inFile.rows[0])
        throw ValidationError.field(
          "decision",
          `Row ${inFile.rows[0].line} repeats a row of this file, not a registered resident: skip it or create it anyway.`,
        );
    }
    const updated = await sql`update resident_import_rows set decision = ${decision}
      where import_id = ${id} and line in (${sql.join(lines)}) and outcome = 'duplicate'`.execute(tx.db);
    await audit(tx, { entity: "resident_import", entityId: id, action: "decide", after: { lines, decision } });
    return Number(updated.numAffectedRows ?? 0);
  });
}

/** "Create it": adds the purok the sheet names (through the purok's own service) and checks the rows again. */
export async function createPurok(ctx: ServiceContext, id: number, name: unknown): Promise<void> {
  assertMayImport(ctx);
  await inTransaction(ctx, async (tx) => {
    const batch = await lockImport(tx, id);
    if (batch.status !== "review") throw new AppError(422, "Puroks are added before the commit.");
    await serviceFor("purok").create(tx, { name });
    await dryRunIn(tx, id);
  });
}

// --- reading ------------------------------------------------------------------------------------

async function lockImport(tx: ServiceContext, id: number) {
  const row = (
    await sql<{ id: number; status: ImportStatus; headers: unknown; mapping: unknown; date_order: string }>`
    select id, status, headers, mapping, date_order from resident_imports where id = ${id} for update`.execute(tx.db)
  ).rows[0];
  if (!row) throw notFound("import");
  return row;
}

const IMPORT_COLUMNS = sql`i.id, i.file_name, i.format, i.headers, i.mapping, i.date_order, i.status, i.total_rows, i.counts,
  i.committed_rows, i.undone_rows, i.failure, i.created_at, i.committed_at, i.undone_at,
  (select coalesce(nullif(trim(concat_ws(' ', p.firstname, p.lastname)), ''), u.username) from users u left join user_profiles p on p.user_id = u.id where u.id = i.created_by) as created_by_name,
  (select count(*) from resident_import_rows r where r.import_id = i.id
    and (r.outcome = 'create' or (r.outcome = 'duplicate' and r.decision in ('create', 'update'))))::int as to_commit`;

function shapeImport(r: Record<string, unknown>): ResidentImport {
  return {
    ...(r as unknown as ResidentImport),
    id: Number(r.id),
    headers: json<string[]>(r.headers),
    mapping: r.mapping == null ? null : json<ColumnMapping>(r.mapping),
    counts: json<ImportCounts>(r.counts),
    to_commit: Number(r.to_commit),
    // Stored in English (a worker's refusal); read in the reader's language.
    failure: r.failure == null ? null : translatedMessage(String(r.failure)),
  };
}

export async function getImport(ctx: ServiceContext, id: number): Promise<ResidentImport> {
  assertMayImport(ctx);
  const row = (await sql<Record<string, unknown>>`select ${IMPORT_COLUMNS} from resident_imports i where i.id = ${id}`.execute(ctx.db))
    .rows[0];
  if (!row) throw notFound("import");
  return shapeImport(row);
}

export async function listImports(ctx: ServiceContext): Promise<ResidentImport[]> {
  assertMayImport(ctx);
  const rows = await sql<
    Record<string, unknown>
  >`select ${IMPORT_COLUMNS} from resident_imports i order by i.created_at desc, i.id desc limit 20`.execute(ctx.db);
  return rows.rows.map(shapeImport);
}

export const ROW_FILTERS = ["all", "create", "duplicate", "refuse"] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];
export const ROWS_PER_PAGE = 50;

/** A page of a batch's rows, as the review shows them (the matched resident named). */
export async function importRows(
  ctx: ServiceContext,
  id: number,
  options: { filter?: RowFilter; page?: number },
): Promise<{ rows: ImportRow[]; total: number; page: number; pages: number }> {
  assertMayImport(ctx);
  const filter = options.filter ?? "all";
  const where = filter === "all" ? sql`true` : sql`r.outcome = ${filter}`;
  const total = Number(
    (await sql<{ n: number }>`select count(*)::int as n from resident_import_rows r where r.import_id = ${id} and ${where}`.execute(ctx.db))
      .rows[0].n,
  );
  const pages = Math.max(1, Math.ceil(total / ROWS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pages);
  const rows = await sql<Record<string, unknown>>`
    select r.id, r.line, r.cells, r.outcome, r.reasons, r.notes, r.profile, r.household_no, r.purok_name, r.match_user_id, r.match_line,
      r.match_reason, r.decision, r.committed, r.user_id,
      (select concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix) || coalesce(', born ' || p.date_of_birth::text, '')
        from user_profiles p where p.user_id = r.match_user_id) as match_name
    from resident_import_rows r where r.import_id = ${id} and ${where}
    order by r.line limit ${ROWS_PER_PAGE} offset ${(page - 1) * ROWS_PER_PAGE}`.execute(ctx.db);
  return {
    // Stored in English; read in the reader's language (domain/resident-import/reasons.ts).
    rows: rows.rows.map((r) =>
      importRowIn({
        ...(r as unknown as ImportRow),
        id: Number(r.id),
        cells: json<string[]>(r.cells),
        reasons: json<string[]>(r.reasons),
        notes: json<string[]>(r.notes),
        profile: r.profile == null ? null : json<Record<string, unknown>>(r.profile),
        match_user_id: r.match_user_id == null ? null : Number(r.match_user_id),
        user_id: r.user_id == null ? null : Number(r.user_id),
      }),
    ),
    total,
    page,
    pages,
  };
}

// --- commit and undo ----------------------------------------------------------------------------

const IDENTITY_COLUMNS = new Set<string>(["firstname", "middlename", "lastname", "suffix", "date_of_birth"]);

/** Moves a batch from `from` to `to` (committing, undoing), audited, and starts its worker. */
async function startRun(
  ctx: ServiceContext,
  id: number,
  from: ImportStatus,
  to: ImportStatus,
  action: string,
  refusal: string,
): Promise<void> {
  assertMayImport(ctx);
  await inTransaction(ctx, async (tx) => {
    const batch = await lockImport(tx, id);
    if (batch.status !== from) throw new AppError(422, refusal);
    await sql`update resident_imports set status = ${to}, failure = null, worker_at = null, updated_at = now(),
      updated_by = ${tx.user?.id ?? null} where id = ${id}`.execute(tx.db);
    await audit(tx, { entity: "resident_import", entityId: id, action });
  });
  startWorker(ctx, id);
}

/** Starts the commit: the batch's rows are written in the background, batch by batch. */
export function commitImport(ctx: ServiceContext, id: number): Promise<void> {
  return startRun(ctx, id, "review", "committing", "commit", "Only an import under review can be committed.");
}

/** Starts the undo of a committed batch: every created resident and household removed, every updated field given back. */
export function undoImport(ctx: ServiceContext, id: number): Promise<void> {
  return startRun(ctx, id, "committed", "undoing", "undo", "Only a committed import can be undone.");
}

/** A resident's profile columns as stored (the birth date as text), locked for the transaction. */
async function lockProfile(tx: ServiceContext, userId: number, columns: readonly string[]): Promise<Record<string, unknown> | undefined> {
  const list = sql.join(columns.map((c) => sql`${sql.ref(c)}${c === "date_of_birth" ? sql`::text` : sql``} as ${sql.ref(c)}`));
  return (await sql<Record<string, unknown>>`select ${list} from user_profiles where user_id = ${userId} for update`.execute(tx.db))
    .rows[0];
}

const running = new Set<string>();

/**
 * Runs the batch's commit or undo in the background of this process, unless a worker (here or in
 * another process) wrote within STALE_SECONDS. Called by the commit, the undo, and every look at
 * the batch's progress — so a commit stopped by a restart goes on from its last batch.
 */
export function startWorker(ctx: ServiceContext, id: number): void {
  const barangayId = scopedBarangayId();
  const key = `${barangayId ?? "-"}:${id}`;
  if (running.has(key)) return;
  running.add(key);
  const root = { db: ctx.db, user: ctx.user, ip: ctx.ip ?? null };
  const work = async () => {
    try {
      const claimed = await sql<{ id: number }>`
        update resident_imports set worker_at = now()
        where id = ${id} and status in ('committing', 'undoing')
          and (worker_at is null or worker_at < now() - make_interval(secs => ${STALE_SECONDS}))
        returning id`.execute(root.db);
      if (!claimed.rows[0]) return;
      await runBatches(root, id);
    } catch (error) {
      const message = error instanceof AppError ? error.message : "The import stopped on an error; try again.";
      if (!(error instanceof AppError)) console.error("resident import", id, error);
      await sql`update resident_imports set failure = ${message}, worker_at = now() where id = ${id}`.execute(root.db).catch(() => {});
    } finally {
      running.delete(key);
    }
  };
  // In a barangay's scope (a request) the worker keeps it; the owner's (a script) stays as it is.
  void (barangayId === undefined ? work() : inBarangay(barangayId, work));
}

/**
 * Writes (or undoes) the batch's next batches of rows, each in its own transaction, until done or
 * `maxBatches` have run. What a batch wrote is marked on its rows in the same transaction, so a
 * stop between batches loses nothing and repeats nothing. Answers whether the work is finished.
 */
export async function runBatches(
  ctx: ServiceContext,
  id: number,
  options: { maxBatches?: number; batchSize?: number } = {},
): Promise<boolean> {
  let ran = 0;
  for (;;) {
    if (options.maxBatches != null && ran >= options.maxBatches) return false;
    const finished = await inTransaction(ctx, async (tx) => {
      const batch = await lockImport(tx, id);
      if (batch.status === "committing") return commitBatch(tx, id, options.batchSize ?? COMMIT_BATCH);
      if (batch.status === "undoing") return undoBatch(tx, id);
      return true;
    });
    ran++;
    if (finished) return true;
  }
}

interface CommitRow {
  id: number;
  line: number;
  profile: Record<string, unknown> & { relation?: string | null };
  household_no: string | null;
  decision: Decision | null;
  match_user_id: number | null;
  outcome: Outcome;
}

async function commitBatch(tx: ServiceContext, id: number, size: number): Promise<boolean> {
  const pending = sql`r.import_id = ${id} and not r.committed
    and (r.outcome = 'create' or (r.outcome = 'duplicate' and r.decision in ('create', 'update')))`;
  const group = sql`coalesce('H' || r.household_no, 'L' || lpad(r.line::text, 8, '0'))`;
  let rows = (
    await sql<CommitRow & { grp: string }>`
    select r.id, r.line, r.profile, r.household_no, r.decision, r.match_user_id, r.outcome, ${group} as grp
    from resident_import_rows r where ${pending} order by ${group}, r.line limit ${size}`.execute(tx.db)
  ).rows;
  if (rows.length === 0) {
    await sql`update resident_imports set status = 'committed', committed_at = now(), worker_at = null, failure = null where id = ${id}`.execute(
      tx.db,
    );
    await audit(tx, { entity: "resident_import", entityId: id, action: "committed" });
    return true;
  }
  // A household is never split between batches: the last group's other rows come along.
  const lastGroup = rows[rows.length - 1].grp;
  if (rows.length === size && lastGroup.startsWith("H")) {
    const more = await sql<CommitRow & { grp: string }>`
      select r.id, r.line, r.profile, r.household_no, r.decision, r.match_user_id, r.outcome, ${group} as grp
      from resident_import_rows r where ${pending} and ${group} = ${lastGroup} and r.line > ${Math.max(...rows.filter((r) => r.grp === lastGroup).map((r) => r.line))}
      order by r.line`.execute(tx.db);
    rows = [...rows, ...more.rows];
  }
  rows = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    match_user_id: r.match_user_id == null ? null : Number(r.match_user_id),
    profile: json(r.profile),
  }));
  const recorder = await CommandRecorder.start(tx, { entity: "resident_import", command: "import" }, id, null);
  const actor = tx.user?.id ?? null;

  const creating = rows.filter((r) => r.outcome === "create" || r.decision === "create");
  const updating = rows.filter((r) => r.outcome === "duplicate" && r.decision === "update" && r.match_user_id != null);
  const resultOf = new Map<number, number>();

  if (creating.length) {
    const ids = (
      await sql<{ id: number }>`insert into users (kind, created_by, updated_by)
        select 'resident', ${actor}, ${actor} from generate_series(1, ${creating.length}) returning id`.execute(tx.db)
    ).rows
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const profiles = creating.map((r, i) => {
      resultOf.set(r.line, ids[i]);
      const p = r.profile;
      return {
        user_id: ids[i],
        ...Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, p[c] ?? null])),
        hex_color: colourFor(`${String(p.firstname)} ${String(p.lastname)}`),
      };
    });
    await sql`
      insert into user_profiles (user_id, ${sql.join(PROFILE_COLUMNS.map((c) => sql.ref(c)))}, hex_color)
      select x.user_id, ${sql.join(PROFILE_COLUMNS.map((c) => sql.ref(`x.${c}`)))}, x.hex_color
      from jsonb_to_recordset(${JSON.stringify(profiles)}::jsonb) as x(user_id bigint, firstname text, middlename text, lastname text,
        suffix text, sex text, date_of_birth date, place_of_birth text, civil_status text, citizenship text, occupation_id bigint,
        contact_number text, house_number text, street text, purok_id bigint, hex_color text)`.execute(tx.db);
    // Each new resident's history starts with its creation, as a resident created by hand does (one statement a batch).
    const created = profiles.map((p, i) => ({ id: p.user_id, after: { ...p, user_id: undefined, import_id: id, line: creating[i].line } }));
    await sql`insert into audit_log (user_id, entity, entity_id, action, after, ip)
      select ${actor}, 'resident', x.id::text, 'create', x.after, ${tx.ip ?? null}
      from jsonb_to_recordset(${JSON.stringify(created)}::jsonb) as x(id bigint, after jsonb)`.execute(tx.db);
    await recorder.inserted(
      "resident",
      creating.map((r) => ({ id: resultOf.get(r.line)!, after: { kind: "resident", line: r.line } })),
    );
  }

  for (const r of updating) {
    const userId = r.match_user_id!;
    const current = await lockProfile(tx, userId, PROFILE_COLUMNS);
    if (!current) continue;
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const c of PROFILE_COLUMNS) {
      const value = r.profile[c];
      if (value == null || value === "") continue; // a blank cell never blanks what is registered
      // The name and birth date matched: they are filled in where missing, never rewritten (a sheet
      // in capitals, or with a middle initial, does not replace the name as registered).
      if (IDENTITY_COLUMNS.has(c) && current[c] != null && current[c] !== "") continue;
      const stored = current[c] == null ? null : typeof value === "number" ? Number(current[c]) : String(current[c]);
      if (stored === value) continue;
      before[c] = current[c] ?? null;
      after[c] = value;
    }
    resultOf.set(r.line, userId);
    if (Object.keys(after).length === 0) continue;
    await sql`update user_profiles set ${sql.join(Object.entries(after).map(([k, v]) => sql`${sql.ref(k)} = ${v}`))}, updated_at = now()
      where user_id = ${userId}`.execute(tx.db);
    await sql`update users set updated_at = now(), updated_by = ${actor} where id = ${userId}`.execute(tx.db);
    await sql`update resident_import_rows set before = ${JSON.stringify({ before, after })}::jsonb where id = ${r.id}`.execute(tx.db);
    await audit(tx, { entity: "resident", entityId: userId, action: "import", before, after: { ...after, import_id: id, line: r.line } });
  }

  // Households from the household column: the rows created together under one number.
  const groups = new Map<string, CommitRow[]>();
  for (const r of creating) if (r.household_no) groups.set(r.household_no, [...(groups.get(r.household_no) ?? []), r]);
  const households: {
    head: number;
    purok_id: number | null;
    address: string;
    head_name: string;
    members: { user_id: number; relation: string }[];
  }[] = [];
  for (const people of groups.values()) {
    const head = people.find((p) => p.profile.relation === "Head") ?? people[0];
    const hp = head.profile;
    if (hp.purok_id == null) continue; // a household needs its purok (householdSchema)
    const members = people
      .filter((p) => p !== head)
      .slice(0, MAX_HOUSEHOLD - 1)
      .map((p) => ({
        user_id: resultOf.get(p.line)!,
        relation: p.profile.relation && p.profile.relation !== "Head" ? p.profile.relation : "Other relative",
      }));
    const address = [hp.house_number, hp.street].filter(Boolean).join(" ") || `Household ${head.household_no}`;
    const headName = [hp.firstname, hp.middlename, hp.lastname, hp.suffix].filter(Boolean).join(" ");
    households.push({
      head: resultOf.get(head.line)!,
      purok_id: Number(hp.purok_id),
      address: address.slice(0, 200),
      head_name: headName,
      members,
    });
  }
  if (households.length) {
    const numbered = households.map((h, i) => ({ ...h, ord: i }));
    const ids = (
      await sql<{ id: number }>`
      insert into households (household_head_user_id, purok_id, address, head_name, created_by, updated_by)
      select x.head, x.purok_id, x.address, x.head_name, ${actor}, ${actor}
      from jsonb_to_recordset(${JSON.stringify(numbered)}::jsonb) as x(ord int, head bigint, purok_id bigint, address text, head_name text)
      order by x.ord returning id`.execute(tx.db)
    ).rows
      .map((r) => Number(r.id))
      .sort((a, b) => a - b);
    const members = numbered.flatMap((h, i) =>
      h.members.map((m, position) => ({ household_id: ids[i], user_id: m.user_id, relation: m.relation, position })),
    );
    if (members.length)
      await sql`
        insert into household_members (household_id, user_id, relation_to_head, position)
        select x.household_id, x.user_id, x.relation, x.position
        from jsonb_to_recordset(${JSON.stringify(members)}::jsonb) as x(household_id bigint, user_id bigint, relation text, position int)`.execute(
        tx.db,
      );
    await recorder.inserted(
      "household",
      ids.map((hid, i) => ({ id: hid, after: { household_head_user_id: numbered[i].head, members: numbered[i].members.length } })),
    );
  }

  const done = rows.map((r) => ({ id: r.id, user_id: resultOf.get(r.line) ?? null }));
  await sql`update resident_import_rows r set committed = true, user_id = x.user_id, run_id = ${recorder.runId}
    from jsonb_to_recordset(${JSON.stringify(done)}::jsonb) as x(id bigint, user_id bigint) where r.id = x.id`.execute(tx.db);
  await sql`update resident_imports set committed_rows = committed_rows + ${rows.length}, worker_at = now(), failure = null where id = ${id}`.execute(
    tx.db,
  );
  await audit(tx, {
    entity: "resident_import",
    entityId: id,
    action: "import",
    after: { run: recorder.runId, created: creating.length, updated: updating.length, households: households.length },
  });
  return false;
}

async function undoBatch(tx: ServiceContext, id: number): Promise<boolean> {
  const run = (
    await sql<{ id: number }>`
    select id from command_runs where entity = 'resident_import' and entity_id = ${id} and command = 'import' and reversed_by_run_id is null
    order by id desc limit 1`.execute(tx.db)
  ).rows[0];
  if (!run) {
    await sql`update resident_imports set status = 'undone', undone_at = now(), worker_at = null, failure = null where id = ${id}`.execute(
      tx.db,
    );
    await audit(tx, { entity: "resident_import", entityId: id, action: "undone" });
    return true;
  }
  const runId = Number(run.id);
  const recorder = await CommandRecorder.start(tx, { entity: "resident_import", command: "undo_import" }, id, null, runId);
  await recorder.reverse(runId, (entity, rowId) => `${entity === "household" ? "Household" : "Resident"} #${rowId}`);
  // Updated residents get their fields back, unless changed since the import.
  const updated = await sql<{ user_id: number; before: unknown; line: number }>`
    select user_id, before, line from resident_import_rows where run_id = ${runId} and before is not null order by line`.execute(tx.db);
  for (const row of updated.rows) {
    const change = json<{ before: Record<string, unknown>; after: Record<string, unknown> }>(row.before);
    const columns = Object.keys(change.after);
    const current = await lockProfile(tx, row.user_id, columns);
    const changed = columns.filter((c) => current && String(current[c] ?? "") !== String(change.after[c] ?? ""));
    if (!current || changed.length)
      throw new AppError(
        422,
        `Resident #${row.user_id} (row ${row.line}) has changed since the import (${changed.join(", ").replace(/_/g, " ")}); the import cannot be undone.`,
      );
    await sql`update user_profiles set ${sql.join(columns.map((c) => sql`${sql.ref(c)} = ${change.before[c] ?? null}`))}, updated_at = now()
      where user_id = ${row.user_id}`.execute(tx.db);
    await audit(tx, { entity: "resident", entityId: row.user_id, action: "undo_import", before: change.after, after: change.before });
  }
  const n = await sql`update resident_import_rows set committed = false where run_id = ${runId}`.execute(tx.db);
  await sql`update resident_imports set undone_rows = undone_rows + ${Number(n.numAffectedRows ?? 0)}, worker_at = now(), failure = null where id = ${id}`.execute(
    tx.db,
  );
  return false;
}

/** The batch's state for the progress bar; a commit or undo no worker is running is resumed. */
export async function importProgress(ctx: ServiceContext, id: number): Promise<ResidentImport> {
  const batch = await getImport(ctx, id);
  if (batch.status === "committing" || batch.status === "undoing") startWorker(ctx, id);
  return batch;
}
