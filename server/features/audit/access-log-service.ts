import { sql, type RawBuilder } from "kysely";
import { ACCESS_ACTIONS, ACCESS_LOGGED_RECORDS } from "../../../domain/registry/audit.ts";
import { ResourceEngine, type AnySelect } from "../../engine/engine.ts";

// The access log's computed columns: the action and the record type in words, from
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

const actionLabel = () => choiceLabelSql("t.action", ACCESS_ACTIONS);
const recordType = () => choiceLabelSql("t.entity", ACCESS_LOGGED_RECORDS);

export class AccessLogService extends ResourceEngine {
  protected override extendSelect(q: AnySelect): AnySelect {
    return q.select([actionLabel().as("action_label"), recordType().as("record_type")]);
  }
  protected override computedSortExpression(key: string) {
    return key === "action_label" ? actionLabel() : undefined;
  }
}
