import { sql, type RawBuilder } from "kysely";
import { ACCESS_ACTIONS, ACCESS_LOGGED_RECORDS } from "../../../domain/registry/audit.ts";
import { ResourceEngine, type AnySelect } from "../../engine/engine.ts";
import { term } from "../../../domain/i18n/terms.ts";

// The access log's computed columns: the action and the record type in the reader's words, from
// the registry's lists, so the list, its sort and its CSV export read the same text.

/** `case <column> when 'view' then 'Viewed' … else <fallback or column> end` over fixed choices. */
export function choiceLabelSql(
  column: string,
  choices: readonly { value: string; label: string }[],
  fallback: RawBuilder<string> = sql`${sql.ref(column)}`,
): RawBuilder<string> {
  const whens = choices.map((c) => sql`when ${c.value} then ${c.label}`);
  return sql<string>`(case ${sql.ref(column)} ${sql.join(whens, sql` `)} else ${fallback} end)`;
}

// In the reader's language (the registry's terms: the list's filter options), built per query.
const inWords = (choices: readonly { value: string; label: string }[]) => choices.map((c) => ({ value: c.value, label: term(c.label) }));
const actionLabel = () => choiceLabelSql("t.action", inWords(ACCESS_ACTIONS));
const recordType = () => choiceLabelSql("t.entity", inWords(ACCESS_LOGGED_RECORDS));

export class AccessLogService extends ResourceEngine {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([actionLabel().as("action_label"), recordType().as("record_type")]);
  }
  protected override computedSortExpression(key: string) {
    return key === "action_label" ? actionLabel() : undefined;
  }
}
