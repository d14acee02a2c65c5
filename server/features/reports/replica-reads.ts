import { sql } from "kysely";
import { replicaDb, replicaPosition } from "../../../db/replica.ts";
import type { ReportReadFrom } from "../../../domain/reports/types.ts";
import type { ServiceContext } from "../../context.ts";

// Which reads go to the streaming replica (DATABASE_REPLICA_URL, docs/decisions/214-replica-reads.md).
//
// Only reports, their exports and prints, and the hub's roll-ups ask here; everything else, and
// every write, reads the primary. A report reads the replica unless the user may not see there what
// they just changed:
//
// - the replica has applied the primary's WAL up to the primary's position at this request (taken
//   after everything the user committed before it): it holds all of it, whatever the user wrote;
// - otherwise the user's last audited write (every mutation writes an audit row, its `at` the start
//   of its transaction; signing in and out change no record and do not count) must have begun at least OWN_WRITE_MARGIN_SECONDS before the newest commit
//   the replica has applied; a user who wrote later, or a replica that has applied nothing since it
//   started, sends the report to the primary.
//
// A replica that cannot be reached, or is no standby, sends every report to the primary (and says
// so in the log at most once a minute). The decision is made once per request's service context.

/** A write that began this long before the replica's newest applied commit has committed before it. */
export const OWN_WRITE_MARGIN_SECONDS = 60;

export interface ReportReads {
  /** The context whose `db` the report's queries read: the replica's handle, or the caller's. */
  ctx: ServiceContext;
  readFrom: ReportReadFrom;
}

const decided = new WeakMap<ServiceContext, Map<boolean, Promise<ReportReads>>>();

/**
 * Where a report for `ctx` reads. `ownWrites: false` for reads that cannot include anything the
 * user wrote (the roll-ups read barangays' rows; their readers are the hub's officers).
 */
export function reportReads(ctx: ServiceContext, options: { ownWrites?: boolean } = {}): Promise<ReportReads> {
  const ownWrites = options.ownWrites ?? true;
  let byRule = decided.get(ctx);
  if (!byRule) decided.set(ctx, (byRule = new Map()));
  let found = byRule.get(ownWrites);
  if (!found) byRule.set(ownWrites, (found = decide(ctx, ownWrites)));
  return found;
}

let lastWarning = 0;

async function decide(ctx: ServiceContext, ownWrites: boolean): Promise<ReportReads> {
  const primary: ReportReads = { ctx, readFrom: { source: "primary" } };
  const replica = replicaDb();
  if (!replica || ctx.db.isTransaction) return primary;
  try {
    const userId = ownWrites ? ctx.user?.id : undefined;
    // In the request's scope: row-level security shows the user's own barangay's audit rows.
    const { rows } = await sql<{ lsn: string; wrote_at: Date | null }>`
      select pg_current_wal_lsn()::text as lsn,
             ${userId ? sql`(select max(at) from audit_log where user_id = ${userId} and action not in ('login', 'logout'))` : sql`null::timestamptz`} as wrote_at`.execute(
      ctx.db,
    );
    const position = await replicaPosition(replica, rows[0].lsn);
    if (position.behindBytes > 0) {
      if (position.lagSeconds === null || !position.replayedAt) return primary;
      const wroteAt = rows[0].wrote_at;
      if (wroteAt && wroteAt.getTime() > position.replayedAt.getTime() - OWN_WRITE_MARGIN_SECONDS * 1000) return primary;
    }
    return { ctx: { ...ctx, db: replica }, readFrom: { source: "replica", lag_seconds: Math.round(position.lagSeconds ?? 0) } };
  } catch (error) {
    if (Date.now() - lastWarning > 60_000) {
      lastWarning = Date.now();
      console.error(`the replica (DATABASE_REPLICA_URL) cannot serve reports, reading the primary: ${(error as Error).message}`);
    }
    return primary;
  }
}
