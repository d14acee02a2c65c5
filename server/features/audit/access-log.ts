import type { Kysely, Transaction } from "kysely";
import type { AccessAction, Database } from "../../../db/schema.ts";
import type { ServiceContext } from "../../context.ts";

// The access log (decision 180): opening a person's record in full, printing it or
// exporting personal data writes one row: who, what record, which action, why (when the screen
// asks), when, from which address. Reads are logged outside the caller's transaction on purpose
// by the adapters that serve the page or file, right before they answer it.

export interface AccessEntry {
  /** Who: the signed-in user's id. */
  userId: number | null;
  /** The address the request came from (ServiceContext.ip). */
  ip?: string | null;
  /** A registry entry's name: "resident", "transaction", "collection"… */
  entity: string;
  /** The record's id; null for an export of many rows. */
  entityId?: number | null;
  /** The record's name at the time ("Juan Dela Cruz", "Receipt 1234567", "Residents export"). */
  record: string;
  /** The person whose data it is (users.id), when there is one. */
  subjectId?: number | null;
  action: AccessAction;
  /** Why, when the screen asks it. */
  reason?: string | null;
  /** What else identifies it: an export's filters and row count, a print's copy number. */
  detail?: string | null;
}

const MAX_TEXT = 500;

function clip(value: string | null | undefined): string | null {
  const text = value?.replace(/\s+/g, " ").trim();
  return text ? text.slice(0, MAX_TEXT) : null;
}

/** Writes one access_log row. */
export async function recordAccess(db: Kysely<Database> | Transaction<Database>, entry: AccessEntry): Promise<void> {
  await db
    .insertInto("access_log")
    .values({
      created_by: entry.userId,
      ip: entry.ip ?? null,
      entity: entry.entity,
      entity_id: entry.entityId ?? null,
      record: clip(entry.record) ?? `${entry.entity} #${entry.entityId ?? ""}`,
      subject_id: entry.subjectId ?? null,
      action: entry.action,
      reason: clip(entry.reason),
      detail: clip(entry.detail),
    })
    .execute();
}

/** The access row of the acting user of a service context. */
export function recordAccessBy(ctx: ServiceContext, entry: Omit<AccessEntry, "userId" | "ip">): Promise<void> {
  return recordAccess(ctx.db, { ...entry, userId: ctx.user?.id ?? null, ip: ctx.ip ?? null });
}
