import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { loadAuthUser } from "../../auth/sessions.ts";
import { startHourlyJob, type JobLogger } from "../../system/hourly-job.ts";
import { startWorker } from "./service.ts";

// A commit or undo of resident imports that a stop interrupted (a restart, a crash) goes on a few
// seconds after the server starts, and the hour's check picks up any other (decision 217): each
// batch whose worker has been silent is started again as the user who last moved it, from its last
// batch. startWorker's claim keeps two processes from running one batch.

/** Starts the workers of this barangay's stopped imports; answers how many were started. */
export async function resumeStoppedImports(db: DB): Promise<{ resumed: number }> {
  const stopped = await sql<{ id: number; updated_by: number | null }>`
    select id, updated_by from resident_imports
    where status in ('committing', 'undoing') and (worker_at is null or worker_at < now() - interval '30 seconds')
    order by id`.execute(db);
  for (const row of stopped.rows) {
    const user = row.updated_by == null ? null : await loadAuthUser(db, Number(row.updated_by));
    startWorker({ db, user, ip: null }, Number(row.id));
  }
  return { resumed: stopped.rows.length };
}

export function startImportResume(db: DB, logger: JobLogger): { stop(): void } {
  return startHourlyJob(
    {
      db,
      name: "resident-import",
      firstAfterMs: 8_000,
      run: () => resumeStoppedImports(db),
      worthLogging: (result) => result.resumed > 0,
      done: "resident imports: stopped commits or undos resumed",
      failed: "resident imports: the resume check failed; tried again within the hour",
    },
    logger,
  );
}
