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
import { formatDateTime } from "@domain/dates";
import { findRollup, rollupHref, rollupPeriodParams, type RollupDef, type RollupPeriod } from "@domain/rollups";
import { cn } from "~/lib/utils";
import type { LoaderData } from "~/lib/route-data";
import type { loader as indexLoader } from "~/routes/hub.rollups";
import type { loader as rollupLoader } from "~/routes/hub.rollups.rollup";

// The roll-ups' screens (issue 29 item 4): the choice of a roll-up and its period, and a roll-up's
// page — its figures per barangay, print and XLSX. Every form is a GET form: the period lives in
// the address, and everything works without JavaScript.

type Choices = LoaderData<typeof indexLoader>["choices"];

const QUARTERS = [1, 2, 3, 4].map((q) => ({ value: String(q), label: ["1st", "2nd", "3rd", "4th"][q - 1] + " quarter" }));

/** The period of a roll-up: a year and quarter, or two dates. */
function PeriodFields({ kind, period, choices, id }: { kind: RollupDef["period"]; period: RollupPeriod; choices: Choices; id: string }) {
  if (kind === "quarter")
    return (
      <>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-year`}>Year</Label>
          <NativeSelect id={`${id}-year`} name="year" defaultValue={String(period.year)}>
            <SelectOptions options={choices.years.map((y) => ({ value: String(y), label: String(y) }))} />
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-quarter`}>Quarter</Label>
          <NativeSelect id={`${id}-quarter`} name="quarter" defaultValue={String(period.quarter)}>
            <SelectOptions options={QUARTERS} />
          </NativeSelect>
        </div>
      </>
    );
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input id={`${id}-from`} type="date" name="from" defaultValue={period.from} max={choices.range.to} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-to`}>To</Label>
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
      aria-label={`Period of ${def.title}`}
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
      <Heading title="Roll-ups">
        <p className="text-sm text-muted-foreground">
          {municipality.name}
          {municipality.province ? `, ${municipality.province}` : ""}: {barangays.length} active{" "}
          {barangays.length === 1 ? "barangay" : "barangays"} on this hub. The roll-ups read their records and change none.
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
              <PeriodForm def={def} period={def.period === "quarter" ? choices.quarter : choices.range} choices={choices} submit="Open" />
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
              Roll-ups
            </Link>{" "}
            · {result.municipality.name} · <span data-testid="rollup-period">{result.period.label}</span>
          </p>
          <p className="max-w-3xl text-sm text-muted-foreground">{def.answers}</p>
          <p className="text-xs text-muted-foreground">As of {formatDateTime(result.generated_at)}</p>
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
            Export XLSX
          </a>
        </div>
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-sm">
        <PeriodForm def={def} period={result.period} choices={choices} submit="Show" />
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
