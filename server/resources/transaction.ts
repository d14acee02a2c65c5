import type { ServiceContext } from "../context.ts";
import { toAppError } from "../errors.ts";

/**
 * Runs fn in one database transaction, joining the caller's when there already is one. A unique
 * key lost to a race (23505) leaves as the 422 on its field (server/errors.ts fromDatabaseError),
 * so every transport and page action sees the same answer as the engine's own pre-check.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  try {
    if (ctx.db.isTransaction) return await fn(ctx);
    return await ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
  } catch (error) {
    throw toAppError(error);
  }
}
