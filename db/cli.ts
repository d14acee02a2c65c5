// `npm run db:migrate` and `npm run db:seed` (run with tsx). The same configuration as the server
// (server/env.ts): DATABASE_URL for PostgreSQL, otherwise the embedded database in PGLITE_DIR.
//
//   migrate  applies the pending migrations of migrations/ and names them
//   seed     migrates first (a seed needs the tables), then runs the idempotent seed: permissions,
//            roles, the administrator (created only when missing) and, with SEED_DEMO, demo data
import { openDatabase, type OpenedDatabase } from "./index.ts";
import { migrateToLatest, migrationsFolder } from "./migrate.ts";
import { parseEnv, type Env } from "../server/env.ts";
import "../server/features/index.ts"; // the areas, composed before the seed uses their services
import { seed } from "../server/seed.ts";
import { seedHub } from "../server/features/hub/seed.ts";
import { setDefaultScope } from "./tenant.ts";
import { describeDatabaseUrl } from "./wait.ts";

const USAGE = "Usage: tsx db/cli.ts <migrate|seed>   (npm run db:migrate, npm run db:seed)";

function where(env: Env): string {
  if (!env.DATABASE_URL) return `the embedded database in ${env.PGLITE_DIR}`;
  // One server or several (decision 213), never the password.
  return `PostgreSQL at ${describeDatabaseUrl(env.DATABASE_URL)}`;
}

async function migrate(database: OpenedDatabase): Promise<void> {
  const applied = await migrateToLatest(database.db);
  if (applied.length) {
    console.log(`Applied ${applied.length} migration${applied.length === 1 ? "" : "s"} from ${migrationsFolder()}:`);
    for (const name of applied) console.log(`  ${name}`);
  } else {
    console.log("The database is up to date: no migration to apply.");
  }
}

async function runSeed(database: OpenedDatabase, env: Env): Promise<void> {
  const admin = { adminUsername: env.ADMIN_USERNAME, adminPassword: env.ADMIN_PASSWORD };
  // A hub (PORTAL_HUB=true) seeds its own roles and administrator, in the hub's tenant; no barangay's.
  if (env.PORTAL_HUB) setDefaultScope({ kind: "barangay", barangayId: null });
  const result = env.PORTAL_HUB ? await seedHub(database.db, admin) : await seed(database.db, { ...admin, demo: env.SEED_DEMO });
  console.log("Seeded permissions and roles (missing ones added; an administrator's changes are kept).");
  console.log(env.SEED_DEMO ? "Demo data: added where missing (SEED_DEMO)." : "Demo data: skipped (SEED_DEMO=false).");
  if (!result.adminCreated) {
    console.log(`Administrator "${env.ADMIN_USERNAME}" already exists: left unchanged.`);
  } else if (result.generatedAdminPassword) {
    console.log(
      `\nAdministrator created. Sign in as:\n  username: ${env.ADMIN_USERNAME}\n  password: ${result.generatedAdminPassword}\nThis password is shown only once.\n`,
    );
  } else {
    console.log(`Administrator "${env.ADMIN_USERNAME}" created with the ADMIN_PASSWORD you set.`);
  }
}

async function main(): Promise<number> {
  const command = process.argv[2];
  if (command !== "migrate" && command !== "seed") {
    console.error(USAGE);
    return 2;
  }
  const env = parseEnv();
  console.log(`Database: ${where(env)}`);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, poolSize: 2 });
  try {
    await migrate(database);
    if (command === "seed") await runSeed(database, env);
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message || String(error) : String(error);
    console.error(`db:${process.argv[2]} failed: ${message}`);
    process.exit(1);
  },
);
