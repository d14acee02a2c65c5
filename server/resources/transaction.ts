import type { ServiceContext } from "../context.ts";

/** Runs fn in one database transaction, joining the caller's when there already is one. */
export async function inTransaction<T>(ctx: ServiceContext, fn: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return fn(ctx);
  return ctx.db.transaction().execute((trx) => fn({ ...ctx, db: trx }));
}
