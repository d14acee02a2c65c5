import type { Expression, SqlBool } from "kysely";
import type { SearchStrategy } from "../../domain/registry/types.ts";

// The list search of an entry names its strategy (one search per entity). The default,
// "contains", is the engine's own substring match over the entry's searchable columns; the others
// are conditions over the row's tables as the engine aliases them (`t` the row, `p` a user's
// profile), registered by the area that owns them (the people area: "resident-index") when the
// areas are composed (server/features/index.ts) — the engine knows no area.

/** A strategy's condition for a typed text, or null when the engine's "contains" match applies. */
export type SearchConditionOf = (text: string) => Expression<SqlBool> | null;

const strategies = new Map<SearchStrategy, SearchConditionOf>();

/** Registers the condition of a search strategy (once, by the area that owns it). */
export function registerSearchStrategy(strategy: Exclude<SearchStrategy, "contains">, condition: SearchConditionOf): void {
  strategies.set(strategy, condition);
}

/**
 * The condition of a strategy for a typed text, or null when the engine's "contains" match applies
 * (the default strategy, or a text with no searchable words in it).
 */
export function searchCondition(strategy: SearchStrategy | undefined, text: string): Expression<SqlBool> | null {
  if (!strategy || strategy === "contains") return null;
  const condition = strategies.get(strategy);
  if (!condition) throw new Error(`The search strategy ${strategy} is not registered: are the areas composed (server/features/index.ts)?`);
  return condition(text);
}
