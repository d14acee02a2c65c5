import { sql, type RawBuilder } from "kysely";
import { QUEUE_LANE_LABELS, QUEUE_STATE_LABELS, PRIORITY_LANES, type QueueLane, type QueueState } from "../../../domain/registry/queue.ts";
import { formatTime } from "../../../domain/dates.ts";
import type { ReportRow } from "../../../domain/reports/types.ts";
import { defineReport } from "../reports/registry.ts";
import type { ReportFilters, ReportQueryArgs } from "../reports/types.ts";

// The queue times report's queries (decision 206; its definition is domain/reports/queue.ts).
// Waiting: from the ticket to its first call. Serving: from the last call to done. Minutes.

function where(filters: ReportFilters): RawBuilder<unknown> {
  const parts = [sql`t.deleted_at is null`];
  if (filters.ticket_date_from) parts.push(sql`t.ticket_date >= ${filters.ticket_date_from}`);
  if (filters.ticket_date_to) parts.push(sql`t.ticket_date <= ${filters.ticket_date_to}`);
  if (filters.service_id) parts.push(sql`t.service_id = ${Number(filters.service_id)}`);
  if (filters.window_id) parts.push(sql`t.window_id = ${Number(filters.window_id)}`);
  if (filters.lane) parts.push(sql`t.lane = ${filters.lane}`);
  return sql.join(parts, sql` and `);
}

const WAIT = sql`extract(epoch from (t.called_at - t.issued_at)) / 60`;
const SERVE = sql`case when t.state = 'done' then extract(epoch from (t.finished_at - t.last_called_at)) / 60 end`;
const PRIORITY = sql.join(PRIORITY_LANES.map((l) => sql.lit(l)));

/** Minutes to one decimal, or null where there is none. */
const minutes = (value: unknown): number | null => (value == null ? null : Math.round(Number(value) * 10) / 10);

const TIMES = sql`avg(${WAIT}) as avg_wait, max(${WAIT}) as max_wait, avg(${SERVE}) as avg_serve, max(${SERVE}) as max_serve`;

function withTimes(row: Record<string, unknown>): Record<string, unknown> {
  return {
    ...row,
    avg_wait: minutes(row.avg_wait),
    max_wait: minutes(row.max_wait),
    avg_serve: minutes(row.avg_serve),
    max_serve: minutes(row.max_serve),
  };
}

async function summary({ ctx, filters }: ReportQueryArgs) {
  const [byService, byWindow, overall] = await Promise.all([
    sql<Record<string, unknown>>`
      select s.name as service, count(*)::int as tickets,
        count(*) filter (where t.lane in (${PRIORITY}))::int as priority,
        count(*) filter (where t.state = 'done')::int as served,
        count(*) filter (where t.state = 'skipped')::int as skipped,
        count(*) filter (where t.state = 'transferred')::int as transferred,
        ${TIMES}
      from queue_tickets t join queue_services s on s.id = t.service_id
      where ${where(filters)}
      group by s.id, s.name, s.position order by s.position, s.name`.execute(ctx.db),
    sql<Record<string, unknown>>`
      select w.name as window, count(*)::int as called, count(*) filter (where t.state = 'done')::int as served, ${TIMES}
      from queue_tickets t join queue_windows w on w.id = t.window_id
      where ${where(filters)} and t.called_at is not null
      group by w.id, w.name order by w.name`.execute(ctx.db),
    sql<Record<string, unknown>>`
      select count(*)::int as tickets, count(*) filter (where t.state = 'done')::int as served, ${TIMES}
      from queue_tickets t where ${where(filters)}`.execute(ctx.db),
  ]);
  const all = withTimes(overall.rows[0] ?? {});
  const natural = new Intl.Collator("en", { numeric: true });
  const show = (value: unknown) => (value == null ? "—" : `${String(value)} min`);
  return {
    cards: [
      { key: "tickets", label: "Tickets", value: Number(all.tickets ?? 0), kind: "number" as const },
      { key: "served", label: "Served", value: Number(all.served ?? 0), kind: "number" as const },
      { key: "avg_wait", label: "Average wait", value: show(all.avg_wait), kind: "text" as const, hint: `longest ${show(all.max_wait)}` },
      {
        key: "avg_serve",
        label: "Average service",
        value: show(all.avg_serve),
        kind: "text" as const,
        hint: `longest ${show(all.max_serve)}`,
      },
    ],
    sections: {
      by_service: { rows: byService.rows.map(withTimes) as ReportRow[] },
      by_window: {
        rows: byWindow.rows.map(withTimes).sort((a, b) => natural.compare(String(a.window), String(b.window))) as ReportRow[],
      },
    },
  };
}

const LISTING = sql`
  select t.id, t.ticket_date, t.code, s.name as service, t.lane, w.name as window, t.state, t.issued_at,
    ${WAIT} as wait, ${SERVE} as serve
  from queue_tickets t
  join queue_services s on s.id = t.service_id
  left join queue_windows w on w.id = t.window_id`;

defineReport("queue", {
  summary,
  listing: {
    async count({ ctx, filters }) {
      const r = await sql<{ n: number }>`select count(*)::int as n from queue_tickets t where ${where(filters)}`.execute(ctx.db);
      return Number(r.rows[0]?.n ?? 0);
    },
    async page({ ctx, filters }, offset, limit) {
      const r = await sql<Record<string, unknown>>`${LISTING} where ${where(filters)}
        order by t.ticket_date, t.issued_at, t.id limit ${limit} offset ${offset}`.execute(ctx.db);
      return r.rows.map((row) => ({
        ticket_date: String(row.ticket_date),
        code: String(row.code),
        service: String(row.service),
        lane: QUEUE_LANE_LABELS[row.lane as QueueLane] ?? String(row.lane),
        window: row.window == null ? null : String(row.window),
        state: QUEUE_STATE_LABELS[row.state as QueueState] ?? String(row.state),
        issued: formatTime(row.issued_at as Date),
        wait: minutes(row.wait),
        serve: minutes(row.serve),
      }));
    },
  },
});
