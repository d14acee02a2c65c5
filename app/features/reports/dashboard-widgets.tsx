import { Activity, Banknote, FileBadge, HandCoins, Home, Users, Wallet } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { actorName, auditPredicate } from "@domain/audit/audit-sentence";
import { formatDateTime } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { compactNumber, compactPeso, dayTick, fullDay, fullMonth, monthTick } from "./chart-axes";
import type { DashboardData, MoneyFigure, TrendPoint } from "@domain/reports/dashboard";
import { KpDeadlinesCard } from "~/features/kp/deadlines-card";
import { m } from "@domain/i18n";

// The dashboard's widgets. The loader sends only the widgets the user's
// permissions allow (server/features/dashboard/service.ts); this draws what it was sent.

function Widget({
  title,
  icon,
  href,
  children,
  testId,
}: {
  title: string;
  icon: React.ReactNode;
  href?: string;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <section className="flex min-w-0 flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm" aria-label={title} data-testid={testId}>
      <h3 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
        <span className="text-primary-ink" aria-hidden="true">
          {icon}
        </span>
        {href ? (
          <Link to={href} className="underline-offset-4 hover:underline">
            {title}
          </Link>
        ) : (
          title
        )}
      </h3>
      {children}
    </section>
  );
}

/** What a widget counts. */
type Unit = "receipt" | "voucher" | "resident" | "household" | "collector" | "day";

/** Each unit's one and many, as message functions (called when a count is written, in the reader's language). */
const UNITS: Record<Unit, [one: (p: { n: string }) => string, many: (p: { n: string }) => string]> = {
  receipt: [m.people_dashboard_receipt_one, m.people_dashboard_receipt_many],
  voucher: [m.people_dashboard_voucher_one, m.people_dashboard_voucher_many],
  resident: [m.people_dashboard_resident_one, m.people_dashboard_resident_many],
  household: [m.people_dashboard_household_one, m.people_dashboard_household_many],
  collector: [m.people_dashboard_collector_one, m.people_dashboard_collector_many],
  day: [m.people_dashboard_day_one, m.people_dashboard_day_many],
};

/** "1 receipt", "25,000 receipts": counts grouped like the big figures. */
const countOf = (n: number, unit: Unit) => UNITS[unit][n === 1 ? 0 : 1]({ n: n.toLocaleString("en-US") });

function Big({ value, hint }: { value: string; hint?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** A money widget: today's and this month's amounts, each with how many records make it. */
function MoneyWidget({
  today,
  month,
  unit,
  children,
  ...widget
}: {
  title: string;
  icon: React.ReactNode;
  href: string;
  testId: string;
  today: MoneyFigure;
  month: MoneyFigure;
  /** What is counted: "receipt", "voucher". */
  unit: Unit;
  children?: React.ReactNode;
}) {
  return (
    <Widget {...widget}>
      {/* Side by side while both amounts fit, else one under the other: a month of a large barangay (₱8,125,000.00) ran out of its card. */}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Big value={formatMoney(today.amount)} hint={m.people_dashboard_today({ count: countOf(today.count, unit) })} />
        <Big value={formatMoney(month.amount)} hint={m.people_dashboard_month({ count: countOf(month.count, unit) })} />
      </div>
      {children}
    </Widget>
  );
}

/** The chart's tooltip: the whole date and figure of the point under the pointer. */
function ChartTip({ title, value }: { title: string; value: string }) {
  return (
    <div className="rounded-lg border bg-background px-2 py-1 text-xs shadow">
      <p className="text-muted-foreground">{title}</p>
      <p className="font-mono font-medium">{value}</p>
    </div>
  );
}

const AXIS = { tickLine: false, axisLine: false, fontSize: 11, stroke: "var(--muted-foreground)" } as const;

/**
 * A chart people can read: its title and a sentence saying what it shows (first, last, highest)
 * for a screen reader, the drawing itself hidden from it.
 */
function ChartFigure({ id, title, description, children }: { id: string; title: string; description: string; children: React.ReactNode }) {
  return (
    <figure aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`} className="flex flex-col gap-1">
      <figcaption id={`${id}-title`} className="text-xs text-muted-foreground">
        {title}
      </figcaption>
      <p id={`${id}-desc`} className="sr-only">
        {description}
      </p>
      <div aria-hidden="true" className="h-36">
        {children}
      </div>
    </figure>
  );
}

function Trend({ points, color, slug, title, unit }: { points: TrendPoint[]; color: string; slug: string; title: string; unit: Unit }) {
  const first = points[0];
  const last = points[points.length - 1];
  const id = `trend-${slug}`;
  const description =
    first && last
      ? m.people_dashboard_trend_description({
          first: countOf(first.value, unit),
          firstMonth: fullMonth(first.month),
          last: countOf(last.value, unit),
          lastMonth: fullMonth(last.month),
        })
      : m.people_dashboard_no_data();
  return (
    <ChartFigure
      id={id}
      title={title}
      description={description}
    >
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 280, height: 144 }}>
        <AreaChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <defs>
            <linearGradient id={`fill-${slug}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="5%" stopColor={color} stopOpacity={0.35} />
              <stop offset="95%" stopColor={color} stopOpacity={0.05} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="month" tickFormatter={monthTick} interval="preserveStartEnd" minTickGap={12} {...AXIS} />
          <YAxis tickFormatter={compactNumber} width={40} allowDecimals={false} domain={["auto", "auto"]} {...AXIS} />
          <Tooltip
            cursor={{ stroke: "var(--border)" }}
            content={({ active, payload }) =>
              active && payload?.length ? (
                <ChartTip title={m.people_dashboard_end_of({ month: fullMonth(String(payload[0].payload.month)) })} value={countOf(Number(payload[0].value), unit)} />
              ) : null
            }
          />
          <Area dataKey="value" type="monotone" stroke={color} fill={`url(#fill-${slug})`} strokeWidth={2} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** A chart's amount (pesos as a number) as the portal writes money: "₱12,345.50". */
const pesos = (amount: number) => formatMoney(amount.toFixed(2));

function CollectionDays({ days }: { days: { day: string; amount: number }[] }) {
  const highest = days.reduce((best, d) => (d.amount > best.amount ? d : best), days[0]);
  const total = days.reduce((sum, d) => sum + d.amount, 0);
  const description = m.people_dashboard_days_description({ days: countOf(days.length, "day"), total: pesos(total), highest: pesos(highest.amount), day: fullDay(highest.day) });
  return (
    <ChartFigure id="collections-days" title={m.people_dashboard_days_title()} description={description}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 280, height: 144 }}>
        <BarChart data={days} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="day" tickFormatter={dayTick} interval="preserveStartEnd" minTickGap={12} {...AXIS} />
          <YAxis tickFormatter={compactPeso} width={48} {...AXIS} />
          <Tooltip
            cursor={{ fill: "var(--muted)" }}
            content={({ active, payload }) =>
              active && payload?.length ? (
                <ChartTip title={fullDay(String(payload[0].payload.day))} value={pesos(Number(payload[0].value))} />
              ) : null
            }
          />
          <Bar dataKey="amount" fill="#ca8a04" radius={2} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

const change = (points: TrendPoint[]) => {
  if (points.length < 2) return undefined;
  const diff = points[points.length - 1].value - points[0].value;
  return m.people_dashboard_change({ change: `${diff >= 0 ? "+" : "−"}${Math.abs(diff).toLocaleString("en-US")}` });
};

export function DashboardWidgets({ data }: { data: DashboardData }) {
  const any =
    data.population ||
    data.households ||
    data.collections ||
    data.disbursements ||
    data.remittances ||
    data.certificates ||
    data.kpDeadlines ||
    data.activity?.length;
  if (!any) return null;
  return (
    <section aria-labelledby="dashboard-overview" className="flex flex-col gap-3">
      <h2 id="dashboard-overview" className="text-lg font-semibold">
        {m.people_dashboard_overview()}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-widgets">
        {/* The law's deadlines first: what is overdue is the one thing on this page that cannot wait. */}
        {data.kpDeadlines ? <KpDeadlinesCard items={data.kpDeadlines} /> : null}
        {data.population ? (
          <Widget title={m.people_dashboard_population()} icon={<Users className="size-4" />} href="/manage/reports/residents" testId="widget-population">
            <Big
              value={data.population.total.toLocaleString("en-US")}
              hint={m.people_dashboard_population_hint({
                male: data.population.male.toLocaleString("en-US"),
                female: data.population.female.toLocaleString("en-US"),
                change: change(data.population.trend) ?? "",
              })}
            />
            <Trend
              points={data.population.trend}
              color="#2563eb"
              slug="population"
              title={m.people_dashboard_population_trend()}
              unit="resident"
            />
          </Widget>
        ) : null}
        {data.households ? (
          <Widget title={m.people_households_title()} icon={<Home className="size-4" />} href="/manage/reports/households" testId="widget-households">
            <Big value={data.households.total.toLocaleString("en-US")} hint={change(data.households.trend)} />
            <Trend
              points={data.households.trend}
              color="#059669"
              slug="households"
              title={m.people_dashboard_households_trend()}
              unit="household"
            />
          </Widget>
        ) : null}
        {data.collections ? (
          <MoneyWidget
            title={m.people_dashboard_collections()}
            icon={<HandCoins className="size-4" />}
            href="/manage/collections"
            testId="widget-collections"
            today={data.collections.today}
            month={data.collections.month}
            unit="receipt"
          >
            {data.collections.days.length ? <CollectionDays days={data.collections.days} /> : null}
          </MoneyWidget>
        ) : null}
        {data.disbursements ? (
          <MoneyWidget
            title={m.people_dashboard_disbursements()}
            icon={<Wallet className="size-4" />}
            href="/manage/disbursements"
            testId="widget-disbursements"
            today={data.disbursements.today}
            month={data.disbursements.month}
            unit="voucher"
          />
        ) : null}
        {data.remittances ? (
          <Widget title={m.people_dashboard_remittances()} icon={<Banknote className="size-4" />} href="/manage/remittances" testId="widget-remittances">
            <Big
              value={formatMoney(data.remittances.pending.amount)}
              hint={m.people_dashboard_remittances_hint({ receipts: countOf(data.remittances.pending.count, "receipt"), collectors: countOf(data.remittances.collectors, "collector") })}
            />
          </Widget>
        ) : null}
        {data.certificates ? (
          <Widget
            title={m.people_dashboard_certificates()}
            icon={<FileBadge className="size-4" />}
            href="/manage/transactions"
            testId="widget-certificates"
          >
            <Big value={data.certificates.month.toLocaleString("en-US")} hint={m.people_dashboard_certificates_today({ count: data.certificates.today })} />
          </Widget>
        ) : null}
        {data.activity?.length ? (
          <Widget title={m.people_dashboard_activity()} icon={<Activity className="size-4" />} testId="widget-activity">
            <ol className="flex flex-col gap-1.5 text-sm">
              {data.activity.map((a) => (
                <li key={a.id} className="flex flex-col">
                  <span>
                    <span className="font-medium">{actorName(a.who)}</span> {auditPredicate(a)}
                  </span>
                  <time className="text-xs text-muted-foreground" dateTime={a.at}>
                    {formatDateTime(a.at)}
                  </time>
                </li>
              ))}
            </ol>
          </Widget>
        ) : null}
      </div>
    </section>
  );
}
