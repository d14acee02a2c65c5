// `npm run barangay:export -- PSGC [--out FILE|FOLDER]` (docs/decisions/211): writes one barangay
// of this deployment — every table's rows of it, photos, seal and attachments included — to one
// file, by default ./exports/barangay-{PSGC}-{UTC time}.json.gz. A standalone install whose
// barangay has no PSGC code yet is exported under the code given (it must be a barangay's). Reads DATABASE_URL or PGLITE_DIR
// as the server does (stop a portal on the embedded database first).
import fs from "node:fs";
import path from "node:path";
import { openConfiguredDatabase, runCommand } from "../server/features/transfer/command.ts";
import { exportBarangay } from "../server/features/transfer/transfer.ts";

const USAGE = "Usage: npm run barangay:export -- PSGC [--out FILE|FOLDER]";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const psgc = args[0];
  const outAt = args.indexOf("--out");
  if (!psgc || !/^\d{10}$/.test(psgc) || (outAt >= 0 && !args[outAt + 1])) {
    console.error(USAGE);
    return 2;
  }
  const out = outAt >= 0 ? args[outAt + 1]! : "exports/";
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
  const isFolder = out.endsWith("/") || (fs.existsSync(out) && fs.statSync(out).isDirectory());
  if (isFolder) fs.mkdirSync(out, { recursive: true });
  const file = path.resolve(isFolder ? path.join(out, `barangay-${psgc}-${stamp}.json.gz`) : out);

  const { database, where, version, hub } = await openConfiguredDatabase();
  try {
    const started = performance.now();
    const result = await exportBarangay(database.db, psgc, file, version, { hub });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Exported ${result.name} (PSGC ${psgc}) from ${where} in ${seconds} s: ${rows} rows of ${Object.keys(result.counts).length} tables.`,
    );
    if (result.namedNow) console.log(`This install's barangay had no PSGC code: the file names it ${psgc} (the database is unchanged).`);
    console.log(`  ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MB)`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand("Export", main);
