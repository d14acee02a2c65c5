import { sql, type Kysely } from "kysely";

// The notices of the KP deadlines already sent (decision 205): one row per case, rule and status
// (due today, overdue), claimed by the sweep in the transaction that writes its notifications, so a
// deadline is told once however many processes sweep and however often. The primary key is the
// claim: a second sweep's insert waits on the first one's and then does nothing.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table kp_deadline_notices (
      case_id bigint not null references kp_cases(id) on delete cascade,
      rule text not null,
      status text not null check (status in ('due_today', 'overdue')),
      due_on date not null,
      recipients integer not null,
      notified_at timestamptz not null default now(),
      primary key (case_id, rule, status)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists kp_deadline_notices`.execute(db);
}
