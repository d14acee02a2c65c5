import type { ServiceContext } from "../context.ts";
import { isRetryableConflict, toAppError } from "../errors.ts";

/** How many times a transaction runs when Postgres aborts it for a deadlock or serialisation failure. */
const ATTEMPTS = 2;

/**
 * Runs fn in one database transaction, joining the caller's when there already is one. A unique
 * key lost to a race (23505) leaves as the 422 on its field (server/errors.ts fromDatabaseError),
 * so every transport and page action sees the same answer as the engine's own pre-check.
 *
 * A transaction Postgres aborted for a deadlock (40P01) or a serialisation failure (40001) wrote
 * nothing, so it is run once more from the start; a second loss is the 409 of concurrentChange.
 * Only the outermost call retries: inside a joined transaction the error is passed up unchanged,
 * because the aborted transaction can only be run again whole.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) {
    try {
      return await fn(ctx);
    } catch (error) {
      throw isRetryableConflict(error) ? error : toAppError(error);
    }
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableConflict(error)) throw toAppError(error);
      // A short random pause, so the two that collided do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
}
