import { ArrowRight, Globe } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/lib/reader-dates";
import type { RecordHistory } from "@domain/audit/history";
import { m } from "@domain/i18n";

// The History of one record (decision 181), the same on every record page: each
// create, change, delete or void, restore and command, newest first — who, when, from which
// address, why (a command's reason), and each changed field by its label with before and after.

const TONE: Record<string, "default" | "secondary" | "destructive" | "outline"> = {
  create: "default",
  delete: "destructive",
  void: "destructive",
  cancel: "destructive",
  restore: "secondary",
};

function Value({ text }: { text: string }) {
  return text ? <span className="break-words">{text}</span> : <span className="text-muted-foreground italic">{m.admin_history_empty()}</span>;
}

export function RecordHistoryView({ history }: { history: RecordHistory }) {
  const { entries, page, hasMore } = history;
  return (
    <section aria-labelledby="history-heading" className="flex flex-col gap-3" data-testid="record-history">
      <h2 id="history-heading" className="sr-only">
        {m.admin_history()}
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-md border p-4 text-sm text-muted-foreground">{m.admin_history_nothing({ entity: history.entityLabel })}</p>
      ) : (
        <ol className="flex flex-col gap-3">
          {entries.map((entry) => (
            <li
              key={entry.id}
              className="rounded-lg border bg-card p-3 text-sm shadow-xs"
              data-testid="history-entry"
              data-action={entry.action}
            >
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <Badge variant={TONE[entry.action] ?? "outline"}>{entry.actionLabel}</Badge>
                <span className="font-medium">{entry.user?.fullname ?? m.admin_history_system()}</span>
                <time className="text-muted-foreground tabular-nums" dateTime={entry.at}>
                  {formatDateTime(entry.at)}
                </time>
                {entry.ip ? (
                  <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" title={m.admin_history_ip_title()}>
                    <Globe className="size-3" aria-hidden="true" />
                    <span className="sr-only">{m.admin_history_from()} </span>
                    {entry.ip}
                  </span>
                ) : null}
              </div>
              {entry.reason ? (
                <p className="mt-1 text-muted-foreground">
                  <span className="font-medium text-foreground">{m.admin_history_reason()}</span> {entry.reason}
                </p>
              ) : null}
              {entry.changes.length && entry.action === "create" ? (
                // A new record: its first values, label and value, no "before".
                <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,14rem)_1fr]" data-testid="history-values">
                  {entry.changes.map((change) => (
                    <div key={change.key} className="contents">
                      <dt className="font-medium max-sm:mt-1">{change.label}</dt>
                      <dd className="text-muted-foreground sm:text-foreground">
                        <Value text={change.after} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : entry.changes.length ? (
                <table className="mt-2 w-full table-fixed border-collapse text-left" data-testid="history-changes">
                  <thead className="max-sm:sr-only">
                    <tr className="border-b text-xs text-muted-foreground">
                      <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                        {m.admin_history_field()}
                      </th>
                      <th scope="col" className="py-1 pr-2 font-medium">
                        {m.admin_history_before()}
                      </th>
                      <th scope="col" className="py-1 font-medium">
                        {m.admin_history_after()}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {entry.changes.map((change) => (
                      <tr
                        key={change.key}
                        className="border-b last:border-0 max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:gap-x-1.5 max-sm:py-1.5"
                      >
                        <th scope="row" className="py-1 pr-2 align-top font-medium max-sm:w-full max-sm:py-0">
                          {change.label}
                        </th>
                        <td className="py-1 pr-2 align-top max-sm:p-0 max-sm:text-muted-foreground">
                          <span className="sr-only">{m.admin_history_before_colon()} </span>
                          <Value text={change.before} />
                        </td>
                        <td className="py-1 align-top max-sm:flex max-sm:items-baseline max-sm:gap-1.5 max-sm:p-0">
                          <ArrowRight className="size-3.5 shrink-0 self-center text-muted-foreground sm:hidden" aria-hidden="true" />
                          <span className="sr-only">{m.admin_history_after_colon()} </span>
                          <Value text={change.after} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {page > 1 || hasMore ? (
        <nav aria-label={m.admin_history_pages()} className="flex justify-between gap-2">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.admin_history_newer()}
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={`?page=${page + 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.admin_history_older()}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
