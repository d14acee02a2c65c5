// A job every process runs a little after start (after the migrations and the seed) and then every
// hour: the retention's daily run, the KP deadline notices, the appointments' reminders. The job
// itself must be safe to overlap with another process's run (a claimed row, a run recorded per day),
// since several processes may serve one database. Its timers never keep the process alive.
//
// On a hub the job runs once for every active barangay, each run in that barangay's scope, so it
// sees and writes that barangay's rows only (decision 209); a single barangay's install runs it once.
import type { DB } from "../../db/index.ts";
import { inBarangay, servesHub } from "../../db/tenant.ts";

export interface JobLogger {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface HourlyJob<T> {
  /** The `job` field of its log lines. */
  name: string;
  /** The database whose barangays it runs for. */
  db: DB;
  /** How long after start its first run waits. */
  firstAfterMs: number;
  run: () => Promise<T>;
  /** Whether a run's result is worth a log line (a run that found nothing to do is not). */
  worthLogging: (result: T) => boolean;
  /** The log lines of a run that did something, and of one that failed (tried again within the hour). */
  done: string;
  failed: string;
}

const HOUR_MS = 60 * 60_000;

export function startHourlyJob<T>(job: HourlyJob<T>, logger: JobLogger): { stop(): void } {
  const runOnce = (barangayId?: number) =>
    job.run().then(
      (result) => {
        if (job.worthLogging(result)) logger.info({ job: job.name, barangayId, ...(result as object) }, job.done);
      },
      (error: unknown) => logger.error({ job: job.name, barangayId, err: error }, job.failed),
    );
  const check = async () => {
    if (!servesHub()) return runOnce();
    const barangays = await job.db.selectFrom("barangays").select("id").where("status", "=", "active").orderBy("id").execute();
    for (const { id } of barangays) await inBarangay(id, () => runOnce(id));
  };
  const tick = () => void check().catch((error: unknown) => logger.error({ job: job.name, err: error }, job.failed));
  const first = setTimeout(tick, job.firstAfterMs);
  const hourly = setInterval(tick, HOUR_MS);
  first.unref();
  hourly.unref();
  return {
    stop() {
      clearTimeout(first);
      clearInterval(hourly);
    },
  };
}
