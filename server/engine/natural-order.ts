import { sql, type Expression, type RawBuilder } from "kysely";

/**
 * The key that orders names as people count: "Purok 2" before "Purok 10" (the function of
 * migrations/20261207000000_natural_name_order.ts). Worked out per row: for small tables (puroks,
 * religions, types), never for a sort over residents or households.
 */
export function naturalKey(text: Expression<string> | RawBuilder<string>): RawBuilder<string> {
  return sql<string>`portal_natural_key(${text})`;
}
