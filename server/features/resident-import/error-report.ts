import { PassThrough } from "node:stream";
import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { slug } from "../reports/export.ts";
import { recordAccessBy } from "../audit/access-log.ts";
import { getImport } from "./service.ts";
import { m } from "../../../domain/i18n/index.ts";
import { importTextIn } from "../../../domain/resident-import/reasons.ts";

// The import's error report (issue 33 item 1): the rows that will not be (or were not) written —
// refused, or likely duplicates skipped — as they were in the sheet, with a Reason column, as XLSX,
// so the secretary corrects them and imports that file again. Written by exceljs's streaming writer
// a page of rows at a time; values are written as text, never as formulas. Its own words (the
// sheet's name, the Row and Reason headers, the reasons) are in the language of whoever downloads
// it, as the review screen shows them (issue 33 item 4); the sheet's columns are the file's own.

export async function errorReport(ctx: ServiceContext, id: number): Promise<{ fileName: string; content: Buffer }> {
  const batch = await getImport(ctx, id);
  const { default: Excel } = await import("exceljs");
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (chunk: Buffer) => chunks.push(chunk));
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(m.server_import_report_sheet());
  sheet.columns = [
    { header: m.server_import_report_row(), key: "line", width: 8 },
    ...batch.headers.map((h, i) => ({ header: h, key: `c${i}`, width: Math.max(12, Math.min(30, h.length + 4)) })),
    { header: m.server_import_report_reason(), key: "reason", width: 60 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = (
      await sql<{ line: number; cells: unknown; outcome: string; reasons: unknown; match_reason: string | null; decision: string | null }>`
      select line, cells, outcome, reasons, match_reason, decision from resident_import_rows
      where import_id = ${id} and line > ${after}
        and (outcome = 'refuse' or (outcome = 'duplicate' and (decision is null or decision = 'skip')))
      order by line limit 1000`.execute(ctx.db)
    ).rows;
    if (rows.length === 0) break;
    after = rows[rows.length - 1].line;
    for (const r of rows) {
      const cells = (typeof r.cells === "string" ? JSON.parse(r.cells) : r.cells) as string[];
      const reasons = (typeof r.reasons === "string" ? JSON.parse(r.reasons) : r.reasons) as string[];
      const reason =
        r.outcome === "refuse"
          ? reasons.map((text) => importTextIn(text)).join(" ")
          : m.server_import_report_duplicate({ reasons: importTextIn(r.match_reason ?? "") });
      const values: Record<string, string | number> = { line: r.line, reason };
      cells.forEach((c, i) => (values[`c${i}`] = c));
      sheet.addRow(values).commit();
      count++;
    }
  }
  sheet.commit();
  await workbook.commit();
  const base = slug(batch.file_name.replace(/\.(xlsx|csv)$/i, "")) || "residents";
  const fileName = `${base}-not-imported.xlsx`;
  // Residents' data leaves the portal: the access log says who took it (decision 180).
  await recordAccessBy(ctx, {
    entity: "resident",
    record: `Residents not imported (${count} ${count === 1 ? "row" : "rows"})`,
    action: "export",
    detail: `${fileName}; import #${id}`,
  });
  return { fileName, content: Buffer.concat(chunks) };
}
