import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import type ExcelJS from "exceljs";
import { todayInManila } from "../../../domain/dates.ts";
import { sectionColumns, type ReportColumn, type ReportDef, type ReportRow } from "../../../domain/reports/types.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError } from "../../errors.ts";
import { listingRows, openReportReading, runReport } from "./registry.ts";
import { recordAccessBy } from "../audit/access-log.ts";

// Export of a report (DESIGN §12): every matching row, streamed.
// - XLSX (exceljs' streaming writer): one worksheet per section, the listing last and written a
//   batch at a time; numbers and money are number cells (money formatted ₱#,##0.00), dates are
//   date cells, a bold totals row ends each section that has totals.
// - CSV: one section (`section=`, by default the listing, else the first), UTF-8 with a BOM.
// The summary runs before the response starts, so a refusal is a 403/404 and not a broken file.

export type ExportFormat = "csv" | "xlsx";

export interface ReportExport {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

export const MONEY_FORMAT = '"₱"#,##0.00';

/** A cell as XLSX stores it: numbers and money as numbers, a date as a date, the rest as text. */
export function cellValue(column: ReportColumn, value: unknown): string | number | Date | null {
  if (value == null || value === "") return null;
  switch (column.kind) {
    case "number":
    case "percent": {
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case "money": {
      const n = Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case "date": {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(String(value));
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : String(value);
    }
    default:
      return String(value);
  }
}

function csvField(column: ReportColumn | null, value: unknown): string {
  let out = value == null ? "" : String(value);
  const numeric = column && (column.kind === "number" || column.kind === "money" || column.kind === "percent");
  if (!numeric && /^[=+\-@\t\r]/.test(out)) out = `'${out}`;
  return /[",\r\n]/.test(out) ? `"${out.replace(/"/g, '""')}"` : out;
}

const csvLine = (columns: readonly ReportColumn[], row: ReportRow) => columns.map((c) => csvField(c, row[c.key])).join(",") + "\r\n";

export const slug = (text: string) =>
  text
    .replace(/[^a-z0-9]+/gi, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase();

/** Sheet names: at most 31 characters, none of []:*?/\ . */
export const sheetName = (title: string) => title.replace(/[[\]:*?/\\]/g, " ").slice(0, 31);

function columnWidth(column: ReportColumn): number {
  if (column.kind === "date") return 12;
  if (column.kind === "money") return 16;
  if (column.kind === "number" || column.kind === "percent") return Math.max(10, column.label.length + 2);
  return Math.max(14, Math.min(40, column.label.length + 4));
}

export async function exportReport(
  ctx: ServiceContext,
  name: string,
  params: URLSearchParams,
  format: ExportFormat,
): Promise<ReportExport> {
  const summary = await runReport(ctx, name, params, { listing: false });
  const open = await openReportReading(ctx, name, params);
  const def: ReportDef = open.def;
  const listingSection = def.sections.find((s) => s.listing);
  const base = `${slug(def.title)}-report-${todayInManila()}`;
  // A report's file may list people (the RBI listing): every export is logged, on every transport.
  await recordAccessBy(ctx, {
    entity: "report",
    record: `${def.title} report`,
    action: "export",
    detail: `${base}.${format}; ${params.toString()}`,
  });

  if (format === "csv") {
    const wanted = params.get("section") ?? listingSection?.key ?? def.sections[0]?.key;
    const section = def.sections.find((s) => s.key === wanted);
    if (!section) throw new AppError(404, "The report section could not be found.");
    const encoder = new TextEncoder();
    const head = (columns: readonly ReportColumn[]) => "\uFEFF" + columns.map((c) => csvField(null, c.label)).join(",") + "\r\n";
    let body: ReadableStream<Uint8Array>;
    if (section.listing) {
      const listing = open.query.listing!;
      const totals = section.totals ? await listing.totals?.(open.args) : null;
      const rows = listingRows(open);
      body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(head(section.columns)));
        },
        async pull(controller) {
          try {
            const next = await rows.next();
            if (!next.done) return controller.enqueue(encoder.encode(next.value.map((r) => csvLine(section.columns, r)).join("")));
            if (totals) controller.enqueue(encoder.encode(csvLine(section.columns, { [section.columns[0].key]: "Total", ...totals })));
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
        async cancel() {
          await rows.return(undefined);
        },
      });
    } else {
      const result = summary.sections.find((s) => s.key === section.key)!;
      const columns = sectionColumns(def, result);
      const text =
        head(columns) + result.rows.map((r) => csvLine(columns, r)).join("") + (result.totals ? csvLine(columns, result.totals) : "");
      body = new Response(text).body!;
    }
    return { filename: `${base}-${slug(section.title)}.csv`, contentType: "text/csv; charset=utf-8", body };
  }

  // exceljs (and its zip and stream libraries) loads with the first XLSX asked for, not with the
  // server: about 8 MB of heap that most processes never use (decision 176).
  const { default: Excel } = await import("exceljs");
  const out = new PassThrough();
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = "Barangay Portal";
  workbook.created = new Date();

  // One worksheet. Each column's cells share one style object: exceljs dedupes a cell's style by
  // the object's identity (a WeakMap) and otherwise renders it to XML to look it up, and a new cell
  // gets a new merged object — that lookup was 25 % of an export's CPU and most of its garbage
  // (200,000 rows: 1.3 GB a second allocated, old space grown to 150 MB).
  // Bold rows (headers, totals) keep their own objects: setting their font changes their style.
  const addSheet = (title: string, columns: readonly ReportColumn[]) => {
    const styles: Partial<ExcelJS.Style>[] = columns.map((c) =>
      c.kind === "money" ? { numFmt: MONEY_FORMAT } : c.kind === "date" ? { numFmt: "yyyy-mm-dd" } : {},
    );
    const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: "frozen", ySplit: 1 }] });
    sheet.columns = columns.map((c, i) => ({ header: c.label, key: c.key, width: columnWidth(c), style: styles[i] }));
    sheet.getRow(1).font = { bold: true };
    return {
      addRow(row: ReportRow, bold = false) {
        const added = sheet.addRow(columns.map((c) => cellValue(c, row[c.key])));
        if (bold) added.font = { bold: true };
        else
          added.eachCell({ includeEmpty: true }, (cell, column) => {
            cell.style = styles[column - 1];
          });
        added.commit();
      },
      commit: () => sheet.commit(),
    };
  };

  const write = async () => {
    for (const result of summary.sections) {
      const section = def.sections.find((s) => s.key === result.key)!;
      const columns = sectionColumns(def, result);
      const sheet = addSheet(section.title, columns);
      for (const row of result.rows) sheet.addRow(row);
      if (result.totals) sheet.addRow(result.totals, true);
      sheet.commit();
    }
    if (listingSection && open.query.listing) {
      const columns = listingSection.columns;
      const sheet = addSheet(listingSection.title, columns);
      for await (const batch of listingRows(open)) {
        for (const row of batch) sheet.addRow(row);
        // Wait for the download to take what is written (memory holds about one batch).
        if (out.writableNeedDrain) await once(out, "drain");
        else await new Promise((resolve) => setImmediate(resolve));
      }
      const totals = listingSection.totals ? await open.query.listing.totals?.(open.args) : null;
      if (totals) sheet.addRow({ [columns[0].key]: "Total", ...totals }, true);
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return {
    filename: `${base}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: Readable.toWeb(out) as unknown as ReadableStream<Uint8Array>,
  };
}

export function exportHeaders(file: ReportExport): Record<string, string> {
  return {
    "Content-Type": file.contentType,
    "Content-Disposition": `attachment; filename="${file.filename}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}
