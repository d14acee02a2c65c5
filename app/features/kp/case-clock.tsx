import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/reader-dates";
import type { ClockItem } from "@domain/kp/deadlines";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The case's clock (decision 201): every rule its steps have started, with the day it falls due on
// the barangay's holidays, and where it stands today. What is overdue leads; the law's source is
// named under each rule for the secretary who must answer for it.

const longDate = (value: string) => formatDate(value, "long");
const mediumDate = (value: string | null | undefined) => formatDate(value, "medium");

/** "1 day", "3 days". */
export function days(count: number): string {
  return count === 1 ? m.office_days_one({ count }) : m.office_days_other({ count });
}

function statusOf(item: ClockItem): { text: string; tone: "overdue" | "due" | "done" | "quiet" } {
  switch (item.status) {
    case "overdue":
      return { text: m.office_kp_clock_overdue_by({ days: days(-item.days_left) }), tone: "overdue" };
    case "due_today":
      return { text: item.kind === "deadline" ? m.office_kp_clock_due_today() : m.office_kp_clock_last_day_today(), tone: "due" };
    case "pending":
      // A window is a party's right still open; a limit simply ends; a deadline falls due.
      if (item.kind === "window") {
        const count = item.days_left;
        return { text: count === 1 ? m.office_kp_clock_open_more_one({ count }) : m.office_kp_clock_open_more_other({ count }), tone: "due" };
      }
      if (item.kind === "limit") return { text: m.office_kp_clock_ends_in({ days: days(item.days_left) }), tone: "quiet" };
      return { text: m.office_kp_clock_due_in({ days: days(item.days_left) }), tone: "due" };
    case "done":
      return {
        text:
          item.on_time === false
            ? m.office_kp_clock_done_late({ date: mediumDate(item.done_on) })
            : m.office_kp_clock_done({ date: mediumDate(item.done_on) }),
        tone: item.on_time === false ? "overdue" : "done",
      };
    case "lapsed":
      return { text: m.office_kp_clock_lapsed(), tone: "quiet" };
    default:
      return { text: m.office_kp_clock_not_applicable(), tone: "quiet" };
  }
}

const TONES = {
  overdue: "border-transparent bg-destructive text-destructive-foreground",
  due: "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
  done: "",
  quiet: "",
} as const;

export function CaseClock({ items, today }: { items: ClockItem[]; today: string }) {
  const order = (i: ClockItem) => (i.status === "overdue" ? 0 : i.status === "due_today" ? 1 : i.status === "pending" ? 2 : 3);
  const sorted = [...items].sort((a, b) => order(a) - order(b) || (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
  return (
    <section aria-labelledby="case-clock" className="rounded-lg border bg-card p-4 text-sm" data-testid="case-clock">
      <h2 id="case-clock" className="font-semibold">
        {m.office_kp_clock_title()}
      </h2>
      <p className="mb-2 text-xs text-muted-foreground">
        {m.office_kp_clock_as_of({ date: longDate(today) })}
      </p>
      {sorted.length === 0 ? (
        <p className="text-muted-foreground">{m.office_kp_clock_none()}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {sorted.map((item) => {
            const s = statusOf(item);
            return (
              <li
                key={item.rule}
                className="flex flex-col gap-1 py-2"
                data-testid="clock-item"
                data-rule={item.rule}
                data-status={item.status}
              >
                <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                  <span className={cn("min-w-0 font-medium", (s.tone === "quiet" || s.tone === "done") && "text-muted-foreground")}>
                    {item.label}
                  </span>
                  <Badge variant={s.tone === "done" ? "success" : s.tone === "quiet" ? "outline" : undefined} className={TONES[s.tone]}>
                    {s.text}
                  </Badge>
                </div>
                <span className="text-xs text-muted-foreground">
                  {(item.kind === "window" ? m.office_kp_clock_open_until : item.kind === "limit" ? m.office_kp_clock_ends_on : m.office_kp_clock_due_on)({
                    date: mediumDate(item.due),
                  })}
                  {item.due !== item.last_day ? ` ${m.office_kp_clock_closed_day({ date: mediumDate(item.last_day) })}` : ""} · {item.source}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
