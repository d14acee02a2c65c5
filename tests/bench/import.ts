// The resident import's bench (issue 33 item 2): a 50,000-row RBI Form A workbook (households of
// four to five) into a fresh, seeded PostgreSQL database of its own, timed as the secretary meets it
// — the upload with its dry run (read, checked, matched, stored), then the commit in batches to
// "committed" — beside the floor of a plain COPY of the same rows' profile columns into a bare table.
// The process's resident memory is sampled throughout (its peak says whether the sheet was streamed).
//
//   tsx tests/bench/import.ts [--rows 50000] [--json]
//
// `npm run bench` runs it as a child process after its load cases (tests/bench/run.ts) and keeps the
// figures under `import` in bench/results.json. Targets: dry run ≤ 20 s, commit ≤ 60 s.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import ExcelJS from "exceljs";
import { sql } from "kysely";
import { benchDatabaseUrl } from "./config.ts";
import { RBI_HEADERS } from "../api/resident-import-sheets.ts";
import { createTestDatabase, TEST_ADMIN } from "../helpers/db.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { commitImport, getImport, uploadImport } from "../../server/features/resident-import/service.ts";

const FIRSTS = ["Jose", "Maria", "Juan", "Ana", "Pedro", "Rosa", "Carlo", "Liza", "Ramon", "Nena", "Andres", "Luz", "Emilio", "Teresa"];
const LASTS = ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Torres", "Flores", "Villanueva", "Ramos", "Dela Cruz", "Peña"];
const MIDDLES = ["Lopez", "Aquino", "Castro", "Navarro", "Ocampo", "Pascual", "Salazar", "Rivera"];
const PUROKS = 12;

export interface ImportBench {
  rows: number;
  file_bytes: number;
  dry_run_s: number;
  commit_s: number;
  copy_floor_s: number;
  /** Rows per second of the commit, and the commit's time over the COPY floor's. */
  commit_rows_per_s: number;
  commit_over_floor: number;
  rss_peak_mb: number;
  counts: unknown;
}

function profileOf(i: number) {
  const day = new Date(Date.UTC(1940, 0, 1) + ((i * 7919) % 29_000) * 86_400_000).toISOString().slice(0, 10);
  return {
    lastname: `${LASTS[Math.floor(i / 4) % LASTS.length]}`,
    firstname: `${FIRSTS[i % FIRSTS.length]} ${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (Math.floor(i / 26) % 26))}`,
    middlename: MIDDLES[i % MIDDLES.length],
    house: String(1 + Math.floor(i / 4)),
    purok: `Purok ${1 + (Math.floor(i / 4) % PUROKS)}`,
    dob: day,
    sex: i % 2 ? "F" : "M",
    civil: i % 3 ? "Single" : "Married",
    household: `HH-${String(Math.floor(i / 4) + 1).padStart(6, "0")}`,
    relation: ["Head", "Spouse", "Son", "Daughter"][i % 4],
  };
}

/** The workbook, written by exceljs's streaming writer (the bench's own memory stays small too). */
async function writeWorkbook(file: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet("RBI Form A");
  sheet.addRow(["RECORD OF BARANGAY INHABITANTS BY HOUSEHOLD"]).commit();
  sheet.addRow(RBI_HEADERS).commit();
  for (let i = 0; i < rows; i++) {
    const p = profileOf(i);
    const [y, m, d] = p.dob.split("-");
    sheet
      .addRow([
        p.lastname,
        p.firstname,
        p.middlename,
        "",
        p.house,
        "Rizal St.",
        p.purok,
        "Calamba",
        `${m}/${d}/${y}`,
        p.sex,
        p.civil,
        "Filipino",
        "",
        p.household,
        p.relation,
      ])
      .commit();
  }
  sheet.commit();
  await workbook.commit();
}

function sampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  return { stop: () => (clearInterval(timer), Math.round(Math.max(peak, process.memoryUsage().rss) / 2 ** 20)) };
}

export async function benchImport(rows = 50_000): Promise<ImportBench> {
  const serverUrl = new URL(benchDatabaseUrl());
  serverUrl.pathname = "/postgres";
  process.env.TEST_DATABASE_URL ??= serverUrl.toString();
  const database = await createTestDatabase({ seed: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "import-bench-"));
  try {
    const db = database.db;
    await sql`insert into puroks (name) select 'Purok ' || g from generate_series(1, ${PUROKS}) g`.execute(db);
    const admin = await db.selectFrom("users").select("id").where("username", "=", TEST_ADMIN.username).executeTakeFirstOrThrow();
    const ctx = { db, user: await loadAuthUser(db, Number(admin.id)), ip: null };
    const file = path.join(dir, "rbi.xlsx");
    await writeWorkbook(file, rows);
    const fileBytes = fs.statSync(file).size;

    const memory = sampler();
    let t = performance.now();
    const id = await uploadImport(ctx, { path: file, name: "rbi.xlsx" });
    const dryRun = (performance.now() - t) / 1000;
    const batch = await getImport(ctx, id);

    t = performance.now();
    await commitImport(ctx, id);
    for (;;) {
      const state = await getImport(ctx, id);
      if (state.failure) throw new Error(state.failure);
      if (state.status === "committed") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const commit = (performance.now() - t) / 1000;
    const rssPeak = memory.stop();

    // The floor: the same rows' profile columns by COPY into a bare table (no triggers, no index).
    const csv = path.join(dir, "floor.csv");
    const out = fs.createWriteStream(csv);
    for (let i = 0; i < rows; i++) {
      const p = profileOf(i);
      out.write(
        `${p.lastname},${p.firstname},${p.middlename},${p.house},Rizal St.,${p.dob},${p.sex === "F" ? "Female" : "Male"},${p.civil},${p.household}\n`,
      );
    }
    await new Promise<void>((resolve) => out.end(resolve));
    const url = (database as { databaseUrl?: string }).databaseUrl!;
    execFileSync("psql", [
      url,
      "-q",
      "-c",
      "create table import_floor (lastname text, firstname text, middlename text, house text, street text, dob date, sex text, civil text, household text)",
    ]);
    t = performance.now();
    execFileSync("psql", [url, "-q", "-c", `\\copy import_floor from '${csv}' csv`]);
    const floor = (performance.now() - t) / 1000;

    const round = (n: number) => Math.round(n * 100) / 100;
    return {
      rows,
      file_bytes: fileBytes,
      dry_run_s: round(dryRun),
      commit_s: round(commit),
      copy_floor_s: round(floor),
      commit_rows_per_s: Math.round(batch.to_commit / commit),
      commit_over_floor: round(commit / floor),
      rss_peak_mb: rssPeak,
      counts: batch.counts,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const at = process.argv.indexOf("--rows");
  const rows = at > 0 ? Number(process.argv[at + 1]) : 50_000;
  const result = await benchImport(rows);
  if (process.argv.includes("--json")) console.log(JSON.stringify(result));
  else {
    console.log(
      `Import of ${result.rows.toLocaleString("en-US")} rows (${Math.round(result.file_bytes / 1024)} KiB XLSX): dry run ${result.dry_run_s} s (target ≤ 20), commit ${result.commit_s} s (target ≤ 60), COPY floor ${result.copy_floor_s} s, RSS peak ${result.rss_peak_mb} MB`,
    );
  }
  process.exit(0);
}
