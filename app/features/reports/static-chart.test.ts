import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { labelledCategories, StaticChart } from "./static-chart";
import { residentsReport } from "@domain/reports/registry";

// The printed report's bar chart (DESIGN §12): a category's name under
// its bar only where the names do not run into each other.

// The residents report's own chart, as the print view draws it.
const byPurok = residentsReport.charts!.find((chart) => chart.section === "by_purok")!;

const puroks = (n: number) => Array.from({ length: n }, (_, i) => ({ purok: `Purok ${i + 1}`, male: 800 + i, female: 820 }));

/** The x positions and texts of the axis labels under the bars (the labels at y = 214). */
function axisLabels(markup: string): { x: number; text: string }[] {
  return [...markup.matchAll(/<text x="([\d.]+)" y="214"[^>]*>([^<]*)<\/text>/g)].map((m) => ({ x: Number(m[1]), text: m[2] }));
}

describe("the printed bar chart's category names", () => {
  it("names every bar while the names fit", () => {
    const markup = renderToStaticMarkup(createElement(StaticChart, { chart: byPurok, rows: puroks(6), width: 700 }));
    expect(axisLabels(markup).map((l) => l.text)).toEqual(["Purok 1", "Purok 2", "Purok 3", "Purok 4", "Purok 5", "Purok 6"]);
  });

  it("thins the names of 120 puroks so that none touches the next, first and last bars named", () => {
    const rows = puroks(120);
    const markup = renderToStaticMarkup(createElement(StaticChart, { chart: byPurok, rows, width: 700 }));
    const labels = axisLabels(markup);
    // Every bar is still drawn: two series, one rect each per purok.
    expect(markup.match(/<rect /g)?.length).toBeGreaterThanOrEqual(240);
    expect(labels.length).toBeGreaterThan(5);
    expect(labels.length).toBeLessThan(20);
    expect(labels[0].text).toBe("Purok 1");
    expect(labels.at(-1)!.text).toBe("Purok 120");
    // The last name ends inside the chart instead of running off the page.
    expect(markup).toContain(`<text x="699" y="214" font-size="9" text-anchor="end">Purok 120</text>`);
    for (let i = 1; i < labels.length; i++) {
      // Centred labels of up to "Purok 120" (9 characters of the 9-px font, ~50 px) keep apart.
      expect(labels[i].x - labels[i - 1].x).toBeGreaterThanOrEqual(9 * 5.5);
    }
  });

  it("names the last bar, in place of the name before it when the two would touch", () => {
    // 4-character names are 4 × 5.5 + 8 = 30 px wide: on 10-px bands every third bar is named.
    expect([...labelledCategories(Array(10).fill("abcd"), 10)]).toEqual([0, 3, 6, 9]);
    // The 13th bar (index 12) is 30 px after index 9: both named.
    expect([...labelledCategories(Array(13).fill("abcd"), 10)]).toEqual([0, 3, 6, 9, 12]);
    // Index 10 and 11 are too close to index 9, which gives way to them.
    expect([...labelledCategories(Array(11).fill("abcd"), 10)]).toEqual([0, 3, 6, 10]);
    expect([...labelledCategories(Array(12).fill("abcd"), 10)]).toEqual([0, 3, 6, 11]);
    // Two bars too close for two names: only the first.
    expect([...labelledCategories(["abcd", "efgh"], 10)]).toEqual([0]);
  });
});
