import { ChevronLeft, ChevronRight, FileSpreadsheet, FileText, Printer, X } from "lucide-react";
import * as React from "react";
import { Form, Link, useSubmit } from "react-router";
import { ApplyWithoutScript, FilterControl } from "~/components/resource/list-toolbar";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { formatDateTime } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { cn } from "~/lib/utils";
import { filterKeys } from "@domain/registry/types";
import { isWideSection, reportHref } from "./format";
import { ReportChartView } from "./report-chart";
import { ReportTable } from "./report-table";
import {
  PAPER_SIZES,
  PRINT_LISTING_LIMIT,
  sectionColumns,
  type ReportCard,
  type ReportDef,
  type ReportListingPage,
  type ReportResult,
  type ReportSectionDef,
  type ReportSectionResult,
  replicaLagNote,
} from "@domain/reports/types";
import { SelectOptions } from "~/components/resource/select-options";
import { reportAnswers, reportScreenHeading, reportTitle, reportWord, screenChart, screenFilter, sectionTitle } from "./report-words";
import { m } from "@domain/i18n";

// One page for every report (DESIGN §12): filters in the address (a GET form: works without
// JavaScript, applies on change with it), summary cards, charts, a table per section with its
// totals, the listing paginated; print (paper size and orientation) and export (XLSX, CSV per
// section) keep the filters.

function cleanParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) if (String(value).trim()) params.append(key, String(value).trim());
  return params;
}

function ReportFilters({
  def,
  filters,
  options,
}: {
  def: ReportDef;
  filters: Record<string, string>;
  options: Record<string, { value: string; label: string }[]>;
}) {
  const submit = useSubmit();
  const formRef = React.useRef<HTMLFormElement>(null);
  const filterKey = JSON.stringify(filters);
  // Back/forward changed the address: show it in the controls.
  React.useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const f of def.filters)
      for (const key of filterKeys(f)) {
        const control = form.elements.namedItem(`filter[${key}]`) as HTMLInputElement | HTMLSelectElement | null;
        if (control && document.activeElement !== control) control.value = filters[key] ?? "";
      }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for filters
  }, [def, filterKey]);
  if (def.filters.length === 0) return null;
  const active = Object.keys(filters).length > 0;
  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={m.people_report_filter_label({ title: reportTitle(def).toLowerCase() })}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-end"
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "date"))
          submit(cleanParams(event.currentTarget), { method: "get", replace: true, preventScrollReset: true });
      }}
    >
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        {def.filters.map((filter) => (
          <div key={filter.key} className={cn(filter.kind === "date-range" && "col-span-2")}>
            <FilterControl id={`report-filter-${filter.key}`} filter={screenFilter(filter)} query={{ filter: filters }} options={options[filter.key]} />
          </div>
        ))}
      </div>
      <div className="flex items-center gap-2">
        <ApplyWithoutScript />
        {active ? (
          <Link to={`/manage/reports/${def.name}`} className={buttonVariants({ variant: "ghost", size: "sm" })} data-testid="clear-filters">
            <X aria-hidden="true" />
            {m.people_clear_filters()}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

function cardValue(card: ReportCard): string {
  if (card.kind === "money") return formatMoney(String(card.value));
  if (card.kind === "number" && typeof card.value === "number") return card.value.toLocaleString("en-US");
  return String(card.value);
}

export function SummaryCards({ cards, print = false }: { cards: readonly ReportCard[]; print?: boolean }) {
  return (
    <dl className={cn("grid gap-3", print ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-2 lg:grid-cols-4")} data-testid="report-cards">
      {cards.map((card) => (
        <div
          key={card.key}
          className={cn("flex flex-col gap-1 rounded-xl border bg-card p-4", print ? "p-2" : "shadow-sm")}
          data-card={card.key}
        >
          <dt className="text-xs font-medium text-muted-foreground uppercase">{print ? card.label : reportWord(card.label)}</dt>
          <dd className={cn("font-semibold tabular-nums", print ? "text-base" : "text-2xl")}>{cardValue(card)}</dd>
          {card.hint ? <dd className="text-xs text-muted-foreground">{print ? card.hint : reportWord(card.hint)}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

/** A report page's heading: the way back to the reports, the report's title and the question it answers. */
export function ReportHeading({ def, children }: { def: Pick<ReportDef, "name" | "title" | "heading" | "answers">; children?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <p className="text-sm text-muted-foreground">
        <Link to="/manage/reports" className="underline-offset-4 hover:underline">
          {m.people_reports_title()}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">{reportScreenHeading(def)}</h1>
      <p className="max-w-3xl text-sm text-muted-foreground">{reportAnswers(def)}</p>
      {children}
    </div>
  );
}

/**
 * The "Print…" menu of a report or a roll-up: a <details> panel that opens without JavaScript, whose
 * GET form opens the print view in a new tab with the paper, the orientation, the page's own
 * parameters (`hidden`) and whatever else the page asks (`children`).
 */
export function PrintMenu({
  action,
  hidden,
  paper,
  testId,
  children,
}: {
  action: string;
  hidden: Record<string, string>;
  paper: ReportDef["paper"];
  /** The prefix of the menu's test ids: `${testId}-print-menu`, `${testId}-print`. */
  testId: string;
  children?: React.ReactNode;
}) {
  return (
    <details className="group relative">
      <summary
        className={cn(buttonVariants({ variant: "outline" }), "cursor-pointer list-none [&::-webkit-details-marker]:hidden")}
        data-testid={`${testId}-print-menu`}
      >
        <Printer aria-hidden="true" />
        {m.people_report_print_menu()}
      </summary>
      <form
        method="get"
        action={action}
        target="_blank"
        className="absolute left-0 z-20 mt-2 flex w-64 lg:right-0 lg:left-auto flex-col gap-3 rounded-xl border bg-popover p-4 text-popover-foreground shadow-lg"
        aria-label={m.people_print()}
      >
        {Object.entries(hidden).map(([key, value]) => (
          <input key={key} type="hidden" name={key} value={value} />
        ))}
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="print-size">{m.people_report_paper()}</Label>
          <NativeSelect id="print-size" name="size" defaultValue={paper.size}>
            <SelectOptions options={PAPER_SIZES} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="print-orientation">{m.people_report_orientation()}</Label>
          <NativeSelect id="print-orientation" name="orientation" defaultValue={paper.orientation}>
            <option value="portrait">{m.people_report_portrait()}</option>
            <option value="landscape">{m.people_report_landscape()}</option>
          </NativeSelect>
        </div>
        {children}
        <Button type="submit" data-testid={`${testId}-print`}>
          <Printer aria-hidden="true" />
          {m.people_report_open_print()}
        </Button>
      </form>
    </details>
  );
}

/** The print's listing limit as the page writes numbers. */
const grouped = (n: number) => n.toLocaleString("en-US");
const LISTING_LIMIT = grouped(PRINT_LISTING_LIMIT);

function PrintForm({ def, filters }: { def: ReportDef; filters: Record<string, string> }) {
  const hasListing = def.sections.some((s) => s.listing);
  const hidden = Object.fromEntries(Object.entries(filters).map(([key, value]) => [`filter[${key}]`, value]));
  return (
    <PrintMenu action={`/manage/reports/${def.name}/print`} hidden={hidden} paper={def.paper} testId="report">
      {hasListing ? (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="print-section">{m.people_report_contents()}</Label>
          <NativeSelect id="print-section" name="section" defaultValue="">
            <option value="">{m.people_report_contents_summary()}</option>
            <option value="listing">{m.people_report_contents_listing({ limit: LISTING_LIMIT })}</option>
          </NativeSelect>
        </div>
      ) : null}
    </PrintMenu>
  );
}

function ListingPager({ def, result }: { def: ReportDef; result: ReportResult }) {
  const meta = result.listing!.meta;
  const from = meta.total === 0 ? 0 : (meta.page - 1) * meta.per_page + 1;
  const to = Math.min(meta.total, meta.page * meta.per_page);
  const href = (page: number) => reportHref(def.name, result.filters, page > 1 ? { page: String(page) } : {});
  const link = (page: number, label: string, rel: "next" | "prev", icon: React.ReactNode, disabled: boolean) =>
    disabled ? (
      <span className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "pointer-events-none opacity-50")} aria-disabled="true">
        {icon}
        {label}
      </span>
    ) : (
      <Link
        to={href(page)}
        preventScrollReset
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        rel={rel}
      >
        {icon}
        {label}
      </Link>
    );
  const previous = link(meta.page - 1, m.people_report_previous(), "prev", <ChevronLeft aria-hidden="true" />, meta.page <= 1);
  const next = link(meta.page + 1, m.people_report_next(), "next", <ChevronRight aria-hidden="true" />, meta.page >= meta.last_page);
  return (
    <div className="flex flex-col gap-2 border-t px-4 pt-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground" aria-live="polite" data-testid="listing-summary">
        {meta.total === 0
          ? m.people_report_no_records()
          : m.people_report_showing({
              from: grouped(from),
              to: grouped(to),
              total: grouped(meta.total),
            })}
      </p>
      <nav aria-label={m.people_report_pages()} className="flex items-center gap-1">
        {previous}
        <span className="px-2 text-muted-foreground tabular-nums">
          {m.people_report_page({ page: meta.page, last: meta.last_page })}
        </span>
        {next}
      </nav>
    </div>
  );
}

function SectionCard({
  def,
  section,
  data,
  csvHref,
  children,
}: {
  def: ReportDef;
  section: ReportSectionDef;
  data: ReportSectionResult | ReportListingPage;
  csvHref: string;
  children?: React.ReactNode;
}) {
  return (
    <Card
      className={cn("min-w-0 gap-3 pb-3", isWideSection(sectionColumns(def, data), section.listing) && "xl:col-span-2")}
      data-section={section.key}
    >
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle>{sectionTitle(def, section)}</CardTitle>
          {section.description ? <CardDescription>{reportWord(section.description)}</CardDescription> : null}
        </div>
        <a
          href={csvHref}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          download
          aria-label={m.people_report_export_csv({ title: sectionTitle(def, section) })}
        >
          <FileText aria-hidden="true" />
          CSV
        </a>
      </CardHeader>
      <ReportTable
        columns={sectionColumns(def, data)}
        rows={data.rows}
        totals={data.totals}
        caption={sectionTitle(def, section)}
        testId={`section-${section.key}`}
      />
      {children}
    </Card>
  );
}

/** replicaLagNote's words in the reader's language, for the screen. */
function screenLagNote(readFrom: ReportResult["read_from"]): string | null {
  if (!replicaLagNote(readFrom) || readFrom?.source !== "replica") return null;
  const minutes = Math.floor(readFrom.lag_seconds / 60);
  const behind =
    minutes < 60
      ? minutes === 1
        ? m.people_report_lag_minute()
        : m.people_report_lag_minutes({ minutes })
      : m.people_report_lag_hours({ hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, "0") });
  return m.people_report_lag({ behind });
}

/** Says so when the figures come from a replica more than a minute behind the primary (decision 214). */
export function ReplicaLagNote({
  readFrom,
  className = "text-xs text-amber-800 dark:text-amber-300",
  print = false,
}: {
  readFrom: ReportResult["read_from"];
  className?: string;
  /** On paper: the print's English (replicaLagNote). */
  print?: boolean;
}) {
  const note = print ? replicaLagNote(readFrom) : screenLagNote(readFrom);
  if (!note) return null;
  return (
    <p className={className} role="note" data-testid="replica-lag">
      {note}
    </p>
  );
}

export function ReportPage({
  def,
  result,
  options,
}: {
  def: ReportDef;
  result: ReportResult;
  options: Record<string, { value: string; label: string }[]>;
}) {
  const sectionResult = (key: string) => result.sections.find((s) => s.key === key);
  const csvHref = (section: string) => reportHref(def.name, result.filters, { format: "csv", section }, "/export");
  return (
    <div className="flex flex-col gap-5" data-report={def.name}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <ReportHeading def={def}>
          <p className="text-xs text-muted-foreground">{m.people_report_as_of({ date: formatDateTime(result.generated_at) })}</p>
          <ReplicaLagNote readFrom={result.read_from} />
        </ReportHeading>
        <div className="flex flex-wrap items-end gap-2">
          <PrintForm def={def} filters={result.filters} />
          <a
            href={reportHref(def.name, result.filters, { format: "xlsx" }, "/export")}
            className={buttonVariants({ variant: "default" })}
            download
            data-testid="report-xlsx"
          >
            <FileSpreadsheet aria-hidden="true" />
            {m.people_report_export_xlsx()}
          </a>
        </div>
      </div>

      <ReportFilters def={def} filters={result.filters} options={options} />
      <SummaryCards cards={result.cards} />

      {def.charts?.length ? (
        <div className={cn("grid gap-4", def.charts.length > 1 && "xl:grid-cols-2")}>
          {def.charts.map((chart) => (
            <Card key={`${chart.section}-${chart.kind}`}>
              <CardContent>
                <ReportChartView
                  chart={screenChart(chart)}
                  rows={sectionResult(chart.section)?.rows.filter((r) => !/not stated|^no purok$/i.test(String(r[chart.x]))) ?? []}
                />
              </CardContent>
            </Card>
          ))}
        </div>
      ) : null}

      <div className="grid gap-4 xl:grid-cols-2">
        {def.sections
          .filter((s) => !s.listing)
          .map((section) => {
            const data = sectionResult(section.key);
            return data ? <SectionCard key={section.key} def={def} section={section} data={data} csvHref={csvHref(section.key)} /> : null;
          })}
      </div>
      {def.sections
        .filter((s) => s.listing && result.listing)
        .map((section) => (
          <SectionCard key={section.key} def={def} section={section} data={result.listing!} csvHref={csvHref(section.key)}>
            <ListingPager def={def} result={result} />
          </SectionCard>
        ))}
    </div>
  );
}
