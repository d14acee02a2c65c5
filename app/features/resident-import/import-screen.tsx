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

type Data = LoaderData<typeof loader>;
type Row = Data["rows"]["rows"][number];

const n = (value: number | undefined) => (value ?? 0).toLocaleString("en-US");

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
  return name || row.cells.slice(0, 3).filter(Boolean).join(" ") || "(no name)";
}

const OUTCOME: Record<string, { label: string; variant: "success" | "secondary" | "destructive" | "outline" }> = {
  create: { label: "New", variant: "success" },
  duplicate: { label: "Likely duplicate", variant: "secondary" },
  refuse: { label: "Refused", variant: "destructive" },
  pending: { label: "Not checked", variant: "outline" },
};

const DECISIONS = [
  { value: "skip", label: "Skip" },
  { value: "update", label: "Update resident" },
  { value: "create", label: "Create anyway" },
] as const;

function DecisionButtons({ row, editable }: { row: Row; editable: boolean }) {
  const navigation = useNavigation();
  const choices = row.match_user_id == null ? DECISIONS.filter((d) => d.value !== "update") : DECISIONS;
  const current = row.decision ?? "skip";
  if (!editable)
    return <span className="text-xs text-muted-foreground">{DECISIONS.find((d) => d.value === current)?.label ?? current}</span>;
  return (
    <Form method="post" className="flex flex-wrap gap-1" aria-label={`Choice for row ${row.line}`} preventScrollReset>
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
          {d.label}
        </Button>
      ))}
    </Form>
  );
}

function RowsTable({ data, editable }: { data: Data; editable: boolean }) {
  const { rows, filter, batch } = data;
  const counts = batch.counts;
  const tabs = [
    { key: "all", label: "All", count: batch.total_rows },
    { key: "create", label: "New", count: counts.create ?? 0 },
    { key: "duplicate", label: "Likely duplicates", count: counts.duplicate ?? 0 },
    { key: "refuse", label: "Refused", count: counts.refuse ?? 0 },
  ];
  const pageLink = (page: number) => `?filter=${filter}&page=${page}`;
  return (
    <section className="flex flex-col gap-3" aria-label="Rows">
      <nav className="flex flex-wrap gap-1" aria-label="Show rows">
        {tabs.map((t) => (
          <Link
            key={t.key}
            to={`?filter=${t.key}`}
            preventScrollReset
            aria-current={filter === t.key ? "page" : undefined}
            className={buttonVariants({ variant: filter === t.key ? "default" : "outline", size: "sm" })}
          >
            {t.label} ({n(t.count)})
          </Link>
        ))}
      </nav>
      <TableContainer className="rounded-md border">
        <Table data-testid="import-rows">
          <TableHeader>
            <TableRow>
              <TableHead scope="col" className="w-10">
                Row
              </TableHead>
              <TableHead scope="col">Name</TableHead>
              <TableHead scope="col" className="hidden md:table-cell">
                Born
              </TableHead>
              <TableHead scope="col" className="hidden lg:table-cell">
                Household
              </TableHead>
              <TableHead scope="col">What happens</TableHead>
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
                        <Badge variant={o.variant}>{o.label}</Badge>
                        {row.committed ? <span className="text-xs text-muted-foreground">saved</span> : null}
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
                                Looks like{" "}
                                <Link
                                  to={`/manage/residents/${row.match_user_id}`}
                                  className="underline underline-offset-2"
                                  target="_blank"
                                >
                                  {row.match_name ?? `resident #${row.match_user_id}`}
                                </Link>
                              </>
                            ) : (
                              <>Repeats row {row.match_line} of this file</>
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
                  No rows here.
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.pages > 1 ? (
        <nav className="flex flex-wrap items-center gap-2 text-sm" aria-label="Pages">
          {rows.page > 1 ? (
            <Link to={pageLink(rows.page - 1)} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              Previous
            </Link>
          ) : null}
          <span>
            Page {rows.page} of {rows.pages} ({n(rows.total)} rows)
          </span>
          {rows.page < rows.pages ? (
            <Link to={pageLink(rows.page + 1)} preventScrollReset className={buttonVariants({ variant: "outline", size: "sm" })}>
              Next
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
                <option value="">— not in the file —</option>
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
            Dates like 03/04/1990 are
          </label>
          <NativeSelect id="map-date-order" name="date_order" defaultValue={batch.date_order}>
            <option value="mdy">month first (RBI Form B: MM/DD/YYYY)</option>
            <option value="dmy">day first (DD/MM/YYYY)</option>
          </NativeSelect>
        </div>
      </div>
      <Button type="submit" className="self-start" disabled={navigation.state !== "idle"}>
        Check the rows with these columns
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
          ← Imports
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-semibold tracking-tight">
          <span className="min-w-0 break-words">{batch.file_name}</span>
          <StatusBadge status={batch.status} />
        </h1>
        <p className="text-sm text-muted-foreground">
          {n(batch.total_rows)} rows read ({batch.format.toUpperCase()}).{" "}
          {batch.status === "review" ? "Nothing has been saved yet: this is a dry run." : null}
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
          {batch.failure} It is tried again every half minute while this page is open.
        </p>
      ) : null}

      {batch.status !== "mapping" ? (
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
          <Stat label="New residents" value={counts.create ?? 0} testId="count-create" />
          <Stat label="Likely duplicates" value={counts.duplicate ?? 0} testId="count-duplicate" />
          <Stat label="Refused" value={counts.refuse ?? 0} testId="count-refuse" />
          <Stat label="Households" value={counts.households ?? 0} testId="count-households" />
        </div>
      ) : null}

      {working ? (
        <Card data-testid="import-progress">
          <CardHeader>
            <CardTitle>{batch.status === "undoing" ? "Undoing the import" : "Importing"}</CardTitle>
            <CardDescription>
              Written in batches; if the server stops, it goes on from the last batch. You may leave this page.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <div
              role="progressbar"
              aria-label="Progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-3 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm tabular-nums">
              {n(done)} of {n(batch.to_commit)} rows ({percent}%)
            </p>
          </CardContent>
        </Card>
      ) : null}

      {batch.status === "mapping" ? (
        <Card>
          <CardHeader>
            <CardTitle>Match the columns</CardTitle>
            <CardDescription>
              The headers were not recognised as the RBI form&apos;s. Say which column holds what; the name, date of birth and sex are
              needed.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <MappingForm data={loaderData} errors={refused?.errors ?? {}} />
          </CardContent>
        </Card>
      ) : null}

      {batch.status === "review" && unknownPuroks.length ? (
        <Card data-testid="unknown-puroks">
          <CardHeader>
            <CardTitle>Puroks not in the list</CardTitle>
            <CardDescription>Rows naming these are refused until the purok exists. Create it, or correct the sheet.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            {unknownPuroks.map(([name, count]) => (
              <Form key={name} method="post" className="flex flex-wrap items-center gap-3" preventScrollReset>
                <CsrfInput />
                <input type="hidden" name="intent" value="create_purok" />
                <input type="hidden" name="name" value={name} />
                <span className="text-sm">
                  <strong>{name}</strong> ({n(count)} {count === 1 ? "row" : "rows"})
                </span>
                <Button type="submit" size="sm" variant="outline" disabled={busy}>
                  Create purok “{name}”
                </Button>
              </Form>
            ))}
          </CardContent>
        </Card>
      ) : null}

      {batch.status === "review" ? (
        <Card>
          <CardHeader>
            <CardTitle>Commit</CardTitle>
            <CardDescription>
              {n(batch.to_commit)} rows will be written: new residents, and registered residents you chose to update.{" "}
              {counts.households ? `${n(counts.households)} households are formed from the household column. ` : ""}
              Likely duplicates without a choice are skipped. The whole import can be undone afterwards.
              {counts.ambiguous_dates ? ` ${n(counts.ambiguous_dates)} dates could be read either way; check the date order below.` : ""}
            </CardDescription>
          </CardHeader>
          <CardFooter className="flex flex-wrap gap-2">
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="commit" />
              <Button type="submit" disabled={busy || batch.to_commit === 0} data-testid="import-commit">
                Import {n(batch.to_commit)} {batch.to_commit === 1 ? "row" : "rows"}
              </Button>
            </Form>
            {notWritten ? (
              <a href={errorReport} className={buttonVariants({ variant: "outline" })} download>
                <Download aria-hidden="true" /> Rows not imported (XLSX)
              </a>
            ) : null}
          </CardFooter>
        </Card>
      ) : null}

      {batch.status === "committed" ? (
        <Card>
          <CardHeader>
            <CardTitle>Imported</CardTitle>
            <CardDescription>
              {n(batch.committed_rows)} rows were written. Undo removes the residents and households this import created (to the trash) and
              gives updated residents their former details back.
            </CardDescription>
          </CardHeader>
          <CardFooter className="flex flex-wrap gap-2">
            <Link to="/manage/residents" className={buttonVariants({ variant: "default" })}>
              Open the residents
            </Link>
            <a href={errorReport} className={buttonVariants({ variant: "outline" })} download>
              <Download aria-hidden="true" /> Rows not imported (XLSX)
            </a>
            <Form
              method="post"
              onSubmit={(e) => {
                if (!window.confirm("Undo the whole import?")) e.preventDefault();
              }}
            >
              <CsrfInput />
              <input type="hidden" name="intent" value="undo" />
              <Button type="submit" variant="destructive" disabled={busy} data-testid="import-undo">
                Undo this import
              </Button>
            </Form>
          </CardFooter>
        </Card>
      ) : null}

      {batch.status === "undone" ? (
        <p className="rounded-md border p-3 text-sm" data-testid="import-undone">
          This import was undone: its residents and households are in the trash, and updated residents have their former details.
        </p>
      ) : null}

      {batch.status === "review" ? (
        <details className="rounded-lg border bg-card p-4">
          <summary className="cursor-pointer text-sm font-medium">Change the column matching or the date order</summary>
          <div className="pt-4">
            <MappingForm data={loaderData} errors={refused?.errors ?? {}} />
          </div>
        </details>
      ) : null}

      {batch.status !== "mapping" ? <RowsTable data={loaderData} editable={batch.status === "review"} /> : null}
    </div>
  );
}
