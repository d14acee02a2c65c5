// `npm run barangay:remove -- PSGC [--yes]` (docs/decisions/211): deletes a barangay and every row
// of it (its users and their sessions included) from this deployment, in one transaction. Without
// --yes it only says what it would delete. Export it first: nothing of it is kept.
import { openConfiguredDatabase, runCommand } from "../server/features/transfer/command.ts";
import { removeBarangay } from "../server/features/transfer/transfer.ts";

const USAGE = "Usage: npm run barangay:remove -- PSGC [--yes]";

async function main(): Promise<number> {
  const [psgc, ...rest] = process.argv.slice(2);
  if (!psgc || !/^\d{10}$/.test(psgc) || rest.some((a) => a !== "--yes")) {
    console.error(USAGE);
    return 2;
  }
  const confirmed = rest.includes("--yes");
  const { database, where } = await openConfiguredDatabase();
  try {
    const result = await removeBarangay(database.db, psgc, { dryRun: !confirmed });
    const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
    const users = result.counts.users ?? 0;
    const what = `${result.name} (PSGC ${psgc}, barangay ${result.barangayId}): ${users} users, ${rows} rows in ${Object.keys(result.counts).length} tables`;
    if (!confirmed) {
      console.log(`Would remove ${what} from ${where}.\nExport it first (npm run barangay:export -- ${psgc}), then run again with --yes.`);
      return 1;
    }
    console.log(`Removed ${what} from ${where}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand("Remove", main);
