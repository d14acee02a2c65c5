// `npm run barangay:remove -- PSGC` (docs/decisions/211): deletes a barangay and every row of it
// (its users and their sessions included) from this deployment, in one transaction. Export it
// first: nothing of it is kept.
import { openConfiguredDatabase, runCommand } from "../server/features/transfer/command.ts";
import { removeBarangay } from "../server/features/transfer/transfer.ts";

const USAGE = "Usage: npm run barangay:remove -- PSGC";

async function main(): Promise<number> {
  const psgc = process.argv[2];
  if (!psgc || !/^\d{10}$/.test(psgc)) {
    console.error(USAGE);
    return 2;
  }
  const { database, where } = await openConfiguredDatabase();
  try {
    const result = await removeBarangay(database.db, psgc);
    console.log(`Removed ${result.name} (PSGC ${psgc}, barangay ${result.barangayId}) and all its records from ${where}.`);
    return 0;
  } finally {
    await database.close();
  }
}

runCommand("Remove", main);
