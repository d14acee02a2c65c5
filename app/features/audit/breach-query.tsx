import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatDateTime } from "~/lib/reader-dates";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/audit.breach";
import { m } from "@domain/i18n";

type Person = { id: number; fullname: string } | null;
const who = (user: Person) => user?.fullname ?? m.admin_breach_unknown_user();

/** The breach query's page: the dates and user asked, the summary by user, and the timeline. */
export function BreachQuery({ page }: { page: Exclude<LoaderData<typeof loader>, Response> }) {
  const { query, errors, summary, events, total, pageSize, users } = page;
  const current = query?.page ?? 1;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const params = (extra: Record<string, string>) => {
    const p = new URLSearchParams();
    if (query) {
      p.set("from", query.from);
      p.set("to", query.to);
      if (query.userId) p.set("user", String(query.userId));
    }
    for (const [k, v] of Object.entries(extra)) p.set(k, v);
    return `?${p.toString()}`;
  };
  return (
    <div className="flex flex-col gap-4" data-testid="breach-query">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{m.admin_breach_title()}</h1>
        <p className="text-sm text-muted-foreground">{m.admin_breach_intro()}</p>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-sm">
        <div className="flex flex-col gap-1">
          <Label htmlFor="breach-from" className="text-xs text-muted-foreground">
            {m.admin_from()}
          </Label>
          <Input id="breach-from" type="date" name="from" defaultValue={query?.from} aria-invalid={!!errors?.from} />
          {errors?.from ? <p className="text-sm text-destructive">{errors.from[0]}</p> : null}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="breach-to" className="text-xs text-muted-foreground">
            {m.admin_to()}
          </Label>
          <Input id="breach-to" type="date" name="to" defaultValue={query?.to} aria-invalid={!!errors?.to} />
          {errors?.to ? <p className="text-sm text-destructive">{errors.to[0]}</p> : null}
        </div>
        <div className="flex min-w-48 flex-col gap-1">
          <Label htmlFor="breach-user" className="text-xs text-muted-foreground">
            {m.admin_blocklist_user()}
          </Label>
          <NativeSelect id="breach-user" name="user" defaultValue={query?.userId ? String(query.userId) : ""}>
            <option value="">{m.admin_breach_everyone()}</option>
            {users.map((u) => (
              <option key={u.value} value={u.value}>
                {u.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">{m.admin_show()}</Button>
        {query ? (
          <a href={params({ export: "csv" })} className={buttonVariants({ variant: "outline" })} download data-testid="breach-export">
            <Download aria-hidden="true" />
            {m.admin_export_csv()}
          </a>
        ) : null}
      </Form>

      {query ? (
        <>
          <section aria-labelledby="breach-summary" className="flex flex-col gap-2">
            <h2 id="breach-summary" className="text-lg font-semibold">
              {m.admin_breach_by_user()}
            </h2>
            {summary.length === 0 ? (
              <p className="rounded-md border p-4 text-sm text-muted-foreground">
                {m.admin_breach_nobody()}
              </p>
            ) : (
              <TableContainer className="rounded-xl border bg-card">
                <Table data-testid="breach-summary">
                  <TableHeader>
                    <TableRow>
                      <TableHead>{m.admin_blocklist_user()}</TableHead>
                      <TableHead className="text-right">{m.admin_breach_sign_ins()}</TableHead>
                      <TableHead className="text-right" title={m.admin_breach_accessed_title()}>
                        {m.admin_breach_accessed()}
                      </TableHead>
                      <TableHead className="text-right max-sm:hidden">{m.admin_breach_changed()}</TableHead>
                      <TableHead className="text-right">{m.admin_breach_records()}</TableHead>
                      <TableHead className="max-md:hidden">{m.admin_breach_first()}</TableHead>
                      <TableHead className="max-md:hidden">{m.admin_breach_last()}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {summary.map((row) => (
                      <TableRow key={row.user?.id ?? 0}>
                        <TableCell className="font-medium">
                          {row.user ? <Link to={params({ user: String(row.user.id), page: "1" })}>{who(row.user)}</Link> : who(null)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{row.sign_ins}</TableCell>
                        <TableCell className="text-right tabular-nums">{row.accesses}</TableCell>
                        <TableCell className="text-right tabular-nums max-sm:hidden">{row.changes}</TableCell>
                        <TableCell className="text-right tabular-nums">{row.records}</TableCell>
                        <TableCell className="whitespace-nowrap max-md:hidden">{formatDateTime(row.first_at)}</TableCell>
                        <TableCell className="whitespace-nowrap max-md:hidden">{formatDateTime(row.last_at)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            )}
          </section>

          <section aria-labelledby="breach-events" className="flex flex-col gap-2">
            <h2 id="breach-events" className="text-lg font-semibold">
              {m.admin_breach_timeline()}{" "}
              <span className="text-sm font-normal text-muted-foreground">{m.admin_breach_events({ count: total })}</span>
            </h2>
            {events.length ? (
              // Phones read the timeline as a list; wider screens as a table.
              <ol className="flex flex-col divide-y rounded-xl border bg-card text-sm md:hidden" data-testid="breach-events-list">
                {events.map((e, i) => (
                  <li key={i} className="flex flex-col gap-0.5 px-3 py-2">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                      <span className="font-medium">{e.event}</span>
                      <time className="text-xs text-muted-foreground tabular-nums">{formatDateTime(e.at)}</time>
                    </div>
                    {e.record ? <span className="break-words">{e.record}</span> : null}
                    <span className="text-xs text-muted-foreground">
                      {who(e.user)}
                      {e.ip ? ` · ${e.ip}` : ""}
                    </span>
                    {e.reason ? <span className="text-xs text-muted-foreground">
                        {m.admin_history_reason()} {e.reason}
                      </span> : null}
                  </li>
                ))}
              </ol>
            ) : null}
            {events.length ? (
              <TableContainer className="rounded-xl border bg-card max-md:hidden">
                <Table data-testid="breach-events">
                  <TableHeader>
                    <TableRow>
                      <TableHead>{m.admin_breach_when()}</TableHead>
                      <TableHead>{m.admin_blocklist_user()}</TableHead>
                      <TableHead>{m.admin_breach_event()}</TableHead>
                      <TableHead>{m.admin_breach_record()}</TableHead>
                      <TableHead>{m.admin_user_reason()}</TableHead>
                      <TableHead>{m.admin_setup_s_address()}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {events.map((e, i) => (
                      <TableRow key={i}>
                        <TableCell className="whitespace-nowrap tabular-nums">{formatDateTime(e.at)}</TableCell>
                        <TableCell>{who(e.user)}</TableCell>
                        <TableCell>{e.event}</TableCell>
                        <TableCell className="max-w-64 break-words whitespace-normal">{e.record ?? ""}</TableCell>
                        <TableCell className="max-w-64 break-words whitespace-normal">{e.reason ?? ""}</TableCell>
                        <TableCell>{e.ip ?? ""}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
            {lastPage > 1 ? (
              <nav aria-label={m.admin_breach_pages()} className="flex items-center justify-between gap-2 text-sm">
                {current > 1 ? (
                  <Link to={params({ page: String(current - 1) })} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    {m.admin_history_newer()}
                  </Link>
                ) : (
                  <span />
                )}
                <span className="text-muted-foreground">
                  {m.admin_page_of({ page: current, pages: lastPage })}
                </span>
                {current < lastPage ? (
                  <Link to={params({ page: String(current + 1) })} className={buttonVariants({ variant: "outline", size: "sm" })}>
                    {m.admin_history_older()}
                  </Link>
                ) : (
                  <span />
                )}
              </nav>
            ) : null}
          </section>
        </>
      ) : null}
    </div>
  );
}
