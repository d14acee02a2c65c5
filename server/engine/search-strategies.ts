import { sql, type Expression, type SqlBool } from "kysely";
import type { SearchStrategy } from "../../domain/registry/types.ts";
import { prefixTsquery, searchWords } from "../features/people/resident-search.ts";

// The list search of an entry names its strategy (issue 9 item 4: one search per entity). The
// default, "contains", is the engine's own substring match over the entry's searchable columns;
// the others are conditions over the row's tables as the engine aliases them (`t` the row,
// `p` a user's profile).

/**
 * The condition of a strategy for a typed text, or null when the engine's "contains" match applies
 * (the default strategy, or a text with no searchable words in it).
 */
export function searchCondition(strategy: SearchStrategy | undefined, text: string): Expression<SqlBool> | null {
  switch (strategy ?? "contains") {
    case "contains":
      return null;
    case "resident-index": {
      // The indexed prefix match of decision 042 over the unaccented name words (GIN index on
      // user_profiles.search_tsv): several words in any order, accents, compound surnames.
      // A number or an address (contact number, username, e-mail) is matched as typed instead.
      if (/[\d@]/.test(text)) return null;
      const words = searchWords(text);
      if (words.length === 0) return null;
      return sql<SqlBool>`p.search_tsv @@ to_tsquery('simple'::regconfig, ${prefixTsquery(words)})`;
    }
  }
}
