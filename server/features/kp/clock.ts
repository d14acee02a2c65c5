import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import { startHourlyJob, type JobLogger } from "../../system/hourly-job.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { caseEvents } from "../../../domain/kp/case-events.ts";
import { addMonths, caseClock } from "../../../domain/kp/deadlines.ts";
import { kpRuleLabel } from "../../../domain/kp/labels.ts";
import type { KpDeadlineLine } from "../../../domain/reports/dashboard.ts";
import { can } from "../../../domain/permissions.ts";
import { KP_STATES, type KpState } from "../../../domain/registry/kp.ts";
import type { ServiceContext } from "../../context.ts";
import { notify } from "../notifications/service.ts";
import { holidayDates } from "../holidays/queries.ts";

// The KP clock across the barangay's open cases (decision 205): one query reads the open cases with
// their hearings, the domain's caseClock (domain/kp/deadlines.ts, decision 201) computes each one's
// deadlines with the barangay's holidays, and two readers use the result — the dashboard's card
// (what is overdue, due today and due within three days) and the sweep that tells the Punong
// Barangay and the Lupon secretary, once per case, rule and status, when a deadline falls due or
// becomes overdue. Everything takes `today`, so tests move the clock instead of waiting for it.

/** How far ahead the dashboard looks: a deadline due within these days is listed. */
export const KP_CLOCK_HORIZON_DAYS = 3;

/**
 * The states that end a case before the Lupon: a certification to file action or to bar action, a
 * dismissal, a withdrawal. Their deadlines are moot (decision 201), so these cases are not read.
 */
const CLOSING_STATES: readonly KpState[] = ["certified_file_action", "certified_bar_action", "dismissed", "withdrawn"];

/**
 * The states after a settlement or an award (a repudiation, an execution). What can still fall due
 * in them runs from the settlement or award for at most six months (the Lupon's execution, §417),
 * so such a case is read until seven months after its last of these dates, then no longer: a
 * barangay's settled cases add up over the years and nothing of them is due (decision 205).
 */
const AFTER_SETTLEMENT: readonly KpState[] = ["settled", "awarded", "repudiated", "executed"];

/** How long a case after a settlement or award stays on the clock: past the six months of execution. */
const WATCH_MONTHS = 7;

/** The states of a case still before the Lupon: read whatever their age. A state added later is one. */
export const RUNNING_KP_STATES: readonly KpState[] = KP_STATES.filter((s) => !CLOSING_STATES.includes(s) && !AFTER_SETTLEMENT.includes(s));

/** One deadline of one case as the dashboard and the notifications name it. */
export type KpDeadline = KpDeadlineLine;

type Db = Pick<ServiceContext, "db">;

const states = (list: readonly KpState[]) => sql.join(list.map((s) => sql.lit(s)));

/**
 * The clocks of the open cases on `today` (or of one case). One statement: the cases still before
 * the Lupon and those settled or awarded in the last seven months, each with its hearings as a JSON
 * array (kp_hearings_case_idx); then the holidays from the earliest filing to seven months past
 * today, the longest period (the Lupon's six months of execution) ending inside.
 */
export async function openCaseClocks(ctx: Db, today: string, options: { caseId?: number } = {}): Promise<KpDeadline[][]> {
  let query = ctx.db
    .selectFrom("kp_cases as c")
    .selectAll("c")
    .select(
      sql<{ kind: "mediation" | "conciliation" | "arbitration" | "execution"; held_on: string }[]>`coalesce((
        select json_agg(json_build_object('kind', h.kind, 'held_on', h.held_on) order by h.held_on)
        from kp_hearings h where h.case_id = c.id and h.deleted_at is null), '[]'::json)`.as("hearings"),
    )
    .where("c.deleted_at", "is", null)
    // Two index reads: the states as literals, so the planner matches them with the partial
    // indexes' own predicates (kp_cases_state_idx, kp_cases_clock_idx).
    .where(
      sql<boolean>`(c.state in (${states(RUNNING_KP_STATES)}) or (c.state in (${states(AFTER_SETTLEMENT)})
        and greatest(c.settled_on, c.awarded_on, c.repudiated_on, c.executed_on) >= ${addMonths(today, -WATCH_MONTHS)}::date))`,
    )
    .orderBy("c.id");
  if (options.caseId != null) query = query.where("c.id", "=", options.caseId);
  const cases = await query.execute();
  if (cases.length === 0) return [];
  const earliest = cases.reduce((min, c) => (c.filed_on < min ? c.filed_on : min), today);
  const holidays = await holidayDates(ctx, earliest, addMonths(today, 7));
  return cases.map((c) => {
    const clock = caseClock(caseEvents(c, c.hearings), today, holidays);
    return clock.items.map((item) => ({
      case_id: Number(c.id),
      docket_number: c.docket_number,
      rule: item.rule,
      label: item.label,
      source: item.source,
      kind: item.kind,
      status: item.status,
      due: item.due,
      days_left: item.days_left,
    }));
  });
}

/** A deadline the office must look at: overdue, or running and due within `horizon` days (limits aside). */
function wanted(item: KpDeadline, horizon: number): boolean {
  if (item.status === "overdue") return true;
  return (item.status === "due_today" || item.status === "pending") && item.kind !== "limit" && item.days_left <= horizon;
}

/** The overdue first (the oldest first), then by due date, then by docket. */
function byUrgency(a: KpDeadline, b: KpDeadline): number {
  if (a.due !== b.due) return a.due < b.due ? -1 : 1;
  return a.docket_number < b.docket_number ? -1 : a.docket_number > b.docket_number ? 1 : 0;
}

/**
 * The dashboard's card: every deadline overdue, due today or due within the next three days across
 * the open cases, for a holder of the KP case permissions; null for anyone else, who sees no card
 * and learns nothing of the cases.
 */
export async function kpDeadlinesForDashboard(ctx: ServiceContext, today = todayInManila()): Promise<KpDeadline[] | null> {
  if (!can(ctx.user, "view-kp_case") && !can(ctx.user, "manage-kp_case")) return null;
  const clocks = await openCaseClocks(ctx, today);
  return clocks
    .flat()
    .filter((item) => wanted(item, KP_CLOCK_HORIZON_DAYS))
    .sort(byUrgency)
    // The card names the rule in its reader's language; the sweep's notices keep the English the
    // edge translates for each recipient.
    .map((item) => ({ ...item, label: kpRuleLabel(item.rule) }));
}

// ---- Notifications -----------------------------------------------------------------------------

/** The statuses the office is told of: the day a deadline falls due, and the day after it passed. */
export type NoticeStatus = "due_today" | "overdue";

/**
 * Who is told: the holders of the KP case permissions who are the Punong Barangay or the Secretary
 * (the seeded roles that keep the Lupon's records: the chair and the secretary, RA 7160 §§399, 403),
 * and the Lupon members marked chair or secretary, serving today, whose record is linked to a user.
 * The Administrator holds the permissions too but is not the Lupon; the notification names only the
 * docket and the rule, never the parties.
 */
export async function noticeRecipients(ctx: Db, today: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select u.id from users u
    where u.deleted_at is null and u.blocked_at is null and (
      (exists (
        select 1 from user_roles ur join roles r on r.id = ur.role_id
        where ur.user_id = u.id and r.name in ('Punong Barangay', 'Secretary'))
       and exists (
        select 1 from user_roles ur join role_permissions rp on rp.role_id = ur.role_id join permissions p on p.id = rp.permission_id
        where ur.user_id = u.id and p.name in ('view-kp_case', 'manage-kp_case')))
      or exists (
        select 1 from lupon_members m
        where m.user_id = u.id and m.deleted_at is null and m.position in ('chair', 'secretary')
          and m.term_start <= ${today}::date and (m.term_end is null or m.term_end >= ${today}::date)))
    order by u.id`.execute(ctx.db);
  return rows.map((r) => Number(r.id));
}

const longDate = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-PH", { timeZone: "UTC", year: "numeric", month: "long", day: "numeric" });

function noticeText(item: KpDeadline, status: NoticeStatus): { title: string; message: string } {
  if (status === "due_today")
    return {
      title: `KP case ${item.docket_number}: due today`,
      message: `${item.label} falls due today, ${longDate(item.due)} (${item.source}).`,
    };
  return {
    title: `KP case ${item.docket_number}: overdue`,
    message: `${item.label} was due on ${longDate(item.due)} and is not recorded as done (${item.source}).`,
  };
}

export interface SweepResult {
  /** Notices claimed and sent by this sweep (a case, a rule and a status each). */
  notices: number;
  /** Notification rows written (one per recipient and notice). */
  notifications: number;
}

/**
 * Tells the Punong Barangay and the Lupon secretary of every deadline due today or overdue, once
 * per case, rule and status. Each notice is claimed in `kp_deadline_notices` (INSERT … ON CONFLICT
 * DO NOTHING on its key) in the same transaction as its notifications: a second process running the
 * same sweep waits on the first one's claim and then finds it taken, and a sweep that fails rolls
 * its claims back with its notifications, so the next one sends them. Pass the step's transaction
 * (and its user) to sweep one case as part of its step (`caseId`): the one who recorded the step is
 * not told what it left due, as no event tells its actor; the scheduled sweep has no actor.
 */
export async function sweepKpDeadlines(
  ctx: Db & { user?: ServiceContext["user"] },
  today = todayInManila(),
  options: { caseId?: number } = {},
): Promise<SweepResult> {
  const actor = ctx.user ?? null;
  const run = async (db: ServiceContext["db"]): Promise<SweepResult> => {
    const tx = { db, user: actor };
    const items = (await openCaseClocks(tx, today, options))
      .flat()
      .filter((item): item is KpDeadline & { status: NoticeStatus } => item.status === "due_today" || item.status === "overdue")
      .filter((item) => item.kind !== "limit");
    if (items.length === 0) return { notices: 0, notifications: 0 };
    const users = await noticeRecipients(tx, today);
    let notices = 0;
    let notifications = 0;
    for (const item of items) {
      const claimed = await db
        .insertInto("kp_deadline_notices")
        .values({ case_id: item.case_id, rule: item.rule, status: item.status, due_on: item.due, recipients: users.length })
        .onConflict((oc) => oc.columns(["case_id", "rule", "status"]).doNothing())
        .returning("case_id")
        .executeTakeFirst();
      if (!claimed) continue;
      notices += 1;
      const text = noticeText(item, item.status);
      notifications += await notify(
        tx,
        { users, except: actor?.id ?? null },
        {
          topic: "kp",
          type: item.status === "overdue" ? "invalid" : "warning",
          ...text,
          link: `/manage/kp/cases/${item.case_id}`,
          entity: "kp_case",
          entityId: item.case_id,
          data: { rule: item.rule, status: item.status, due: item.due },
        },
      );
    }
    return { notices, notifications };
  };
  return ctx.db.isTransaction ? run(ctx.db) : ctx.db.transaction().execute(run);
}

/**
 * Sweeps at start (a few seconds in) and then every hour, in every process: the claims make the
 * processes' sweeps safe to overlap (see sweepKpDeadlines). A deadline falls due at midnight in
 * Manila; the first check after tells.
 */
export function startKpDeadlineSchedule(db: DB, logger: JobLogger): { stop(): void } {
  return startHourlyJob(
    {
      db,
      name: "kp_deadlines",
      firstAfterMs: 5_000,
      run: () => sweepKpDeadlines({ db }),
      worthLogging: (result) => result.notices > 0,
      done: "kp: deadline notices sent",
      failed: "kp: deadline sweep failed; tried again within the hour",
    },
    logger,
  );
}
