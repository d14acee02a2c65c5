import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import { forbidden } from "../../errors.ts";
import { PRIORITY_LANES } from "../../../domain/registry/queue.ts";
import { callableBy, callOrder } from "./steps.ts";

// What the kiosk, the display and a window read (decision 206). The kiosk and the display are
// public: they read codes, services and windows, never a person.

export interface KioskService {
  id: number;
  name: string;
  prefix: string;
  description: string | null;
  waiting: number;
}

/** The services a visitor may pick, in the hall's order, with how many wait for each today. */
export async function kioskServices(ctx: ServiceContext, now = new Date()): Promise<KioskService[]> {
  const rows = await sql<KioskService>`
    select s.id, s.name, s.prefix, s.description,
      (select count(*)::int from queue_tickets t
        where t.service_id = s.id and t.ticket_date = ${todayInManila(now)} and t.state = 'waiting' and t.deleted_at is null) as waiting
    from queue_services s where s.deleted_at is null order by s.position, s.name`.execute(ctx.db);
  return rows.rows.map((r) => ({ ...r, id: Number(r.id), waiting: Number(r.waiting) }));
}

export interface BoardWindow {
  id: number;
  name: string;
  /** The ticket being served, or null. */
  code: string | null;
  priority: boolean;
  /** When it was last called (a recall moves it): the display announces a change. */
  called_at: string | null;
}

export interface Board {
  day: string;
  windows: BoardWindow[];
  /** The last tickets called today, newest first (the display's "just called" column). */
  recent: { code: string; window: string; called_at: string }[];
  waiting: { service: string; prefix: string; waiting: number }[];
}

/** The display's board: each window's ticket, the last ones called, and the lines' lengths. */
export async function queueBoard(ctx: ServiceContext, now = new Date()): Promise<Board> {
  const day = todayInManila(now);
  const [windows, recent, waiting] = await Promise.all([
    sql<{ id: number; name: string; code: string | null; lane: string | null; called_at: Date | null }>`
      select w.id, w.name, t.code, t.lane, t.last_called_at as called_at
      from queue_windows w
      left join queue_tickets t on t.window_id = w.id and t.state = 'called' and t.ticket_date = ${day} and t.deleted_at is null
      where w.deleted_at is null
      order by w.name`.execute(ctx.db),
    sql<{ code: string; window: string; called_at: Date }>`
      select t.code, w.name as window, t.last_called_at as called_at
      from queue_tickets t join queue_windows w on w.id = t.window_id
      where t.ticket_date = ${day} and t.last_called_at is not null and t.deleted_at is null
      order by t.last_called_at desc, t.id desc limit 8`.execute(ctx.db),
    kioskServices(ctx, now),
  ]);
  const natural = new Intl.Collator("en", { numeric: true });
  return {
    day,
    windows: windows.rows
      .map((w) => ({
        id: Number(w.id),
        name: w.name,
        code: w.code,
        priority: w.lane != null && (PRIORITY_LANES as readonly string[]).includes(w.lane),
        called_at: w.called_at ? new Date(w.called_at).toISOString() : null,
      }))
      .sort((a, b) => natural.compare(a.name, b.name)),
    recent: recent.rows.map((r) => ({ code: r.code, window: r.window, called_at: new Date(r.called_at).toISOString() })),
    waiting: waiting.map((s) => ({ service: s.name, prefix: s.prefix, waiting: s.waiting })),
  };
}

export interface WindowTicket {
  id: number;
  code: string;
  service_id: number;
  service: string;
  lane: string;
  state: string;
  issued_at: string;
  called_at: string | null;
  recalls: number;
}

export interface WindowView {
  windows: { id: number; name: string; service_id: number | null }[];
  services: { id: number; name: string; prefix: string; waiting: number }[];
  window: { id: number; name: string; service_id: number | null } | null;
  /** The ticket this window serves now. */
  current: WindowTicket | null;
  /** Today's skipped tickets, newest first: a visitor who comes back is recalled from here. */
  skipped: WindowTicket[];
  /** The next few waiting, in the order "call next" takes them for this window. */
  upcoming: WindowTicket[];
}

function ticketOf(r: Record<string, unknown>): WindowTicket {
  return {
    id: Number(r.id),
    code: String(r.code),
    service_id: Number(r.service_id),
    service: String(r.service),
    lane: String(r.lane),
    state: String(r.state),
    issued_at: new Date(r.issued_at as Date).toISOString(),
    called_at: r.called_at ? new Date(r.called_at as Date).toISOString() : null,
    recalls: Number(r.recalls),
  };
}

/** A window's screen: its current ticket, the skipped ones, and the line as it will be called. */
export async function windowView(ctx: ServiceContext, windowId: number | null, now = new Date()): Promise<WindowView> {
  if (!can(ctx.user, "manage-queue")) throw forbidden();
  const day = todayInManila(now);
  const windows = (await ctx.db.selectFrom("queue_windows").select(["id", "name", "service_id"]).where("deleted_at", "is", null).execute())
    .map((w) => ({ id: Number(w.id), name: w.name, service_id: w.service_id == null ? null : Number(w.service_id) }))
    .sort((a, b) => new Intl.Collator("en", { numeric: true }).compare(a.name, b.name));
  const window = windows.find((w) => w.id === windowId) ?? null;
  const services = (await kioskServices(ctx, now)).map(({ id, name, prefix, waiting }) => ({ id, name, prefix, waiting }));
  if (!window) return { windows, services, window: null, current: null, skipped: [], upcoming: [] };
  const select = sql`select t.id, t.code, t.service_id, s.name as service, t.lane, t.state, t.issued_at, t.last_called_at as called_at, t.recalls
    from queue_tickets t join queue_services s on s.id = t.service_id`;
  const [current, skipped, upcoming] = await Promise.all([
    sql<
      Record<string, unknown>
    >`${select} where t.window_id = ${window.id} and t.state = 'called' and t.deleted_at is null limit 1`.execute(ctx.db),
    sql<Record<string, unknown>>`${select} where t.ticket_date = ${day} and t.state = 'skipped' and t.deleted_at is null
      order by t.finished_at desc limit 10`.execute(ctx.db),
    sql<Record<string, unknown>>`${select} where ${callableBy(window, day)} order by ${callOrder(window)} limit 8`.execute(ctx.db),
  ]);
  return {
    windows,
    services,
    window,
    current: current.rows[0] ? ticketOf(current.rows[0]) : null,
    skipped: skipped.rows.map(ticketOf),
    upcoming: upcoming.rows.map(ticketOf),
  };
}
