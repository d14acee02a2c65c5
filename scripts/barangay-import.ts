// `npm run barangay:import -- FILE` (docs/decisions/211): loads a file of `npm run barangay:export`
// into this deployment in one transaction — on a hub (PORTAL_HUB=true) as a new barangay, on a
// standalone install into its barangay 1 while that holds nothing but the seed's — with new ids,
// every reference rewritten, and every table's row count checked against the file before it commits.
import { openConfiguredDatabase, runCommand } from "../server/features/transfer/command.ts";
import { importBarangay } from "../server/features/transfer/transfer.ts";

const USAGE = "Usage: npm run barangay:import -- FILE";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file || file.startsWith("-")) {
    console.error(USAGE);
    return 2;
  }
  const { database, where, hub } = await openConfiguredDatabase();
  try {
    const started = performance.now();
    const result = await importBarangay(database.db, file, { hub });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
    console.log(
      `Imported ${result.name} (PSGC ${result.psgc ?? "none"}) into ${where} as ${result.intoFirst ? "its own barangay (1)" : `barangay ${result.barangayId}`} ` +
        `in ${seconds} s: ${rows} rows of ${Object.keys(result.counts).length} tables, every count as in the file.`,
    );
    if (result.notes.length) console.log(`Not mapped:\n  ${result.notes.join("\n  ")}`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand("Import", main);
