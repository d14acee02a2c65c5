import { useEffect } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { Download } from "lucide-react";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { NativeSelect } from "~/components/ui/select";
import { Table, TableBody, TableCell, TableContainer, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import type { ActionData, LoaderData } from "~/lib/route-data";
import type { action, ImportActionData, loader } from "~/routes/residents.import.detail";
import { StatusBadge } from "./status-badge";
import { intlLocale, m } from "@domain/i18n";

type Data = LoaderData<typeof loader>;
type Row = Data["rows"]["rows"][number];

const n = (value: number | undefined) => (value ?? 0).toLocaleString(intlLocale());

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col rounded-lg border bg-muted/30 px-3 py-2">
      <span className="text-2xl font-semibold tabular-nums" data-testid={testId}>
        {n(value)}
      </span>
      <span className="text-xs text-muted-foreground">{label}</span>
    </div>
  );
}

/** A row's name as read: the dry run's, else the sheet's own cells under the mapping. */
function nameOf(row: Row, mapping: Data["batch"]["mapping"]): string {
  const p = row.profile as Record<string, string | null> | null;
  if (p) return [p.firstname, p.middlename, p.lastname, p.suffix].filter(Boolean).join(" ");
  const cell = (i: number | undefined) => (i === undefined ? "" : (row.cells[i] ?? ""));
  const name = mapping
    ? [cell(mapping.firstname), cell(mapping.middlename), cell(mapping.lastname)].filter(Boolean).join(" ") || cell(mapping.fullname)
    : "";
  return name || row.cells.slice(0, 3).filter(Boolean).join(" ") || m.admin_import_no_name();
}

const OUTCOME: Record<string, { label: () => string; variant: "success" | "secondary" | "destructive" | "outline" }> = {
  create: { label: m.admin_import_new, variant: "success" },
  duplicate: { label: m.admin_import_duplicate, variant: "secondary" },
  refuse: { label: m.admin_import_refused, variant: "destructive" },
  pending: { label: m.admin_import_not_checked, variant: "outline" },
};

const DECISIONS = [
  { value: "skip", label: m.admin_import_skip },
  { value: "update", label: m.admin_import_update },
  { value: "create", label: m.admin_import_create_anyway },
] as const;

function DecisionButtons({ row, editable }: { row: Row; editable: boolean }) {
  const navigation = useNavigation();
  const choices = row.match_user_id == null ? DECISIONS.filter((d) => d.value !== "update") : DECISIONS;
  const current = row.decision ?? "skip";
  if (!editable)
    return <span className="text-xs text-muted-foreground">{DECISIONS.find((d) => d.value === current)?.label() ?? current}</span>;
  return (
    <Form method="post" className="flex flex-wrap gap-1" aria-label={m.admin_import_choice_for({ line: row.line })} preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="line" value={row.line} />
      {choices.map((d) => (
        <Button
          key={d.value}
          type="submit"
          name="decision"
          value={d.value}
          size="sm"
          variant={current === d.value ? "default" : "outline"}
          aria-pressed={current === d.value}
          disabled={navigation.state !== "idle"}
        >
          {d.label()}
        </Button>
      ))}
    </Form>
  );
}

function RowsTable({ data, editable }: { data: Data; editable: boolean }) {
  const { rows, filter, batch } = data;
  const counts = batch.counts;
  const tabs = [
    { key: "all", label: m.admin_import_all(), count: batch.total_rows },
    { key: "create", label: m.admin_import_new(), count: counts.create ?? 0 },
    { key: "duplicate", label: m.admin_import_duplicates(), count: counts.duplicate ?? 0 },
    { key: "refuse", label: m.admin_import_refused(), count: counts.refuse ?? 0 },
  ];
  const pageLink = (page: number) => `?filter=${filter}&page=${page}`;
  return (
    <section className="flex flex-col gap-3" aria-label={m.admin_import_rows()}>
      <nav className="flex flex-wrap gap-1" aria-label={m.admin_import_show_rows()}>
        {tabs.map((t) => (
          <Link
            key={t.key}
            to={`?filter=${t.key}`}
            preventScrollReset
            aria-current={filter === t.key ? "page" : undefined}
            className={buttonVariants({ variant: filter === t.key ? "default" : "outline", size: "sm" })}
          >
            {m.admin_import_tab({ label: t.label, count: n(t.count) })}
          </Link>
        ))}
      </nav>
      <TableContainer className="rounded-md border">
        <Table data-testid="import-rows">
          <TableHeader>
            <TableRow>
              <TableHead scope="col" className="w-10">
                {m.admin_import_row()}
              </TableHead>
              <TableHead scope="col">{m.admin_user_form_name()}</TableHead>
              <TableHead scope="col" className="hidden md:table-cell">
                {m.admin_import_born()}
              </TableHead>
              <TableHead scope="col" className="hidden lg:table-cell">
                {m.admin_retention_household()}
              </TableHead>
              <TableHead scope="col">{m.admin_import_what()}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.rows.map((row) => {
              const o = OUTCOME[row.outcome] ?? OUTCOME.pending;
              const profile = row.profile as Record<string, string | null> | null;
              return (
                <TableRow key={row.id} className="align-top" data-testid={`import-row-${row.line}`}>
                  <TableCell className="tabular-nums">{row.line}</TableCell>
                  <TableCell className="min-w-[6rem] break-words">{nameOf(row, batch.mapping)}</TableCell>
                  <TableCell className="hidden whitespace-nowrap md:table-cell">{profile?.date_of_birth ?? ""}</TableCell>
                  <TableCell className="hidden lg:table-cell">{row.household_no ?? ""}</TableCell>
                  <TableCell className="min-w-[10rem] break-words">
                    <div className="flex flex-col gap-1.5">
                      <span className="flex flex-wrap items-center gap-2">
                        <Badge variant={o.variant}>{o.label()}</Badge>
                        {row.committed ? <span className="text-xs text-muted-foreground">{m.admin_import_saved()}</span> : null}
                      </span>
                      {row.reasons.length ? (
                        <ul className="list-disc pl-4 text-sm text-destructive">
                          {row.reasons.map((r) => (
                            <li key={r}>{r}</li>
                          ))}
                        </ul>
                      ) : null}
                      {row.outcome === "duplicate" ? (
                        <>
                          <p className="text-sm">
                            {row.match_user_id != null ? (
                              <>
                                {m.admin_import_looks_like()}{" "}
                                <Link
                                  to={`/manage/residents/${row.match_user_id}`}
                                  className="underline underline-offset-2"
                                  target="_blank"
                                >
                                  {row.match_name ?? m.admin_import_resident_number({ id: row.match_user_id })}
                                </Link>
                              </>
                            ) : (
                              m.admin_import_repeats({ line: String(row.match_line) })
                            )}
                            <span className="block text-xs text-muted-foreground">{row.match_reason}</span>
                          </p>
                          <DecisionButtons row={row} editable={editable} />
                        </>
                      ) : null}
                      {row.notes.length ? (
                        <ul className="list-disc pl-4 text-xs text-muted-foreground">
                          {row.notes.map((r) => (
                            <li key={r}>{r}</li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} className="text-sm text-muted-foreground">
                  {m.admin_import_no_rows()}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.pages > 1 ? (
        <nav className="flex flex-wrap items-center gap-2 text-sm" aria-label={m.admin_import_pages()}>
          {rows.page > 1 ? (
            <Link to={pageLink(rows.page - 1)} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.admin_import_previous()}
            </Link>
          ) : null}
          <span>
            {m.admin_import_page({ page: rows.page, pages: rows.pages, rows: n(rows.total) })}
          </span>
          {rows.page < rows.pages ? (
            <Link to={pageLink(rows.page + 1)} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.admin_import_next()}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}

function MappingForm({ data, errors }: { data: Data; errors: Record<string, string[]> }) {
  const { batch, fields } = data;
  const navigation = useNavigation();
  // The first row's values beside each header, so a column is recognised by what it holds.
  const sample = data.rows.rows[0]?.cells ?? [];
  return (
    <Form method="post" className="flex flex-col gap-4" data-testid="import-mapping" preventScrollReset>
      <CsrfInput />
      <input type="hidden" name="intent" value="mapping" />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {fields.map((f) => {
          const error = errors[`mapping.${f.key}`]?.[0];
          return (
            <div key={f.key} className="flex min-w-0 flex-col gap-1">
              <label htmlFor={`map-${f.key}`} className="text-sm font-medium">
                {f.label}
              </label>
              <NativeSelect
                id={`map-${f.key}`}
                name={`mapping.${f.key}`}
                defaultValue={batch.mapping?.[f.key as keyof NonNullable<typeof batch.mapping>] ?? ""}
                aria-invalid={error ? true : undefined}
              >
                <option value="">{m.admin_import_not_in_file()}</option>
                {batch.headers.map((h, i) => (
                  <option key={i} value={i}>
                    {sample[i] ? `${h} (${sample[i].slice(0, 24)})` : h}
                  </option>
                ))}
              </NativeSelect>
              {error ? <p className="text-sm text-destructive">{error}</p> : null}
            </div>
          );
        })}
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor="map-date-order" className="text-sm font-medium">
            {m.admin_import_dates_like()}
          </label>
          <NativeSelect id="map-date-order" name="date_order" defaultValue={batch.date_order}>
            <option value="mdy">{m.admin_import_mdy()}</option>
            <option value="dmy">{m.admin_import_dmy()}</option>
          </NativeSelect>
        </div>
      </div>
      <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
        {m.admin_import_check_rows()}
      </Button>
    </Form>
  );
}

/** One import: mapping, dry run, choices, commit with progress, undo, error report. */
export function ImportScreen({ loaderData, actionData }: { loaderData: Data; actionData: ActionData<typeof action> | undefined }) {
  const { batch } = loaderData;
  const refused = actionData as ImportActionData | undefined;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const working = batch.status === "committing" || batch.status === "undoing";
  useEffect(() => {
    if (!working) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [working, revalidator]);

  const counts = batch.counts;
  const unknownPuroks = Object.entries(counts.unknown_puroks ?? {});
  const errorReport = `/backend/api/resident-imports/${batch.id}/errors.xlsx`;
  const done = batch.status === "undoing" ? batch.undone_rows : batch.committed_rows;
  const percent = batch.to_commit ? Math.min(100, Math.round((done / batch.to_commit) * 100)) : 100;
  const busy = navigation.state !== "idle";
  const notWritten = (counts.refuse ?? 0) + (counts.duplicate ?? 0);

  return (
    <div className="flex flex-col gap-5">
      <FlashMessage flash={loaderData.flash as FlashData | null} />
      <div className="flex flex-col gap-1">
        <Link to="/manage/residents/import" className="text-sm underline-offset-4 hover:underline">
          {m.admin_import_back_imports()}
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
          <span className="min-w-0 break-words">{batch.file_name}</span>
          <StatusBadge status={batch.status} />
        </h1>
        <p className="text-sm text-muted-foreground">
          {m.admin_import_rows_read({ rows: n(batch.total_rows), format: batch.format.toUpperCase() })}{" "}
          {batch.status === "review" ? m.admin_import_dry_run() : null}
        </p>
      </div>

      {refused ? (
        <p
          role="alert"
          className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive"
          data-testid="import-refusal"
        >
          {Object.values(refused.errors).flat()[0] ?? refused.message}
        </p>
      ) : null}
      {batch.failure ? (
        <p role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm text-destructive">
          {batch.failure} {m.admin_import_retried()}
        </p>
      ) : null}

      {batch.status !== "mapping" ? (
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          <Stat label={m.admin_import_new_residents()} value={counts.create ?? 0} testId="count-create" />
          <Stat label={m.admin_import_duplicates()} value={counts.duplicate ?? 0} testId="count-duplicate" />
          <Stat label={m.admin_import_refused()} value={counts.refuse ?? 0} testId="count-refuse" />
          <Stat label={m.admin_import_households()} value={counts.households ?? 0} testId="count-households" />
        </div>
      ) : null}

      {working ? (
        <Card data-testid="import-progress">
          <CardHeader>
            <CardTitle>{batch.status === "undoing" ? m.admin_import_undoing() : m.admin_import_importing()}</CardTitle>
            <CardDescription>{m.admin_import_batches()}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <div
              role="progressbar"
              aria-label={m.admin_import_progress()}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-3 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm tabular-nums">
              {m.admin_import_progress_rows({ done: n(done), total: n(batch.to_commit), percent })}
            </p>
          </CardContent>
        </Card>
      ) : null}

      {batch.status === "mapping" ? (
        <Card>
          <CardHeader>
            <CardTitle>{m.admin_import_match_title()}</CardTitle>
            <CardDescription>{m.admin_import_match_description()}</CardDescription>
          </CardHeader>
          <CardContent>
            <MappingForm data={loaderData} errors={refused?.errors ?? {}} />
          </CardContent>
        </Card>
      ) : null}

      {batch.status === "review" && unknownPuroks.length ? (
        <Card data-testid="unknown-puroks">
          <CardHeader>
            <CardTitle>{m.admin_import_puroks_title()}</CardTitle>
            <CardDescription>{m.admin_import_puroks_description()}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {unknownPuroks.map(([name, count]) => (
              <Form key={name} method="post" className="flex flex-wrap items-center gap-3" preventScrollReset>
                <CsrfInput />
                <input type="hidden" name="intent" value="create_purok" />
                <input type="hidden" name="name" value={name} />
                <span className="text-sm">
                  <strong>{name}</strong>{" "}
                  {count === 1 ? m.admin_import_purok_rows_one() : m.admin_import_purok_rows_other({ count: n(count) })}
                </span>
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  {m.admin_import_create_purok({ name })}
                </Button>
              </Form>
            ))}
          </CardContent>
        </Card>
      ) : null}

      {batch.status === "review" ? (
        <Card>
          <CardHeader>
            <CardTitle>{m.admin_import_commit_title()}</CardTitle>
            <CardDescription>
              {m.admin_import_commit_rows({ rows: n(batch.to_commit) })}{" "}
              {counts.households ? m.admin_import_commit_households({ count: n(counts.households) }) : ""}
              {counts.households ? " " : ""}
              {m.admin_import_commit_skipped()}
              {counts.ambiguous_dates ? " " : ""}
              {counts.ambiguous_dates ? m.admin_import_commit_ambiguous({ count: n(counts.ambiguous_dates) }) : ""}
            </CardDescription>
          </CardHeader>
          <CardFooter className="flex flex-wrap gap-2">
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="commit" />
              <Button type="submit" disabled={busy || batch.to_commit === 0} data-testid="import-commit">
                {batch.to_commit === 1 ? m.admin_import_commit_one() : m.admin_import_commit_other({ count: n(batch.to_commit) })}
              </Button>
            </Form>
            {notWritten ? (
              <a href={errorReport} className={buttonVariants({ variant: "outline" })} download>
                <Download aria-hidden="true" /> {m.admin_import_error_report()}
              </a>
            ) : null}
          </CardFooter>
        </Card>
      ) : null}

      {batch.status === "committed" ? (
        <Card>
          <CardHeader>
            <CardTitle>{m.admin_import_status_committed()}</CardTitle>
            <CardDescription>{m.admin_import_written({ rows: n(batch.committed_rows) })}</CardDescription>
          </CardHeader>
          <CardFooter className="flex flex-wrap gap-2">
            <Link to="/manage/residents" className={buttonVariants({ variant: "default" })}>
              {m.admin_import_open_residents()}
            </Link>
            <a href={errorReport} className={buttonVariants({ variant: "outline" })} download>
              <Download aria-hidden="true" /> {m.admin_import_error_report()}
            </a>
            <Form
              method="post"
              onSubmit={(e) => {
                if (!window.confirm(m.admin_import_undo_confirm())) e.preventDefault();
              }}
            >
              <CsrfInput />
              <input type="hidden" name="intent" value="undo" />
              <Button type="submit" variant="destructive" disabled={busy} data-testid="import-undo">
                {m.admin_import_undo()}
              </Button>
            </Form>
          </CardFooter>
        </Card>
      ) : null}

      {batch.status === "undone" ? (
        <p className="rounded-md border p-3 text-sm" data-testid="import-undone">
          {m.admin_import_undone()}
        </p>
      ) : null}

      {batch.status === "review" ? (
        <details className="rounded-lg border bg-card p-4">
          <summary className="cursor-pointer text-sm font-medium">{m.admin_import_change_mapping()}</summary>
          <div className="pt-4">
            <MappingForm data={loaderData} errors={refused?.errors ?? {}} />
          </div>
        </details>
      ) : null}

      {batch.status !== "mapping" ? <RowsTable data={loaderData} editable={batch.status === "review"} /> : null}
    </div>
  );
}
