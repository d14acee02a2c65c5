import * as React from "react";
import { Bar, BarChart, CartesianGrid, Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ReportChart, ReportRow } from "@domain/reports/types";

// A report's chart (DESIGN §12) in the shadcn chart style: a config of series (label, colour)
// turned into CSS variables `--color-{key}` on the container, Recharts drawing with
// `var(--color-{key})`, a muted grid, a small rounded tooltip. The chart fills its card
// (ResponsiveContainer, drawn after hydration); print views draw static-chart.tsx instead, on the
// server, so a print needs no JavaScript.

export const PALETTE = ["#2563eb", "#db2777", "#ca8a04", "#059669", "#7c3aed", "#ea580c"];

export type ChartConfig = Record<string, { label: string; color: string }>;

function configOf(chart: ReportChart): ChartConfig {
  return Object.fromEntries(chart.series.map((s, i) => [s.key, { label: s.label, color: PALETTE[i % PALETTE.length] }]));
}

/** A category name cut to one line of the axis. */
const short = (value: unknown) => {
  const text = String(value ?? "");
  return text.length > 20 ? `${text.slice(0, 19)}…` : text;
};

const number = (value: unknown) => Math.abs(Number(value ?? 0)).toLocaleString("en-US");

function TooltipBox({
  active,
  payload,
  label,
  config,
}: {
  active?: boolean;
  payload?: readonly { dataKey?: unknown; value?: unknown; color?: string; payload?: Record<string, unknown> }[];
  label?: unknown;
  config: ChartConfig;
}) {
  if (!active || !payload?.length) return null;
  return (
    <div className="grid min-w-32 gap-1.5 rounded-lg border bg-background px-2.5 py-1.5 text-xs shadow-xl">
      {label != null ? <div className="font-medium">{String(label)}</div> : null}
      {payload.map((item) => {
        const key = String(item.dataKey ?? "");
        return (
          <div key={key} className="flex items-center gap-2">
            <span className="size-2.5 shrink-0 rounded-[2px]" style={{ background: config[key]?.color ?? item.color }} aria-hidden="true" />
            <span className="text-muted-foreground">{config[key]?.label ?? key}</span>
            <span className="ml-auto font-mono font-medium tabular-nums">{number(item.value)}</span>
          </div>
        );
      })}
    </div>
  );
}

function Frame({ children, print, height }: { children: React.ReactElement; print: boolean; height: number }) {
  if (print) return children;
  return (
    <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
      {children}
    </ResponsiveContainer>
  );
}

/** One chart of a report; `print` draws it at a fixed width on the server. */
export function ReportChartView({
  chart,
  rows,
  print = false,
  width = 640,
}: {
  chart: ReportChart;
  rows: readonly ReportRow[];
  print?: boolean;
  width?: number;
}) {
  const config = configOf(chart);
  const vars = Object.fromEntries(Object.entries(config).map(([key, c]) => [`--color-${key}`, c.color])) as React.CSSProperties;
  const categories = rows.length;
  const sized = print ? { width, height: 0 } : {};
  let body: React.ReactElement;

  if (chart.kind === "pyramid") {
    // Oldest at the top; the first series to the left (negative), the second to the right.
    const [left, right] = chart.series;
    const data = [...rows]
      .reverse()
      .map((row) => ({ ...row, [left.key]: -Number(row[left.key] ?? 0), [right.key]: Number(row[right.key] ?? 0) }));
    const height = Math.max(220, categories * 18 + 60);
    body = (
      <Frame print={print} height={height}>
        <BarChart data={data} layout="vertical" stackOffset="sign" barCategoryGap={1} {...sized} height={height} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" tickFormatter={number} tickLine={false} axisLine={false} fontSize={11} />
          <YAxis type="category" dataKey={chart.x} width={96} tickLine={false} axisLine={false} fontSize={11} interval={0} />
          {print ? null : <Tooltip cursor={{ fill: "var(--muted)" }} content={(p) => <TooltipBox {...p} config={config} />} />}
          <Legend verticalAlign="top" height={28} formatter={(value: string) => config[value]?.label ?? value} />
          <Bar dataKey={left.key} stackId="p" fill={`var(--color-${left.key})`} isAnimationActive={!print} />
          <Bar dataKey={right.key} stackId="p" fill={`var(--color-${right.key})`} isAnimationActive={!print} />
        </BarChart>
      </Frame>
    );
  } else if (chart.kind === "pie") {
    const key = chart.series[0].key;
    const height = 260;
    body = (
      <Frame print={print} height={height}>
        <PieChart {...sized} height={height} accessibilityLayer={false}>
          {print ? null : <Tooltip content={(p) => <TooltipBox {...p} config={config} />} />}
          <Pie data={[...rows]} dataKey={key} nameKey={chart.x} innerRadius={50} isAnimationActive={!print}>
            {rows.map((row, i) => (
              <Cell key={String(row[chart.x])} fill={PALETTE[i % PALETTE.length]} />
            ))}
          </Pie>
        </PieChart>
      </Frame>
    );
  } else if (chart.horizontal) {
    const height = Math.max(180, categories * 28 + 50);
    body = (
      <Frame print={print} height={height}>
        <BarChart data={[...rows]} layout="vertical" {...sized} height={height} accessibilityLayer={false}>
          <CartesianGrid horizontal={false} stroke="var(--border)" />
          <XAxis type="number" tickFormatter={number} tickLine={false} axisLine={false} fontSize={11} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey={chart.x}
            width={130}
            tickLine={false}
            axisLine={false}
            fontSize={11}
            interval={0}
            tickFormatter={short}
          />
          {print ? null : <Tooltip cursor={{ fill: "var(--muted)" }} content={(p) => <TooltipBox {...p} config={config} />} />}
          {chart.series.map((s) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              stackId={chart.stacked ? "s" : undefined}
              fill={`var(--color-${s.key})`}
              radius={4}
              isAnimationActive={!print}
            />
          ))}
        </BarChart>
      </Frame>
    );
  } else {
    const height = 260;
    body = (
      <Frame print={print} height={height}>
        <BarChart data={[...rows]} {...sized} height={height} accessibilityLayer={false}>
          <CartesianGrid vertical={false} stroke="var(--border)" />
          <XAxis dataKey={chart.x} tickLine={false} axisLine={false} fontSize={11} interval="preserveStartEnd" minTickGap={8} />
          <YAxis tickFormatter={number} tickLine={false} axisLine={false} fontSize={11} width={44} allowDecimals={false} />
          {print ? null : <Tooltip cursor={{ fill: "var(--muted)" }} content={(p) => <TooltipBox {...p} config={config} />} />}
          {chart.series.length > 1 ? (
            <Legend verticalAlign="top" height={28} formatter={(value: string) => config[value]?.label ?? value} />
          ) : null}
          {chart.series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              stackId={chart.stacked ? "s" : undefined}
              fill={`var(--color-${s.key})`}
              radius={chart.stacked ? (i === chart.series.length - 1 ? [4, 4, 0, 0] : 0) : 4}
              isAnimationActive={!print}
            />
          ))}
        </BarChart>
      </Frame>
    );
  }

  const summary = rows
    .map((row) => `${String(row[chart.x])}: ${chart.series.map((s) => `${s.label} ${number(row[s.key])}`).join(", ")}`)
    .join("; ");
  return (
    <figure className="flex flex-col gap-2" style={vars} data-testid={`chart-${chart.section}`}>
      <figcaption className="text-sm font-medium">{chart.title}</figcaption>
      <div
        role="img"
        aria-label={`${chart.title}. ${summary}`}
        className="w-full text-xs [&_.recharts-cartesian-axis-tick_text]:fill-muted-foreground"
      >
        {body}
      </div>
    </figure>
  );
}
