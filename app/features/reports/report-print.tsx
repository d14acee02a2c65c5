import { PrintBar, usePrintNow } from "~/components/print/print-bar";
import { describeFilters } from "./describe";
import { reportHref } from "./format";
import { findReport } from "@domain/reports/registry";
import { StaticChart } from "./static-chart";
import { ReplicaLagNote, SummaryCards } from "./report-page";
import { ReportTable } from "./report-table";
import { PAPER_SIZES, PRINT_LISTING_LIMIT, reportHeading, sectionColumns, type Orientation, type PaperSize } from "@domain/reports/types";
import { formatDate, formatDateTime } from "@domain/dates";
import { useRootData } from "~/lib/root-data";
import { PrintLetterhead } from "~/components/print/letterhead";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/reports.print";

/** A section with more rows than this may break across pages; a shorter one is kept on one page. */
const LONG_SECTION_ROWS = 12;

/** Sheet sizes in millimetres (width × height, portrait). */
const SHEETS: Record<PaperSize, [number, number]> = { a4: [210, 297], letter: [215.9, 279.4], long: [215.9, 330.2] };

/** A report on paper: the letterhead, the summary, charts and tables (or the listing), and the signatures. */
export function ReportSheet({ loaderData, report }: { loaderData: LoaderData<typeof loader>; report: string }) {
  const { result, listing, options, printedAt, printedBy, officials, images } = loaderData;
  const def = findReport(loaderData.name)!;
  const root = useRootData();
  const barangay = root?.barangay;
  const sizeParam = loaderData.paper.size as PaperSize;
  const orientation = loaderData.paper.orientation as Orientation;
  const paper = PAPER_SIZES.find((p) => p.value === sizeParam) ?? PAPER_SIZES[0];
  const [w, h] = SHEETS[paper.value];
  const sheetWidth = orientation === "landscape" ? h : w;
  // A named size takes an orientation; explicit dimensions (long bond) are given in the order wanted.
  const pageSize = paper.value === "long" ? (orientation === "landscape" ? "13in 8.5in" : "8.5in 13in") : `${paper.css} ${orientation}`;
  const contentPx = Math.round(((sheetWidth - 24) / 25.4) * 96);
  const pageCss = `
@page { size: ${pageSize}; margin: 12mm; @bottom-right { content: "Page " counter(page) " of " counter(pages); font-size: 8pt; } }
@media print {
  html, body { background: #fff !important; }
  .report-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; padding: 0 !important; }
  .report-sheet thead { display: table-header-group; }
  /* The totals once, under the last row: a footer group would repeat them at the foot of every page. */
  .report-sheet tfoot { display: table-row-group; }
  .report-sheet figure, .report-sheet section { break-inside: avoid; }
  .report-sheet section.report-listing, .report-sheet section.report-long { break-inside: auto; }
}`;
  usePrintNow();
  const sectionResult = (key: string) => result.sections.find((s) => s.key === key);
  const listingSection = def.sections.find((s) => s.listing);

  return (
    <>
      <style>{pageCss}</style>
      <PrintBar
        backTo={reportHref(def.name, result.filters)}
        backLabel={def.heading ? def.title : reportHeading(def)}
        style={{ width: `${sheetWidth}mm` }}
      />
      <article
        className="report-sheet mx-auto flex max-w-full flex-col gap-4 bg-white p-[12mm] text-[10pt] leading-snug text-stone-900 shadow-lg"
        style={{ width: `${sheetWidth}mm` }}
        data-testid="report-sheet"
        data-paper={`${paper.value}-${orientation}`}
        aria-label={reportHeading(def)}
      >
        <PrintLetterhead barangay={barangay} images={images} title={listing && listingSection ? listingSection.title : reportHeading(def)}>
          <p className="text-[9pt]">{describeFilters(def, result.filters, options)}</p>
          <p className="text-[8pt] text-stone-600">As of {formatDate(printedAt, "long")}</p>
          <ReplicaLagNote readFrom={result.read_from} className="text-[8pt] text-stone-700" print />
        </PrintLetterhead>

        {result.letter && !listing ? (
          <section className="flex flex-col gap-3 text-[10.5pt]" aria-label="Letter" data-testid="report-letter">
            <p>{formatDate(printedAt, "long")}</p>
            <address className="not-italic">
              {result.letter.to.map((line, i) => (
                <p key={line} className={i === 0 ? "font-semibold" : undefined}>
                  {line}
                </p>
              ))}
            </address>
            <p>{result.letter.salutation}</p>
            {result.letter.body.map((paragraph) => (
              <p key={paragraph} className="indent-8 text-justify">
                {paragraph}
              </p>
            ))}
          </section>
        ) : null}

        {listing && listingSection ? (
          <section className="report-listing flex flex-col gap-1" aria-label={listingSection.title}>
            <p className="text-[9pt]">
              {listing.total.toLocaleString("en-US")} record{listing.total === 1 ? "" : "s"}
              {listing.truncated
                ? ` — the first ${PRINT_LISTING_LIMIT.toLocaleString("en-US")} are printed; filter by purok to print the rest.`
                : ""}
            </p>
            <ReportTable
              print
              columns={listingSection.columns}
              rows={listing.rows}
              totals={result.listing?.totals ?? null}
              caption={listingSection.title}
              testId="print-listing"
            />
          </section>
        ) : (
          <>
            <SummaryCards cards={result.cards} print />
            {def.charts?.length ? (
              <div className={orientation === "landscape" && def.charts.length > 1 ? "grid grid-cols-2 gap-4" : "flex flex-col gap-4"}>
                {def.charts.map((chart) => (
                  <figure
                    key={`${chart.section}-${chart.kind}`}
                    className="flex flex-col gap-1"
                    data-testid={`print-chart-${chart.section}`}
                  >
                    <figcaption className="text-[10pt] font-semibold">{chart.title}</figcaption>
                    <StaticChart
                      chart={chart}
                      width={orientation === "landscape" && (def.charts?.length ?? 0) > 1 ? Math.floor(contentPx / 2) - 12 : contentPx}
                      rows={sectionResult(chart.section)?.rows.filter((r) => !/not stated|^no purok$/i.test(String(r[chart.x]))) ?? []}
                    />
                  </figure>
                ))}
              </div>
            ) : null}
            {def.sections
              .filter((s) => !s.listing)
              .map((section) => {
                const data = sectionResult(section.key);
                if (!data) return null;
                return (
                  <section
                    key={section.key}
                    // A long table (the KP record book) runs on from the page it starts on; a short one keeps together.
                    className={`flex flex-col gap-1 ${section.runsOn || data.rows.length > LONG_SECTION_ROWS ? "report-long" : ""}`}
                    aria-label={section.title}
                  >
                    <h2 className="text-[11pt] font-semibold">{section.title}</h2>
                    {section.description ? <p className="text-[8pt] text-stone-600">{section.description}</p> : null}
                    <ReportTable
                      print
                      columns={sectionColumns(def, data)}
                      rows={data.rows}
                      totals={data.totals}
                      caption={section.title}
                      testId={`print-${section.key}`}
                    />
                  </section>
                );
              })}
          </>
        )}

        <footer className="mt-6 grid break-inside-avoid grid-cols-2 gap-10 text-[9pt]">
          {result.signatures?.length ? (
            result.signatures.map((signer) => (
              <div key={signer.title} data-testid="signature">
                <p>{signer.label}</p>
                <p className="mt-8 border-t border-stone-900 pt-1 text-center font-semibold uppercase">{signer.name || "\u00a0"}</p>
                <p className="text-center">{signer.title}</p>
              </div>
            ))
          ) : (
            <>
              <div>
                <p>Prepared by:</p>
                <p className="mt-8 border-t border-stone-900 pt-1 text-center font-semibold uppercase">{printedBy || "\u00a0"}</p>
                <p className="text-center">Signature over printed name</p>
              </div>
              <div>
                <p>Noted by:</p>
                <p className="mt-8 border-t border-stone-900 pt-1 text-center font-semibold uppercase" data-testid="noted-by">
                  {officials.punong_barangay || "\u00a0"}
                </p>
                <p className="text-center">Punong Barangay</p>
              </div>
            </>
          )}
          <p className="col-span-2 text-[7pt] text-stone-500">
            Printed {formatDateTime(printedAt)} · Report {report} · Barangay Portal
          </p>
        </footer>
      </article>
    </>
  );
}
