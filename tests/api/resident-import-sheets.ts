import { deflateRawSync } from "node:zlib";
import ExcelJS from "exceljs";

// Spreadsheets for the resident import's tests (issue 33): an RBI Form A laid out as offices keep
// it (a title and the place above the column headers), and hand-made zips for hostile files.

export const RBI_HEADERS = [
  "1.1 Last Name",
  "1.2 First Name",
  "1.3 Middle Name",
  "1.4 Ext.",
  "2.1 House No.",
  "2.2 Street Name",
  "2.3 Subdivision / Zone / Sitio / Purok (if applicable)",
  "3. Place of Birth",
  "4. Date of Birth",
  "5. Sex",
  "6. Civil Status",
  "7. Citizenship",
  "8. Occupation",
  "Household No.",
  "Relation to Head",
];

export type RbiRow = (string | number | Date | { formula: string; result: string } | null)[];

/** An RBI Form A workbook: two title rows, a blank row, the headers, then `rows`. */
export async function rbiWorkbook(rows: RbiRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("RBI Form A");
  sheet.addRow(["RECORD OF BARANGAY INHABITANTS BY HOUSEHOLD"]);
  sheet.addRow(["A. Region: IV-A", "", "B. Province: Laguna", "", "D. Barangay: San Isidro"]);
  sheet.addRow([]);
  sheet.addRow(RBI_HEADERS);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function crc32(buf: Buffer): number {
  let crc = -1;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
}

/** A zip of deflated entries, written by hand (for a zip bomb: a large entry of zeros). */
export function zipOf(entries: { name: string; content: Buffer; crc?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const packed = deflateRawSync(entry.content);
    const crc = entry.crc ?? crc32(entry.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(entry.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(entry.content.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const dir = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, dir, end]);
}
