import fs from "node:fs";
import { Transform } from "node:stream";
import ExcelJS from "exceljs";
import { parse as parseCsv } from "csv-parse";
import { headerScore, repairMojibake } from "../../../domain/resident-import/rbi.ts";
import { ValidationError } from "../../errors.ts";

// Reading an uploaded spreadsheet, streamed (decision 217): XLSX through exceljs's WorkbookReader
// (the first worksheet, row by row, formulas' cached results, never evaluated; links to other
// workbooks are never opened), CSV through csv-parse (UTF-8, or Windows-1252 when the file is not
// UTF-8). Bounded: the file's size, its rows and columns, and an XLSX's unpacked size (a zip bomb is
// refused from its directory before anything is unpacked). Any refusal is a 422 on "file" and
// nothing is stored.

export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 60_000;
export const IMPORT_MAX_COLUMNS = 80;
/** The most an XLSX may unpack to, and the most it may be compressed (a sheet of text packs ~10:1). */
const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;
const MAX_RATIO = 150;
const MAX_CELL_CHARS = 1000;
/** The header is looked for among the first rows (the RBI Form A puts the region, province… above it). */
const HEADER_SEARCH_ROWS = 15;

export const refuse = (message: string) => ValidationError.field("file", message);
const DAMAGED = "The file could not be read as a spreadsheet: it may be cut short or damaged. Save it again as .xlsx or .csv.";

export type ImportFormat = "xlsx" | "csv";

/** The kind of file by its first bytes, whatever its name says. */
export async function sniffFormat(path: string): Promise<ImportFormat> {
  const handle = await fs.promises.open(path, "r");
  try {
    const head = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytesRead === 0) throw refuse("The file is empty.");
    if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "xlsx";
    if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0)
      throw refuse("This is an old Excel file (.xls). Open it in Excel and save it as .xlsx, then upload that.");
    if (bytes.includes(0)) throw refuse("The file must be an Excel workbook (.xlsx) or a CSV file.");
    return "csv";
  } finally {
    await handle.close();
  }
}

/**
 * An XLSX's central directory (at its end) checked before anything is unpacked: entries' unpacked
 * sizes within bounds and plausibly compressed. A zip without one is cut short.
 */
export async function checkZipDirectory(path: string): Promise<void> {
  const { size } = await fs.promises.stat(path);
  const handle = await fs.promises.open(path, "r");
  try {
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw refuse(DAMAGED);
    const entries = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (dirOffset + dirSize > size || entries === 0xffff || dirSize > 16 * 1024 * 1024) throw refuse(DAMAGED);
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    let unpacked = 0;
    let at = 0;
    for (let n = 0; n < entries; n++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) throw refuse(DAMAGED);
      const packed = dir.readUInt32LE(at + 20);
      const full = dir.readUInt32LE(at + 24);
      const nameLength = dir.readUInt16LE(at + 28);
      const name = dir.toString("utf8", at + 46, at + 46 + nameLength);
      if (packed === 0xffffffff || full === 0xffffffff) throw refuse("The workbook is too large to import.");
      unpacked += full;
      if (unpacked > MAX_UNPACKED_BYTES || (full > 1024 * 1024 && full / Math.max(packed, 1) > MAX_RATIO))
        throw refuse("The workbook unpacks to far more than it holds (a zip bomb?); it was not read.");
      if (name.includes("..") || name.startsWith("/")) throw refuse(DAMAGED);
      at += 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
    }
  } finally {
    await handle.close();
  }
}

/** A cell's value as text: a formula's cached result, a link's text, rich text joined; errors empty. */
export function cellText(value: unknown): string {
  if (value == null) return "";
  if (typeof value === "string") return repairMojibake(value).trim().slice(0, MAX_CELL_CHARS);
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : String(Math.round(value * 1e6) / 1e6);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as {
      result?: unknown;
      formula?: unknown;
      sharedFormula?: unknown;
      text?: unknown;
      richText?: { text: string }[];
      error?: unknown;
    };
    if ("formula" in v || "sharedFormula" in v) return cellText(v.result);
    if (Array.isArray(v.richText)) return cellText(v.richText.map((r) => r.text).join(""));
    if ("text" in v) return cellText(v.text);
    if ("error" in v) return "";
  }
  return "";
}

/** The rows of a sheet as text cells, with their sheet row number (1-based). */
export interface SheetRow {
  line: number;
  cells: string[];
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  await checkZipDirectory(path);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(fs.createReadStream(path), {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    entries: "ignore",
  });
  try {
    for await (const worksheet of reader) {
      for await (const row of worksheet as AsyncIterable<ExcelJS.Row>) {
        const values = (row.values as unknown[]) ?? [];
        if (values.length - 1 > IMPORT_MAX_COLUMNS)
          throw refuse(`A row has more than ${IMPORT_MAX_COLUMNS} columns; is this the residents' sheet?`);
        const cells: string[] = [];
        for (let i = 1; i < values.length; i++) cells.push(cellText(values[i]));
        yield { line: row.number, cells };
      }
      return; // the first worksheet only
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw refuse(DAMAGED);
  }
}

/** Whether the whole file is valid UTF-8 (read in chunks); else it is read as Windows-1252. */
async function isUtf8File(path: string): Promise<boolean> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    for await (const chunk of fs.createReadStream(path, { highWaterMark: 256 * 1024 })) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

function decoding(encoding: "utf-8" | "windows-1252"): Transform {
  const decoder = new TextDecoder(encoding);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, decoder.decode(chunk, { stream: true }));
    },
    flush(done) {
      done(null, decoder.decode());
    },
  });
}

async function firstLine(path: string, encoding: "utf-8" | "windows-1252"): Promise<string> {
  const handle = await fs.promises.open(path, "r");
  try {
    const buf = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return new TextDecoder(encoding).decode(buf.subarray(0, bytesRead)).split(/\r?\n/)[0] ?? "";
  } finally {
    await handle.close();
  }
}

async function* csvRows(path: string): AsyncGenerator<SheetRow> {
  const encoding = (await isUtf8File(path)) ? "utf-8" : "windows-1252";
  const head = await firstLine(path, encoding);
  const delimiter = [",", ";", "\t"].reduce((best, d) => (head.split(d).length > head.split(best).length ? d : best), ",");
  const parser = fs
    .createReadStream(path)
    .pipe(decoding(encoding))
    .pipe(
      parseCsv({ bom: true, delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, max_record_size: 64 * 1024 }),
    );
  let line = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line++;
      if (record.length > IMPORT_MAX_COLUMNS)
        throw refuse(`A row has more than ${IMPORT_MAX_COLUMNS} columns; is this the residents' sheet?`);
      yield { line, cells: record.map((c) => cellText(c)) };
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw refuse(`The CSV file could not be read: ${(error as Error).message}`);
  }
}

/** The sheet's header (its row number and cells) and, after it, its data rows (blank rows left out). */
export interface ReadSheet {
  format: ImportFormat;
  headerLine: number;
  headers: string[];
  rows: AsyncGenerator<SheetRow>;
}

/**
 * Opens an uploaded file: its kind by content, the header row among the first rows (the one naming
 * most RBI columns, else the first non-blank row), then its data rows, at most IMPORT_MAX_ROWS.
 */
export async function readSheet(path: string): Promise<ReadSheet> {
  const { size } = await fs.promises.stat(path);
  if (size > IMPORT_MAX_BYTES) throw refuse(`The file may not be greater than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  const format = await sniffFormat(path);
  const source = format === "xlsx" ? xlsxRows(path) : csvRows(path);
  const first: SheetRow[] = [];
  let done = false;
  while (first.length < HEADER_SEARCH_ROWS) {
    const next = await source.next();
    if (next.done) {
      done = true;
      break;
    }
    if (next.value.cells.some((c) => c !== "")) first.push(next.value);
  }
  if (first.length === 0) throw refuse("The file has no rows.");
  let header = first[0];
  let best = 0;
  for (const row of first) {
    const score = headerScore(row.cells);
    if (score >= 3 && score > best) [header, best] = [row, score];
  }
  const rest = first.slice(first.indexOf(header) + 1);
  async function* rows(): AsyncGenerator<SheetRow> {
    let count = 0;
    const take = (row: SheetRow) => {
      if (++count > IMPORT_MAX_ROWS)
        throw refuse(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; split it and import each part.`);
      return row;
    };
    for (const row of rest) yield take(row);
    if (done) return;
    for await (const row of source) if (row.cells.some((c) => c !== "")) yield take(row);
  }
  return { format, headerLine: header.line, headers: header.cells, rows: rows() };
}
