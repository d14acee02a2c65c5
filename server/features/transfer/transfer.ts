import fs from "node:fs";
import { CompiledQuery, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../../db/index.ts";
import type { Database } from "../../../db/schema.ts";
import { asOwner, FIRST_BARANGAY_ID, HUB_TENANT_ID } from "../../../db/tenant.ts";
import { barangayByCode } from "../psgc/psgc.ts";
import {
  BY_NAME,
  CHOSEN_REFERENCES,
  deferredColumns,
  entityTable,
  POLYMORPHIC,
  readGraph,
  type Graph,
  type Polymorphic,
  TENANTS_TABLE,
  type TableInfo,
} from "./graph.ts";
import {
  FORMAT,
  FORMAT_VERSION,
  openTransferFile,
  TransferError,
  TransferWriter,
  type BarangayRow,
  type Header,
  type Value,
} from "./file.ts";

// Moving one barangay out of a deployment and into another (issue 29 item 6, docs/decisions/211).
// Everything runs as the database owner: the export reads one barangay's rows of every table in
// one snapshot; the import writes them with new ids in one transaction and checks every table's
// count before it commits; the removal deletes them.

export { TransferError } from "./file.ts";

type Db = Kysely<Database> | Transaction<Database>;

const PAGE = 2000;
const BARANGAY_FIELDS: (keyof BarangayRow)[] = [
  "psgc_code",
  "name",
  "city_municipality",
  "city_psgc_code",
  "province",
  "region",
  "status",
  "suspended_at",
  "suspended_reason",
  "created_at",
  "updated_at",
];

const id = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function query<R>(db: Db, text: string, parameters: unknown[] = []): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows;
}

async function migrations(db: Db): Promise<string[]> {
  return (await query<{ name: string }>(db, "select name from kysely_migration order by name")).map((r) => r.name);
}

async function barangayByPsgc(db: Db, psgc: string): Promise<({ id: number } & BarangayRow) | undefined> {
  const fields = BARANGAY_FIELDS.map((f) => `${id(f)}::text as ${id(f)}`).join(", ");
  const rows = await query<{ id: number } & BarangayRow>(db, `select id, ${fields} from barangays where psgc_code = $1`, [psgc]);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : undefined;
}

function writtenColumns(table: TableInfo) {
  return table.columns.filter((c) => !c.generated);
}

// ---------------------------------------------------------------------------------------------
// Export

export interface ExportResult {
  file: string;
  barangayId: number;
  name: string;
  counts: Record<string, number>;
  bytes: number;
  /** A standalone install's barangay without a PSGC code, exported under the code given. */
  namedNow: boolean;
}

export interface ExportOptions {
  /** The database is a hub's (PORTAL_HUB): only a barangay that has the code is exported. */
  hub?: boolean;
}

/**
 * The barangay of `psgc`; on a standalone install whose barangay 1 has no PSGC code yet (every
 * install before the hub), barangay 1 under that code, its missing city, province and region
 * taken from the PSGC list — the code must be a barangay's there.
 */
async function barangayToExport(
  trx: Db,
  psgc: string,
  options: ExportOptions,
): Promise<{ id: number; row: BarangayRow; namedNow: boolean }> {
  const found = await barangayByPsgc(trx, psgc);
  if (found) {
    const { id: barangayId, ...row } = found;
    return { id: barangayId, row, namedNow: false };
  }
  const first = options.hub ? undefined : await firstWithoutCode(trx);
  const place = barangayByCode(psgc);
  if (!first || !place) throw new TransferError(`There is no barangay with PSGC code ${psgc} in this database.`);
  const { id: barangayId, ...row } = first;
  return {
    id: barangayId,
    namedNow: true,
    row: {
      ...row,
      psgc_code: psgc,
      city_psgc_code: row.city_psgc_code ?? place.cityMunicipality.code,
      city_municipality: row.city_municipality ?? place.cityMunicipality.name,
      province: row.province ?? place.province?.name ?? null,
      region: row.region ?? place.region.name,
    },
  };
}

async function firstWithoutCode(trx: Db): Promise<({ id: number } & BarangayRow) | undefined> {
  const fields = BARANGAY_FIELDS.map((f) => `${id(f)}::text as ${id(f)}`).join(", ");
  const rows = await query<{ id: number } & BarangayRow>(trx, `select id, ${fields} from barangays where id = $1 and psgc_code is null`, [
    FIRST_BARANGAY_ID,
  ]);
  return rows[0] ? { ...rows[0], id: Number(rows[0].id) } : undefined;
}

/** Writes the barangay of `psgc` (every table's rows of it, files included) to `file`. */
export async function exportBarangay(
  db: DB,
  psgc: string,
  file: string,
  portalVersion: string,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const partial = `${file}.partial`;
  const writer = new TransferWriter(partial);
  try {
    const result = await asOwner(() =>
      db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute(async (trx) => {
          const { id: sourceId, row, namedNow } = await barangayToExport(trx, psgc, options);
          if (sourceId === HUB_TENANT_ID) throw new TransferError("The hub itself is not a barangay to export.");
          const graph = await readGraph(trx);
          const permissions: Header["permissions"] = [];
          for (const table of graph.tables.values()) {
            for (const column of table.byName) {
              const found = await query<{ id: number; name: string; description: string | null }>(
                trx,
                `select distinct p.id, p.${id(BY_NAME.column)} as name, p.description from ${id(table.name)} t
                 join ${id(BY_NAME.table)} p on p.id = t.${id(column)} where t.barangay_id = $1 order by p.id`,
                [sourceId],
              );
              for (const p of found) if (!permissions.some((q) => q.id === Number(p.id))) permissions.push({ ...p, id: Number(p.id) });
            }
          }
          await writer.header({
            format: FORMAT,
            formatVersion: FORMAT_VERSION,
            portalVersion,
            migrations: await migrations(trx),
            exportedAt: new Date().toISOString(),
            sourceId,
            barangay: row,
            permissions,
          });
          const counts: Record<string, number> = {};
          for (const name of graph.order) {
            const table = graph.tables.get(name)!;
            const columns = writtenColumns(table);
            const [{ count }] = await query<{ count: number }>(
              trx,
              `select count(*)::int as count from ${id(name)} where barangay_id = $1`,
              [sourceId],
            );
            await writer.startTable({ table: name, columns: columns.map((c) => c.name), count: Number(count) });
            const select = columns.map((c, i) => `${id(c.name)}::text as c${i}`).join(", ");
            // A cursor in the snapshot's transaction: the rows in pages, each read once. The id is
            // written into the text (DECLARE takes no parameters); it is a number from the database.
            const order = table.primaryKey.length ? ` order by ${table.primaryKey.map(id).join(", ")}` : "";
            await query(
              trx,
              `declare transfer_rows no scroll cursor for select ${select} from ${id(name)} where barangay_id = ${Number(sourceId)}${order}`,
            );
            for (;;) {
              const rows = await query<Record<string, Value>>(trx, `fetch forward ${PAGE} from transfer_rows`);
              await writer.rows(rows.map((r) => columns.map((_, i) => r[`c${i}`] ?? null)));
              if (rows.length < PAGE) break;
            }
            await query(trx, "close transfer_rows");
            counts[name] = await writer.endTable();
            if (counts[name] !== Number(count)) throw new Error(`${name}: counted ${count} rows but read ${counts[name]}`);
          }
          return { barangayId: sourceId, name: row.name, counts, namedNow };
        }),
    );
    await writer.finish();
    fs.renameSync(partial, file);
    return { file, ...result, bytes: fs.statSync(file).size };
  } catch (error) {
    await writer.abort();
    throw error;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Removal

/**
 * Deletes every row of `barangayId` (sessions included) in the reverse of the dependency order,
 * the columns of a reference cycle emptied first. Triggers run as for any delete (sessions are
 * revoked, counts kept); a last sweep deletes what they wrote for the barangay meanwhile.
 */
async function deleteRows(trx: Transaction<Database>, graph: Graph, barangayId: number): Promise<void> {
  const written = new Set<string>();
  for (const name of graph.order) {
    const table = graph.tables.get(name)!;
    for (const r of deferredColumns(table, written)) {
      if (r.to === name) continue; // a table's references to itself go with it in one statement
      await query(trx, `update ${id(name)} set ${id(r.column)} = null where barangay_id = $1 and ${id(r.column)} is not null`, [
        barangayId,
      ]);
    }
    written.add(name);
  }
  const notMoved = graph.allTenantTables.filter((t) => !graph.tables.has(t));
  const reverse = [...notMoved, ...[...graph.order].reverse()];
  for (let sweep = 0; sweep < 2; sweep++) {
    for (const name of reverse) await query(trx, `delete from ${id(name)} where barangay_id = $1`, [barangayId]);
  }
}

export interface RemoveResult {
  barangayId: number;
  name: string;
  /** Rows of the barangay, by table (sessions included), that the removal deletes or deleted. */
  counts: Record<string, number>;
}

/**
 * Removes the barangay of `psgc` and every row of it from this database (after an export). With
 * `dryRun`, only counts what it would delete.
 */
export async function removeBarangay(db: DB, psgc: string, options: { dryRun?: boolean } = {}): Promise<RemoveResult> {
  return asOwner(() =>
    db.transaction().execute(async (trx) => {
      const barangay = await barangayByPsgc(trx, psgc);
      if (!barangay) throw new TransferError(`There is no barangay with PSGC code ${psgc} in this database.`);
      if (barangay.id === HUB_TENANT_ID) throw new TransferError("The hub itself cannot be removed.");
      const graph = await readGraph(trx);
      const counts: Record<string, number> = {};
      for (const name of graph.allTenantTables) {
        const [{ count }] = await query<{ count: number }>(trx, `select count(*)::int as count from ${id(name)} where barangay_id = $1`, [
          barangay.id,
        ]);
        if (Number(count)) counts[name] = Number(count);
      }
      if (!options.dryRun) {
        await deleteRows(trx, graph, barangay.id);
        // Barangay 1 is the install's own, made by the migrations: it stays, empty and without a code.
        await query(
          trx,
          barangay.id === FIRST_BARANGAY_ID
            ? "update barangays set psgc_code = null, status = 'active', suspended_at = null, suspended_reason = null, updated_at = now() where id = $1"
            : "delete from barangays where id = $1",
          [barangay.id],
        );
      }
      return { barangayId: barangay.id, name: barangay.name, counts };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Import

export interface ImportOptions {
  /** The target is a hub (PORTAL_HUB): the barangay becomes a new tenant. Otherwise it replaces an empty barangay 1. */
  hub: boolean;
}

export interface ImportResult {
  barangayId: number;
  name: string;
  psgc: string | null;
  /** Loaded into the install's own barangay 1 (a standalone install) rather than a new tenant. */
  intoFirst: boolean;
  counts: Record<string, number>;
  /** What could not be mapped, by column: references set empty, polymorphic ids kept as they were. */
  notes: string[];
}

/** The deployment-wide unique keys of the moved tables (user names, e-mails, verification codes). */
async function globalUniqueKeys(db: Db, graph: Graph): Promise<{ table: string; columns: string[]; folded: boolean[] }[]> {
  const rows = await query<{ table: string; columns: string[]; types: string[] }>(
    db,
    `select c.relname as table, array_agg(a.attname::text order by k.n) as columns,
       array_agg(format_type(a.atttypid, a.atttypmod) order by k.n) as types
     from pg_index i join pg_class c on c.oid = i.indrelid
     cross join lateral unnest(i.indkey) with ordinality k(attnum, n)
     left join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum
     where i.indisunique and c.relnamespace = 'public'::regnamespace and not (0 = any (i.indkey::int2[]))
     group by i.indexrelid, c.relname`,
  );
  const remapped = (table: TableInfo, column: string) =>
    column === "barangay_id" ||
    column === table.identity ||
    table.references.some((r) => r.column === column) ||
    table.byName.includes(column) ||
    CHOSEN_REFERENCES.some((r) => r.table === table.name && r.column === column) ||
    POLYMORPHIC.some((p) => p.table === table.name && p.id === column);
  const keys: { table: string; columns: string[]; folded: boolean[] }[] = [];
  for (const row of rows) {
    const table = graph.tables.get(row.table);
    const columns = typeof row.columns === "string" ? parseArray(row.columns) : row.columns;
    const types = typeof row.types === "string" ? parseArray(row.types) : row.types;
    if (!table || columns.some((c) => remapped(table, c))) continue;
    keys.push({ table: row.table, columns, folded: types.map((t) => t === "citext") });
  }
  return keys;
}

/** A PostgreSQL array's text ({a,b}) where a driver hands it over unparsed. */
function parseArray(text: string): string[] {
  return text
    .replace(/^\{|\}$/g, "")
    .split(",")
    .map((s) => s.replace(/^"|"$/g, ""));
}

const KEY_SEPARATOR = "\u001f";

/**
 * Loads a barangay file into this database in one transaction: a new tenant on a hub, or the
 * install's barangay 1 when it is still empty. Refuses a PSGC code already present and user
 * names, e-mails or verification codes that another barangay here already has.
 */
export async function importBarangay(db: DB, file: string, options: ImportOptions): Promise<ImportResult> {
  return asOwner(async () => {
    const graph = await readGraph(db);
    const here = await migrations(db);
    const uniqueKeys = await globalUniqueKeys(db, graph);

    // First reading: the checksums, the tables and columns against this schema, the ids to map,
    // the values that must stay unique across the deployment.
    const first = await openTransferFile(file);
    const header = first.header;
    if (JSON.stringify(header.migrations) !== JSON.stringify(here)) {
      const missing = header.migrations.filter((m) => !here.includes(m));
      throw new TransferError(
        missing.length
          ? `The file was exported by a newer portal (migrations this database lacks: ${missing.join(", ")}). Update this portal first.`
          : `This database has migrations the file's portal did not (${here.filter((m) => !header.migrations.includes(m)).join(", ")}): ` +
              `update the exporting portal and export again.`,
      );
    }
    const oldIds = new Map<string, number[]>();
    const uniqueValues = new Map<string, Set<string>>(); // "table.col,col" → values
    const fileCounts: Record<string, number> = {};
    for await (const section of first.sections) {
      const { table: name, columns } = section.start;
      const table = graph.tables.get(name);
      const expected = table ? writtenColumns(table).map((c) => c.name) : null;
      if (!table || JSON.stringify(expected) !== JSON.stringify(columns)) {
        throw new TransferError(`The file's table ${name} does not match this database's (${table ? "other columns" : "no such table"}).`);
      }
      const identityAt = table.identity ? columns.indexOf(table.identity) : -1;
      const ids: number[] = [];
      const keys = uniqueKeys.filter((k) => k.table === name).map((k) => ({ ...k, at: k.columns.map((c) => columns.indexOf(c)) }));
      for (const k of keys) uniqueValues.set(`${name}.${k.columns.join(",")}`, new Set());
      for await (const row of section.rows) {
        if (identityAt >= 0) ids.push(Number(row[identityAt]));
        for (const k of keys) {
          const values = k.at.map((i, n) => (row[i] === null ? null : k.folded[n] ? row[i]!.toLowerCase() : row[i]!));
          if (values.every((v) => v !== null)) uniqueValues.get(`${name}.${k.columns.join(",")}`)!.add(values.join(KEY_SEPARATOR));
        }
      }
      if (identityAt >= 0) oldIds.set(name, ids);
      fileCounts[name] = section.start.count;
    }
    for (const name of graph.tables.keys()) {
      if (!(name in fileCounts)) throw new TransferError(`The file holds no table ${name}: it was made by another version of the portal.`);
    }

    return db.transaction().execute(async (trx) => {
      const psgc = header.barangay.psgc_code;
      if (psgc && (await barangayByPsgc(trx, psgc))) {
        const there = (await barangayByPsgc(trx, psgc))!;
        throw new TransferError(
          `Barangay ${there.name} (PSGC ${psgc}) is already in this database (id ${there.id}): remove it first or import elsewhere.`,
        );
      }

      let targetId: number;
      let intoFirst = false;
      const values = BARANGAY_FIELDS.map((f) => header.barangay[f]);
      const casts = ["text", "text", "text", "text", "text", "text", "text", "timestamptz", "text", "timestamptz", "timestamptz"];
      if (options.hub) {
        const [row] = await query<{ id: number }>(
          trx,
          `insert into barangays (${BARANGAY_FIELDS.map(id).join(", ")}) values (${values.map((_, i) => `$${i + 1}::text::${casts[i]}`).join(", ")}) returning id`,
          values,
        );
        targetId = Number(row!.id);
      } else {
        await refuseUnlessEmptyFirst(trx, graph);
        await deleteRows(trx, graph, FIRST_BARANGAY_ID);
        await query(
          trx,
          `update barangays set ${BARANGAY_FIELDS.map((f, i) => `${id(f)} = $${i + 2}::text::${casts[i]}`).join(", ")} where id = $1`,
          // A standalone install serves its one barangay: a suspension on the hub it left does not follow it.
          [
            FIRST_BARANGAY_ID,
            ...BARANGAY_FIELDS.map((f, i) => (f === "status" ? "active" : f.startsWith("suspended_") ? null : values[i])),
          ],
        );
        targetId = FIRST_BARANGAY_ID;
        intoFirst = true;
      }

      // User names, e-mails and verification codes stay unique across the deployment.
      const clashes: { key: string; values: string[] }[] = [];
      for (const key of uniqueKeys) {
        const wanted = [...(uniqueValues.get(`${key.table}.${key.columns.join(",")}`) ?? [])];
        if (!wanted.length) continue;
        const expression = key.columns.map((c, n) => (key.folded[n] ? `lower(${id(c)}::text)` : `${id(c)}::text`)).join(` || chr(31) || `);
        const found = await query<{ v: string }>(
          trx,
          `select ${expression} as v from ${id(key.table)} where barangay_id <> $1 and ${expression} = any ($2::text[]) order by 1`,
          [targetId, wanted],
        );
        if (found.length) {
          clashes.push({ key: `${key.table}.${key.columns.join("+")}`, values: found.map((f) => f.v.split(KEY_SEPARATOR).join(" / ")) });
        }
      }
      if (clashes.length) {
        const total = clashes.reduce((n, c) => n + c.values.length, 0);
        const lines = clashes.map(
          (c) =>
            `${c.key} (${c.values.length}): ${c.values.slice(0, 20).join(", ")}${c.values.length > 20 ? `, … and ${c.values.length - 20} more` : ""}`,
        );
        throw new TransferError(
          `Refusing to import: ${total} value${total === 1 ? "" : "s"} that must be unique across the deployment ` +
            `already belong to another barangay here:\n  ${lines.join("\n  ")}\nRename them in one of the two barangays first.`,
        );
      }

      // New ids for every identity column, drawn from this database's own sequences.
      const maps = new Map<string, Map<number, number>>();
      for (const [name, ids] of oldIds) {
        const table = graph.tables.get(name)!;
        const fresh = ids.length
          ? (
              await query<{ v: number }>(trx, `select nextval(pg_get_serial_sequence($1, $2)) as v from generate_series(1, $3::int)`, [
                name,
                table.identity,
                ids.length,
              ])
            )
              .map((r) => Number(r.v))
              .sort((a, b) => a - b)
          : [];
        const sorted = [...ids].sort((a, b) => a - b);
        maps.set(name, new Map(sorted.map((old, i) => [old, fresh[i]!])));
      }
      maps.set(TENANTS_TABLE, new Map([[header.sourceId, targetId]]));
      // Permissions by name; one this database lacks is added to its catalogue.
      const permissionIds = new Map<number, number>();
      for (const p of header.permissions) {
        const [row] = await query<{ id: number }>(
          trx,
          `with added as (insert into permissions (name, description) values ($1, $2) on conflict (name) do nothing returning id)
           select id from added union all select id from permissions where name = $1`,
          [p.name, p.description],
        );
        permissionIds.set(p.id, Number(row!.id));
      }

      // Triggers stay off while the rows go in: the file already holds what they would write
      // (row counts, name words, the profile's copy of the account's state).
      for (const table of graph.tables.values()) {
        if (table.hasUserTriggers) await query(trx, `alter table ${id(table.name)} disable trigger user`);
      }

      const notes = new Map<string, number>();
      const note = (text: string) => notes.set(text, (notes.get(text) ?? 0) + 1);
      const mapper = new RowMapper(graph, maps, permissionIds, targetId, note);
      const deferred: { table: string; column: string; key: string; rows: [number, number][] }[] = [];
      const written = new Set<string>();
      const second = await openTransferFile(file);
      for await (const section of second.sections) {
        const table = graph.tables.get(section.start.table)!;
        const plan = mapper.plan(table, section.start.columns, written);
        for (const d of plan.deferred) deferred.push({ table: table.name, column: d, key: table.identity!, rows: [] });
        const types = section.start.columns.map((c) => table.columns.find((t) => t.name === c)!.type);
        const perBatch = Math.max(1, Math.min(500, Math.floor(30000 / types.length)));
        const insert = (rows: Value[][]) =>
          query(
            trx,
            `insert into ${id(table.name)} (${section.start.columns.map(id).join(", ")}) ${table.identity ? "overriding system value" : ""} values ` +
              rows.map((_, r) => `(${types.map((t, c) => `$${r * types.length + c + 1}::text::${t}`).join(", ")})`).join(", "),
            rows.flat(),
          );
        let batch: Value[][] = [];
        for await (const row of section.rows) {
          const mapped = plan.map(row, (column, newId, value) =>
            deferred.find((d) => d.table === table.name && d.column === column)!.rows.push([newId, value]),
          );
          batch.push(mapped);
          if (batch.length >= perBatch) {
            await insert(batch);
            batch = [];
          }
        }
        if (batch.length) await insert(batch);
        written.add(table.name);
      }
      for (const d of deferred) {
        for (let i = 0; i < d.rows.length; i += 1000) {
          const part = d.rows.slice(i, i + 1000);
          await query(
            trx,
            `update ${id(d.table)} t set ${id(d.column)} = v.value from unnest($1::text[]::bigint[], $2::text[]::bigint[]) as v(key, value) where t.${id(d.key)} = v.key`,
            [part.map((p) => String(p[0])), part.map((p) => String(p[1]))],
          );
        }
      }
      for (const table of graph.tables.values()) {
        if (table.hasUserTriggers) await query(trx, `alter table ${id(table.name)} enable trigger user`);
      }

      // Every table's rows of the barangay, counted against the file: any difference undoes it all.
      const counts: Record<string, number> = {};
      const differences: string[] = [];
      for (const name of graph.order) {
        const [{ count }] = await query<{ count: number }>(trx, `select count(*)::int as count from ${id(name)} where barangay_id = $1`, [
          targetId,
        ]);
        counts[name] = Number(count);
        if (counts[name] !== fileCounts[name]) differences.push(`${name}: ${counts[name]} rows, the file has ${fileCounts[name]}`);
      }
      if (differences.length)
        throw new TransferError(`The import did not match the file, and nothing was kept:\n  ${differences.join("\n  ")}`);

      return {
        barangayId: targetId,
        name: header.barangay.name,
        psgc,
        intoFirst,
        counts,
        notes: [...notes].map(([text, n]) => `${text}: ${n}`).sort(),
      };
    });
  });
}

/** A standalone install takes a barangay into its barangay 1 only while that holds nothing but the seed's. */
async function refuseUnlessEmptyFirst(trx: Transaction<Database>, graph: Graph): Promise<void> {
  const [first] = await query<{ name: string }>(trx, "select name from barangays where id = $1", [FIRST_BARANGAY_ID]);
  if (!first) throw new TransferError("This database has no barangay 1 to import into: set PORTAL_HUB=true to import into a hub.");
  const records = ["users", "transactions", "collections", "disbursements", "kp_cases"].filter((t) => graph.tables.has(t));
  const counts = await query<{ table: string; count: number }>(
    trx,
    records.map((t) => `select '${t}' as table, count(*)::int as count from ${id(t)} where barangay_id = $1`).join(" union all "),
    [FIRST_BARANGAY_ID],
  );
  const held = counts.filter((c) => Number(c.count) > (c.table === "users" ? 1 : 0));
  if (held.length) {
    throw new TransferError(
      `This install's barangay (${first.name}) already holds records (${held.map((c) => `${c.count} ${c.table}`).join(", ")}). ` +
        `Import into a new install, or into a hub (PORTAL_HUB=true) where the barangay becomes a new one.`,
    );
  }
}

type Note = (text: string) => void;

interface Plan {
  deferred: string[];
  map(row: Value[], defer: (column: string, newId: number, value: number) => void): Value[];
}

/** Rewrites a row of the file for this database: the barangay, new ids, every reference through the map. */
class RowMapper {
  constructor(
    private readonly graph: Graph,
    private readonly maps: Map<string, Map<number, number>>,
    private readonly permissionIds: Map<number, number>,
    private readonly targetId: number,
    private readonly note: Note,
  ) {}

  private mapId(table: string, value: number): number | undefined {
    return this.maps.get(table)?.get(value);
  }

  plan(table: TableInfo, columns: string[], written: ReadonlySet<string>): Plan {
    const at = (name: string) => columns.indexOf(name);
    const deferredRefs = deferredColumns(table, written);
    const steps: ((row: Value[], out: Value[], newId: number | null, defer: (c: string, n: number, v: number) => void) => void)[] = [];
    const identityAt = table.identity ? at(table.identity) : -1;
    steps.push((row, out) => (out[at("barangay_id")] = String(this.targetId)));
    if (identityAt >= 0) steps.push((row, out, newId) => (out[identityAt] = String(newId)));
    for (const r of table.references) {
      const i = at(r.column);
      const isDeferred = deferredRefs.includes(r);
      steps.push((row, out, newId, defer) => {
        if (row[i] === null) return;
        const mapped = this.mapId(r.to, Number(row[i]));
        if (mapped === undefined) {
          if (!r.nullable) {
            throw new TransferError(
              `${table.name}.${r.column} = ${row[i]} names a ${r.to} row that is not in the file, and cannot be empty.`,
            );
          }
          this.note(`${table.name}.${r.column} named a ${r.to} row outside the barangay: left empty`);
          out[i] = null;
        } else if (isDeferred) {
          out[i] = null;
          defer(r.column, newId!, mapped);
        } else out[i] = String(mapped);
      });
    }
    for (const column of table.byName) {
      const i = at(column);
      steps.push((row, out) => {
        if (row[i] !== null) out[i] = String(this.permissionIds.get(Number(row[i])));
      });
    }
    for (const chosen of CHOSEN_REFERENCES.filter((c) => c.table === table.name)) {
      const i = at(chosen.column);
      const by = at(chosen.by);
      steps.push((row, out) => {
        if (row[i] === null) return;
        const to = chosen.to[row[by] ?? ""];
        const mapped = to ? this.mapId(to, Number(row[i])) : undefined;
        if (mapped !== undefined) out[i] = String(mapped);
        else this.note(`${table.name}.${chosen.column} (${row[by]}) not mapped: kept as it was`);
      });
    }
    for (const p of POLYMORPHIC.filter((p) => p.table === table.name)) steps.push(this.polymorphic(p, at));
    const deferred = deferredRefs.map((r) => r.column);
    if (deferred.length && identityAt < 0)
      throw new Error(`${table.name} has references written later but no identity to find its rows by`);
    return {
      deferred,
      map: (row, defer) => {
        const out = [...row];
        const newId = identityAt >= 0 ? this.mapId(table.name, Number(row[identityAt]))! : null;
        for (const step of steps) step(row, out, newId, defer);
        return out;
      },
    };
  }

  private polymorphic(p: Polymorphic, at: (name: string) => number) {
    const entityAt = at(p.entity);
    const idAt = at(p.id);
    const tableAt = p.tableColumn ? at(p.tableColumn) : -1;
    const jsonAt = (p.json ?? []).map(at);
    const linkAt = p.link ? at(p.link) : -1;
    const dataAt = p.data ? at(p.data) : -1;
    return (row: Value[], out: Value[]) => {
      const named = tableAt >= 0 && row[tableAt] !== null ? row[tableAt]! : null;
      const target = named && this.graph.tables.get(named)?.identity ? named : entityTable(row[entityAt] ?? "", this.graph.tables);
      const old = row[idAt];
      const mapped = target && old !== null && /^\d+$/.test(old) ? this.mapId(target, Number(old)) : undefined;
      // A key that is no number (a setting's name, an image's kind) names no row by id: nothing to map.
      if (old !== null && /^\d+$/.test(old)) {
        if (mapped !== undefined) out[idAt] = String(mapped);
        else
          this.note(
            `${p.table}.${p.id} of ${row[entityAt]} not mapped (${target ? "no longer there" : "no table of ids"}): kept as it was`,
          );
      }
      for (const i of jsonAt) if (target && row[i] !== null) out[i] = this.mapImage(target, row[i]!);
      if (linkAt >= 0 && row[linkAt] && old !== null && mapped !== undefined) {
        out[linkAt] = row[linkAt]!.replace(new RegExp(`/${old}(?=$|[/?#])`), `/${mapped}`);
      }
      if (dataAt >= 0 && row[dataAt]) out[dataAt] = this.mapData(row[dataAt]!);
    };
  }

  /** A row image in a log (before/after): its id and reference keys mapped as the table's columns. */
  private mapImage(tableName: string, text: string): string {
    const table = this.graph.tables.get(tableName);
    if (!table) return text;
    let image: unknown;
    try {
      image = JSON.parse(text);
    } catch {
      return text;
    }
    if (!image || typeof image !== "object" || Array.isArray(image)) return text;
    const object = image as Record<string, unknown>;
    let changed = false;
    const swap = (key: string, to: string) => {
      const value = object[key];
      const old = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value) ? Number(value) : null;
      if (old === null) return;
      const mapped = this.mapId(to, old);
      if (mapped === undefined) return;
      object[key] = typeof value === "number" ? mapped : String(mapped);
      changed = true;
    };
    if (table.identity && table.identity in object) swap(table.identity, table.name);
    for (const r of table.references) if (r.column in object) swap(r.column, r.to);
    if ("barangay_id" in object) {
      object.barangay_id = this.targetId;
      changed = true;
    }
    return changed ? JSON.stringify(object) : text;
  }

  /** A notification's data: keys `<entity>_id` mapped by entity (collection_id → collections). */
  private mapData(text: string): string {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      return text;
    }
    if (!data || typeof data !== "object" || Array.isArray(data)) return text;
    const object = data as Record<string, unknown>;
    let changed = false;
    for (const [key, value] of Object.entries(object)) {
      const m = /^(.+)_id$/.exec(key);
      const table = m ? entityTable(m[1]!, this.graph.tables) : null;
      if (!table || typeof value !== "number") continue;
      const mapped = this.mapId(table, value);
      if (mapped !== undefined) {
        object[key] = mapped;
        changed = true;
      }
    }
    return changed ? JSON.stringify(object) : text;
  }
}
