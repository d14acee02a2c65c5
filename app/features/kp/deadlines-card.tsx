import { Scale } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/reader-dates";
import type { KpDeadlineLine } from "@domain/reports/dashboard";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";
import { days } from "./case-clock";

// The dashboard's card of the Katarungang Pambarangay deadlines (decision 205): what is overdue,
// due today and due within three days across the open cases, each with its docket linking to the
// case. The server sends it only to the holders of the KP case permissions
// (server/features/kp/clock.ts); the card names the docket and the rule, never the parties.

const longDate = (value: string) => formatDate(value, "long");

function when(item: KpDeadlineLine): { text: string; overdue: boolean } {
  if (item.status === "overdue") return { text: m.office_kp_clock_overdue_by({ days: days(-item.days_left) }), overdue: true };
  // A window (a party's right to repudiate, the Lupon's six months) ends; a deadline falls due.
  const isWindow = item.kind === "window";
  if (item.days_left === 0) return { text: isWindow ? m.office_kp_deadlines_ends_today() : m.office_kp_clock_due_today(), overdue: false };
  const left = days(item.days_left);
  return { text: isWindow ? m.office_kp_clock_ends_in({ days: left }) : m.office_kp_clock_due_in({ days: left }), overdue: false };
}

export function KpDeadlinesCard({ items }: { items: KpDeadlineLine[] }) {
  const overdue = items.filter((i) => i.status === "overdue").length;
  return (
    <section
      className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:col-span-2 xl:col-span-1"
      aria-label={m.office_kp_deadlines_title()}
      data-testid="widget-kp-deadlines"
    >
      <h3 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <Scale className="size-4 text-primary-ink" aria-hidden="true" />
        <Link to="/manage/kp/cases" className="underline-offset-4 hover:underline">
          {m.office_kp_deadlines_title()}
        </Link>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{m.office_kp_deadlines_nothing()}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">
            {overdue
              ? `${overdue === 1 ? m.office_kp_deadlines_overdue_one({ count: overdue }) : m.office_kp_deadlines_overdue_other({ count: overdue })} · `
              : ""}
            {items.length - overdue === 1
              ? m.office_kp_deadlines_due_one({ count: 1 })
              : m.office_kp_deadlines_due_other({ count: items.length - overdue })}
          </p>
          <ul className="flex flex-col divide-y text-sm">
            {items.map((item) => {
              const w = when(item);
              return (
                <li
                  key={`${item.case_id}-${item.rule}`}
                  className="flex flex-col gap-0.5 py-2 first:pt-0 last:pb-0"
                  data-testid="kp-deadline"
                  data-status={item.status}
                >
                  <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                    <Link to={`/manage/kp/cases/${item.case_id}`} className="font-mono font-medium underline-offset-4 hover:underline">
                      {m.office_kp_deadlines_case({ docket: item.docket_number })}
                    </Link>
                    <Badge
                      className={cn(
                        w.overdue
                          ? "border-transparent bg-destructive text-destructive-foreground"
                          : "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100",
                      )}
                    >
                      {w.text}
                    </Badge>
                  </div>
                  <span>{item.label}</span>
                  <span className="text-xs text-muted-foreground">
                    <time dateTime={item.due}>{longDate(item.due)}</time>
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
