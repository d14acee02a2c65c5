import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allResources } from "../../domain/registry/index.ts";
import { REMITTANCE_COMMANDS } from "../../domain/registry/collections.ts";
import { KP_IRREVERSIBLE_COMMANDS } from "../../domain/registry/kp.ts";
import { QUEUE_IRREVERSIBLE_COMMANDS } from "../../domain/registry/queue.ts";
import { RESIDENT_REQUEST_IRREVERSIBLE_COMMANDS } from "../../domain/registry/resident-requests.ts";
import { APPOINTMENT_IRREVERSIBLE_COMMANDS } from "../../domain/registry/appointments.ts";
import { sweepAppointments } from "../../server/features/appointments/clock.ts";
import { addDays, nextFreeSlot } from "../../server/features/appointments/slots.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { markTransactionsPaid } from "../../server/features/certificates/service.ts";
import { serviceFor } from "../../server/engine/services.ts";
import type { CommandDef } from "../../domain/registry/types.ts";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// Every state change is a command through the recorder (DESIGN §10, §13): this test lists the
// commands of every registry entry (and the remittance's, a recorded row outside the registry),
// runs each over real HTTP the way its transport reaches it, checks its run and effects are
// recorded, and runs it back: a reversible command by its reverse, which must leave every row it
// touched as it was; a command the domain never reverses (generate, issue: a number once generated
// or used is accounted for, DESIGN §11) is shown to have no reverse and to stay as it was done.

let server: TestServer;
let admin: ApiClient;
let adminId: number;
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());

interface Run {
  id: number;
  entity: string;
  entity_id: number | null;
  command: string;
  reason: string | null;
  reverses_run_id: number | null;
  reversed_by_run_id: number | null;
}

/** The runs of a command on a record, oldest first. */
async function runsOf(entity: string, id: number, command: string): Promise<Run[]> {
  const rows = await sql<Run>`select id, entity, entity_id, command, reason, reverses_run_id, reversed_by_run_id from command_runs
    where entity = ${entity} and entity_id = ${id} and command = ${command} order by id`.execute(server.db);
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    entity_id: r.entity_id == null ? null : Number(r.entity_id),
    reverses_run_id: r.reverses_run_id == null ? null : Number(r.reverses_run_id),
    reversed_by_run_id: r.reversed_by_run_id == null ? null : Number(r.reversed_by_run_id),
  }));
}

async function effectsOf(runId: number): Promise<{ entity: string; row_id: number; kind: string }[]> {
  const rows = await sql<{ entity: string; row_id: number; kind: string }>`
    select entity, row_id, kind from command_effects where run_id = ${runId} order by position`.execute(server.db);
  return rows.rows.map((r) => ({ ...r, row_id: Number(r.row_id) }));
}

/** A row as stored, without the columns every write moves (compared before a command and after its reverse). */
async function stored(table: string, id: number): Promise<Record<string, unknown>> {
  const row = (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where id = ${id}`.execute(server.db)).rows[0];
  const { updated_at: _at, updated_by: _by, ...rest } = row;
  return rest;
}

/** The one forward run of a command on a record, and (when reversed) the run that reversed it. */
async function assertRecorded(entity: string, id: number, command: string, reverse?: string) {
  const [forward] = await runsOf(entity, id, command);
  expect(forward, `${entity}:${command} on #${id} is recorded`).toBeDefined();
  expect((await effectsOf(forward.id)).length, `${entity}:${command} recorded what it changed`).toBeGreaterThan(0);
  if (!reverse) return { forward };
  const [back] = await runsOf(entity, id, reverse);
  expect(back.reverses_run_id).toBe(forward.id);
  expect((await runsOf(entity, id, command))[0].reversed_by_run_id).toBe(back.id);
  return { forward, back };
}

let formTypeId: number;
let collectionTypeId: number;
let accountId: number;
let natureId: number;
let disbursementTypeId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  adminId = Number(
    (await server.db.selectFrom("users").select("id").where("username", "=", server.admin.username).executeTakeFirstOrThrow()).id,
  );
  formTypeId = (await admin.post("/backend/api/form_type", { name: "AF 51 (every command)" })).body.data.id;
  collectionTypeId = (await admin.post("/backend/api/collection_type", { name: "Fees (every command)", fund_type: "General Fund" })).body
    .data.id;
  const bank = (await admin.post("/backend/api/bank", { code: "LBPX", name: "Land Bank X" })).body.data.id;
  const account = await admin.post("/backend/api/bank_account", {
    bank_id: bank,
    account_name: "General Fund X",
    account_number: "0099-0777-01",
    fund_type: "General Fund",
  });
  expect(account.status, account.text).toBe(201);
  accountId = account.body.data.id;
  disbursementTypeId = (await admin.post("/backend/api/disbursement_type", { name: "MOOE X" })).body.data.id;
  natureId = (await admin.post("/backend/api/payment_nature", { name: "Supplies X", disbursement_type_id: disbursementTypeId })).body.data
    .id;
});
afterAll(async () => {
  await server?.close();
});

async function formPad(code: string, start: string, end: string) {
  const res = await admin.post("/backend/api/form_pad", {
    form_type_id: formTypeId,
    pad_code: code,
    series_start: start,
    series_end: end,
    collectors: [{ user_id: adminId }],
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number };
}

async function receipt(padId: number, lines: Record<string, unknown>[], payor?: number) {
  const res = await admin.post("/backend/api/collection", {
    form_pad_id: padId,
    date_issued: today,
    ...(payor ? { payor_kind: "resident", issued_to_user_id: payor } : { payor_kind: "name", issued_to: "Juan Dela Cruz" }),
    collection_type_id: collectionTypeId,
    payment_mode: "Cash",
    lines,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; form_number: { id: number } };
}

async function chequeBook(code: string, series: string, quantity: number) {
  const res = await admin.post("/backend/api/cheque_book", {
    bank_account_id: accountId,
    cheque_book_code: code,
    series,
    quanty_generated: quantity,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number };
}

async function cheque(amount: string) {
  const voucher = await admin.post("/backend/api/disbursement", {
    voucher_date: today,
    payee: "Santos Hardware",
    disbursement_type_id: disbursementTypeId,
    fund_type: "General Fund",
    particulars: "Supplies",
    lines: [{ payment_nature_id: natureId, description: "Bond paper", amount }],
  });
  expect(voucher.status, voucher.text).toBe(201);
  const res = await admin.post("/backend/api/cheque-issuance", {
    disbursement_id: voucher.body.data.id,
    bank_account_id: accountId,
    cheque_date: today,
    payee: "Santos Hardware",
    amount,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; cheque_number_id: number };
}

const leafIds = async (table: "form_numbers" | "cheque_numbers", key: "form_pad_id" | "cheque_book_id", bookId: number) =>
  (await sql<{ id: number }>`select id from ${sql.table(table)} where ${sql.ref(key)} = ${bookId} order by id`.execute(server.db)).rows.map(
    (r) => Number(r.id),
  );

/** A KP case filed on 2 March 2026, walked through `steps` (each a command and its body). */
async function kpCase(title: string, steps: [string, Record<string, unknown>][] = []): Promise<number> {
  const filed = await admin.post("/backend/api/kp_case", {
    title,
    nature: "Collection of a sum of money",
    category: "civil",
    complaint: "The respondent has not paid the ₱3,000.00 borrowed in January.",
    filed_on: "2026-03-02",
    venue_ground: "same_barangay",
    parties: [
      { role: "complainant", name: "Ana Reyes", address: "Purok 1" },
      { role: "respondent", name: "Ben Santos", address: "Purok 2" },
    ],
  });
  expect(filed.status, filed.text).toBe(201);
  const id = filed.body.data.id as number;
  if (steps.some(([command]) => command === "constitute_pangkat")) await pangkatPool();
  for (const [command, given] of steps) {
    const body = command === "elect_pangkat_officers" ? await officersOf(id) : given;
    const res = await admin.put(`/backend/api/kp_case/${command}/${id}`, body);
    expect(res.status, `${command}: ${res.text}`).toBe(200);
  }
  return id;
}

/** Four Lupon members who may sit on a Pangkat, made once. */
const luponMembers: number[] = [];
async function pangkatPool(): Promise<number[]> {
  if (luponMembers.length) return luponMembers;
  for (const name of ["Mario Cruz", "Nena Dizon", "Oscar Flores", "Perla Gomez"]) {
    const res = await admin.post("/backend/api/lupon_member", { name, position: "member", term_start: "2026-01-10" });
    expect(res.status, res.text).toBe(201);
    luponMembers.push(res.body.data.id);
  }
  return luponMembers;
}

const SUMMONED: [string, Record<string, unknown>][] = [["summon", { date: "2026-03-03" }]];
const MEDIATED: [string, Record<string, unknown>][] = [...SUMMONED, ["mediate", { date: "2026-03-05", minutes: "Both appeared." }]];
const REFERRED: [string, Record<string, unknown>][] = [...MEDIATED, ["refer_to_pangkat", { date: "2026-03-20" }]];
/** The Pangkat drawn by lot on 21 March, its chair and secretary elected (the pool's ids are read when the step runs). */
const CONSTITUTED: [string, Record<string, unknown>][] = [...REFERRED, ["constitute_pangkat", { date: "2026-03-21", chosen_by: "lot" }]];
const CONCILIATED: [string, Record<string, unknown>][] = [
  ...CONSTITUTED,
  ["elect_pangkat_officers", {}],
  ["conciliate", { date: "2026-03-22" }],
];
const SETTLED: [string, Record<string, unknown>][] = [...CONCILIATED, ["settle", { date: "2026-03-25", terms: "Pay ₱1,000.00 a month." }]];

/** The first two sitting members of a case's Pangkat as its chair and secretary. */
async function officersOf(id: number): Promise<Record<string, unknown>> {
  const seats = await server.db
    .selectFrom("kp_pangkat_members")
    .select("lupon_member_id")
    .where("case_id", "=", id)
    .where("vacated_on", "is", null)
    .orderBy("id")
    .execute();
  return { date: "2026-03-21", chair_id: seats[0].lupon_member_id, secretary_id: seats[1].lupon_member_id };
}

/**
 * A KP step the law never takes back (decision 200): run once on a case brought to where it is
 * allowed, recorded, with the state it leaves.
 */
function kpStep(command: string, before: [string, Record<string, unknown>][], body: Record<string, unknown>, state: string) {
  return async () => {
    const id = await kpCase(`Every command: ${command}`, before);
    const res = await admin.put(`/backend/api/kp_case/${command}/${id}`, body);
    expect(res.status, res.text).toBe(200);
    await assertRecorded("kp_case", id, command);
    expect((await stored("kp_cases", id)).state).toBe(state);
  };
}

/**
 * A queue ticket of today taken at the kiosk (no user) and, unless `waiting`, called to a window
 * (decision 206): the kiosk's issue and the window's call are recorded runs like every command.
 */
async function queueTicket(called = true): Promise<{ id: number; windowId: number }> {
  const service = await server.db.selectFrom("queue_services").select("id").where("prefix", "=", "O").executeTakeFirstOrThrow();
  const windows = await server.db.selectFrom("queue_windows").select("id").where("deleted_at", "is", null).orderBy("id").execute();
  const issued = await serviceFor("queue").issue({ db: server.db, user: null, ip: "192.0.2.7" }, { service_id: service.id });
  if (!called) return { id: issued.id, windowId: Number(windows[0].id) };
  // The first free window takes it (a scenario before may have left one serving).
  for (const w of windows) {
    const res = await admin.post("/backend/api/queue/call-next", { window_id: w.id });
    if (res.status === 200 && res.body.data?.id === issued.id) return { id: issued.id, windowId: Number(w.id) };
    if (res.status === 200 && res.body.data) await admin.put(`/backend/api/queue/done/${res.body.data.id}`, {});
  }
  throw new Error("no window called the ticket");
}

/** A window's step on a called ticket (decision 206): recorded, with the state it leaves; never reversed. */
function queueStep(command: string, body: (t: { windowId: number }) => Promise<Record<string, unknown>>, state: string) {
  return async () => {
    const t = await queueTicket();
    const res = await admin.put(`/backend/api/queue/${command}/${t.id}`, await body(t));
    expect(res.status, res.text).toBe(200);
    await assertRecorded("queue", t.id, command);
    expect((await stored("queue_tickets", t.id)).state).toBe(state);
  };
}

/** A resident's request (decision 208), filed by a resident of its own, moved by the admin's commands to `upTo`. */
let requestSeq = 0;
async function residentRequest(kind: "certificate" | "correction", upTo: string[] = []) {
  const resident = await createUser(server.db, { username: `asker${++requestSeq}`, kind: "resident" });
  const ctx = { db: server.db, user: await loadAuthUser(server.db, resident.id) };
  const type = await admin.post("/backend/api/transaction_type", {
    name: `From home ${requestSeq}`,
    custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "10" }],
    template: "<p>{{user_fullname}}</p>",
  });
  const filed =
    kind === "certificate"
      ? await serviceFor("resident_request").requestCertificate(ctx, { transaction_type_id: type.body.data.id, purpose: "Work" })
      : await serviceFor("resident_request").requestCorrection(ctx, { details: "My birthday is wrong." });
  for (const command of upTo) expect((await admin.put(`/backend/api/resident_request/${command}/${filed.id}`, {})).status).toBe(200);
  return { id: Number(filed.id), residentId: resident.id };
}

function requestStep(kind: "certificate" | "correction", before: string[], command: string, state: string) {
  return async () => {
    const r = await residentRequest(kind, before);
    if (command === "release") {
      const { transaction_id } = await stored("resident_requests", r.id);
      const actor = { db: server.db, user: await loadAuthUser(server.db, adminId) };
      await server.db
        .transaction()
        .execute((trx) => markTransactionsPaid({ ...actor, db: trx }, [Number(transaction_id)], 902, r.residentId));
    }
    const res = await admin.put(`/backend/api/resident_request/${command}/${r.id}`, { reason: "As the resident asked" });
    expect(res.status, res.text).toBe(200);
    await assertRecorded("resident_request", r.id, command);
    expect((await stored("resident_requests", r.id)).state).toBe(state);
  };
}

/** Each command, run forward and back (or shown to have no reverse), by `entity:command`. */
const SCENARIOS: Record<string, () => Promise<void>> = {
  "form_pad:generate": async () => {
    const pad = await formPad("OR-GEN", "0910001", "0910005");
    const { forward } = await assertRecorded("form_pad", pad.id, "generate");
    const leaves = await leafIds("form_numbers", "form_pad_id", pad.id);
    expect(leaves).toHaveLength(5);
    expect((await effectsOf(forward.id)).filter((e) => e.kind === "insert").map((e) => e.row_id)).toEqual(leaves);
    // A new range generates again while no leaf is used: the old leaves' removal is recorded too.
    const moved = await admin.put(`/backend/api/form_pad/${pad.id}`, {
      form_type_id: formTypeId,
      pad_code: "OR-GEN",
      series_start: "0910101",
      series_end: "0910103",
      collectors: [{ user_id: adminId }],
    });
    expect(moved.status, moved.text).toBe(200);
    const [, again] = await runsOf("form_pad", pad.id, "generate");
    const kinds = (await effectsOf(again.id)).map((e) => e.kind);
    expect(kinds.filter((k) => k === "delete")).toHaveLength(5);
    expect(kinds.filter((k) => k === "insert")).toHaveLength(3);
    // Back: generated numbers are accounted for, never taken back (a pad is trashed with its numbers).
    expect(await admin.delete(`/backend/api/form_pad/${pad.id}`)).toMatchObject({ status: 200 });
    expect(await leafIds("form_numbers", "form_pad_id", pad.id)).toHaveLength(3);
  },
  "cheque_book:generate": async () => {
    const book = await chequeBook("CB-GEN", "0081001", 4);
    const { forward } = await assertRecorded("cheque_book", book.id, "generate");
    // The quantity was the one asked: the run holds the four leaves.
    expect((await effectsOf(forward.id)).map((e) => e.kind)).toEqual(["insert", "insert", "insert", "insert"]);
    expect(await admin.delete(`/backend/api/cheque_book/${book.id}`)).toMatchObject({ status: 200 });
    expect(await leafIds("cheque_numbers", "cheque_book_id", book.id)).toHaveLength(4);
  },
  "form_number:issue": async () => {
    const pad = await formPad("OR-ISS", "0920001", "0920003");
    const issued = await receipt(pad.id, [{ nature: "Clearance", amount: "30" }]);
    const number = issued.form_number.id;
    await assertRecorded("form_number", number, "issue");
    expect((await stored("form_numbers", number)).state).toBe("issued");
    // Back: the receipt's cancel is its counterpart; the number stays used.
    expect((await admin.delete(`/backend/api/collection/${issued.id}?reason=Wrong%20payor`)).status).toBe(200);
    expect((await stored("form_numbers", number)).state).toBe("issued");
  },
  "cheque_number:issue": async () => {
    await chequeBook("CB-ISS", "0082001", 3);
    const written = await cheque("150.00");
    await assertRecorded("cheque_number", written.cheque_number_id, "issue");
    expect((await stored("cheque_numbers", written.cheque_number_id)).state).toBe("issued");
  },
  "form_number:void": async () => {
    const pad = await formPad("OR-VOID", "0930001", "0930003");
    const [leaf] = await leafIds("form_numbers", "form_pad_id", pad.id);
    const before = await stored("form_numbers", leaf);
    const voided = await admin.put(`/backend/api/form_number/void/${leaf}`, { reason: "Torn" });
    expect(voided.status, voided.text).toBe(200);
    expect(await stored("form_numbers", leaf)).toMatchObject({ state: "void", void_reason: "Torn" });
    const back = await admin.put(`/backend/api/form_number/unvoid/${leaf}`, {});
    expect(back.status, back.text).toBe(200);
    await assertRecorded("form_number", leaf, "void", "unvoid");
    expect(await stored("form_numbers", leaf)).toEqual(before);
  },
  "form_number:unvoid": async () => SCENARIOS["form_number:void"](),
  "cheque_number:void": async () => {
    const book = await chequeBook("CB-VOID", "0083001", 2);
    const [leaf] = await leafIds("cheque_numbers", "cheque_book_id", book.id);
    const before = await stored("cheque_numbers", leaf);
    // DELETE is the void (spec §4 wording), recorded like the command; restore its unvoid. A REST
    // call without a reason records that it gave none (decision 192).
    expect((await admin.delete(`/backend/api/cheque_number/${leaf}`)).status).toBe(200);
    expect(await stored("cheque_numbers", leaf), "voided by DELETE").toMatchObject({
      state: "void",
      void_reason: "no reason given (REST)",
    });
    expect((await admin.post("/backend/api/cheque_number/restore", { id: leaf })).status).toBe(200);
    await assertRecorded("cheque_number", leaf, "void", "unvoid");
    expect(await stored("cheque_numbers", leaf)).toEqual(before);
  },
  "cheque_number:unvoid": async () => SCENARIOS["cheque_number:void"](),
  "cheque_issuance:void": async () => {
    await chequeBook("CB-CHQ", "0084001", 3);
    const written = await cheque("200.00");
    const before = { cheque: await stored("cheque_issuances", written.id), leaf: await stored("cheque_numbers", written.cheque_number_id) };
    const voided = await admin.put(`/backend/api/cheque-issuance/void/${written.id}`, { reason: "Wrong amount" });
    expect(voided.status, voided.text).toBe(200);
    expect(await stored("cheque_numbers", written.cheque_number_id)).toMatchObject({ state: "void" });
    const back = await admin.put(`/backend/api/cheque-issuance/unvoid/${written.id}`, {});
    expect(back.status, back.text).toBe(200);
    await assertRecorded("cheque_issuance", written.id, "void", "unvoid");
    expect({
      cheque: await stored("cheque_issuances", written.id),
      leaf: await stored("cheque_numbers", written.cheque_number_id),
    }).toEqual(before);
  },
  "cheque_issuance:unvoid": async () => SCENARIOS["cheque_issuance:void"](),
  "collection:cancel": async () => {
    const type = await admin.post("/backend/api/transaction_type", {
      name: "Clearance (every command)",
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50.00" }],
    });
    expect(type.status, type.text).toBe(201);
    const payor = await createUser(server.db, { username: "every-payor", kind: "resident", firstname: "Ana", lastname: "Reyes" });
    const certificate = await admin.post("/backend/api/transaction", {
      transaction_type_id: type.body.data.id,
      issued_to_user_id: payor.id,
      date_issued: today,
    });
    expect(certificate.status, certificate.text).toBe(201);
    const pad = await formPad("OR-CAN", "0940001", "0940003");
    const paid = await receipt(pad.id, [{ nature: "Clearance", amount: "50", transaction_id: certificate.body.data.id }], payor.id);
    const before = { receipt: await stored("collections", paid.id), certificate: await stored("transactions", certificate.body.data.id) };
    expect(before.certificate.collection_id).toBe(paid.id);
    const cancelled = await admin.delete(`/backend/api/collection/${paid.id}?reason=Wrong%20payor`);
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(await stored("collections", paid.id)).toMatchObject({ cancel_reason: "Wrong payor" });
    expect((await stored("transactions", certificate.body.data.id)).collection_id).toBeNull();
    const restored = await admin.post("/backend/api/collection/restore", { id: paid.id });
    expect(restored.status, restored.text).toBe(200);
    await assertRecorded("collection", paid.id, "cancel", "restore");
    expect({ receipt: await stored("collections", paid.id), certificate: await stored("transactions", certificate.body.data.id) }).toEqual(
      before,
    );
  },
  "collection:restore": async () => SCENARIOS["collection:cancel"](),
  "transaction:cancel": async () => {
    const type = await admin.post("/backend/api/transaction_type", { name: "Indigency (every command)" });
    expect(type.status, type.text).toBe(201);
    const person = await createUser(server.db, { username: "every-person", kind: "resident", firstname: "Ben", lastname: "Cruz" });
    const issued = await admin.post("/backend/api/transaction", { transaction_type_id: type.body.data.id, issued_to_user_id: person.id });
    expect(issued.status, issued.text).toBe(201);
    const id = issued.body.data.id as number;
    const before = await stored("transactions", id);
    expect((await admin.delete(`/backend/api/transaction/${id}`)).status).toBe(200);
    expect((await stored("transactions", id)).deleted_at).not.toBeNull();
    expect((await admin.post("/backend/api/transaction/restore", { id })).status).toBe(200);
    await assertRecorded("transaction", id, "cancel", "restore");
    expect(await stored("transactions", id)).toEqual(before);
  },
  "transaction:restore": async () => SCENARIOS["transaction:cancel"](),
  "remittance:remit": async () => {
    const pad = await formPad("OR-REM", "0950001", "0950003");
    const issued = await receipt(pad.id, [{ nature: "Clearance", amount: "70" }]);
    const before = await stored("collections", issued.id);
    const remitted = await admin.post("/backend/api/remittance/collection/remit", {
      collector_id: adminId,
      date: today,
      deposit_date: today,
      bank_account_id: accountId,
      deposit_reference: "DS-EVERY",
    });
    expect(remitted.status, remitted.text).toBe(201);
    const remittanceId = (await stored("collections", issued.id)).remittance_id as number;
    expect(remittanceId).not.toBeNull();
    const undone = await admin.post(`/backend/api/remittance/collection/undo/${remittanceId}`, { reason: "Wrong deposit slip" });
    expect(undone.status, undone.text).toBe(200);
    const { forward } = await assertRecorded("remittance", remittanceId, "remit", "undo");
    expect((await effectsOf(forward.id))[0]).toMatchObject({ entity: "remittance", kind: "insert" });
    expect(await stored("collections", issued.id)).toEqual(before);
    expect(await stored("remittances", remittanceId)).toMatchObject({ undo_reason: "Wrong deposit slip" });
  },
  "remittance:undo": async () => SCENARIOS["remittance:remit"](),
  "kp_case:file": async () => {
    const id = await kpCase("Every command: file");
    await assertRecorded("kp_case", id, "file");
    expect(await stored("kp_cases", id)).toMatchObject({ state: "filed", docket_number: expect.stringMatching(/^2026-\d{3}$/) });
    expect((await stored("kp_cases", id)).received_at).not.toBeNull();
  },
  "kp_case:summon": async () => {
    const id = await kpCase("Every command: summon");
    const before = await stored("kp_cases", id);
    const summoned = await admin.put(`/backend/api/kp_case/summon/${id}`, { date: "2026-03-03" });
    expect(summoned.status, summoned.text).toBe(200);
    expect(await stored("kp_cases", id)).toMatchObject({ state: "summoned", summoned_on: "2026-03-03" });
    const recalled = await admin.put(`/backend/api/kp_case/recall_summons/${id}`, { reason: "Issued to the wrong respondent" });
    expect(recalled.status, recalled.text).toBe(200);
    await assertRecorded("kp_case", id, "summon", "recall_summons");
    expect(await stored("kp_cases", id)).toEqual(before);
  },
  "kp_case:recall_summons": async () => SCENARIOS["kp_case:summon"](),
  "kp_case:mediate": kpStep("mediate", SUMMONED, { date: "2026-03-05", minutes: "Both appeared." }, "mediation"),
  "kp_case:refer_to_pangkat": kpStep("refer_to_pangkat", MEDIATED, { date: "2026-03-20" }, "pangkat"),
  "kp_case:constitute_pangkat": async () => {
    const pool = await pangkatPool();
    const id = await kpCase("Every command: constitute_pangkat", REFERRED);
    const res = await admin.put(`/backend/api/kp_case/constitute_pangkat/${id}`, {
      date: "2026-03-21",
      chosen_by: "parties",
      members: pool.slice(0, 3),
      chair_id: pool[0],
      secretary_id: pool[1],
    });
    expect(res.status, res.text).toBe(200);
    const { forward } = await assertRecorded("kp_case", id, "constitute_pangkat");
    // The three seats are inserted rows of the run, with the case's date.
    expect((await effectsOf(forward.id)).filter((e) => e.entity === "kp_pangkat_member" && e.kind === "insert")).toHaveLength(3);
    expect(await stored("kp_cases", id)).toMatchObject({ state: "pangkat", pangkat_constituted_on: "2026-03-21" });
  },
  "kp_case:elect_pangkat_officers": async () => {
    await pangkatPool();
    const id = await kpCase("Every command: elect_pangkat_officers", CONSTITUTED);
    const res = await admin.put(`/backend/api/kp_case/elect_pangkat_officers/${id}`, await officersOf(id));
    expect(res.status, res.text).toBe(200);
    await assertRecorded("kp_case", id, "elect_pangkat_officers");
    expect((res.body.data.pangkat as { role: string }[]).map((s) => s.role)).toEqual(["chair", "secretary", "member"]);
  },
  "kp_case:replace_pangkat_member": async () => {
    await pangkatPool();
    const id = await kpCase("Every command: replace_pangkat_member", CONCILIATED);
    const leaving = (await officersOf(id)).chair_id;
    const res = await admin.put(`/backend/api/kp_case/replace_pangkat_member/${id}`, {
      date: "2026-03-23",
      lupon_member_id: leaving,
      chosen_by: "lot",
      reason: "Inhibited: related to the respondent",
    });
    expect(res.status, res.text).toBe(200);
    const { forward } = await assertRecorded("kp_case", id, "replace_pangkat_member");
    expect((await effectsOf(forward.id)).map((e) => `${e.entity}:${e.kind}`)).toEqual([
      "kp_pangkat_member:update",
      "kp_pangkat_member:insert",
    ]);
    expect((await stored("kp_cases", id)).state).toBe("conciliation");
  },
  "kp_case:conciliate": async () => {
    await pangkatPool();
    return kpStep("conciliate", [...CONSTITUTED, ["elect_pangkat_officers", {}]], { date: "2026-03-22" }, "conciliation")();
  },
  "kp_case:extend_conciliation": async () => {
    await pangkatPool();
    await kpStep("extend_conciliation", CONCILIATED, { date: "2026-03-30", days: 10, reason: "Clearly meritorious" }, "conciliation")();
  },
  "kp_case:move_for_execution": async () => {
    await pangkatPool();
    await kpStep("move_for_execution", SETTLED, { date: "2026-04-08", movant: 0 }, "settled")();
  },
  "kp_case:transmit": async () => {
    await pangkatPool();
    await kpStep("transmit", SETTLED, { date: "2026-04-07" }, "settled")();
  },
  "kp_case:attach": async () => {
    const id = await kpCase("Every command: attach");
    const res = await admin.request("POST", `/backend/api/kp_case/${id}/attachment?file_name=complaint.pdf`, {
      body: "%PDF-1.4\n% the scanned complaint\n",
      headers: { "Content-Type": "application/pdf" },
    });
    expect(res.status, res.text).toBe(201);
    const { forward } = await assertRecorded("kp_case", id, "attach");
    expect(await effectsOf(forward.id)).toEqual([{ entity: "kp_case_attachment", row_id: res.body.data.id, kind: "insert" }]);
    const removed = await admin.delete(`/backend/api/kp_case/${id}/attachment/${res.body.data.id}`, { body: { reason: "Wrong case" } });
    expect(removed.status, removed.text).toBe(200);
    await assertRecorded("kp_case", id, "remove_attachment");
    expect((await stored("kp_case_attachments", res.body.data.id)).deleted_at).not.toBeNull();
  },
  "kp_case:remove_attachment": async () => SCENARIOS["kp_case:attach"](),
  "kp_case:agree_to_arbitrate": kpStep("agree_to_arbitrate", MEDIATED, { date: "2026-03-06" }, "arbitration"),
  "kp_case:award": kpStep(
    "award",
    [...MEDIATED, ["agree_to_arbitrate", { date: "2026-03-06" }]],
    { date: "2026-03-12", terms: "Pay ₱3,000.00 by 30 April." },
    "awarded",
  ),
  "kp_case:settle": kpStep("settle", CONCILIATED, { date: "2026-03-25", terms: "Pay ₱1,000.00 a month." }, "settled"),
  "kp_case:repudiate": kpStep("repudiate", SETTLED, { date: "2026-03-30", reason: "Consent obtained by intimidation" }, "repudiated"),
  "kp_case:execute": async () => {
    await pangkatPool();
    await kpStep("execute", [...SETTLED, ["move_for_execution", { date: "2026-04-08", movant: 0 }]], { date: "2026-04-10" }, "executed")();
  },
  "kp_case:certify_file_action": async () => {
    await pangkatPool();
    await kpStep("certify_file_action", CONCILIATED, { date: "2026-04-07" }, "certified_file_action")();
  },
  "kp_case:certify_bar_action": kpStep(
    "certify_bar_action",
    MEDIATED,
    { date: "2026-03-09", reason: "The complainant wilfully failed to appear" },
    "certified_bar_action",
  ),
  "kp_case:certify_bar_counterclaim": kpStep(
    "certify_bar_counterclaim",
    MEDIATED,
    { date: "2026-03-09", reason: "The respondent wilfully failed to appear" },
    "mediation",
  ),
  "kp_case:dismiss": kpStep("dismiss", SUMMONED, { date: "2026-03-04", reason: "A party is a corporation" }, "dismissed"),
  "kp_case:withdraw": kpStep("withdraw", MEDIATED, { date: "2026-03-06" }, "withdrawn"),
  "queue:issue": async () => {
    const t = await queueTicket(false);
    await assertRecorded("queue", t.id, "issue");
    expect(await stored("queue_tickets", t.id)).toMatchObject({ state: "waiting", created_by: null });
  },
  "queue:call": async () => {
    const t = await queueTicket();
    await assertRecorded("queue", t.id, "call");
    expect(await stored("queue_tickets", t.id)).toMatchObject({ state: "called", window_id: t.windowId });
    await admin.put(`/backend/api/queue/done/${t.id}`, {});
  },
  "resident_request:request": async () => {
    const r = await residentRequest("certificate");
    await assertRecorded("resident_request", r.id, "request");
    expect(await stored("resident_requests", r.id)).toMatchObject({ state: "requested", created_by: r.residentId });
  },
  "resident_request:approve": requestStep("certificate", [], "approve", "approved"),
  "resident_request:refuse": requestStep("certificate", [], "refuse", "refused"),
  "resident_request:ready": requestStep("certificate", ["approve"], "ready", "ready"),
  "resident_request:release": requestStep("certificate", ["approve", "ready"], "release", "released"),
  "resident_request:resolve": requestStep("correction", [], "resolve", "resolved"),
  "appointment:book": async () => {
    const id = await bookedAppointment("08:30");
    await assertRecorded("appointment", id, "book");
    expect(await stored("appointments", id)).toMatchObject({ state: "booked", slot_time: "08:30", created_by: adminId });
  },
  "appointment:move": async () => {
    const id = await bookedAppointment("09:00");
    expect((await admin.put(`/backend/api/appointment/move/${id}`, { appointment_date: await openDay(), slot_time: "09:30" })).status).toBe(
      200,
    );
    await assertRecorded("appointment", id, "move");
    expect(await stored("appointments", id)).toMatchObject({ state: "booked", slot_time: "09:30" });
  },
  "appointment:cancel": async () => {
    const id = await bookedAppointment("10:00");
    expect((await admin.put(`/backend/api/appointment/cancel/${id}`, { reason: "The resident cannot come" })).status).toBe(200);
    await assertRecorded("appointment", id, "cancel");
    expect(await stored("appointments", id)).toMatchObject({ state: "cancelled" });
  },
  "appointment:check_in": async () => {
    const id = await storedAppointment(today);
    expect((await admin.put(`/backend/api/appointment/check_in/${id}`, {})).status).toBe(200);
    const { forward } = await assertRecorded("appointment", id, "check_in");
    const row = await stored("appointments", id);
    expect(row).toMatchObject({ state: "arrived" });
    // The queue's own issue ran inside the check-in: its ticket is in the appointment lane.
    expect(await stored("queue_tickets", Number(row.ticket_id))).toMatchObject({ lane: "appointment", state: "waiting" });
    expect((await effectsOf(forward.id)).length).toBeGreaterThan(0);
  },
  "appointment:no_show": async () => {
    const yesterday = new Date(`${today}T00:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const id = await storedAppointment(yesterday.toISOString().slice(0, 10));
    await sweepAppointments({ db: server.db });
    await assertRecorded("appointment", id, "no_show");
    expect(await stored("appointments", id)).toMatchObject({ state: "no_show" });
  },
  "queue:recall": queueStep("recall", async () => ({}), "called"),
  "queue:skip": queueStep("skip", async () => ({ reason: "Not at the window" }), "skipped"),
  "queue:done": queueStep("done", async () => ({}), "done"),
  "queue:transfer": queueStep(
    "transfer",
    async () => ({
      service_id: (await server.db.selectFrom("queue_services").select("id").where("prefix", "=", "P").executeTakeFirstOrThrow()).id,
    }),
    "transferred",
  ),
};

/** A resident (a user of kind resident) for the appointments' scenarios. */
async function appointmentResident(): Promise<number> {
  const { id } = await server.db.insertInto("users").values({ kind: "resident" }).returning("id").executeTakeFirstOrThrow();
  await server.db
    .insertInto("user_profiles")
    .values({ user_id: id, firstname: "Appointment", lastname: `Holder ${id}` })
    .execute();
  return Number(id);
}

/** The first day from tomorrow the seeded hours take appointments on (decision 207): a weekday, no holiday. */
async function openDay(): Promise<string> {
  const service = await server.db.selectFrom("queue_services").select("id").where("prefix", "=", "C").executeTakeFirstOrThrow();
  const next = await nextFreeSlot({ db: server.db }, Number(service.id), addDays(today, 1), "00:00", new Date());
  if (!next) throw new Error("No free appointment slot in the seeded hours");
  return next.date;
}

/** An appointment of the Certificate service stored as booked on `date` (a day no booking may take: today's past hours, yesterday). */
async function storedAppointment(date: string): Promise<number> {
  const service = await server.db.selectFrom("queue_services").select("id").where("prefix", "=", "C").executeTakeFirstOrThrow();
  const { id } = await server.db
    .insertInto("appointments")
    .values({
      service_id: service.id,
      resident_id: await appointmentResident(),
      appointment_date: date,
      slot_time: "08:00",
      state: "booked",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(id);
}

async function bookedAppointment(time = "08:00"): Promise<number> {
  const service = await server.db.selectFrom("queue_services").select("id").where("prefix", "=", "C").executeTakeFirstOrThrow();
  const res = await admin.post("/backend/api/appointment", {
    service_id: service.id,
    resident_id: await appointmentResident(),
    appointment_date: await openDay(),
    slot_time: time,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

/** Every command of every entry, and the remittance's, as `entity:command`. */
function everyCommand(): { key: string; command: CommandDef; entry: readonly CommandDef[] }[] {
  const listed = allResources().flatMap((def) =>
    (def.commands ?? []).map((command) => ({ key: `${def.name}:${command.name}`, command, entry: def.commands ?? [] })),
  );
  const remittance = Object.values(REMITTANCE_COMMANDS);
  return [...listed, ...remittance.map((command) => ({ key: `remittance:${command.name}`, command, entry: remittance }))];
}

describe("every state change is a recorded command", () => {
  it("has a scenario for every command the registry declares, and for no other", () => {
    expect(Object.keys(SCENARIOS).sort()).toEqual(
      everyCommand()
        .map((c) => c.key)
        .sort(),
    );
  });

  it("declares a reverse for each command the domain may take back, and none for generate, issue and the final KP steps", () => {
    for (const { key, command, entry } of everyCommand()) {
      if (command.reverses) {
        expect(
          entry.some((c) => c.name === command.reverses),
          `${key} reverses a command of its entry`,
        ).toBe(true);
        continue;
      }
      const reversible = entry.some((c) => c.reverses === command.name);
      // The KP steps the law makes final are never reversed (decision 200).
      const final =
        ["generate", "issue"].includes(command.name) ||
        (key.startsWith("kp_case:") && KP_IRREVERSIBLE_COMMANDS.some((n) => n === command.name)) ||
        // A queue ticket's steps record what happened at the window; none is taken back (decision 206).
        (key.startsWith("queue:") && QUEUE_IRREVERSIBLE_COMMANDS.some((n) => n === command.name)) ||
        // A resident's request moves by steps the resident is told of; none is taken back (decision 208).
        (key.startsWith("resident_request:") && RESIDENT_REQUEST_IRREVERSIBLE_COMMANDS.some((n) => n === command.name)) ||
        // An appointment is booked again, not un-cancelled; an arrival has its ticket (decision 207).
        (key.startsWith("appointment:") && APPOINTMENT_IRREVERSIBLE_COMMANDS.some((n) => n === command.name));
      expect(reversible, key).toBe(!final);
    }
  });

  // The reverse commands' scenarios are their forward command's; each pair runs once here.
  for (const { key, command } of everyCommand().filter((c) => !c.command.reverses)) {
    it(`${key} runs through the recorder${command.invokedBy ? ` (invoked by ${command.invokedBy})` : ""}, and back`, async () => {
      await SCENARIOS[key]();
    });
  }
});
