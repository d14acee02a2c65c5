// One error type for every transport (spec §8, DESIGN §6). REST renders Laravel's shapes,
// tRPC maps the status to its codes, page actions turn 422s into form errors.
import { isDatabaseUnavailable } from "./database-loss.ts";

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message?: string) {
    const first = Object.values(errors)[0]?.[0] ?? "The given data was invalid.";
    const more = Object.values(errors).flat().length - 1;
    super(422, message ?? (more > 0 ? `${first} (and ${more} more error${more > 1 ? "s" : ""})` : first), errors);
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
  /** zod issues keyed by their dotted path, first message per issue, Laravel style. */
  static fromZod(error: { issues: { path: PropertyKey[]; message: string }[] }): ValidationError {
    const errors: FieldErrors = {};
    for (const issue of error.issues) {
      const key = issue.path.map(String).join(".") || "_";
      (errors[key] ??= []).push(issue.message);
    }
    return new ValidationError(errors);
  }
}

export const unauthenticated = () => new AppError(401, "Unauthenticated.");
export const forbidden = () => new AppError(403, "This action is unauthorized.");
export const notFound = (what = "record") => new AppError(404, `The ${what} could not be found.`);
export const csrfMismatch = () => new AppError(419, "CSRF token mismatch.");
export const maintenance = () => new AppError(503, "Service Unavailable");
export const databaseUnavailable = () => new AppError(503, "Service Unavailable", undefined, { "Retry-After": "5" });
export const tooManyAttempts = (seconds: number) =>
  new AppError(429, `Too many login attempts. Please try again in ${seconds} seconds.`, undefined, {
    "Retry-After": String(seconds),
  });

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

// --- Database errors (DESIGN §10) ----------------------------------------------------------------
// A check-then-insert (the engine's checkUnique) can lose a race: two requests both find the name
// free and the second insert hits the unique index (Postgres 23505). That is the same 422 on the
// same field as the pre-check's, never a 500. A NUL byte that slipped past the input guards
// (Postgres refuses it in text: 22021) is a 422 too.

/** What pg and PGlite put on a server error (both follow the wire protocol's fields). */
interface DriverError {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  table?: unknown;
  column?: unknown;
}

/** Unique keys whose field or wording is not their column's (composite keys, partial indexes). */
const UNIQUE_KEYS: Record<string, { field: string; message: string }> = {
  disaster_prone_areas_active_purok: {
    field: "purok_id",
    message: "This purok is already listed as disaster-prone. Edit that entry instead.",
  },
  household_members_pk: { field: "members", message: "A resident is listed twice in this household." },
  user_roles_pk: { field: "roles", message: "A role is listed twice." },
  // The serial keys of the booklets' leaves (migration 20261208200000): the overlap rule of
  // server/engine/booklet.ts, held by the database when two writes raced past its check.
  form_numbers_serial_unique: { field: "series_start", message: "The series overlaps another form pad of the same form type." },
  cheque_numbers_serial_unique: { field: "number", message: "The number has already been taken." },
  role_permissions_pk: { field: "permissions", message: "A permission is listed twice." },
};

export const takenMessage = (field: string) => `The ${field.replace(/_/g, " ")} has already been taken.`;
export const nulMessage = (field: string) => `The ${(field.split(".").pop() ?? field).replace(/_/g, " ")} must not contain NUL characters.`;

/** The column named by `Key (lower(name::text))=(x) already exists.` or `Key (username)=(x) ...`. */
function columnOfDetail(detail: string): string | null {
  const m = /^Key \((.+?)\)=\(/.exec(detail);
  if (!m) return null;
  const first = m[1].split(",")[0].trim();
  const column = /([a-z_][a-z0-9_]*)(?:::[a-z ]+)?\)*$/i.exec(first.replace(/^(?:lower|upper)\(/i, ""));
  return column ? column[1] : null;
}

/** The column of `{table}_{column}_key` (Postgres' own name) or `{table}_{column}_unique` (ours). */
function columnOfConstraint(constraint: string, table: string | null): string | null {
  let rest = constraint.replace(/_(key|unique|idx|index)$/, "");
  if (table && rest.startsWith(`${table}_`)) rest = rest.slice(table.length + 1);
  else {
    // No table given: table names are plural, so the column starts after the first "s_".
    const at = rest.indexOf("s_");
    if (at < 0) return null;
    rest = rest.slice(at + 2);
  }
  return rest || null;
}

/** A ValidationError for a database error the client caused, or null for any other error. */
export function fromDatabaseError(error: unknown): ValidationError | null {
  if (typeof error !== "object" || error === null || error instanceof AppError) return null;
  const e = error as DriverError;
  if (e.code === "23505") {
    const constraint = typeof e.constraint === "string" ? e.constraint : "";
    const known = UNIQUE_KEYS[constraint];
    if (known) return ValidationError.field(known.field, known.message);
    const field =
      (typeof e.detail === "string" ? columnOfDetail(e.detail) : null) ??
      (constraint ? columnOfConstraint(constraint, typeof e.table === "string" ? e.table : null) : null) ??
      "_";
    return ValidationError.field(field, takenMessage(field === "_" ? "value" : field));
  }
  if (e.code === "22021" || e.code === "22P05") {
    const field = typeof e.column === "string" ? e.column : "_";
    return ValidationError.field(field, field === "_" ? "The input must not contain NUL characters." : nulMessage(field));
  }
  return null;
}

// --- Transactions that lost to another ------------------------------------------------------------
// Postgres aborts one of two transactions that wait on each other's locks (40P01 deadlock detected)
// or that cannot both be serialised (40001). Nothing of the aborted one was written, so running it
// again is safe (server/engine/transaction.ts does, once); if it loses again the client is told
// to try again (409), never a 500.

const RETRYABLE_CODES = new Set(["40P01", "40001"]);

/** A deadlock or serialisation failure: the whole transaction may be run again. */
export function isRetryableConflict(error: unknown): boolean {
  if (typeof error !== "object" || error === null || error instanceof AppError) return false;
  return RETRYABLE_CODES.has(String((error as DriverError).code));
}

export const concurrentChange = () =>
  new AppError(409, "Someone else was changing the same records at the same moment; nothing was saved. Please try again.");

/** The AppError an error stands for: itself, or the 422 of a database error; anything else as it is. */
export function toAppError(error: unknown): unknown {
  // A lost database connection is a 503 on every transport, never a 500.
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) return databaseUnavailable();
  if (isRetryableConflict(error)) return concurrentChange();
  return fromDatabaseError(error) ?? error;
}

/**
 * Every string in an input (JSON body, query, form) holding a NUL byte, by its dotted path:
 * Postgres cannot store one in text, so it is refused before any query runs (422 per field).
 */
export function nulFieldErrors(input: unknown, prefix = ""): FieldErrors | null {
  const errors: FieldErrors = {};
  const walk = (value: unknown, path: string, depth: number) => {
    if (depth > 32) return;
    if (typeof value === "string") {
      if (value.includes("\u0000")) errors[path || "_"] = [nulMessage(path || "input")];
      return;
    }
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, path ? `${path}.${i}` : String(i), depth + 1));
    else if (value && typeof value === "object" && !(value instanceof Uint8Array)) {
      for (const [key, v] of Object.entries(value)) {
        const clean = key.split("\u0000").join("");
        const at = path ? `${path}.${clean}` : clean;
        if (key.includes("\u0000")) errors[at || "_"] = [nulMessage(at || "input")];
        else walk(v, at, depth + 1);
      }
    }
  };
  walk(input, prefix, 0);
  return Object.keys(errors).length ? errors : null;
}

/** Throws the 422 of nulFieldErrors, if any. */
export function rejectNul(input: unknown, prefix = ""): void {
  const errors = nulFieldErrors(input, prefix);
  if (errors) throw new ValidationError(errors);
}
