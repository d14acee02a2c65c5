import { findRollup, type RollupResult } from "../../../domain/rollups.ts";
import type { ReportColumn, ReportRow } from "../../../domain/reports/types.ts";
import { formatDateTime } from "../../../domain/dates.ts";
import { cellValue, MONEY_FORMAT, sheetName, slug } from "../reports/export.ts";

// A roll-up as XLSX, laid out as the reports' exports are (server/features/reports/export.ts, whose
// cells, money format, sheet names and file names it uses): one worksheet per section, a bold frozen
// header, numbers and money as number cells (money ₱#,##0.00), a bold totals row; and a first sheet that says which roll-up, municipality and period the file
// holds. A roll-up has one row per barangay, so the workbook is written whole, not streamed.

function columnWidth(column: ReportColumn): number {
  if (column.kind === "money") return 16;
  if (column.kind === "number") return Math.max(9, column.label.length + 2);
  return Math.max(16, Math.min(40, column.label.length + 4));
}

export interface RollupFile {
  filename: string;
  contentType: string;
  body: Uint8Array<ArrayBuffer>;
}

export async function rollupWorkbook(result: RollupResult): Promise<RollupFile> {
  const def = findRollup(result.name)!;
  // exceljs loads with the first file asked for, not with the server (decision 176).
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.creator = "Barangay Portal";
  workbook.created = new Date(result.generated_at);
  workbook.title = `${result.title}: ${result.municipality.name}, ${result.period.label}`;

  const about = workbook.addWorksheet("Roll-up");
  about.columns = [
    { key: "label", width: 22 },
    { key: "value", width: 60 },
  ];
  const lines: [string, string][] = [
    ["Roll-up", result.title],
    ["City/Municipality", `${result.municipality.name} (PSGC ${result.municipality.psgc_code})`],
    ...(result.municipality.province ? ([["Province", result.municipality.province]] as [string, string][]) : []),
    ["Period", result.period.label],
    ["Barangays", result.barangays.map((b) => b.name).join(", ") || "None"],
    ["Generated", formatDateTime(result.generated_at)],
  ];
  for (const line of lines) about.addRow(line).getCell(1).font = { bold: true };

  for (const section of result.sections) {
    const sectionDef = def.sections.find((s) => s.key === section.key)!;
    const columns = sectionDef.columns;
    const sheet = workbook.addWorksheet(sheetName(def.sheets?.[section.key] ?? sectionDef.title), {
      views: [{ state: "frozen", ySplit: 1 }],
    });
    sheet.columns = columns.map((c) => ({
      header: c.label,
      key: c.key,
      width: columnWidth(c),
      style: c.kind === "money" ? { numFmt: MONEY_FORMAT } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    const add = (row: ReportRow, bold = false) => {
      const added = sheet.addRow(columns.map((c) => cellValue(c, row[c.key])));
      if (bold) added.font = { bold: true };
    };
    for (const row of section.rows) add(row);
    if (section.totals) add(section.totals, true);
  }

  const buffer = await workbook.xlsx.writeBuffer();
  const period =
    result.period.kind === "quarter" ? `${result.period.year}-q${result.period.quarter}` : `${result.period.from}-to-${result.period.to}`;
  return {
    filename: `${slug(result.title)}-${slug(result.municipality.name)}-${period}.xlsx`,
    contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    body: new Uint8Array(buffer as ArrayBuffer) as Uint8Array<ArrayBuffer>,
  };
}
