import type { NextFunction, Request, RequestHandler, Response } from "express";
import { RESOURCES, restBase } from "../../../domain/registry/index.ts";
import type { ResourceDef } from "../../../domain/registry/types.ts";
import { AppError, isAppError, ValidationError } from "../../errors.ts";

// What existing clients of the Laravel back-end send and expect, kept in the
// REST transport so that services see one shape:
// - login by `email` as well as `username` (Sanctum SPAs send either);
// - a row PUT back as it was listed: a relation given as its object ({bank: {id, name}}) counts as
//   its foreign key (bank_id) when the key itself is not sent;
// - pagination links as absolute URLs that keep the request's other query keys (Laravel's
//   `withQueryString()`), behind the app's trust-proxy setting.

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

// --- login ----------------------------------------------------------------------------------------

/**
 * The login body the auth service reads ({username, password}) from what a client sent: `email`
 * stands in for a missing `username`. Answers which field the client used, so that a refusal
 * names the field it typed in.
 */
export function loginInput(body: unknown): { input: Record<string, unknown>; field: "username" | "email" } {
  const raw = isRecord(body) ? body : {};
  if ((raw.username === undefined || raw.username === null || raw.username === "") && raw.email !== undefined && raw.email !== null) {
    return { input: { ...raw, username: raw.email }, field: "email" };
  }
  return { input: raw, field: "username" };
}

/** A refusal of an e-mail login keyed by `email`, as the client's form named it. */
export function asLoginError(error: unknown, field: "username" | "email"): unknown {
  if (field === "username" || !isAppError(error) || !error.errors?.username) return error;
  const { username, ...rest } = error.errors;
  const errors = { email: username.map((m) => m.replace(/\bThe username\b/, "The email")), ...rest };
  const message = error.message.replace(/\bThe username\b/, "The email");
  return error instanceof ValidationError
    ? new ValidationError(errors, message)
    : new AppError(error.status, message, errors, error.headers);
}

// --- relations given as objects -------------------------------------------------------------------

/** The registry entry whose create or update path this is (`/api/bank`, `/api/bank/7`). */
function entryOfWrite(req: Request): ResourceDef | undefined {
  if (req.method !== "POST" && req.method !== "PUT" && req.method !== "PATCH") return undefined;
  const path = req.path.replace(/\/+$/, "");
  return RESOURCES.find((def) => {
    const base = restBase(def);
    return req.method === "POST" ? path === base : path.startsWith(`${base}/`) && /^\d+$/.test(path.slice(base.length + 1));
  });
}

/** {bank: {id: 3, name: "BDO"}} without bank_id → bank_id: 3 (def.references: key → foreignKey). */
export const referenceObjectsAsIds: RequestHandler = (req, _res, next) => {
  const def = entryOfWrite(req);
  const body: unknown = req.body;
  if (def?.references && isRecord(body)) {
    for (const ref of def.references) {
      const value = body[ref.key];
      if ((body[ref.foreignKey] === undefined || body[ref.foreignKey] === null) && isRecord(value) && value.id != null)
        body[ref.foreignKey] = value.id;
    }
  }
  next();
};

// --- absolute pagination links --------------------------------------------------------------------

/** The request's origin, `http://host:port`: forwarded host and protocol only behind a trusted proxy. */
export function requestOrigin(req: Request): string {
  // Express reads X-Forwarded-Proto and X-Forwarded-Host only when "trust proxy" is set.
  return `${req.protocol}://${req.host}`;
}

/** The raw query of the request without `page`, in the order sent (Laravel's appends). */
function appendsOf(req: Request): string {
  const at = req.originalUrl.indexOf("?");
  const params = new URLSearchParams(at < 0 ? "" : req.originalUrl.slice(at + 1));
  params.delete("page");
  return params.toString();
}

interface PaginatedBody {
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: { path: string; links: { url: string | null }[] };
}

function isPaginated(body: unknown): body is PaginatedBody {
  return (
    isRecord(body) &&
    isRecord(body.links) &&
    typeof body.links.first === "string" &&
    isRecord(body.meta) &&
    typeof body.meta.path === "string"
  );
}

/**
 * Rewrites a paginated answer's links to Laravel's: `http://host/backend/api/bank?per_page=5&page=2`.
 * The list path is the one the request used (index_trashed included).
 */
export function absoluteLinks(req: Request, body: PaginatedBody): PaginatedBody {
  const base = `${requestOrigin(req)}${req.baseUrl}${req.path.replace(/\/+$/, "")}`;
  const appends = appendsOf(req);
  const rewrite = (url: string | null): string | null => {
    if (url == null) return null;
    const page = /[?&]page=(\d+)/.exec(url)?.[1] ?? "1";
    return `${base}?${appends ? `${appends}&` : ""}page=${page}`;
  };
  return {
    ...body,
    links: {
      first: rewrite(body.links.first)!,
      last: rewrite(body.links.last)!,
      prev: rewrite(body.links.prev),
      next: rewrite(body.links.next),
    },
    meta: { ...body.meta, path: base, links: body.meta.links.map((l) => ({ ...l, url: rewrite(l.url) })) },
  };
}

/** Every paginated answer of a GET gets absolute links (one place for every REST list). */
export function absolutePagination(req: Request, res: Response, next: NextFunction): void {
  if (req.method !== "GET") return next();
  const json = res.json.bind(res);
  res.json = (body: unknown) => json(isPaginated(body) ? absoluteLinks(req, body) : body);
  next();
}
