import { PrintBar, usePrintNow } from "~/components/print/print-bar";
import { SummaryCards } from "~/features/reports/report-page";
import { ReportTable } from "~/features/reports/report-table";
import { formatDate, formatDateTime } from "@domain/dates";
import { PAPER_SIZES, type Orientation, type PaperSize } from "@domain/reports/types";
import { findRollup, rollupHref } from "@domain/rollups";
import type { LoaderData } from "~/lib/route-data";
import { cn } from "~/lib/utils";
import type { loader } from "~/routes/hub.rollups.print";

// A roll-up on paper, as the reports print (app/features/reports/report-print.tsx): A4, Letter or
// long bond, portrait or landscape by @page rules, the city or municipality's heading, the
// summary, every section's table with its totals, and the signatures. No JavaScript is needed.

/** A section with more rows than this may break across pages; a shorter one is kept on one page. */
const LONG_SECTION_ROWS = 12;

/** Sheet sizes in millimetres (width × height, portrait). */
const SHEETS: Record<PaperSize, [number, number]> = { a4: [210, 297], letter: [215.9, 279.4], long: [215.9, 330.2] };

export function RollupSheet({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { result, printedAt, printedBy } = loaderData;
  const def = findRollup(result.name)!;
  const paper = PAPER_SIZES.find((p) => p.value === loaderData.paper.size) ?? PAPER_SIZES[0];
  const orientation = loaderData.paper.orientation as Orientation;
  const [w, h] = SHEETS[paper.value];
  const sheetWidth = orientation === "landscape" ? h : w;
  const pageSize = paper.value === "long" ? (orientation === "landscape" ? "13in 8.5in" : "8.5in 13in") : `${paper.css} ${orientation}`;
  const pageCss = `
@page { size: ${pageSize}; margin: 12mm; @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; } }
@media print {
  html, body { background: #fff !important; }
  .rollup-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; padding: 0 !important; }
  .rollup-sheet thead { display: table-header-group; }
  .rollup-sheet tfoot { display: table-row-group; }
  .rollup-sheet section { break-inside: avoid; }
  .rollup-sheet section.rollup-long { break-inside: auto; }
}`;
  usePrintNow();
  const { municipality } = result;
  return (
    <>
      <style>{pageCss}</style>
      <PrintBar backTo={rollupHref(def.name, result.period)} backLabel={def.title} style={{ width: `${sheetWidth}mm` }} />
      <article
        className="rollup-sheet mx-auto flex max-w-full flex-col gap-4 bg-white p-[12mm] text-[10pt] leading-snug text-stone-900 shadow-lg"
        style={{ width: `${sheetWidth}mm` }}
        data-testid="rollup-sheet"
        data-paper={`${paper.value}-${orientation}`}
        aria-label={def.title}
      >
        <header className="flex flex-col items-center gap-0.5 text-center">
          <p className="text-[9pt]">Republic of the Philippines</p>
          {municipality.province ? <p className="text-[9pt]">Province of {municipality.province}</p> : null}
          <p className="text-[12pt] font-semibold uppercase">{municipality.name}</p>
          <p className="text-[8pt] text-stone-600">PSGC {municipality.psgc_code}</p>
          <h1 className="mt-2 text-[14pt] font-bold uppercase">{def.title}</h1>
          <p className="text-[9pt]">
            {result.period.label} · {result.barangays.length} {result.barangays.length === 1 ? "barangay" : "barangays"}
          </p>
          <p className="text-[8pt] text-stone-600">As of {formatDate(printedAt, "long")}</p>
        </header>
        <SummaryCards cards={result.cards} print />
        {result.sections.map((data) => {
          const section = def.sections.find((s) => s.key === data.key)!;
          return (
            <section
              key={data.key}
              // A long table runs on from the page it starts on; a narrow one (Form C's four columns) keeps to half the sheet.
              className={cn(
                "flex flex-col gap-1",
                data.rows.length > LONG_SECTION_ROWS && "rollup-long",
                section.columns.length <= 4 && "max-w-[150mm]",
              )}
              aria-label={section.title}
            >
              <h2 className="text-[11pt] font-semibold">{section.title}</h2>
              {section.description ? <p className="text-[8pt] text-stone-600">{section.description}</p> : null}
              <ReportTable
                print
                columns={section.columns}
                rows={data.rows}
                totals={data.totals}
                caption={section.title}
                testId={`print-${data.key}`}
              />
            </section>
          );
        })}
        <footer className="mt-6 grid break-inside-avoid grid-cols-2 gap-10 text-[9pt]">
          <div>
            <p>Prepared by:</p>
            <p className="mt-8 border-t border-stone-900 pt-1 text-center font-semibold uppercase">{printedBy || "\u00a0"}</p>
            <p className="text-center">Signature over printed name</p>
          </div>
          <div>
            <p>Noted by:</p>
            <p className="mt-8 border-t border-stone-900 pt-1 text-center font-semibold uppercase">{"\u00a0"}</p>
            <p className="text-center">Signature over printed name</p>
          </div>
          <p className="col-span-2 text-[7pt] text-stone-500">
            Printed {formatDateTime(printedAt)} · Roll-up {def.name} · Barangay Portal
          </p>
        </footer>
      </article>
    </>
  );
}
