// The resident path's two readings (spec §7.1 search and §7.2 list). The households list by purok
// and the one-active-entry restore rules are the engine's (a reference filter and the
// beforeRestore hooks).

const LIST_KEYS = new Set(["page", "per_page", "sort", "order", "status"]);

/**
 * GET resident?search=… is the top-bar search (spec §7.1) when `search` is the only list key; any
 * paging, sorting, status or filter key makes it the paginated list (spec §7.2).
 */
export function isPlainSearch(query: Record<string, unknown>): boolean {
  if (typeof query.search !== "string") return false;
  for (const key of Object.keys(query)) {
    if (LIST_KEYS.has(key) || key === "filter" || key.startsWith("filter[")) return false;
  }
  return true;
}
