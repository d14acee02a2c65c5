import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DB } from "../../db/index.ts";
import { migrateToLatest } from "../../db/migrate.ts";
import { asOwner, inBarangay } from "../../db/tenant.ts";
import { seed } from "../../server/seed.ts";
import { verifyByCode } from "../../server/features/collections/verify.ts";
import { verifyTransaction } from "../../server/features/certificates/service.ts";
import { visitorBarangay } from "../../server/http/tenancy.ts";
import { CHOSEN_REFERENCES, POLYMORPHIC, readGraph, unaccountedIdColumns, type Graph } from "../../server/features/transfer/graph.ts";
import { exportBarangay, importBarangay, removeBarangay } from "../../server/features/transfer/transfer.ts";
import { createTestDatabase, PGLITE_TEMPLATE_ENV, type TestDatabase } from "../helpers/db.ts";

// Issue 29 item 6: a barangay leaves a hub and comes back without losing a record. The hub (PGlite
// in the plain run, PostgreSQL in the TEST_DATABASE_URL run) holds barangays A (the demo data, a KP
// case with an attachment, a photo, a seal, a notification) and B. A is exported, removed from the
// hub, imported into a fresh standalone PGlite through the real command lines, exported from there
// and imported back into the hub: every table's rows of A are the same, field by field but for the
// ids and the columns that hold ids, the references sampled through their natural keys are the
// same, a printed verification code verifies, and B never changes.

const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "portal-transfer-test-"));
const PSGC_A = "0403405057"; // Brgy. Milagrosa, City of Calamba
const PSGC_B = "0403405036";
const standalone = path.join(work, "standalone");

function cli(script: "barangay-export" | "barangay-import" | "barangay-remove", args: string[], env: Record<string, string>) {
  const clean = { ...process.env };
  delete clean.DATABASE_URL;
  delete clean.PGLITE_DIR;
  delete clean.PORTAL_HUB;
  const result = spawnSync(tsx, [path.join(root, "scripts", `${script}.ts`), ...args], {
    cwd: root,
    env: { ...clean, ...env },
    encoding: "utf8",
    timeout: 300_000,
  });
  return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

async function rows<R>(db: DB, text: string, parameters: unknown[] = []): Promise<R[]> {
  return asOwner(async () => (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows);
}

/** The columns that hold ids (new on import): left out of the field-by-field comparison. */
function idColumns(graph: Graph, table: string): string[] {
  const t = graph.tables.get(table)!;
  const columns = ["barangay_id", ...(t.identity ? [t.identity] : []), ...t.references.map((r) => r.column), ...t.byName];
  for (const c of CHOSEN_REFERENCES.filter((c) => c.table === table)) columns.push(c.column);
  for (const p of POLYMORPHIC.filter((p) => p.table === table)) {
    columns.push(p.id, ...(p.json ?? []), ...(p.link ? [p.link] : []), ...(p.data ? [p.data] : []));
  }
  return columns;
}

/** Every table's rows of a barangay without their ids, sorted: what must come back unchanged. */
async function content(db: DB, graph: Graph, barangayId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of graph.order) {
    const found = await rows<{ r: string }>(db, `select (to_jsonb(t) - $2::text[])::text as r from "${table}" t where barangay_id = $1`, [
      barangayId,
      idColumns(graph, table),
    ]);
    out[table] = found.map((f) => f.r).sort();
  }
  return out;
}

/** Every row of a barangay with its ids: what must not change at all (barangay B). */
async function everything(db: DB, graph: Graph, barangayId: number): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of graph.allTenantTables) {
    const found = await rows<{ r: string }>(db, `select to_jsonb(t)::text as r from "${table}" t where barangay_id = $1`, [barangayId]);
    out[table] = found.map((f) => f.r).sort();
  }
  return out;
}

/** References followed to their rows' natural keys: the same before and after, though every id is new. */
async function references(db: DB, barangayId: number): Promise<Record<string, unknown[]>> {
  const q = (text: string) => rows<Record<string, unknown>>(db, text, [barangayId]);
  return {
    receipts: await q(`select c.verification_code, cu.username, ip.lastname, ip.firstname, ft.name as form_type, fn.number
      from collections c left join users cu on cu.id = c.collector_id left join user_profiles ip on ip.user_id = c.issued_to_user_id
      left join form_numbers fn on fn.id = c.form_number_id left join form_types ft on ft.id = fn.form_type_id
      where c.barangay_id = $1 order by 1, 2, 3, 4, 5, 6`),
    certificates: await q(`select t.verification_code, tt.name, p.lastname, p.firstname from transactions t
      join transaction_types tt on tt.id = t.transaction_type_id left join user_profiles p on p.user_id = t.issued_to_user_id
      where t.barangay_id = $1 order by 1, 2, 3, 4`),
    roles: await q(`select r.name as role, p.name as permission from role_permissions rp join roles r on r.id = rp.role_id
      join permissions p on p.id = rp.permission_id where rp.barangay_id = $1 order by 1, 2`),
    userRoles: await q(`select u.username, r.name from user_roles ur join users u on u.id = ur.user_id join roles r on r.id = ur.role_id
      where ur.barangay_id = $1 order by 1, 2`),
    households: await q(`select hp.lastname as head, mp.lastname, mp.firstname, pu.name as purok from household_members m
      join households h on h.id = m.household_id left join user_profiles hp on hp.user_id = h.household_head_user_id
      join user_profiles mp on mp.user_id = m.user_id left join puroks pu on pu.id = h.purok_id
      where m.barangay_id = $1 order by 1, 2, 3, 4`),
    kp: await q(`select k.docket_number, a.file_name, encode(sha256(a.content), 'hex') as content, mp.name as movant, cp.name as party
      from kp_cases k join kp_case_attachments a on a.case_id = k.id left join kp_case_parties mp on mp.id = k.execution_movant_party_id
      join kp_case_parties cp on cp.case_id = k.id where k.barangay_id = $1 order by 1, 2, 3, 4, 5`),
    audit: await q(`select a.action, cn.number, a.after ->> 'number' as logged from audit_log a
      join cheque_numbers cn on cn.id::text = a.entity_id where a.entity = 'cheque_number' and a.barangay_id = $1 order by 2, 1, 3`),
    effects: await q(`select r.command, e.position, cn.number, (e.after ->> 'id')::bigint = cn.id as image_id
      from command_effects e join command_runs r on r.id = e.run_id
      join cheque_numbers cn on cn.id = e.row_id where e.table_name = 'cheque_numbers' and e.barangay_id = $1 order by 1, 2, 3, 4`),
    notifications: await q(`select n.title, n.link = '/manage/kp/cases/' || k.id as link, k.docket_number, u.username,
      (n.data ->> 'collection_id')::bigint = c.id as data
      from notifications n join kp_cases k on k.id::text = n.entity_id join users u on u.id = n.user_id
      left join collections c on c.id = (n.data ->> 'collection_id')::bigint where n.barangay_id = $1 order by 1, 2, 3, 4, 5`),
    photos:
      await q(`select p.lastname, encode(sha256(ph.content), 'hex') from resident_photos ph join user_profiles p on p.user_id = ph.user_id
      where ph.barangay_id = $1 order by 1, 2`),
    barangayLog: await q(`select a.action, a.entity_id = a.barangay_id::text as itself, u.username from audit_log a
      join users u on u.id = a.user_id where a.entity = 'barangay' and a.barangay_id = $1 order by 1`),
    anonymised: await q(`select a.entity, p.lastname from privacy_anonymisations a join user_profiles p on p.user_id = a.entity_id
      where a.barangay_id = $1 order by 1, 2`),
  };
}

async function counts(db: DB, graph: Graph, barangayId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of graph.order) {
    const [{ n }] = await rows<{ n: number }>(db, `select count(*)::int as n from "${table}" where barangay_id = $1`, [barangayId]);
    out[table] = Number(n);
  }
  return out;
}

async function barangayId(db: DB, psgc: string): Promise<number | null> {
  const [row] = await rows<{ id: number }>(db, "select id from barangays where psgc_code = $1", [psgc]);
  return row ? Number(row.id) : null;
}

/** A's own records beyond the demo: a KP case with an attachment, a photo, a seal, a notification. */
async function addRecords(db: DB, id: number): Promise<void> {
  await inBarangay(id, () =>
    db.transaction().execute(async (trx) => {
      const run = <R>(text: string, parameters: unknown[] = []) =>
        trx.executeQuery<R>(CompiledQuery.raw(text, parameters)).then((r) => r.rows);
      const [admin] = await run<{ id: number }>("select id from users where username is not null order by id limit 1");
      const people = await run<{ user_id: number }>(
        "select user_id from user_profiles where user_kind = 'resident' order by user_id limit 2",
      );
      const [kp] = await run<{ id: number }>(
        `insert into kp_cases (docket_number, title, nature, category, complaint, filed_on, created_by)
         values ('2026-001', 'Reyes v. Cruz', 'Unpaid debt', 'civil', 'Unpaid loan of 5,000 pesos.', '2026-11-02', $1) returning id`,
        [admin!.id],
      );
      const [party] = await run<{ id: number }>(
        `insert into kp_case_parties (case_id, role, user_id, name, position) values ($1, 'complainant', $2, 'Complainant', 1) returning id`,
        [kp!.id, people[0]!.user_id],
      );
      await run(`insert into kp_case_parties (case_id, role, user_id, name, position) values ($1, 'respondent', $2, 'Respondent', 2)`, [
        kp!.id,
        people[1]!.user_id,
      ]);
      await run("update kp_cases set execution_movant_party_id = $1 where id = $2", [party!.id, kp!.id]);
      const attachment = Buffer.from("%PDF-1.4 the complaint, signed\n".repeat(20));
      await run(
        `insert into kp_case_attachments (case_id, file_name, mime, size, sha256, content, created_by)
         values ($1, 'complaint.pdf', 'application/pdf', $2, $3, $4, $5)`,
        [kp!.id, attachment.length, createHash("sha256").update(attachment).digest("hex"), attachment, admin!.id],
      );
      await run(`insert into resident_photos (user_id, content, mime, width, height) values ($1, $2, 'image/jpeg', 4, 4)`, [
        people[0]!.user_id,
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]),
      ]);
      await run(`insert into barangay_images (kind, content, mime, width, height, updated_by) values ('seal', $1, 'image/png', 8, 8, $2)`, [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 9, 9]),
        admin!.id,
      ]);
      const [receipt] = await run<{ id: number }>("select id from collections order by id limit 1");
      await run(
        `insert into notifications (user_id, topic, title, link, entity, entity_id, data)
         values ($1, 'kp', 'Hearing due', '/manage/kp/cases/' || $2, 'kp_case', $2::text, jsonb_build_object('collection_id', $3::bigint))`,
        [admin!.id, kp!.id, receipt!.id],
      );
      await run(`insert into privacy_anonymisations (entity, entity_id) values ('user', $1)`, [people[1]!.user_id]);
      await run(
        `insert into audit_log (user_id, entity, entity_id, action, after) values ($1, 'barangay', $2::text, 'update', '{"name": "Milagrosa"}')`,
        [admin!.id, id],
      );
    }),
  );
}

describe("a barangay leaves the hub and comes back", () => {
  let hub: TestDatabase;
  let graph: Graph;
  let idA: number;
  let idB: number;
  let before: { content: Record<string, string[]>; references: Record<string, unknown[]>; counts: Record<string, number> };
  let beforeB: Record<string, string[]>;
  let receiptCode: string;
  let certificateCode: string;
  let receiptBefore: unknown;
  let certificateBefore: unknown;

  beforeAll(async () => {
    hub = await createTestDatabase();
    [idA, idB] = await asOwner(async () => {
      const inserted = await hub.db
        .insertInto("barangays")
        .values([
          { psgc_code: PSGC_A, name: "Milagrosa", city_municipality: "City of Calamba", city_psgc_code: "0403405000" },
          { psgc_code: PSGC_B, name: "Lawa", city_municipality: "City of Calamba", city_psgc_code: "0403405000" },
        ])
        .returning("id")
        .execute();
      return inserted.map((r) => Number(r.id));
    });
    await inBarangay(idA!, () => seed(hub.db, { adminUsername: "admin-a", adminPassword: "Admin-Passw0rd!", demo: true }));
    await inBarangay(idB!, () => seed(hub.db, { adminUsername: "admin-b", adminPassword: "Admin-Passw0rd!", demo: false }));
    await addRecords(hub.db, idA!);
    graph = await asOwner(() => readGraph(hub.db));
    before = {
      content: await content(hub.db, graph, idA),
      references: await references(hub.db, idA),
      counts: await counts(hub.db, graph, idA),
    };
    beforeB = await everything(hub.db, graph, idB);
    [{ verification_code: receiptCode }] = await rows<{ verification_code: string }>(
      hub.db,
      "select verification_code from collections where barangay_id = $1 and verification_code is not null order by id limit 1",
      [idA],
    );
    [{ verification_code: certificateCode }] = await rows<{ verification_code: string }>(
      hub.db,
      "select verification_code from transactions where barangay_id = $1 and verification_code is not null order by id limit 1",
      [idA],
    );
    receiptBefore = await inBarangay(idA, () => verifyByCode({ db: hub.db }, receiptCode));
    certificateBefore = await inBarangay(idA, () => verifyTransaction({ db: hub.db }, certificateCode));
  }, 300_000);

  afterAll(async () => {
    await hub?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("knows where every id-like column points (none left unmapped)", () => {
    expect(unaccountedIdColumns(graph)).toEqual([]);
    // Every table of A's holds rows that matter to this test: the demo, the KP case, the files.
    for (const table of [
      "users",
      "collections",
      "transactions",
      "kp_cases",
      "kp_case_attachments",
      "resident_photos",
      "barangay_images",
      "audit_log",
      "command_effects",
      "notifications",
      "number_series",
      "row_counts",
    ]) {
      expect(before.counts[table], table).toBeGreaterThan(0);
    }
    expect(before.references.kp).toHaveLength(2);
    expect(before.references.notifications).toEqual([expect.objectContaining({ link: true, data: true })]);
    expect(before.references.effects.length).toBeGreaterThan(0);
    expect(before.references.barangayLog).toEqual([{ action: "update", itself: true, username: "admin-a" }]);
    expect(receiptBefore).not.toBeNull();
    expect(certificateBefore).not.toBeNull();
  });

  it("goes out, runs on its own, and comes back without losing a record", async () => {
    // Out of the hub.
    // Suspended on the hub before it leaves (its users can no longer sign in there).
    await rows(hub.db, "update barangays set status = 'suspended', suspended_at = now(), suspended_reason = 'Leaving' where id = $1", [
      idA,
    ]);
    const first = path.join(work, "a-from-hub.json.gz");
    const exported = await exportBarangay(hub.db, PSGC_A, first, "test");
    expect(exported.counts).toEqual(before.counts);
    const counted = await removeBarangay(hub.db, PSGC_A, { dryRun: true });
    expect(counted.counts.users).toBe(before.counts.users);
    expect(await barangayId(hub.db, PSGC_A)).toBe(idA); // only counted
    await removeBarangay(hub.db, PSGC_A);
    expect(await barangayId(hub.db, PSGC_A)).toBeNull();
    for (const table of graph.allTenantTables) {
      const [{ n }] = await rows<{ n: number }>(hub.db, `select count(*)::int as n from "${table}" where barangay_id = $1`, [idA]);
      expect(Number(n), table).toBe(0);
    }
    expect(await everything(hub.db, graph, idB)).toEqual(beforeB);
    expect(await visitorBarangay(hub.db, `/verify/collection/${receiptCode}`, {})).toBeNull();

    // Into a fresh standalone install (the embedded database, its own administrator seeded), by the command line.
    // From the run's migrated template where a PGlite test database made one (tests/helpers/db.ts).
    const template = path.join(process.env[PGLITE_TEMPLATE_ENV] ?? "", "migrated.tar");
    const fresh = await openDatabase({
      pgliteDir: standalone,
      pgliteLoadDataDir: process.env[PGLITE_TEMPLATE_ENV] && fs.existsSync(template) ? new Blob([fs.readFileSync(template)]) : undefined,
    });
    try {
      await migrateToLatest(fresh.db);
      await seed(fresh.db, { adminUsername: "admin-a", adminPassword: "Other-Passw0rd!", demo: false });
    } finally {
      await fresh.close();
    }
    const imported = cli("barangay-import", [first], { PGLITE_DIR: standalone });
    expect(imported.out).toContain("Imported Milagrosa (PSGC 0403405057) into the embedded database");
    expect(imported.out).toContain("as its own barangay (1)");
    expect(imported.code).toBe(0);
    const alone = await openDatabase({ pgliteDir: standalone });
    try {
      const aloneGraph = await asOwner(() => readGraph(alone.db));
      expect(await counts(alone.db, aloneGraph, 1)).toEqual(before.counts);
      expect(await content(alone.db, aloneGraph, 1)).toEqual(before.content);
      expect(await references(alone.db, 1)).toEqual(before.references);
      // On its own it is active: the hub's suspension stays behind.
      expect(await rows(alone.db, "select status, suspended_at, suspended_reason from barangays where id = 1")).toEqual([
        { status: "active", suspended_at: null, suspended_reason: null },
      ]);
    } finally {
      await alone.close();
    }

    // Out of the standalone install, by the command line, and back into the hub.
    const second = path.join(work, "a-from-standalone.json.gz");
    const reexported = cli("barangay-export", [PSGC_A, "--out", second], { PGLITE_DIR: standalone });
    expect(reexported.out).toContain("Exported Milagrosa (PSGC 0403405057) from the embedded database");
    expect(reexported.code).toBe(0);
    const back = await importBarangay(hub.db, second, { hub: true });
    expect(back.intoFirst).toBe(false);
    expect(back.notes).toEqual([]);
    const idBack = back.barangayId;
    expect(idBack).not.toBe(idA);
    expect(await barangayId(hub.db, PSGC_A)).toBe(idBack);
    expect(await rows(hub.db, "select name, status, city_psgc_code from barangays where id = $1", [idBack])).toEqual([
      { name: "Milagrosa", status: "active", city_psgc_code: "0403405000" },
    ]);
    expect(await counts(hub.db, graph, idBack)).toEqual(before.counts);
    expect(await content(hub.db, graph, idBack)).toEqual(before.content);
    expect(await references(hub.db, idBack)).toEqual(before.references);
    expect(await everything(hub.db, graph, idB)).toEqual(beforeB);

    // Its printed codes verify again, on the hub, in its new id.
    expect(await visitorBarangay(hub.db, `/verify/collection/${receiptCode}`, {})).toBe(idBack);
    expect(await visitorBarangay(hub.db, `/verify/transaction/${certificateCode}`, {})).toBe(idBack);
    expect(await inBarangay(idBack, () => verifyByCode({ db: hub.db }, receiptCode))).toEqual(receiptBefore);
    expect(await inBarangay(idBack, () => verifyTransaction({ db: hub.db }, certificateCode))).toEqual(certificateBefore);
  }, 300_000);

  it("refuses a PSGC code already here, clashing user names and codes, and a damaged file, changing nothing", async () => {
    const file = path.join(work, "a-again.json.gz");
    await exportBarangay(hub.db, PSGC_A, file, "test");
    const barangays = await rows<{ id: number }>(hub.db, "select id from barangays order by id");

    await expect(importBarangay(hub.db, file, { hub: true })).rejects.toThrow(
      /Barangay Milagrosa \(PSGC 0403405057\) is already in this database/,
    );

    // The same barangay under another code: its user names and verification codes are taken.
    const idNow = (await barangayId(hub.db, PSGC_A))!;
    await rows(hub.db, "update barangays set psgc_code = '0403405099' where id = $1", [idNow]);
    try {
      const refused = importBarangay(hub.db, file, { hub: true });
      await expect(refused).rejects.toThrow(/Refusing to import: \d+ values that must be unique across the deployment/);
      await expect(refused).rejects.toThrow(/\n {2}users\.username \(\d+\): (.+, )?admin-a(,|\n)/);
      await expect(refused).rejects.toThrow(/\n {2}collections\.verification_code \(\d+\): /);
    } finally {
      await rows(hub.db, "update barangays set psgc_code = $2 where id = $1", [idNow, PSGC_A]);
    }
    expect(await rows(hub.db, "select id from barangays order by id")).toEqual(barangays);

    // A standalone install whose barangay already holds records (the one A ran on, under another code) takes no other.
    const alone = await openDatabase({ pgliteDir: standalone });
    try {
      await rows(alone.db, "update barangays set psgc_code = '0403405099' where id = 1");
      await expect(importBarangay(alone.db, file, { hub: false })).rejects.toThrow(/already holds records \(\d+ users, \d+ transactions/);
    } finally {
      await alone.close();
    }

    // The command line removes only when told --yes.
    const asked = cli("barangay-remove", ["0403405099"], { PGLITE_DIR: standalone });
    expect(asked.out).toMatch(/Would remove Milagrosa \(PSGC 0403405099, barangay 1\): \d+ users, \d+ rows in \d+ tables/);
    expect(asked.code).toBe(1);
    const removed = cli("barangay-remove", ["0403405099", "--yes"], { PGLITE_DIR: standalone });
    expect(removed.out).toMatch(/Removed Milagrosa \(PSGC 0403405099, barangay 1\)/);
    expect(removed.code).toBe(0);
    const emptied = await openDatabase({ pgliteDir: standalone });
    try {
      // Barangay 1 stays, empty and without a code, and takes a barangay again.
      expect(await rows(emptied.db, "select id, psgc_code from barangays where id = 1")).toEqual([{ id: 1, psgc_code: null }]);
      expect(await rows(emptied.db, "select id from users where barangay_id = 1")).toEqual([]);
      const again = await importBarangay(emptied.db, file, { hub: false });
      expect(again).toMatchObject({ barangayId: 1, intoFirst: true, counts: before.counts });
    } finally {
      await emptied.close();
    }

    // A cut-off or altered file is refused before anything is written.
    const whole = fs.readFileSync(file);
    const cut = path.join(work, "cut.json.gz");
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await rows(hub.db, "update barangays set psgc_code = '0403405099' where id = $1", [idNow]);
    try {
      await expect(importBarangay(hub.db, cut, { hub: true })).rejects.toThrow(/damaged|incomplete|ends early/);
    } finally {
      await rows(hub.db, "update barangays set psgc_code = $2 where id = $1", [idNow, PSGC_A]);
    }
    expect(await rows(hub.db, "select id from barangays order by id")).toEqual(barangays);
  }, 300_000);

  it("takes in a standalone install whose barangay had no PSGC code yet, under the code it is given", async () => {
    const single = await createTestDatabase({ seed: { adminUsername: "admin-c" } });
    try {
      const file = path.join(work, "c.json.gz");
      await expect(exportBarangay(single.db, "0403405999", file, "test")).rejects.toThrow(/There is no barangay with PSGC code 0403405999/);
      await expect(exportBarangay(single.db, "0403405001", file, "test", { hub: true })).rejects.toThrow(/no barangay with PSGC code/);
      const exported = await exportBarangay(single.db, "0403405001", file, "test");
      expect(exported).toMatchObject({ barangayId: 1, namedNow: true });
      expect(await barangayId(single.db, "0403405001")).toBeNull(); // the database is unchanged
      const joined = await importBarangay(hub.db, file, { hub: true });
      const [row] = await rows<{ psgc_code: string; city_psgc_code: string; city_municipality: string }>(
        hub.db,
        "select psgc_code, city_psgc_code, city_municipality from barangays where id = $1",
        [joined.barangayId],
      );
      expect(row).toEqual({ psgc_code: "0403405001", city_psgc_code: "0403405000", city_municipality: expect.stringMatching(/Calamba/) });
      const [{ username }] = await rows<{ username: string }>(hub.db, "select username from users where barangay_id = $1", [
        joined.barangayId,
      ]);
      expect(username).toBe("admin-c");
    } finally {
      await single.close();
    }
  }, 120_000);
});
