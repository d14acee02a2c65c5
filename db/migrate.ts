import { FileMigrationProvider, Migrator } from "kysely/migration";
import fs from "node:fs/promises";
import path from "node:path";
import type { DB } from "./index.ts";
import { asOwner } from "./tenant.ts";

/** The migrations folder; the process runs from the project root (npm scripts, Dockerfile WORKDIR). */
export function migrationsFolder(): string {
  return process.env.MIGRATIONS_DIR ?? path.resolve(process.cwd(), "migrations");
}

export async function migrateToLatest(db: DB): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsFolder() }),
  });
  // Migrations run as the database's owner: the application's roles own no table (DESIGN §14).
  const { error, results } = await asOwner(() => migrator.migrateToLatest());
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** Migrates up to and including `name` only: a test of a frozen migration runs on the schema of its day. */
export async function migrateTo(db: DB, name: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsFolder() }),
  });
  const { error } = await asOwner(() => migrator.migrateTo(name));
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
