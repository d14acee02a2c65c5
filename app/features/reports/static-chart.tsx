import type { ReactNode } from "react";
import { PALETTE } from "./report-chart";
import type { ReportChart, ReportRow } from "@domain/reports/types";

// The print form of a report's chart: plain SVG drawn while rendering, on the server, so a print
// view shows its charts without JavaScript (Recharts measures in the browser and draws nothing
// during server rendering). Same data, same colours, same series as the screen's chart.

const fmt = (n: number) => Math.abs(n).toLocaleString("en-US");

/** A round step for axis ticks: 1, 2 or 5 × 10^k, giving about `count` ticks up to `max`. */
function niceStep(max: number, count = 4): number {
  if (max <= 0) return 1;
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function ticks(max: number): number[] {
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}

/** Running sums: the start of each item after the ones before it. */
function starts(sizes: readonly number[]): number[] {
  return sizes.map((_, i) => sizes.slice(0, i).reduce((a, b) => a + b, 0));
}

function Legend({ chart, x, y }: { chart: ReportChart; x: number; y: number }) {
  const at = starts(chart.series.map((s) => 24 + s.label.length * 6.5));
  return (
    <g transform={`translate(${x},${y})`}>
      {chart.series.map((s, i) => {
        return (
          <g key={s.key} transform={`translate(${at[i]},0)`}>
            <rect width={10} height={10} y={-9} rx={2} fill={PALETTE[i % PALETTE.length]} />
            <text x={14} fontSize={10}>
              {s.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Category names under vertical bars are cut to what their band holds, but never below this. */
const LABEL_CHARS = 14;
/** About the width of one character of the 9-px axis font, with room between two labels. */
const CHAR_WIDTH = 5.5;
const LABEL_GAP = 8;

/** How many characters of a category name are printed under a band this wide. */
export const labelChars = (band: number) => Math.max(LABEL_CHARS, Math.floor((band - LABEL_GAP) / CHAR_WIDTH));

/**
 * Which categories get their name under the bars: all while the names fit side by side, else every
 * k-th one from the first, and the last — as the screen's chart thins its axis (Recharts'
 * preserveStartEnd). 120 puroks on an A4 page printed 120 names on
 * top of each other.
 */
export function labelledCategories(names: readonly string[], band: number): Set<number> {
  const chars = labelChars(band);
  const widest = Math.max(0, ...names.map((n) => Math.min(n.length, chars))) * CHAR_WIDTH + LABEL_GAP;
  const step = Math.max(1, Math.ceil(widest / Math.max(band, 1e-6)));
  const shown = new Set<number>();
  for (let i = 0; i < names.length; i += step) shown.add(i);
  // The last one too, in place of the one before it when the two would touch.
  const last = names.length - 1;
  const before = last - (last % step);
  if (last > before) {
    if ((last - before) * band < widest && before > 0) shown.delete(before);
    if ((last - before) * band >= widest || before > 0) shown.add(last);
  }
  return shown;
}

/** A name centred under its bar, or held inside the chart at either end (the last purok's ran off the page). */
function AxisLabel({ text, x, y, width }: { text: string; x: number; y: number; width: number }) {
  const half = (text.length * CHAR_WIDTH) / 2;
  const [at, anchor]: [number, "start" | "middle" | "end"] =
    x + half > width ? [width - 1, "end"] : x - half < 0 ? [1, "start"] : [x, "middle"];
  return (
    <text x={at} y={y} fontSize={9} textAnchor={anchor}>
      {text}
    </text>
  );
}

/**
 * A chart drawn for its sheet's width; on a screen narrower than the sheet (a phone showing the
 * print view) it scales down whole instead of running off the page. On paper it is never scaled.
 */
function ChartSvg({ width, height, title, children }: { width: number; height: number; title: string; children: ReactNode }) {
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={title}
      className="h-auto max-w-full text-stone-700"
    >
      {children}
    </svg>
  );
}

export function StaticChart({ chart, rows, width }: { chart: ReportChart; rows: readonly ReportRow[]; width: number }) {
  const value = (row: ReportRow, key: string) => Number(row[key] ?? 0) || 0;
  const label = (row: ReportRow) => String(row[chart.x] ?? "");

  if (chart.kind === "pyramid" || chart.horizontal) {
    const pyramid = chart.kind === "pyramid";
    const data = pyramid ? [...rows].reverse() : [...rows];
    const bar = pyramid ? 12 : 16;
    const gap = pyramid ? 3 : 8;
    const labelWidth = pyramid ? 78 : 130;
    const top = 22;
    const height = top + data.length * (bar + gap) + 22;
    const plot = width - labelWidth - 16;
    if (pyramid) {
      const [left, right] = chart.series;
      const max = Math.max(1, ...data.map((r) => Math.max(value(r, left.key), value(r, right.key))));
      const scale = ticks(max);
      const top2 = scale[scale.length - 1];
      const half = plot / 2;
      const centre = labelWidth + half;
      return (
        <ChartSvg width={width} height={height} title={chart.title}>
          <Legend chart={chart} x={labelWidth} y={12} />
          {scale.map((t) => (
            <g key={t}>
              {[-1, 1].map((side) => (
                <g key={side}>
                  <line
                    x1={centre + (side * t * half) / top2}
                    x2={centre + (side * t * half) / top2}
                    y1={top}
                    y2={height - 20}
                    stroke="#d6d3d1"
                  />
                  <text x={centre + (side * t * half) / top2} y={height - 6} fontSize={9} textAnchor="middle">
                    {fmt(t)}
                  </text>
                </g>
              ))}
            </g>
          ))}
          {data.map((r, i) => {
            const y = top + i * (bar + gap);
            const l = (value(r, left.key) * half) / top2;
            const rr = (value(r, right.key) * half) / top2;
            return (
              <g key={label(r)}>
                <text x={labelWidth - 6} y={y + bar - 2} fontSize={9} textAnchor="end">
                  {label(r)}
                </text>
                <rect x={centre - l} y={y} width={l} height={bar} fill={PALETTE[0]} />
                <rect x={centre} y={y} width={rr} height={bar} fill={PALETTE[1]} />
              </g>
            );
          })}
        </ChartSvg>
      );
    }
    const max = Math.max(
      1,
      ...data.map((r) =>
        chart.stacked ? chart.series.reduce((s, x) => s + value(r, x.key), 0) : Math.max(...chart.series.map((x) => value(r, x.key))),
      ),
    );
    const scale = ticks(max);
    const top2 = scale[scale.length - 1];
    return (
      <ChartSvg width={width} height={height} title={chart.title}>
        {chart.series.length > 1 ? <Legend chart={chart} x={labelWidth} y={12} /> : null}
        {scale.map((t) => (
          <g key={t}>
            <line x1={labelWidth + (t * plot) / top2} x2={labelWidth + (t * plot) / top2} y1={top} y2={height - 20} stroke="#d6d3d1" />
            <text x={labelWidth + (t * plot) / top2} y={height - 6} fontSize={9} textAnchor="middle">
              {fmt(t)}
            </text>
          </g>
        ))}
        {data.map((r, i) => {
          const y = top + i * (bar + gap);
          const widths = chart.series.map((s) => (value(r, s.key) * plot) / top2);
          const xs = starts(widths).map((w) => labelWidth + w);
          return (
            <g key={label(r)}>
              <text x={labelWidth - 6} y={y + bar - 4} fontSize={9} textAnchor="end">
                {label(r).slice(0, 24)}
              </text>
              {chart.series.map((s, j) => {
                const h = chart.stacked ? bar : bar / chart.series.length;
                const x = chart.stacked ? xs[j] : labelWidth;
                return (
                  <rect
                    key={s.key}
                    x={x}
                    y={chart.stacked ? y : y + j * h}
                    width={widths[j]}
                    height={h}
                    fill={PALETTE[j % PALETTE.length]}
                  />
                );
              })}
            </g>
          );
        })}
      </ChartSvg>
    );
  }

  // Vertical bars (bar), grouped or stacked; a pie prints as bars of its one series.
  const series = chart.kind === "pie" ? chart.series.slice(0, 1) : chart.series;
  const height = 240;
  const left = 44;
  const top = 24;
  const bottom = 40;
  const plotW = width - left - 8;
  const plotH = height - top - bottom;
  const max = Math.max(
    1,
    ...rows.map((r) => (chart.stacked ? series.reduce((s, x) => s + value(r, x.key), 0) : Math.max(...series.map((x) => value(r, x.key))))),
  );
  const scale = ticks(max);
  const top2 = scale[scale.length - 1];
  const band = plotW / Math.max(1, rows.length);
  const barW = Math.min(48, band * 0.7);
  const shown = labelledCategories(rows.map(label), band);
  return (
    <ChartSvg width={width} height={height} title={chart.title}>
      {series.length > 1 ? <Legend chart={chart} x={left} y={12} /> : null}
      {scale.map((t) => {
        const y = top + plotH - (t * plotH) / top2;
        return (
          <g key={t}>
            <line x1={left} x2={width - 8} y1={y} y2={y} stroke="#d6d3d1" />
            <text x={left - 6} y={y + 3} fontSize={9} textAnchor="end">
              {fmt(t)}
            </text>
          </g>
        );
      })}
      {rows.map((r, i) => {
        const cx = left + band * i + band / 2;
        const heights = series.map((s) => (value(r, s.key) * plotH) / top2);
        const below = starts(heights);
        return (
          <g key={label(r)}>
            {series.map((s, j) => {
              const h = heights[j];
              const w = chart.stacked ? barW : barW / series.length;
              const x = chart.stacked ? cx - barW / 2 : cx - barW / 2 + j * w;
              const y = chart.stacked ? top + plotH - below[j] - h : top + plotH - h;
              return <rect key={s.key} x={x} y={y} width={w} height={h} fill={PALETTE[j % PALETTE.length]} />;
            })}
            {shown.has(i) ? <AxisLabel text={label(r).slice(0, labelChars(band))} x={cx} y={top + plotH + 14} width={width} /> : null}
          </g>
        );
      })}
    </ChartSvg>
  );
}
