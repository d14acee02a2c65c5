import { Kysely, PostgresDialect, sql } from "kysely";
import { postgresPool, type DB } from "./index.ts";
import type { Database } from "./schema.ts";
import { ScopedDialect } from "./tenant.ts";

// A PostgreSQL streaming replica that reports and exports may read from (DATABASE_REPLICA_URL,
// docs/decisions/214-replica-reads.md). The handle is the primary's in every way that matters for
// reading: the same pool settings and named prepared statements (db/index.ts postgresPool), and the
// same ScopedDialect (db/tenant.ts), so each transaction on it switches to the scope's role and
// names its barangay with SET LOCAL, and row-level security shows it one barangay's rows, as on the
// primary. A hot standby accepts all of that in its read-only transactions; it refuses any write.
//
// Which reads may go to it, and when, is server/features/reports/replica-reads.ts's rule.

export interface OpenedReplica {
  db: DB;
  close(): Promise<void>;
}

/** Opens the replica's pool (smaller than the primary's: it serves reports and exports only). */
export function openReplica(databaseUrl: string, poolSize = 5): OpenedReplica {
  const pool = postgresPool(databaseUrl, poolSize);
  const db = new Kysely<Database>({ dialect: new ScopedDialect(new PostgresDialect({ pool }), true) });
  return { db, close: () => db.destroy() };
}

let current: DB | null = null;

/** The process's replica (server/app.ts sets it at start from DATABASE_REPLICA_URL), or null. */
export function replicaDb(): DB | null {
  return current;
}

export function setReplicaDb(db: DB | null): void {
  current = db;
}

/** Where the replica stands against the primary's write position `primaryLsn`. */
export interface ReplicaPosition {
  /** Bytes of the primary's WAL (up to `primaryLsn`) the replica has not applied yet; 0 when caught up. */
  behindBytes: number;
  /**
   * How far behind the replica reads, in seconds: 0 when it has applied everything up to
   * `primaryLsn`, otherwise now() − the commit time of the last transaction it applied
   * (pg_last_xact_replay_timestamp; null when it has applied none since it started).
   */
  lagSeconds: number | null;
  /** The commit time of the last transaction the replica applied (null: none since it started). */
  replayedAt: Date | null;
}

/** Asks the replica how far it has applied the primary's WAL. Throws when it is no standby. */
export async function replicaPosition(replica: Kysely<Database>, primaryLsn: string): Promise<ReplicaPosition> {
  const { rows } = await sql<{ recovering: boolean; behind: string | null; replayed_at: Date | null; lag: string | null }>`
    select pg_is_in_recovery() as recovering,
           greatest(pg_wal_lsn_diff(${primaryLsn}::pg_lsn, pg_last_wal_replay_lsn()), 0)::text as behind,
           pg_last_xact_replay_timestamp() as replayed_at,
           extract(epoch from now() - pg_last_xact_replay_timestamp())::text as lag`.execute(replica);
  const row = rows[0];
  if (!row?.recovering) throw new Error("DATABASE_REPLICA_URL is not a standby in recovery (pg_is_in_recovery() is false)");
  const behindBytes = Number(row.behind ?? 0);
  return {
    behindBytes,
    lagSeconds: behindBytes === 0 ? 0 : row.lag === null ? null : Math.max(0, Number(row.lag)),
    replayedAt: row.replayed_at,
  };
}
