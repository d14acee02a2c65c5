import type { ServiceContext } from "../context.ts";

export interface AuditEntry {
  entity: string;
  entityId?: string | number | null;
  action: string;
  before?: unknown;
  after?: unknown;
}

const SECRET_FIELDS = new Set(["password", "password_hash", "password_confirmation", "token"]);

function scrub(value: unknown): unknown {
  if (value == null || typeof value !== "object") return value ?? null;
  if (Array.isArray(value)) return value.map(scrub);
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELDS.has(k) ? "[hidden]" : scrub(v)]),
  );
}

/** Writes one audit_log row in the caller's transaction (DESIGN §5). Secrets are never written. */
export async function audit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await ctx.db
    .insertInto("audit_log")
    .values({
      user_id: ctx.user?.id ?? null,
      entity: entry.entity,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      action: entry.action,
      before: entry.before === undefined ? null : JSON.stringify(scrub(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(scrub(entry.after)),
      ip: ctx.ip ?? null,
    })
    .execute();
}
