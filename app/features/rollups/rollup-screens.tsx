import { ArrowRight, FileSpreadsheet } from "lucide-react";
import { Form, Link } from "react-router";
import { HubNav } from "~/features/hub/hub-parts";
import { PrintMenu, ReplicaLagNote, SummaryCards } from "~/features/reports/report-page";
import { ReportTable } from "~/features/reports/report-table";
import { isWideSection } from "~/features/reports/format";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { SelectOptions } from "~/components/resource/select-options";
import { formatDateTime } from "~/lib/reader-dates";
import { findRollup, rollupHref, rollupPeriodParams, type RollupDef, type RollupPeriod } from "@domain/rollups";
import { cn } from "~/lib/utils";
import type { LoaderData } from "~/lib/route-data";
import type { loader as indexLoader } from "~/routes/hub.rollups";
import type { loader as rollupLoader } from "~/routes/hub.rollups.rollup";
import { m } from "@domain/i18n";

// The roll-ups' screens (issue 29 item 4): the choice of a roll-up and its period, and a roll-up's
// page — its figures per barangay, print and XLSX. Every form is a GET form: the period lives in
// the address, and everything works without JavaScript.

type Choices = LoaderData<typeof indexLoader>["choices"];

const QUARTER_LABELS = [m.people_rollup_q1, m.people_rollup_q2, m.people_rollup_q3, m.people_rollup_q4];
const quarters = () => QUARTER_LABELS.map((label, i) => ({ value: String(i + 1), label: label() }));

/** The period of a roll-up: a year and quarter, or two dates. */
function PeriodFields({ kind, period, choices, id }: { kind: RollupDef["period"]; period: RollupPeriod; choices: Choices; id: string }) {
  if (kind === "quarter")
    return (
      <>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-year`}>{m.people_rollup_year()}</Label>
          <NativeSelect id={`${id}-year`} name="year" defaultValue={String(period.year)}>
            <SelectOptions options={choices.years.map((y) => ({ value: String(y), label: String(y) }))} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-quarter`}>{m.people_rollup_quarter()}</Label>
          <NativeSelect id={`${id}-quarter`} name="quarter" defaultValue={String(period.quarter)}>
            <SelectOptions options={quarters()} />
          </NativeSelect>
        </div>
      </>
    );
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>{m.people_rollup_from()}</Label>
        <Input id={`${id}-from`} type="date" name="from" defaultValue={period.from} max={choices.range.to} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>{m.people_rollup_to()}</Label>
        <Input id={`${id}-to`} type="date" name="to" defaultValue={period.to} max={choices.range.to} />
      </div>
    </>
  );
}

function PeriodForm({ def, period, choices, submit }: { def: RollupDef; period: RollupPeriod; choices: Choices; submit: string }) {
  return (
    <Form
      method="get"
      action={`/hub/rollups/${def.name}`}
      className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap"
      aria-label={m.people_rollup_period_of({ title: def.title })}
    >
      <PeriodFields kind={def.period} period={period} choices={choices} id={`period-${def.name}`} />
      <Button type="submit" className="col-span-2 sm:col-span-1" data-testid={`open-${def.name}`}>
        {submit}
        <ArrowRight aria-hidden="true" />
      </Button>
    </Form>
  );
}

function Heading({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** /hub/rollups: the roll-ups of the officer's city or municipality, each with its period. */
export function RollupsIndexScreen({ loaderData }: { loaderData: LoaderData<typeof indexLoader> }) {
  const { municipality, barangays, rollups, choices } = loaderData;
  return (
    <div className="flex flex-col gap-5" data-testid="hub-rollups">
      <Heading title={m.people_hub_rollups()}>
        <p className="text-sm text-muted-foreground">
          {municipality.name}
          {municipality.province ? `, ${municipality.province}` : ""}:{" "}
          {barangays.length === 1 ? m.people_rollup_count_one() : m.people_rollup_count({ count: barangays.length })}
        </p>
      </Heading>
      <HubNav />
      <ul className="grid gap-4 lg:grid-cols-3">
        {rollups.map((r) => {
          const def = findRollup(r.name)!;
          return (
            <li key={r.name} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-rollup={r.name}>
              <div className="flex flex-col gap-1">
                <h2 className="text-lg font-semibold">{r.title}</h2>
                <p className="text-sm text-muted-foreground">{r.answers}</p>
              </div>
              <PeriodForm def={def} period={def.period === "quarter" ? choices.quarter : choices.range} choices={choices} submit={m.people_rollup_open()} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function PrintForm({ def, period }: { def: RollupDef; period: RollupPeriod }) {
  return <PrintMenu action={`/hub/rollups/${def.name}/print`} hidden={rollupPeriodParams(period)} paper={def.paper} testId="rollup" />;
}

/** /hub/rollups/{rollup}: one roll-up for the chosen period, one row per barangay and the total. */
export function RollupScreen({ loaderData }: { loaderData: LoaderData<typeof rollupLoader> }) {
  const { result, choices } = loaderData;
  const def = findRollup(result.name)!;
  return (
    <div className="flex flex-col gap-5" data-rollup={def.name}>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <Heading title={def.title}>
          <p className="text-sm text-muted-foreground">
            <Link to="/hub/rollups" className="underline-offset-4 hover:underline">
              {m.people_hub_rollups()}
            </Link>{" "}
            · {result.municipality.name} · <span data-testid="rollup-period">{result.period.label}</span>
          </p>
          <p className="max-w-3xl text-sm text-muted-foreground">{def.answers}</p>
          <p className="text-xs text-muted-foreground">{m.people_report_as_of({ date: formatDateTime(result.generated_at) })}</p>
          <ReplicaLagNote readFrom={result.read_from} />
        </Heading>
        <div className="flex flex-wrap items-end gap-2">
          <PrintForm def={def} period={result.period} />
          <a
            href={rollupHref(def.name, result.period, "/export")}
            className={buttonVariants({ variant: "default" })}
            download
            data-testid="rollup-xlsx"
          >
            <FileSpreadsheet aria-hidden="true" />
            {m.people_report_export_xlsx()}
          </a>
        </div>
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-sm">
        <PeriodForm def={def} period={result.period} choices={choices} submit={m.people_rollup_show()} />
      </div>
      <SummaryCards cards={result.cards} />
      <div className="grid gap-4 xl:grid-cols-2">
        {result.sections.map((data) => {
          const section = def.sections.find((s) => s.key === data.key)!;
          return (
            <Card
              key={data.key}
              className={cn("min-w-0 gap-3 pb-3", (section.columns.length > 4 || isWideSection(section.columns)) && "xl:col-span-2")}
              data-section={data.key}
            >
              <CardHeader>
                <CardTitle>{section.title}</CardTitle>
                {section.description ? <CardDescription>{section.description}</CardDescription> : null}
              </CardHeader>
              <ReportTable
                columns={section.columns}
                rows={data.rows}
                totals={data.totals}
                caption={section.title}
                testId={`section-${data.key}`}
              />
            </Card>
          );
        })}
      </div>
    </div>
  );
}
