import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { asOwner, inBarangay } from "../../db/tenant.ts";
import { runBatches } from "../../server/features/resident-import/service.ts";
import { resumeStoppedImports } from "../../server/features/resident-import/resume.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type Json, type TestServer } from "../helpers/server.ts";
import { rbiWorkbook, zipOf, type RbiRow } from "./resident-import-sheets.ts";

// The resident import (issue 33 items 1–2, decision 217) over HTTP: an RBI Form A workbook and CSV
// files read, every refusal reason, duplicates of registered residents and within the file, the
// choice per duplicate, "create it" for an unknown purok, the commit in batches (and its resume
// after a stop), households from the household column, the undo, the error report, hostile files,
// the permission and the barangay's isolation.

let server: TestServer;
let admin: ApiClient;
let existingId: number;
const BASE = "/backend/api/resident-imports";

async function upload(client: ApiClient, body: Buffer | string, name: string): Promise<{ status: number; body: Json }> {
  const xsrf = client.cookies.get("XSRF-TOKEN") ?? "";
  const res = await fetch(`${server.url}${BASE}?name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/octet-stream",
      "X-XSRF-TOKEN": xsrf,
      Accept: "application/json",
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
    },
    body: typeof body === "string" ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function rowsOf(id: number, filter = "all"): Promise<Json[]> {
  const all: Json[] = [];
  for (let page = 1; ; page++) {
    const res = await admin.get(`${BASE}/${id}/rows?filter=${filter}&page=${page}`);
    expect(res.status).toBe(200);
    all.push(...res.body.rows);
    if (page >= res.body.pages) return all;
  }
}

async function waitFor(id: number, status: string): Promise<Json> {
  for (let i = 0; i < 400; i++) {
    const res = await admin.get(`${BASE}/${id}`);
    if (res.body.data.status === status && !res.body.data.failure) return res.body.data;
    if (res.body.data.failure) throw new Error(res.body.data.failure);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} never reached ${status}`);
}

const importCount = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from resident_imports`.execute(server.db)).rows[0].n);
const residentNamed = (lastname: string) =>
  server.db
    .selectFrom("users")
    .innerJoin("user_profiles", "user_profiles.user_id", "users.id")
    .select([
      "users.id",
      "users.deleted_at",
      "firstname",
      "middlename",
      "suffix",
      "civil_status",
      "date_of_birth",
      "purok_id",
      "occupation_id",
    ])
    .where("users.kind", "=", "resident")
    .where("lastname", "=", lastname)
    .orderBy("users.id")
    .execute();

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  await server.db
    .insertInto("puroks")
    .values([{ name: "Purok 1" }, { name: "Purok 2" }])
    .execute();
  await server.db
    .insertInto("occupations")
    .values({ name: "Farmer" })
    .onConflict((oc) => oc.doNothing())
    .execute();
  const purok1 = await server.db.selectFrom("puroks").select("id").where("name", "=", "Purok 1").executeTakeFirstOrThrow();
  const created = await admin.post("/backend/api/resident", {
    user_profile: {
      lastname: "Dela Cruz",
      firstname: "Juan",
      middlename: "Santos",
      sex: "Male",
      date_of_birth: "1980-05-12",
      civil_status: "Single",
      purok_id: purok1.id,
    },
  });
  expect(created.status).toBe(201);
  existingId = created.body.data?.id ?? created.body.id;
}, 120_000);
afterAll(async () => {
  await server?.close();
});

// The planted rows: line numbers are the sheet's (the header is row 4).
const ROWS: RbiRow[] = [
  /* 5 */ [
    "DELA CRUZ",
    "JUAN",
    "S",
    "",
    "12",
    "Rizal St.",
    "Purok 1",
    "Calamba",
    "05/12/1980",
    "M",
    "Kasal",
    "Filipino",
    "Farmer",
    "001",
    "Head",
  ],
  /* 6 */ [
    "Dela Cruz",
    "Ma. Clara",
    "Peña",
    "",
    "12",
    "Rizal St.",
    "Prk. 1",
    "Calamba",
    "1982-07-04",
    "Babae",
    "Married",
    "Filipino",
    "",
    "001",
    "Asawa",
  ],
  /* 7 */ [
    "Dela Cruz",
    "Pedro Jr.",
    "Peña",
    "",
    "12",
    "Rizal St.",
    "P-1",
    "Calamba",
    "03/15/2005",
    "Lalaki",
    "Single",
    "Filipino",
    "Student",
    "001",
    "Son",
  ],
  /* 8 */ [
    "DELA CRUZ",
    "MARIA CLARA",
    "PENA",
    "",
    "12",
    "Rizal St.",
    "Purok Uno",
    "Calamba",
    "07/04/1982",
    "F",
    "M",
    "",
    "",
    "001",
    "Wife",
  ],
  /* 9 */ ["", "Nena", "", "", "", "", "Purok 2", "", "01/01/1990", "F", "Single", "", "", "", ""],
  /* 10 */ ["Reyes", "Ana", "", "", "", "", "Purok 2", "", "02/30/1990", "F", "Single", "", "", "", ""],
  /* 11 */ ["Reyes", "Ben", "", "", "", "", "Purok 2", "", "01/01/2090", "M", "Single", "", "", "", ""],
  /* 12 */ ["Reyes", "Carlo", "", "", "", "", "Purok 9", "", "01/20/1990", "M", "Single", "", "", "002", "Head"],
  /* 13 */ ["Reyes", "Dina", "", "", "", "", "Purok 2", "", "01/21/1990", "X", "Single", "", "", "", ""],
  /* 14 */ ["Reyes", "Edna", "", "", "", "", "Purok 2", "", "01/22/1990", "F", "Live-in", "", "", "", ""],
  /* 15 */ [
    "Santos",
    { formula: '"Ro"&"sa"', result: "Rosa" },
    "Lim",
    "",
    "",
    "",
    "Purok 2",
    "",
    new Date(Date.UTC(1975, 10, 3)),
    "F",
    "Widow",
    "",
    "",
    "",
    "",
  ],
  /* 16 */ ["Santos", "Jose", "Lim", "III", "", "", "Purok 2", "", "11/03/1975", "M", "Biyudo", "", "", "", ""],
];

describe("an RBI Form A workbook", () => {
  let id: number;

  it("is recognised without mapping and dry-run row by row", async () => {
    const res = await upload(admin, await rbiWorkbook(ROWS), "RBI Form A.xlsx");
    expect(res.status).toBe(201);
    id = res.body.data.id;
    expect(res.body.data).toMatchObject({ status: "review", format: "xlsx", total_rows: 12 });
    expect(res.body.data.mapping).toMatchObject({
      lastname: 0,
      firstname: 1,
      middlename: 2,
      suffix: 3,
      purok: 6,
      date_of_birth: 8,
      household_no: 13,
    });
    expect(res.body.data.counts).toMatchObject({ create: 4, duplicate: 2, refuse: 6, unknown_puroks: { "Purok 9": 1 } });

    const rows = await rowsOf(id);
    const at = (line: number) => rows.find((r) => r.line === line);
    // A registered resident, with a middle initial for the middle name.
    expect(at(5)).toMatchObject({ outcome: "duplicate", match_user_id: existingId });
    expect(at(5).match_reason).toMatch(/middle initial matches/);
    // Within the file: "Ma." for Maria, ñ and n, capitals, the date written two ways.
    expect(at(8)).toMatchObject({ outcome: "duplicate", match_line: 6, match_user_id: null });
    expect(at(6)).toMatchObject({ outcome: "create" });
    expect(at(6).profile).toMatchObject({ firstname: "Ma. Clara", middlename: "Peña", sex: "Female", civil_status: "Married" });
    // A suffix written after the first name; sex and civil status in Filipino.
    expect(at(7).profile).toMatchObject({ firstname: "Pedro", suffix: "Jr.", sex: "Male", civil_status: "Single" });
    // Every refusal says why.
    expect(at(9).reasons).toEqual(["The last name field is required."]);
    expect(at(10).reasons).toEqual(["The date of birth is not a valid date."]);
    expect(at(11).reasons).toEqual(["The date of birth must not be in the future."]);
    expect(at(12).reasons).toEqual(['Purok "Purok 9" is not in the list of puroks.']);
    expect(at(13).reasons).toEqual(['Sex "X" is neither Male nor Female; correct it in the sheet.']);
    expect(at(14).reasons[0]).toMatch(/no live-in status/);
    // A formula's cached result is read, never evaluated; a date cell is a date.
    expect(at(15).profile).toMatchObject({ firstname: "Rosa", date_of_birth: "1975-11-03", civil_status: "Widowed" });
    // Twins' guard: same surname and birth date, another first name — not a duplicate.
    expect(at(16)).toMatchObject({ outcome: "create" });
    expect(at(16).profile).toMatchObject({ suffix: "III", civil_status: "Widowed" });
    // An occupation not in the list is left blank and said so.
    expect(at(7).notes.join(" ")).toMatch(/Occupation "Student" is not in the list/);
  });

  it("offers to create an unknown purok, then checks the rows again", async () => {
    const res = await admin.post(`${BASE}/${id}/puroks`, { name: "Purok 9" });
    expect(res.status).toBe(200);
    expect(res.body.data.counts).toMatchObject({ create: 5, refuse: 5 });
    expect(res.body.data.counts.unknown_puroks).toEqual({});
    const again = await admin.post(`${BASE}/${id}/puroks`, { name: "Purok 9" });
    expect(again.status).toBe(422);
  });

  it("takes a choice per duplicate; a row of the file cannot update a registered resident", async () => {
    const wrong = await admin.post(`${BASE}/${id}/decisions`, { lines: [8], decision: "update" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.decision[0]).toMatch(/Row 8 repeats a row of this file/);
    expect((await admin.post(`${BASE}/${id}/decisions`, { lines: [5], decision: "update" })).body.updated).toBe(1);
    expect((await admin.post(`${BASE}/${id}/decisions`, { lines: [8], decision: "skip" })).body.updated).toBe(1);
    expect((await admin.post(`${BASE}/${id}/decisions`, { lines: [8], decision: "merge" })).status).toBe(422);
    const batch = (await admin.get(`${BASE}/${id}`)).body.data;
    expect(batch.to_commit).toBe(6);
  });

  it("downloads the error report: the original rows with a reason column", async () => {
    const res = await fetch(`${server.url}${BASE}/${id}/errors.xlsx`, {
      headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/rbi-form-a-not-imported\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header[0]).toBe("Row");
    expect(header.at(-1)).toBe("Reason");
    const lines = [];
    for (let r = 2; r <= sheet.rowCount; r++) lines.push([sheet.getRow(r).getCell(1).value, sheet.getRow(r).getCell(header.length).value]);
    expect(lines.map((l) => l[0])).toEqual([8, 9, 10, 11, 13, 14]);
    expect(String(lines[1][1])).toBe("The last name field is required.");
    expect(String(lines[0][1])).toMatch(/Likely duplicate, skipped/);
    // Residents' data left the portal: the access log names who took it.
    const logged = await sql<{ record: string; action: string }>`
      select record, action from access_log where entity = 'resident' and action = 'export' order by id desc limit 1`.execute(server.db);
    expect(logged.rows[0]).toEqual({ record: "Residents not imported (6 rows)", action: "export" });
  });

  it("shows a Filipino reader the rows' reasons and the error report in Filipino (stored in English, read in the reader's language)", async () => {
    const password = "Kalayaan-1898!";
    const reader = await createUser(server.db, { username: "tagasuri", password, roles: ["Administrator"] });
    await server.db.updateTable("users").set({ language: "fil" }).where("id", "=", reader.id).execute();
    const fil = await signedIn(server, { username: "tagasuri", password });
    const res = await fil.get(`${BASE}/${id}/rows?filter=all&page=1`);
    expect(res.status, res.text).toBe(200);
    const at = (line: number) => res.body.rows.find((r: Json) => r.line === line);
    expect(at(9).reasons).toEqual(["Kailangan ang apelyido."]);
    expect(at(13).reasons).toEqual(['Hindi Male o Female ang kasariang "X"; itama ito sa sheet.']);
    expect(at(5).match_reason).toMatch(/tugma ang inisyal ng gitnang pangalan, .* gaya ng residente #\d+ Juan Santos Dela Cruz$/);
    expect(at(5).match_name).toBe("Juan Santos Dela Cruz, ipinanganak noong 1980-05-12");
    expect(at(7).notes.join(" ")).toMatch(/Wala sa listahan ang hanapbuhay na "Student"; iniwang blangko\./);
    // The English reader's rows are as stored.
    expect((await rowsOf(id)).find((r) => r.line === 9).reasons).toEqual(["The last name field is required."]);

    const report = await fetch(`${server.url}${BASE}/${id}/errors.xlsx`, {
      headers: { Cookie: [...fil.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
    });
    expect(report.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await report.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe("Hindi na-import");
    const header = (sheet.getRow(1).values as string[]).slice(1);
    expect(header.at(-1)).toBe("Dahilan");
    expect(String(sheet.getRow(3).getCell(header.length).value)).toBe("Kailangan ang apelyido.");
    expect(String(sheet.getRow(2).getCell(header.length).value)).toMatch(/^Posibleng doble, nilaktawan: .*gaya ng row 6 ng file na ito$/);
  });

  it("commits in batches: residents created and updated, households formed, the run recorded and audited", async () => {
    const res = await admin.post(`${BASE}/${id}/commit`);
    expect(res.status).toBe(202);
    const done = await waitFor(id, "committed");
    expect(done.committed_rows).toBe(6);
    const delaCruz = await residentNamed("Dela Cruz");
    expect(delaCruz.map((r) => r.firstname)).toEqual(["Juan", "Ma. Clara", "Pedro"]);
    // The registered Juan was updated from the sheet (civil status, occupation), keeping his middle name.
    expect(delaCruz[0]).toMatchObject({ id: existingId, middlename: "Santos", civil_status: "Married" });
    expect(delaCruz[0].occupation_id).not.toBeNull();
    const households = await server.db
      .selectFrom("households")
      .select(["id", "household_head_user_id", "head_name", "address"])
      .where("deleted_at", "is", null)
      .orderBy("id")
      .execute();
    // 001: Juan is an existing resident (updated, not moved), so Ma. Clara heads it with Pedro; 002: Carlo.
    expect(households.map((h) => h.head_name)).toEqual(["Ma. Clara Peña Dela Cruz", "Carlo Reyes"]);
    const members = await server.db
      .selectFrom("household_members")
      .select(["user_id", "relation_to_head"])
      .where("household_id", "=", households[0].id)
      .execute();
    expect(members).toEqual([{ user_id: delaCruz[2].id, relation_to_head: "Son" }]);
    const runs = await sql<{
      command: string;
    }>`select command from command_runs where entity = 'resident_import' and entity_id = ${id}`.execute(server.db);
    expect(runs.rows.map((r) => r.command)).toEqual(["import"]);
    const audits = await sql<{
      action: string;
    }>`select action from audit_log where entity = 'resident_import' and entity_id = ${String(id)} order by id`.execute(server.db);
    expect(audits.rows.map((r) => r.action)).toEqual(["upload", "decide", "decide", "commit", "import", "committed"]);
    const history = await sql<{
      action: string;
    }>`select action from audit_log where entity = 'resident' and entity_id = ${String(existingId)} and action = 'import'`.execute(
      server.db,
    );
    expect(history.rows).toHaveLength(1);
    // A new resident's history starts with its creation, with the values the sheet gave.
    const pedro = await sql<{ action: string; after: Json }>`
      select action, after from audit_log where entity = 'resident' and entity_id = ${String(delaCruz[2].id)} order by id`.execute(
      server.db,
    );
    expect(pedro.rows.map((r) => r.action)).toEqual(["create"]);
    const after = typeof pedro.rows[0].after === "string" ? JSON.parse(pedro.rows[0].after) : pedro.rows[0].after;
    expect(after).toMatchObject({ firstname: "Pedro", suffix: "Jr.", import_id: id, line: 7 });
    expect((await admin.post(`${BASE}/${id}/commit`)).status).toBe(422);
  });

  it("undoes as a whole: created residents and households to the trash, updated fields given back", async () => {
    const res = await admin.post(`${BASE}/${id}/undo`);
    expect(res.status).toBe(202);
    await waitFor(id, "undone");
    const delaCruz = await residentNamed("Dela Cruz");
    expect(delaCruz[0]).toMatchObject({ id: existingId, civil_status: "Single", occupation_id: null, deleted_at: null });
    expect(delaCruz.slice(1).every((r) => r.deleted_at != null)).toBe(true);
    const live = await server.db.selectFrom("households").select("id").where("deleted_at", "is", null).execute();
    expect(live).toEqual([]);
    const runs = await sql<{ command: string; reversed: boolean }>`
      select command, reversed_by_run_id is not null as reversed from command_runs where entity = 'resident_import' and entity_id = ${id} order by id`.execute(
      server.db,
    );
    expect(runs.rows).toEqual([
      { command: "import", reversed: true },
      { command: "undo_import", reversed: false },
    ]);
    expect((await admin.post(`${BASE}/${id}/undo`)).status).toBe(422);
  });
});

describe("a commit stopped between batches", () => {
  it("goes on from its last batch when next looked at, writing each row once", async () => {
    const rows: RbiRow[] = [];
    for (let i = 1; i <= 9; i++)
      rows.push([
        "Resume",
        `Person${String.fromCharCode(64 + i)}`,
        "",
        "",
        "",
        "",
        "Purok 2",
        "",
        `1990-01-${String(i).padStart(2, "0")}`,
        "F",
        "Single",
        "",
        "",
        i <= 4 ? "H1" : "",
        "",
      ]);
    const res = await upload(admin, await rbiWorkbook(rows), "resume.xlsx");
    const id = res.body.data.id;
    // The commit's first batch only, as if the server stopped right after it.
    await sql`update resident_imports set status = 'committing' where id = ${id}`.execute(server.db);
    const ctx = { db: server.db, user: null };
    expect(await runBatches(ctx, id, { maxBatches: 1, batchSize: 3 })).toBe(false);
    const partial = (await admin.get(`${BASE}/${id}`)).body.data;
    // The household H1 (4 people) is not split: the batch took it whole.
    expect(partial.committed_rows).toBe(4);
    expect((await residentNamed("Resume")).length).toBe(4);
    // A second stop, and the server starting again: its resume job goes on from the last batch.
    expect(await runBatches(ctx, id, { maxBatches: 1, batchSize: 3 })).toBe(false);
    await sql`update resident_imports set worker_at = now() - interval '5 minutes' where id = ${id}`.execute(server.db);
    expect(await resumeStoppedImports(server.db)).toEqual({ resumed: 1 });
    const committed = async () =>
      (
        await sql<{ status: string; committed_rows: number }>`select status, committed_rows from resident_imports where id = ${id}`.execute(
          server.db,
        )
      ).rows[0];
    for (let i = 0; i < 200 && (await committed()).status !== "committed"; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await committed()).toEqual({ status: "committed", committed_rows: 9 });
    // Another stop, found by a look at the page instead (its worker silent for long): the page resumes it too.
    const second = (
      await upload(admin, await rbiWorkbook(rows.map((r) => [...r.slice(0, 1).map(() => "Again"), ...r.slice(1)])), "again.xlsx")
    ).body.data.id;
    await sql`update resident_imports set status = 'committing', worker_at = now() - interval '5 minutes' where id = ${second}`.execute(
      server.db,
    );
    const done = await waitFor(second, "committed");
    expect(done.committed_rows).toBe(9);
    expect((await residentNamed("Resume")).length).toBe(9);
    const runs = await sql<{
      n: number;
    }>`select count(*)::int as n from command_runs where entity = 'resident_import' and entity_id = ${id}`.execute(server.db);
    expect(runs.rows[0].n).toBeGreaterThanOrEqual(2);
  });
});

describe("an undo after the imported records changed", () => {
  it("stops, naming the resident, undoes nothing, and goes on once the record is as the import left it", async () => {
    const rows: RbiRow[] = [
      ["Undo", "Alma", "", "", "", "", "Purok 2", "", "1991-02-01", "F", "Single", "", "", "", ""],
      ["Undo", "Berto", "", "", "", "", "Purok 2", "", "1991-02-02", "M", "Single", "", "", "", ""],
    ];
    const id = (await upload(admin, await rbiWorkbook(rows), "undo.xlsx")).body.data.id;
    await admin.post(`${BASE}/${id}/commit`);
    await waitFor(id, "committed");
    const [alma] = await residentNamed("Undo");
    expect((await admin.delete(`/backend/api/resident/${alma.id}`)).status).toBe(200);
    await admin.post(`${BASE}/${id}/undo`);
    let state: Json = null;
    for (let i = 0; i < 200 && !state?.failure; i++) {
      state = (await admin.get(`${BASE}/${id}`)).body.data;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(state).toMatchObject({ status: "undoing", undone_rows: 0 });
    expect(state.failure).toMatch(new RegExp(`Resident #${alma.id} has changed since \\(deleted at\\)`));
    expect((await residentNamed("Undo")).filter((r) => r.deleted_at == null)).toHaveLength(1);
    // Restored by hand, and the worker's pause over: the undo goes on.
    expect((await admin.post("/backend/api/resident/restore", { id: alma.id })).status).toBe(200);
    await sql`update resident_imports set worker_at = now() - interval '5 minutes' where id = ${id}`.execute(server.db);
    for (let i = 0; i < 200 && state.status !== "undone"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await admin.get(`${BASE}/${id}`)).body.data;
    }
    expect(state).toMatchObject({ status: "undone", failure: null, undone_rows: 2 });
    expect((await residentNamed("Undo")).every((r) => r.deleted_at != null)).toBe(true);
  });
});

describe("CSV files and the mapping step", () => {
  it("reads a Windows-1252 CSV with Filipino headers and semicolons", async () => {
    const text =
      "Apelyido;Pangalan;Gitnang Pangalan;Kasarian;Petsa ng Kapanganakan;Katayuang Sibil;Purok\r\nPeña;Niño;Ibañez;Lalaki;13/02/1991;Walang asawa;Purok 2\r\n";
    const res = await upload(admin, Buffer.from(text, "latin1"), "listahan.csv");
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ status: "review", format: "csv" });
    const [row] = await rowsOf(res.body.data.id);
    expect(row.profile).toMatchObject({
      lastname: "Peña",
      firstname: "Niño",
      middlename: "Ibañez",
      sex: "Male",
      date_of_birth: "1991-02-13",
      civil_status: "Single",
    });
  });

  it("asks for a mapping when the headers are not the RBI's, keeps it, and then dry-runs", async () => {
    const text = "A,B,C,D,E,F\nGarcia,Liza,1988-03-09,Female,Single,Purok 1\n";
    const res = await upload(admin, text, "export.csv");
    expect(res.body.data).toMatchObject({ status: "mapping", mapping: null });
    const id = res.body.data.id;
    expect((await admin.post(`${BASE}/${id}/commit`)).status).toBe(422);
    const incomplete = await admin.put(`${BASE}/${id}/mapping`, { mapping: { lastname: 0 } });
    expect(incomplete.status).toBe(422);
    expect(Object.keys(incomplete.body.errors)).toEqual(["mapping.lastname", "mapping.date_of_birth", "mapping.sex"]);
    const saved = await admin.put(`${BASE}/${id}/mapping`, {
      mapping: { lastname: 0, firstname: 1, date_of_birth: 2, sex: 3, civil_status: 4, purok: 5 },
      date_order: "dmy",
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      status: "review",
      date_order: "dmy",
      mapping: { lastname: 0, purok: 5 },
      counts: { create: 1 },
    });
  });

  it("reads an ambiguous date in the file's order and says so", async () => {
    const text = "Last name,First name,Date of birth,Sex,Civil status,Purok\nTan,Lito,03/04/1990,M,Single,Purok 1\n";
    const res = await upload(admin, text, "dates.csv");
    const [row] = await rowsOf(res.body.data.id);
    expect(row.profile.date_of_birth).toBe("1990-03-04");
    expect(row.notes.join(" ")).toMatch(/read as 1990-03-04 \(month first\)/);
    expect(res.body.data.counts.ambiguous_dates).toBe(1);
  });
});

describe("hostile and broken files are refused, and nothing is stored", () => {
  const refusedWith = async (body: Buffer | string, name: string, message: RegExp) => {
    const before = await importCount();
    const res = await upload(admin, body, name);
    expect(res.status).toBe(422);
    expect(res.body.errors.file[0]).toMatch(message);
    expect(await importCount()).toBe(before);
  };

  it("a zip bomb", async () => {
    const bomb = zipOf([
      { name: "[Content_Types].xml", content: Buffer.from("<Types/>") },
      { name: "xl/worksheets/sheet1.xml", content: Buffer.alloc(30 * 1024 * 1024) },
    ]);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await refusedWith(bomb, "bomb.xlsx", /zip bomb/);
  });

  it("a workbook cut short", async () => {
    const whole = await rbiWorkbook([["Cruz", "Ana", "", "", "", "", "Purok 1", "", "1990-01-01", "F", "Single", "", "", "", ""]]);
    await refusedWith(whole.subarray(0, Math.floor(whole.length * 0.6)), "cut.xlsx", /cut short or damaged/);
  });

  it("a file of another kind, an old .xls, an empty file", async () => {
    await refusedWith(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      "photo.xlsx",
      /must be an Excel workbook \(\.xlsx\) or a CSV/,
    );
    await refusedWith(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), "old.xls", /old Excel file/);
    await refusedWith("", "empty.csv", /file field is required/);
  });

  it("a file over the size limit, and more rows than allowed", async () => {
    await refusedWith(Buffer.alloc(21 * 1024 * 1024, 0x41), "big.csv", /greater than 20 MB/);
    const lines = ["Last name,First name,Date of birth,Sex"];
    for (let i = 0; i < 60_001; i++) lines.push(`L${i},F,1990-01-01,M`);
    await refusedWith(lines.join("\n"), "many.csv", /more than 60,000 rows/);
  }, 60_000);

  it("a formula linking another workbook: its cached value is read, the link never followed", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("RBI");
    sheet.addRow(["Last name", "First name", "Date of birth", "Sex", "Civil status", "Purok"]);
    sheet.addRow([
      { formula: "'[\\\\evil\\share\\names.xlsx]Sheet1'!A1", result: "Linked" },
      "Lito",
      "1990-01-05",
      "M",
      "Single",
      "Purok 1",
    ]);
    const res = await upload(admin, Buffer.from(await workbook.xlsx.writeBuffer()), "linked.xlsx");
    expect(res.status).toBe(201);
    const [row] = await rowsOf(res.body.data.id);
    expect(row.profile.lastname).toBe("Linked");
  });
});

describe("who may import, and whose batches they see", () => {
  it("refuses (403) a user who may not create residents, before reading the file", async () => {
    const viewer = await createUser(server.db, { username: "import-viewer", permissions: ["manage-resident", "view-resident"] });
    const client = await signedIn(server, viewer);
    const res = await upload(client, "Last name,First name,Date of birth,Sex\nA,B,1990-01-01,M\n", "x.csv");
    expect(res.status).toBe(403);
    expect((await client.get(BASE)).status).toBe(403);
    const any = (await admin.get(BASE)).body.data[0].id;
    expect((await client.get(`${BASE}/${any}`)).status).toBe(403);
    expect((await client.post(`${BASE}/${any}/commit`)).status).toBe(403);
  });

  it("keeps a barangay's batches and rows its own (row-level security)", async () => {
    await asOwner(() =>
      server.db
        .insertInto("barangays")
        .values({ id: 2, name: "Barangay Dos", psgc_code: "0403405057", city_psgc_code: "0403405000" })
        .execute(),
    );
    const mine = await importCount();
    expect(mine).toBeGreaterThan(0);
    const seen = await inBarangay(2, () =>
      sql<{
        imports: number;
        rows: number;
      }>`select (select count(*)::int from resident_imports) as imports, (select count(*)::int from resident_import_rows) as rows`.execute(
        server.db,
      ),
    );
    expect(seen.rows[0]).toEqual({ imports: 0, rows: 0 });
    const updated = await inBarangay(2, () => sql`update resident_imports set status = 'undone'`.execute(server.db));
    expect(Number(updated.numAffectedRows)).toBe(0);
    await expect(
      sql`insert into resident_imports (barangay_id, file_name, format) values (1, 'x', 'csv')`
        .execute(server.db)
        .then(() =>
          inBarangay(2, () => sql`insert into resident_imports (barangay_id, file_name, format) values (1, 'x', 'csv')`.execute(server.db)),
        ),
    ).rejects.toThrow(/row-level security/);
  });
});
