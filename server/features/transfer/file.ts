import { createHash, type Hash } from "node:crypto";
import fs from "node:fs";
import readline from "node:readline";
import zlib from "node:zlib";
import { once } from "node:events";

// The file of one barangay (docs/decisions/211): gzipped lines of JSON, written as they are read
// from the database and read back the same way, never whole in memory.
//
//   {"format":"barangay-portal-barangay", "formatVersion":1, ...header}
//   {"table":"users","columns":["id",...],"count":2}      then one line per row: [text|null, ...]
//   {"end":"users","count":2,"sha256":"…"}                 the hash of that table's row lines
//   …
//   {"complete":true,"tables":{"users":2,…},"sha256":"…"}   the hash of every line before it
//
// Values are PostgreSQL's own text of each value (`column::text`), read back with a cast to the
// column's type, so every type (bytea, jsonb, tsvector, timestamps, numerics) round-trips exactly.

export const FORMAT = "barangay-portal-barangay";
export const FORMAT_VERSION = 1;

export type Value = string | null;

export interface BarangayRow {
  psgc_code: string | null;
  name: string;
  city_municipality: string | null;
  city_psgc_code: string | null;
  province: string | null;
  region: string | null;
  status: string;
  suspended_at: string | null;
  suspended_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface Header {
  format: typeof FORMAT;
  formatVersion: number;
  portalVersion: string;
  /** The migrations of the exporting database: the importing one must have the same. */
  migrations: string[];
  exportedAt: string;
  /** The barangay's id where it was exported (only to say so; ids are new on import). */
  sourceId: number;
  barangay: BarangayRow;
  /** The permission catalogue's rows the barangay's roles reference, by id in the file. */
  permissions: { id: number; name: string; description: string | null }[];
}

export interface TableStart {
  table: string;
  columns: string[];
  count: number;
}

/** A refusal the command line prints as it is: a clash, a wrong file, a barangay already there. */
export class TransferError extends Error {}

export class TransferWriter {
  // Level 1: the rows are text and compress well already; the default level took most of the export's time.
  private readonly gzip = zlib.createGzip({ level: 1 });
  private readonly out: fs.WriteStream;
  private readonly whole = createHash("sha256");
  private table: { name: string; count: number; hash: Hash } | null = null;
  private readonly counts: Record<string, number> = {};
  private readonly done: Promise<void>;

  constructor(readonly file: string) {
    this.out = fs.createWriteStream(file);
    this.gzip.pipe(this.out);
    this.done = new Promise((resolve, reject) => {
      this.out.on("finish", resolve);
      this.out.on("error", reject);
      this.gzip.on("error", reject);
    });
    this.done.catch(() => {}); // awaited by finish(); an aborted file's failure is not news
  }

  private async line(value: unknown, hash?: Hash): Promise<void> {
    const text = `${JSON.stringify(value)}\n`;
    this.whole.update(text);
    hash?.update(text);
    if (!this.gzip.write(text)) await once(this.gzip, "drain");
  }

  header(header: Header): Promise<void> {
    return this.line(header);
  }

  async startTable(start: TableStart): Promise<void> {
    this.table = { name: start.table, count: 0, hash: createHash("sha256") };
    await this.line(start);
  }

  /** A page of rows, written as one piece. */
  async rows(rows: Value[][]): Promise<void> {
    if (!rows.length) return;
    let text = "";
    for (const values of rows) text += `${JSON.stringify(values)}\n`;
    this.table!.count += rows.length;
    this.whole.update(text);
    this.table!.hash.update(text);
    if (!this.gzip.write(text)) await once(this.gzip, "drain");
  }

  async endTable(): Promise<number> {
    const { name, count, hash } = this.table!;
    this.counts[name] = count;
    await this.line({ end: name, count, sha256: hash.digest("hex") });
    this.table = null;
    return count;
  }

  async finish(): Promise<void> {
    const digest = this.whole.digest("hex");
    this.gzip.end(`${JSON.stringify({ complete: true, tables: this.counts, sha256: digest })}\n`);
    await this.done;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    this.out.destroy();
  }
}

export interface TableSection {
  start: TableStart;
  /** The table's rows; the section's hash and count are checked after the last one. */
  rows: AsyncGenerator<Value[]>;
}

/**
 * Reads a barangay file: the header, then each table's section in turn (consume each section's
 * rows before asking for the next). Every section's count and hash and the whole file's hash are
 * checked; a damaged or truncated file fails with what was wrong.
 */
export async function openTransferFile(file: string): Promise<{ header: Header; sections: AsyncGenerator<TableSection> }> {
  if (!fs.existsSync(file)) throw new TransferError(`There is no file ${file}.`);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, "r");
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new TransferError(`${file} is not a barangay file of npm run barangay:export.`);
  const reader = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity });
  const lines = reader[Symbol.asyncIterator]();
  const whole = createHash("sha256");
  const next = async (): Promise<string | null> => {
    let result: IteratorResult<string>;
    try {
      result = await lines.next();
    } catch (error) {
      throw new TransferError(`${file} is damaged: ${error instanceof Error ? error.message : String(error)}`);
    }
    return result.done ? null : result.value;
  };
  const parse = (text: string | null, what: string): unknown => {
    if (text === null) throw new TransferError(`${file} ends early (expected ${what}): it is incomplete.`);
    try {
      return JSON.parse(text);
    } catch {
      throw new TransferError(`${file} is damaged (a line that is not JSON where ${what} was expected).`);
    }
  };
  const first = await next();
  const header = parse(first, "the header") as Header;
  if (header?.format !== FORMAT) throw new TransferError(`${file} is not a barangay file of npm run barangay:export.`);
  if (header.formatVersion !== FORMAT_VERSION) {
    throw new TransferError(`${file} is of format version ${header.formatVersion}; this portal reads version ${FORMAT_VERSION}.`);
  }
  whole.update(`${first}\n`);

  async function* sections(): AsyncGenerator<TableSection> {
    const counts: Record<string, number> = {};
    for (;;) {
      const text = await next();
      const item = parse(text, "a table or the end") as Partial<TableStart> & {
        complete?: boolean;
        sha256?: string;
        tables?: Record<string, number>;
      };
      if (item.complete) {
        if (item.sha256 !== whole.digest("hex")) throw new TransferError(`${file} is damaged: its checksum does not match its contents.`);
        if (JSON.stringify(item.tables) !== JSON.stringify(counts))
          throw new TransferError(`${file} is damaged: its table counts do not match.`);
        if ((await next()) !== null) throw new TransferError(`${file} is damaged: there are lines after its end.`);
        return;
      }
      whole.update(`${text}\n`);
      if (typeof item.table !== "string" || !Array.isArray(item.columns))
        throw new TransferError(`${file} is damaged (a table section expected).`);
      const start = item as TableStart;
      let finished = false;
      async function* rows(): AsyncGenerator<Value[]> {
        const hash = createHash("sha256");
        let count = 0;
        for (;;) {
          const line = await next();
          const value = parse(line, `a row of ${start.table}`);
          if (Array.isArray(value)) {
            whole.update(`${line}\n`);
            hash.update(`${line}\n`);
            count++;
            yield value as Value[];
            continue;
          }
          whole.update(`${line}\n`);
          const end = value as { end?: string; count?: number; sha256?: string };
          if (end.end !== start.table || end.count !== count || end.count !== start.count || end.sha256 !== hash.digest("hex")) {
            throw new TransferError(`${file} is damaged: the rows of ${start.table} do not match their count or checksum.`);
          }
          counts[start.table] = count;
          finished = true;
          return;
        }
      }
      yield { start, rows: rows() };
      if (!finished) throw new Error(`the rows of ${start.table} were not read to their end`);
    }
  }
  return { header, sections: sections() };
}
