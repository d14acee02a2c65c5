import { sql } from "kysely";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/db.ts";

// db/schema.ts must type every table and view the migrations create, column by column, with the
// same nullability (DESIGN §10 "The database is typed"). This test reads the Database interface
// with the TypeScript compiler and compares it with information_schema of a freshly migrated
// database, so the two cannot drift apart.

/** table → column → whether the column reads as nullable. */
type Shape = Map<string, Map<string, boolean>>;

/** Kysely's own bookkeeping, created by the migrator rather than by a migration. */
const KYSELY_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

/** The tables and columns db/schema.ts declares, read with the compiler's type checker. */
function declaredShape(): Shape {
  const file = fileURLToPath(new URL("./schema.ts", import.meta.url));
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
  });
  const problems = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
  if (problems.length > 0) throw new Error(`db/schema.ts does not compile:\n${problems.join("\n")}`);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file)!;
  const database = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database");
  if (!database) throw new Error("db/schema.ts declares no interface Database");

  const typeOf = (symbol: ts.Symbol) => checker.getTypeOfSymbolAtLocation(symbol, database);
  const shape: Shape = new Map();
  for (const table of checker.getPropertiesOfType(checker.getTypeAtLocation(database.name))) {
    const columns = new Map<string, boolean>();
    for (const column of checker.getPropertiesOfType(typeOf(table))) {
      let type = typeOf(column);
      // ColumnType<Select, Insert, Update> (and Generated<>, GeneratedAlways<>): the read type counts.
      const select = type.getProperty("__select__");
      if (select) type = typeOf(select);
      const parts = type.isUnion() ? type.types : [type];
      columns.set(column.name, parts.some((t) => (t.flags & ts.TypeFlags.Null) !== 0));
    }
    shape.set(table.name, columns);
  }
  return shape;
}

/** What the migrations made: every table and view of the current schema. */
async function migratedShape(test: TestDatabase): Promise<{ shape: Shape; views: Set<string> }> {
  const { rows } = await sql<{ table_name: string; column_name: string; is_nullable: "YES" | "NO"; table_type: string }>`
    select c.table_name, c.column_name, c.is_nullable, t.table_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema()
    order by c.table_name, c.ordinal_position
  `.execute(test.db);
  const shape: Shape = new Map();
  const views = new Set<string>();
  for (const row of rows) {
    if (KYSELY_TABLES.has(row.table_name)) continue;
    if (row.table_type === "VIEW") views.add(row.table_name);
    if (!shape.has(row.table_name)) shape.set(row.table_name, new Map());
    shape.get(row.table_name)!.set(row.column_name, row.is_nullable === "YES");
  }
  return { shape, views };
}

/** Every difference, one readable line each; empty when schema.ts matches the database. */
function compareShapes(declared: Shape, migrated: Shape, views: Set<string>): string[] {
  const lines: string[] = [];
  const nullable = (n: boolean) => (n ? "nullable" : "not null");
  for (const table of [...migrated.keys()].sort()) {
    if (!declared.has(table)) lines.push(`missing table: ${table} (in the database, not in db/schema.ts Database)`);
  }
  for (const table of [...declared.keys()].sort()) {
    if (!migrated.has(table)) lines.push(`extra table: ${table} (in db/schema.ts Database, not in the database)`);
  }
  for (const [table, columns] of [...migrated].sort(([a], [b]) => a.localeCompare(b))) {
    const typed = declared.get(table);
    if (!typed) continue;
    for (const [column, isNullable] of columns) {
      if (!typed.has(column)) {
        lines.push(`missing column: ${table}.${column} (${nullable(isNullable)} in the database, not in db/schema.ts)`);
      } else if (!views.has(table) && typed.get(column) !== isNullable) {
        // A view's columns all read as nullable in information_schema: only their names are compared.
        lines.push(`nullability: ${table}.${column} is ${nullable(isNullable)} in the database but ${nullable(typed.get(column)!)} in db/schema.ts`);
      }
    }
    for (const column of typed.keys()) {
      if (!columns.has(column)) lines.push(`extra column: ${table}.${column} (in db/schema.ts, not in the database)`);
    }
  }
  return lines;
}

describe("db/schema.ts", () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(async () => {
    await test?.close();
  });

  it("types every table and column the migrations create, with their nullability", async () => {
    const declared = declaredShape();
    const { shape: migrated, views } = await migratedShape(test);
    expect(migrated.size).toBeGreaterThan(20); // the query found the migrated tables at all
    const differences = compareShapes(declared, migrated, views);
    expect(differences, `db/schema.ts differs from the migrated database:\n  ${differences.join("\n  ")}\n`).toEqual([]);
  });

  it("reports each kind of difference", () => {
    const shape = (entries: Record<string, Record<string, boolean>>): Shape =>
      new Map(Object.entries(entries).map(([t, cols]) => [t, new Map(Object.entries(cols))]));
    const migrated = shape({ a: { id: false, note: true }, b: { id: false }, v: { x: true } });
    const declared = shape({ a: { id: true, extra: false }, c: { id: false }, v: { x: false } });
    expect(compareShapes(declared, migrated, new Set(["v"]))).toEqual([
      "missing table: b (in the database, not in db/schema.ts Database)",
      "extra table: c (in db/schema.ts Database, not in the database)",
      "nullability: a.id is not null in the database but nullable in db/schema.ts",
      "missing column: a.note (nullable in the database, not in db/schema.ts)",
      "extra column: a.extra (in db/schema.ts, not in the database)",
    ]);
  });
});
