import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { startHourlyJob, type JobLogger } from "../../system/hourly-job.ts";
import { todayInManila } from "../../../domain/dates.ts";
import type { ServiceContext } from "../../context.ts";
import { recordRun } from "../../engine/commands.ts";
import { notify } from "../notifications/service.ts";
import { addDays, longDate } from "./slots.ts";

// The appointments' clock (decision 207), as the KP clock (server/features/kp/clock.ts): one sweep,
// at start-up and every hour in every process, that (1) reminds each resident with an account the
// day before their appointment, once, the reminder claimed in `appointment_notices` in the same
// transaction as its notification, and (2) marks as "did not come" the appointments still booked
// after their day, each a recorded run with no user. Both are safe when processes overlap: a claim
// or a state already moved is found taken, and the rows are taken with `skip locked`.

type Db = Pick<ServiceContext, "db">;

export interface AppointmentSweepResult {
  /** Reminders claimed and sent (one per appointment). */
  reminders: number;
  /** Appointments marked as no-shows. */
  noShows: number;
}

export async function sweepAppointments(ctx: Db, now = new Date()): Promise<AppointmentSweepResult> {
  const today = todayInManila(now);
  const tomorrow = addDays(today, 1);
  const run = async (db: ServiceContext["db"]): Promise<AppointmentSweepResult> => {
    const tx: ServiceContext = { db, user: null };
    // Tomorrow's booked appointments whose resident can sign in (an account: a username and a
    // password, not blocked) and who has no reminder yet. A resident without an account is told by
    // the desk, from the day's list.
    const due = (
      await sql<{ id: number; resident_id: number; slot_time: string; service: string }>`
        select a.id, a.resident_id, a.slot_time, s.name as service
        from appointments a
        join queue_services s on s.id = a.service_id
        join users u on u.id = a.resident_id
        where a.appointment_date = ${tomorrow} and a.state = 'booked' and a.deleted_at is null
          and u.deleted_at is null and u.blocked_at is null and u.username is not null and u.password_hash is not null
          and not exists (select 1 from appointment_notices n where n.appointment_id = a.id and n.kind = 'reminder')
        order by a.id
        for update of a skip locked`.execute(db)
    ).rows;
    let reminders = 0;
    for (const a of due) {
      const claimed = await db
        .insertInto("appointment_notices")
        .values({ appointment_id: Number(a.id), kind: "reminder", recipients: 1 })
        .onConflict((oc) => oc.columns(["appointment_id", "kind"]).doNothing())
        .returning("appointment_id")
        .executeTakeFirst();
      if (!claimed) continue;
      reminders += 1;
      await notify(
        tx,
        { users: [Number(a.resident_id)], except: null },
        {
          topic: "appointments",
          type: "info",
          title: `Appointment tomorrow at ${a.slot_time}`,
          message: `${a.service} at the barangay hall on ${longDate(tomorrow)} at ${a.slot_time}. Show this at the desk on arrival.`,
          link: "/my",
          entity: "appointment",
          entityId: Number(a.id),
        },
      );
    }
    // After their day, the booked appointments did not come.
    const missed = (
      await sql<{ id: number }>`
        select id from appointments
        where appointment_date < ${today} and state = 'booked' and deleted_at is null
        order by id
        for update skip locked`.execute(db)
    ).rows;
    for (const m of missed) {
      const id = Number(m.id);
      await recordRun(tx, { entity: "appointment", command: "no_show" }, id, null, (recorder) =>
        recorder.change("appointment", id, { state: "no_show" }),
      );
    }
    return { reminders, noShows: missed.length };
  };
  return ctx.db.isTransaction ? run(ctx.db) : ctx.db.transaction().execute(run);
}

/**
 * Sweeps a few seconds after start and then every hour, in every process (the claims make the
 * sweeps safe to overlap): tomorrow's reminders go within the hour of the booking or of midnight.
 */
export function startAppointmentSchedule(db: DB, logger: JobLogger): { stop(): void } {
  return startHourlyJob(
    {
      db,
      name: "appointments",
      firstAfterMs: 6_000,
      run: () => sweepAppointments({ db }),
      worthLogging: (result) => result.reminders > 0 || result.noShows > 0,
      done: "appointments: reminders and no-shows",
      failed: "appointments: sweep failed; tried again within the hour",
    },
    logger,
  );
}
