import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { raafData, rcdData } from "../../server/features/collections/registers.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";

// Issue 17 item 7 (decision 178): the collections report's accountability for accountable forms
// and the days awaiting remittance read only their period, and must say exactly what a treasurer
// counts by hand from the pads, the receipts, the void and the deposits below.
//
// Pads (one form type), each received on the date given, receipts in the order issued:
//   OR-F 0100001–0100003, received 2026-08-20: all three issued in September (used up before October).
//   OR-A 0200001–0200010, received 2026-09-01, still in use: 0200001–02 on 09-15; 0200003 and
//        0200004 (cancelled) on 10-05; 0200005 voided on 10-06; 0200006 on 10-07; 0200007 on 11-03.
//   OR-N 0300001–0300005, received 2026-10-02 (in October), Amado's: 0300001 on 10-05, 0300002 on 10-20.
//   OR-S 0400001–0400004, received 2026-09-20, stock until 0400001 on 11-05.
//   OR-L 0500001–0500002, received 2026-11-02 (after October): never used.
// Tessa remits 09-10, 09-11, 09-15 and 10-05; her 10-07, 11-03 and 11-05 and Amado's days are not.

let server: TestServer;
let tessa: ApiClient;
let amado: ApiClient;
let admin: ApiClient;
let tessaId: number;
let amadoId: number;

const PERMISSIONS = [
  ...["form_pad", "form_number", "collection"].flatMap((e) =>
    ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${e}`),
  ),
  "manage-remittance",
  "view-remittance",
  "manage-report",
];

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  const t = await createUser(server.db, { username: "tessa178", firstname: "Tessa", lastname: "Cruz", permissions: PERMISSIONS });
  const a = await createUser(server.db, { username: "amado178", firstname: "Amado", lastname: "Reyes", permissions: PERMISSIONS });
  tessaId = t.id;
  amadoId = a.id;
  tessa = await signedIn(server, t);
  amado = await signedIn(server, a);
  const formType = (await admin.post("/backend/api/form_type", { name: "AF 51" })).body.data.id;
  const collectionType = (await admin.post("/backend/api/collection_type", { name: "Clearance Fees", fund_type: "General Fund" })).body.data
    .id;
  const bank = (await admin.post("/backend/api/bank", { code: "LBP178", name: "Land Bank" })).body.data.id;
  const account = (
    await admin.post("/backend/api/bank_account", {
      bank_id: bank,
      account_name: "General Fund",
      account_number: "178-1",
      fund_type: "General Fund",
    })
  ).body.data.id;

  async function pad(code: string, start: string, end: string, collector: number, received: string) {
    const res = await admin.post("/backend/api/form_pad", {
      form_type_id: formType,
      pad_code: code,
      series_start: start,
      series_end: end,
      collectors: [{ user_id: collector }],
    });
    expect(res.status, res.text).toBe(201);
    await sql`update form_pads set created_at = ${`${received}T09:00:00+08:00`}::timestamptz where id = ${res.body.data.id}`.execute(
      server.db,
    );
    return res.body.data.id as number;
  }
  async function issue(who: ApiClient, padId: number, date: string, amount: string) {
    const res = await who.post("/backend/api/collection", {
      form_pad_id: padId,
      date_issued: date,
      payor_kind: "name",
      issued_to: "Juan Dela Cruz",
      collection_type_id: collectionType,
      payment_mode: "Cash",
      lines: [{ nature: "Barangay clearance", amount }],
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: number; or_number: string };
  }
  async function remit(date: string) {
    const res = await tessa.post("/backend/api/remittance/collection/remit", {
      collector_id: tessaId,
      date,
      deposit_date: date,
      bank_account_id: account,
      deposit_reference: `DS-${date}`,
    });
    expect(res.status, res.text).toBe(201);
  }

  const f = await pad("OR-F", "0100001", "0100003", tessaId, "2026-08-20");
  const padA = await pad("OR-A", "0200001", "0200010", tessaId, "2026-09-01");
  const n = await pad("OR-N", "0300001", "0300005", amadoId, "2026-10-02");
  const s = await pad("OR-S", "0400001", "0400004", tessaId, "2026-09-20");
  await pad("OR-L", "0500001", "0500002", tessaId, "2026-11-02");

  await issue(tessa, f, "2026-09-10", "50");
  await issue(tessa, f, "2026-09-10", "50");
  await issue(tessa, f, "2026-09-11", "50");
  await issue(tessa, padA, "2026-09-15", "50");
  await issue(tessa, padA, "2026-09-15", "50");
  await issue(tessa, padA, "2026-10-05", "50");
  const cancelled = await issue(tessa, padA, "2026-10-05", "50");
  expect(cancelled.or_number).toBe("0200004");
  expect((await tessa.delete(`/backend/api/collection/${cancelled.id}`)).status).toBe(200);
  const spoiled = await server.db
    .selectFrom("form_numbers")
    .select("id")
    .where("form_pad_id", "=", padA)
    .where("number", "=", "0200005")
    .executeTakeFirstOrThrow();
  const voided = await tessa.put(`/backend/api/form_number/void/${spoiled.id}`, { reason: "Torn" });
  expect(voided.status, voided.text).toBe(200);
  await sql`update form_numbers set updated_at = '2026-10-06T10:00:00+08:00' where id = ${spoiled.id}`.execute(server.db);
  expect((await issue(tessa, padA, "2026-10-07", "50")).or_number).toBe("0200006");
  await issue(tessa, padA, "2026-11-03", "50");
  await issue(tessa, s, "2026-11-05", "50");
  await issue(amado, n, "2026-10-05", "30");
  await issue(amado, n, "2026-10-20", "30");
  for (const day of ["2026-09-10", "2026-09-11", "2026-09-15", "2026-10-05"]) await remit(day);
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const range = (qty: number, from: string | null = null, to: string | null = null) => ({ qty, from, to });
const NONE = range(0);

describe("accountability for accountable forms, by hand", () => {
  it("October: the pad in use from before, the pad received in October, the stock; not the used-up pad nor the later one", async () => {
    const ctx = { db: server.db, user: await loadAuthUser(server.db, tessaId) };
    const october = [
      {
        form: "AF 51",
        pad: "OR-A",
        beginning: range(8, "0200003", "0200010"),
        receipt: NONE,
        // Two receipts (one of them cancelled: its form is used), the void, one more receipt.
        issued: range(4, "0200003", "0200006"),
        ending: range(4, "0200007", "0200010"),
      },
      {
        form: "AF 51",
        pad: "OR-N",
        beginning: NONE,
        receipt: range(5, "0300001", "0300005"),
        issued: range(2, "0300001", "0300002"),
        ending: range(3, "0300003", "0300005"),
      },
      {
        form: "AF 51",
        pad: "OR-S",
        beginning: range(4, "0400001", "0400004"),
        receipt: NONE,
        issued: NONE,
        ending: range(4, "0400001", "0400004"),
      },
    ];
    expect((await raafData(ctx, "2026-10")).forms).toEqual(october);
    // The RCD of one collector: only the pads they collect from.
    expect((await rcdData(ctx, { collector_id: amadoId, from: "2026-10-01", to: "2026-10-31" })).forms.map((f) => f.pad)).toEqual(["OR-N"]);

    const report = await admin.get(
      "/backend/api/reports/collections?filter[date_issued_from]=2026-10-01&filter[date_issued_to]=2026-10-31",
    );
    expect(report.status, report.text).toBe(200);
    const forms = report.body.data.sections.find((x: { key: string }) => x.key === "forms");
    expect(forms.rows).toEqual(
      october.map((f) => ({
        form: `${f.form} (${f.pad})`,
        ...Object.fromEntries(
          (["beginning", "receipt", "issued", "ending"] as const).flatMap((k) => [
            [`${k}_qty`, f[k].qty],
            [`${k}_from`, f[k].from],
            [`${k}_to`, f[k].to],
          ]),
        ),
      })),
    );
    const cards = Object.fromEntries(report.body.data.cards.map((c: { key: string; value: unknown }) => [c.key, c.value]));
    expect(cards).toMatchObject({ receipts: 5, cancelled: 1, amount: "160.00" });
  });

  it("September: the pad used up then begins full, the pads received in September are receipts", async () => {
    const ctx = { db: server.db, user: await loadAuthUser(server.db, tessaId) };
    expect((await raafData(ctx, "2026-09")).forms).toEqual([
      {
        form: "AF 51",
        pad: "OR-A",
        beginning: NONE,
        receipt: range(10, "0200001", "0200010"),
        issued: range(2, "0200001", "0200002"),
        ending: range(8, "0200003", "0200010"),
      },
      {
        form: "AF 51",
        pad: "OR-F",
        beginning: range(3, "0100001", "0100003"),
        receipt: NONE,
        issued: range(3, "0100001", "0100003"),
        ending: NONE,
      },
      {
        form: "AF 51",
        pad: "OR-S",
        beginning: NONE,
        receipt: range(4, "0400001", "0400004"),
        issued: NONE,
        ending: range(4, "0400001", "0400004"),
      },
    ]);
    // One day: 10-06 issues only the void.
    expect((await rcdData(ctx, { from: "2026-10-06", to: "2026-10-06" })).forms.map((f) => [f.pad, f.issued])).toEqual([
      ["OR-A", range(1, "0200005", "0200005")],
      ["OR-N", NONE],
      ["OR-S", NONE],
    ]);
  });
});

describe("days awaiting remittance, by hand", () => {
  type Day = {
    date: string;
    collector: { fullname: string };
    total_collection: number;
    cancelled_count: number;
    amount_collected: string;
    status: string;
  };
  const show = (d: Day) => `${d.date} ${d.collector.fullname} ${d.total_collection}/${d.cancelled_count} ${d.amount_collected} ${d.status}`;
  const ALL = [
    "2026-11-05 Tessa Cruz 1/0 50.00 Pending",
    "2026-11-03 Tessa Cruz 1/0 50.00 Pending",
    "2026-10-20 Amado Reyes 1/0 30.00 Pending",
    "2026-10-07 Tessa Cruz 1/0 50.00 Pending",
    "2026-10-05 Amado Reyes 1/0 30.00 Pending",
    "2026-10-05 Tessa Cruz 2/1 50.00 Remitted",
    "2026-09-15 Tessa Cruz 2/0 100.00 Remitted",
    "2026-09-11 Tessa Cruz 1/0 50.00 Remitted",
    "2026-09-10 Tessa Cruz 2/0 100.00 Remitted",
  ];

  async function days(query: string) {
    const res = await tessa.get(`/backend/api/remittance/collection/day${query}`);
    expect(res.status, res.text).toBe(200);
    return { rows: (res.body.data as Day[]).map(show), total: res.body.meta.total as number, last: res.body.meta.last_page as number };
  }

  it("lists every collector's day newest first, a date's collectors by name, with the day's figures and state", async () => {
    expect(await days("?per_page=100")).toEqual({ rows: ALL, total: 9, last: 1 });
    expect(await days("?per_page=4&page=2")).toEqual({ rows: ALL.slice(4, 8), total: 9, last: 3 });
    expect(await days("?per_page=4&page=3")).toEqual({ rows: ALL.slice(8), total: 9, last: 3 });
  });

  it("filters by state, collector and dates", async () => {
    expect(await days("?filter[status]=Pending")).toEqual({ rows: ALL.slice(0, 5), total: 5, last: 1 });
    expect(await days("?filter[status]=Remitted")).toEqual({ rows: ALL.slice(5), total: 4, last: 1 });
    expect(await days(`?filter[collector_id]=${amadoId}`)).toEqual({ rows: [ALL[2], ALL[4]], total: 2, last: 1 });
    expect(await days("?filter[date_from]=2026-10-01&filter[date_to]=2026-10-31")).toEqual({ rows: ALL.slice(2, 6), total: 4, last: 1 });
    expect(await days(`?filter[status]=Pending&filter[collector_id]=${tessaId}&filter[date_to]=2026-11-03`)).toEqual({
      rows: [ALL[1], ALL[3]],
      total: 2,
      last: 1,
    });
    // One day, as its page shows it.
    const day = await tessa.get(`/backend/api/remittance/collection/day/${tessaId}/2026-10-05`);
    expect(day.status, day.text).toBe(200);
    expect(show(day.body.data.day)).toBe(ALL[5]);
  });
});
