import { Badge } from "~/components/ui/badge";
import { formatDate } from "@domain/dates";
import type { ClockItem } from "@domain/kp/deadlines";
import { cn } from "~/lib/utils";

// The case's clock (decision 201): every rule its steps have started, with the day it falls due on
// the barangay's holidays, and where it stands today. What is overdue leads; the law's source is
// named under each rule for the secretary who must answer for it.

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function statusOf(item: ClockItem): { text: string; tone: "overdue" | "due" | "done" | "quiet" } {
  switch (item.status) {
    case "overdue":
      return { text: `Overdue by ${plural(-item.days_left, "day")}`, tone: "overdue" };
    case "due_today":
      return { text: item.kind === "deadline" ? "Due today" : "Last day today", tone: "due" };
    case "pending":
      // A window is a party's right still open; a limit simply ends; a deadline falls due.
      if (item.kind === "window") return { text: `Open ${plural(item.days_left, "more day")}`, tone: "due" };
      if (item.kind === "limit") return { text: `Ends in ${plural(item.days_left, "day")}`, tone: "quiet" };
      return { text: `Due in ${plural(item.days_left, "day")}`, tone: "due" };
    case "done":
      return {
        text: item.on_time === false ? `Done late, ${formatDate(item.done_on, "medium")}` : `Done ${formatDate(item.done_on, "medium")}`,
        tone: item.on_time === false ? "overdue" : "done",
      };
    case "lapsed":
      return { text: "Ended unused", tone: "quiet" };
    default:
      return { text: "No longer applies", tone: "quiet" };
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
        Deadlines
      </h2>
      <p className="mb-2 text-xs text-muted-foreground">
        As of {formatDate(today, "long")}; a last day on a weekend or holiday moves to the next working day.
      </p>
      {sorted.length === 0 ? (
        <p className="text-muted-foreground">No period of the law has started.</p>
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
                  {item.kind === "window" ? "Open until" : item.kind === "limit" ? "Ends" : "Due"} {formatDate(item.due, "medium")}
                  {item.due !== item.last_day ? ` (the ${formatDate(item.last_day, "medium")} is a closed day)` : ""} · {item.source}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
