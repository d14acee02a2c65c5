import { isCalendarDate } from "../dates";
import { filterKeys, type FilterDef, type ListQuery, type ResourceDef } from "./types";

// The list query of DESIGN §7, the same keys in REST queries and page addresses (spec §2.4:
// "the list query is pushed into the page address").

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;
export const PER_PAGE_OPTIONS = [15, 25, 50, 100] as const;

/**
 * The list's confirm step of a bulk delete: `?modal=delete-many&ids=3,7`, where a
 * browser without JavaScript lands after pressing Delete selected, to confirm with the count.
 */
export const BULK_DELETE_MODAL = "delete-many";

type Params = URLSearchParams | Record<string, unknown>;

function read(params: Params, key: string): string | undefined {
  if (params instanceof URLSearchParams) return params.get(key) ?? undefined;
  const value = params[key];
  return value == null ? undefined : String(value);
}

/**
 * The highest page any list, history or report serves. A page past the last answers empty (a
 * page address redirects to the last page); the bound keeps the offset, (page - 1) × per page,
 * an exact integer well inside the database's bigint, where 10^20 was an overflow error.
 */
export const MAX_PAGE = 999_999_999;

/**
 * A count from a query or a caller (`page`, `per_page`): a whole number of at least 1, at most
 * `max`; anything else (text, fractions, "1e3", zero, negatives, a repeated key) is the fallback.
 * The one reading of paging for every list, history and report, so no value out of range reaches SQL.
 */
export function boundedCount(raw: unknown, fallback: number, max: number): number {
  const n = typeof raw === "number" ? raw : typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isInteger(n) || n < 1) return fallback;
  return Math.min(n, max);
}

/** A page number (from 1), bounded by MAX_PAGE. */
export function pageNumber(raw: unknown): number {
  return boundedCount(raw, 1, MAX_PAGE);
}

/** Parses and bounds a list query; unknown sort columns and filters are dropped, never trusted. */
export function parseListQuery(params: Params, def?: Pick<ResourceDef, "columns" | "filters" | "defaultSort">): ListQuery {
  const sortRaw = read(params, "sort");
  const sortable = def ? new Set(def.columns.filter((c) => c.sortable).map((c) => c.key)) : null;
  const sort = sortRaw && (!sortable || sortable.has(sortRaw)) ? sortRaw : (def?.defaultSort?.key ?? null);
  const orderRaw = read(params, "order");
  const order = orderRaw === "asc" || orderRaw === "desc" ? orderRaw : sortRaw ? "asc" : (def?.defaultSort?.order ?? "asc");
  const statusRaw = read(params, "status");
  const status = statusRaw === "active" || statusRaw === "trashed" ? statusRaw : "all";
  const filter = parseFilters(params, def?.filters);
  return {
    page: pageNumber(read(params, "page")),
    per_page: boundedCount(read(params, "per_page"), DEFAULT_PER_PAGE, MAX_PER_PAGE),
    search: (read(params, "search") ?? "").trim().slice(0, 200),
    sort,
    order,
    status,
    filter,
  };
}

/** A filter value in its one stored form, or null when it is not a value of the filter's kind. */
export function normalizeFilterValue(filter: FilterDef, raw: string): string | null {
  const value = raw.trim();
  if (value === "") return null;
  if (filter.kind === undefined || filter.kind === "option") return filter.options.some((o) => o.value === value) ? value : null;
  switch (filter.kind) {
    case "reference":
      return /^\d{1,15}$/.test(value) && Number(value) > 0 ? String(Number(value)) : null;
    case "date-range":
      return isCalendarDate(value) ? value : null;
    case "amount-range": {
      const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value.replace(/[,₱\s]/g, ""));
      return m ? `${Number(m[1])}.${(m[2] ?? "").padEnd(2, "0")}` : null;
    }
    case "boolean":
      if (/^(1|true|yes|on)$/i.test(value)) return "1";
      if (/^(0|false|no|off)$/i.test(value)) return "0";
      return null;
  }
}

/**
 * The filter object of a query: `filter[key]=value` (and `filter[key_from]`, `filter[key_to]` for
 * ranges), each checked against its filter's kind; unknown keys and bad values are dropped. A
 * reference filter also answers to its bare key (`/manage/households?purok_id=3`, spec §2.1).
 * Without a definition (no entry known) every `filter[...]` key is kept as text.
 */
export function parseFilters(params: Params, filters?: readonly FilterDef[]): Record<string, string> {
  const posted: Record<string, string> = {};
  const collect = (key: string, value: unknown) => {
    const m = /^filter\[([a-z_]+)\]$/.exec(key);
    if (m && value != null && typeof value !== "object") posted[m[1]] = String(value).slice(0, 200);
  };
  if (params instanceof URLSearchParams) params.forEach((value, key) => collect(key, value));
  else {
    for (const [key, value] of Object.entries(params)) collect(key, value);
    const nested = params.filter;
    if (nested && typeof nested === "object") for (const [k, v] of Object.entries(nested)) collect(`filter[${k}]`, v);
  }
  if (!filters) return Object.fromEntries(Object.entries(posted).filter(([, v]) => v !== ""));
  const out: Record<string, string> = {};
  for (const filter of filters) {
    if (filter.kind === "reference" && posted[filter.key] == null) {
      const bare = read(params, filter.key);
      if (bare != null) posted[filter.key] = bare.slice(0, 200);
    }
    for (const key of filterKeys(filter)) {
      const raw = posted[key];
      if (raw == null) continue;
      const value = normalizeFilterValue(filter, raw);
      if (value != null) out[key] = value;
    }
  }
  return out;
}

/** The address form of a query, leaving out defaults so links stay short. */
export function listQueryToSearchParams(query: Partial<ListQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.page && query.page > 1) params.set("page", String(query.page));
  if (query.per_page && query.per_page !== DEFAULT_PER_PAGE) params.set("per_page", String(query.per_page));
  if (query.search) params.set("search", query.search);
  if (query.sort) params.set("sort", query.sort);
  if (query.sort && query.order) params.set("order", query.order);
  if (query.status && query.status !== "all") params.set("status", query.status);
  for (const [k, v] of Object.entries(query.filter ?? {})) if (v) params.set(`filter[${k}]`, v);
  return params;
}

/**
 * The text box of a searchable reference filter without JavaScript (`find[issued_to_user_id]`): a
 * name typed there lists the matching records as the filter's choices on the next load.
 */
export const filterFindName = (key: string) => `find[${key}]`;

/** What a searchable filter's find step answered: the text typed and how many it found. */
export interface FilterSearchStep {
  query: string;
  found: number;
}
