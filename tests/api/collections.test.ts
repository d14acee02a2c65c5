import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";
import { rcdData, raafData } from "../../server/features/collections/registers.ts";
import { collectionFormData } from "../../server/features/collections/pages.server.ts";
import { loadAuthUser } from "../../server/auth/sessions.ts";
import { verifyByCode, verifyByNumber, verifyWait, VERIFY_LOOKUPS_PER_MINUTE } from "../../server/features/collections/verify.ts";

// Issue 10 over REST (spec §7.2/§7.3, DESIGN §11): form pads generate their numbers, form numbers
// are voided with a reason and restored, receipts take the lowest available number of the
// collector's pad under a lock (100 parallel issuances: 100 consecutive numbers, no gap, no
// duplicate), cancel keeps the number, restore follows the remittance lock.

let server: TestServer;
let treasurer: ApiClient;
let clerk: ApiClient; // may issue receipts but collects from no pad
let treasurerId: number;
let formTypeId: number;
let collectionTypeId: number;

const TREASURER_PERMISSIONS = ["form_pad", "form_number", "collection"].flatMap((e) =>
  ["manage", "view", "create", "update", "delete", "restore"].map((a) => `${a}-${e}`),
);

beforeAll(async () => {
  server = await startTestServer();
  const admin = await signedIn(server, server.admin);
  const t = await createUser(server.db, {
    username: "treasurer10",
    firstname: "Tessa",
    lastname: "Cruz",
    permissions: [...TREASURER_PERMISSIONS, "manage-remittance", "view-remittance"],
  });
  treasurerId = t.id;
  await createUser(server.db, { username: "clerk10", permissions: TREASURER_PERMISSIONS });
  treasurer = await signedIn(server, t);
  clerk = await signedIn(server, { username: "clerk10", password: "Test-Passw0rd!" });
  formTypeId = (await admin.post("/backend/api/form_type", { name: "AF 51 Official Receipt" })).body.data.id;
  collectionTypeId = (await admin.post("/backend/api/collection_type", { name: "Barangay Clearance Fees", fund_type: "General Fund" })).body
    .data.id;
});
afterAll(async () => {
  await server?.close();
});

async function pad(code: string, start: string, end: string, collectors = [treasurerId]) {
  const res = await treasurer.post("/backend/api/form_pad", {
    form_type_id: formTypeId,
    pad_code: code,
    series_start: start,
    series_end: end,
    collectors: collectors.map((user_id) => ({ user_id })),
  });
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: number; quanty_generated: number; form_numbers_count: number; series_joint: string };
}

const receipt = (padId: number, extra: Record<string, unknown> = {}) => ({
  form_pad_id: padId,
  date_issued: "2026-11-02",
  payor_kind: "name",
  issued_to: "Juan Dela Cruz",
  collection_type_id: collectionTypeId,
  payment_mode: "Cash",
  lines: [
    { nature: "Barangay clearance", account_code: "4-01-02-010", amount: "50" },
    { nature: "Certification fee", amount: "25.50" },
  ],
  ...extra,
});

async function numbersOf(padId: number) {
  return server.db
    .selectFrom("form_numbers")
    .select(["id", "number", "state"])
    .where("form_pad_id", "=", padId)
    .orderBy("position")
    .execute();
}

describe("form pads and form numbers", () => {
  it("creating a pad generates one form number per serial, kept exactly as printed", async () => {
    const p = await pad("OR-A", "4364301 T", "4364350 T");
    expect(p.quanty_generated).toBe(50);
    expect(p.form_numbers_count).toBe(50);
    expect(p.series_joint).toBe("4364301 T–4364350 T");
    const numbers = await numbersOf(p.id);
    expect(numbers.map((n) => n.number).slice(0, 2)).toEqual(["4364301 T", "4364302 T"]);
    expect(numbers.at(-1)?.number).toBe("4364350 T");
    expect(new Set(numbers.map((n) => n.state))).toEqual(new Set(["available"]));
    // Leading zeros are kept too.
    const zeros = await pad("OR-Z", "0000901", "0000905");
    expect((await numbersOf(zeros.id)).map((n) => n.number)).toEqual(["0000901", "0000902", "0000903", "0000904", "0000905"]);
  });

  it("refuses a range overlapping another pad of the same form type, and bad serials", async () => {
    await pad("OR-B", "5000001", "5000050");
    const overlap = await treasurer.post("/backend/api/form_pad", {
      form_type_id: formTypeId,
      pad_code: "OR-B2",
      series_start: "5000040",
      series_end: "5000090",
    });
    expect(overlap.status).toBe(422);
    expect(overlap.body.errors.series_start[0]).toMatch(/overlaps form pad OR-B \(5000001–5000050\)/);
    // Another suffix letter is another series.
    expect(
      (
        await treasurer.post("/backend/api/form_pad", {
          form_type_id: formTypeId,
          pad_code: "OR-B3",
          series_start: "5000040 V",
          series_end: "5000049 V",
        })
      ).status,
    ).toBe(201);
    const backwards = await treasurer.post("/backend/api/form_pad", {
      form_type_id: formTypeId,
      pad_code: "OR-B4",
      series_start: "7000050",
      series_end: "7000001",
    });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.series_end).toBeDefined();
    const notSerial = await treasurer.post("/backend/api/form_pad", {
      form_type_id: formTypeId,
      pad_code: "OR-B5",
      series_start: "abc",
      series_end: "7000001",
    });
    expect(notSerial.body.errors.series_start[0]).toMatch(/serial as printed/);
    // Collectors are staff users.
    const resident = await createUser(server.db, { username: "resident10", kind: "resident" });
    const badCollector = await treasurer.post("/backend/api/form_pad", {
      form_type_id: formTypeId,
      pad_code: "OR-B6",
      series_start: "7100001",
      series_end: "7100010",
      collectors: [{ user_id: resident.id }],
    });
    expect(badCollector.status).toBe(422);
    expect(badCollector.body.errors["collectors.0.user_id"]).toEqual(["The selected collector is invalid."]);
  });

  it("an edited series generates its numbers again; a used number fixes the series (the booklet rules of DESIGN §11)", async () => {
    const p = await pad("OR-M", "8000001", "8000010");
    const edit = (start: string, end: string, code = "OR-M") =>
      treasurer.put(`/backend/api/form_pad/${p.id}`, {
        form_type_id: formTypeId,
        pad_code: code,
        series_start: start,
        series_end: end,
        collectors: [{ user_id: treasurerId }],
      });
    const moved = await edit("8000101 T", "8000103 T");
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.data).toMatchObject({ quanty_generated: 3, form_numbers_count: 3 });
    expect((await numbersOf(p.id)).map((n) => n.number)).toEqual(["8000101 T", "8000102 T", "8000103 T"]);
    // A new code alone keeps the numbers as they are.
    const before = await numbersOf(p.id);
    expect((await edit("8000101 T", "8000103 T", "OR-M2")).status).toBe(200);
    expect(await numbersOf(p.id)).toEqual(before);
    expect((await treasurer.put(`/backend/api/form_number/void/${before[0].id}`, { reason: "Torn" })).status).toBe(200);
    const fixed = await edit("8000201", "8000203");
    expect(fixed.status).toBe(422);
    expect(fixed.body.errors.series_start).toEqual([
      "The series cannot change: form number 8000101 T of this pad is already used or void.",
    ]);
  });

  it("voids a form number only with a reason, and restores it (commands gated by delete)", async () => {
    const p = await pad("OR-C", "6000001", "6000005");
    const [first] = await numbersOf(p.id);
    // A person is asked the reason (the screens, tRPC); REST clients of the spec are not (see below).
    const noReason = await treasurer.post("/trpc/resource.command", { resource: "form_number", command: "void", id: first.id, input: {} });
    expect(noReason.status).toBe(422);
    expect(JSON.stringify(noReason.body.error)).toContain("The reason field is required.");
    const voided = await treasurer.put(`/backend/api/form_number/void/${first.id}`, { reason: "Torn while printing" });
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.message).toBe("Successfully voided 6000001.");
    expect(voided.body.data).toMatchObject({ state: "void", status: "Void", void_reason: "Torn while printing", pad_code: "OR-C" });
    const list = await treasurer.get(`/backend/api/form_number/index_trashed?filter[form_pad_id]=${p.id}&filter[state]=void`);
    expect(list.body.meta.total).toBe(1);
    const restored = await treasurer.post("/backend/api/form_number/restore", { id: first.id });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data).toMatchObject({ state: "available", status: "Active", void_reason: null });
    // Form numbers are never created or edited by hand.
    expect((await treasurer.post("/backend/api/form_number", { number: "1" })).status).toBe(422);
    expect((await clerk.put(`/backend/api/form_number/void/${first.id}`, { reason: "x" })).status).toBe(422);
  });
});

describe("issuing receipts", () => {
  it("takes the lowest available number of the collector's pad; a voided form is skipped; answers the data", async () => {
    const p = await pad("OR-D", "0100001", "0100010");
    const first = await treasurer.post("/backend/api/collection", receipt(p.id));
    expect(first.status, first.text).toBe(201);
    expect(first.body.data).toMatchObject({
      or_number: "0100001",
      form_number: { number: "0100001" },
      issued_to: "Juan Dela Cruz",
      amount_paid: "75.50",
      status: "Active",
      processed: false,
      fund_type: "General Fund",
      user: { id: treasurerId, fullname: "Tessa Cruz" },
    });
    expect(first.body.data.lines).toEqual([
      { nature: "Barangay clearance", account_code: "4-01-02-010", amount: "50.00", transaction_id: null },
      { nature: "Certification fee", account_code: null, amount: "25.50", transaction_id: null },
    ]);
    expect(first.body.data.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const numbers = await numbersOf(p.id);
    expect((await treasurer.put(`/backend/api/form_number/void/${numbers[1].id}`, { reason: "Spoiled" })).status).toBe(200);
    const second = await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-03" }));
    expect(second.body.data.or_number).toBe("0100003");
    // Not before the pad's previous receipt, not in the future.
    const earlier = await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-01" }));
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors.date_issued[0]).toMatch(/previous receipt \(2026-11-03\)/);
    const future = await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2999-01-01" }));
    expect(future.body.errors.date_issued).toEqual(["The date issued must not be in the future."]);
    // Only the pad's collectors issue from it.
    const notCollector = await clerk.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-03" }));
    expect(notCollector.status).toBe(422);
    expect(notCollector.body.errors.form_pad_id[0]).toMatch(/not a collector of form pad OR-D/);
    // Cheques need their details; lines are required.
    const cheque = await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-03", payment_mode: "Cheque" }));
    expect(Object.keys(cheque.body.errors).sort()).toEqual(["cheque_date", "cheque_number", "drawee_bank"]);
    const noLines = await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-03", lines: [] }));
    expect(noLines.body.errors.lines).toEqual(["A receipt needs at least one line."]);
    const byCheque = await treasurer.post(
      "/backend/api/collection",
      receipt(p.id, {
        date_issued: "2026-11-03",
        payment_mode: "Cheque",
        drawee_bank: "LBP Sta. Maria",
        cheque_number: "0012345",
        cheque_date: "2026-11-03",
      }),
    );
    expect(byCheque.body.data).toMatchObject({
      or_number: "0100004",
      payment_mode: "Cheque",
      cheque_number: "0012345",
      cheque_date: "2026-11-03",
    });
    // A refused issuance takes no number.
    expect((await numbersOf(p.id)).map((n) => n.state).slice(0, 5)).toEqual(["issued", "void", "issued", "issued", "available"]);
    // GET collection/count with a query (spec §7.3).
    const count = await treasurer.get(`/backend/api/collection/count?filter[payment_mode]=Cheque`);
    expect(count.body).toEqual({ data: 1 });
  });

  it("a payor picked as a resident prints their name", async () => {
    const p = await pad("OR-E", "0200001", "0200005");
    const resident = await createUser(server.db, { username: "payor10", kind: "resident", firstname: "Maria", lastname: "Santos" });
    const res = await treasurer.post(
      "/backend/api/collection",
      receipt(p.id, { payor_kind: "resident", issued_to: null, issued_to_user_id: resident.id }),
    );
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.issued_to).toBe("Maria Santos");
    const wrongKind = await treasurer.post(
      "/backend/api/collection",
      receipt(p.id, { payor_kind: "organization", issued_to_user_id: resident.id }),
    );
    expect(wrongKind.body.errors.issued_to_user_id).toEqual(["The selected organization is invalid."]);
  });

  it("cancel keeps the number used and shows Cancelled; restore brings it back; an issued receipt is never edited", async () => {
    const p = await pad("OR-F", "0300001", "0300005");
    const r = (await treasurer.post("/backend/api/collection", receipt(p.id))).body.data;
    const cancelled = await treasurer.delete(`/backend/api/collection/${r.id}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("Cancelled");
    expect((await numbersOf(p.id))[0].state).toBe("issued");
    const next = (await treasurer.post("/backend/api/collection", receipt(p.id))).body.data;
    expect(next.or_number).toBe("0300002");
    expect((await treasurer.put(`/backend/api/collection/${r.id}`, receipt(p.id))).status).toBe(422);
    const restored = await treasurer.post("/backend/api/collection/restore", { id: r.id });
    expect(restored.body.data.status).toBe("Active");
    // Every field of a receipt is printed: it is cancelled and issued anew, never edited (issue 26 item 4).
    const updated = await treasurer.put(
      `/backend/api/collection/${r.id}`,
      receipt(p.id, { issued_to: "Juana Dela Cruz", lines: [{ nature: "Fee", amount: "10" }] }),
    );
    expect(updated.status).toBe(422);
    expect(updated.body.message).toBe("An issued receipt cannot be changed; cancel it and issue a new one.");
    const trpcUpdate = await treasurer.post("/trpc/resource.update", {
      resource: "collection",
      id: r.id,
      data: receipt(p.id, { issued_to: "Juana Dela Cruz" }),
    });
    expect(trpcUpdate.status).toBe(422);
    expect((await treasurer.get(`/backend/api/collection/${r.id}`)).body.data).toMatchObject({
      issued_to: "Juan Dela Cruz",
      amount_paid: "75.50",
    });
    // A pad with issued receipts is not deleted.
    expect((await treasurer.delete(`/backend/api/form_pad/${p.id}`)).status).toBe(422);
  });

  it("100 parallel issuances from one pad give 100 distinct consecutive numbers, no gap, no duplicate", async () => {
    const p = await pad("OR-P", "0900001", "0900150");
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => treasurer.post("/backend/api/collection", receipt(p.id, { issued_to: `Payor ${i}` }))),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const numbers = results.map((r) => r.body.data.or_number as string).sort();
    expect(new Set(numbers).size).toBe(100);
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => String(900001 + i).padStart(7, "0")));
    const states = await numbersOf(p.id);
    expect(states.filter((n) => n.state === "issued")).toHaveLength(100);
    expect(states.slice(0, 100).every((n) => n.state === "issued")).toBe(true);
  }, 120_000);
});

describe("remittances", () => {
  it("lists one row per collector and day, shows a day's receipts, remits with the deposit and locks the day", async () => {
    const admin = await signedIn(server, server.admin);
    const bank = (await admin.post("/backend/api/bank", { code: "LBP10", name: "Land Bank 10" })).body.data.id;
    const account = (
      await admin.post("/backend/api/bank_account", {
        bank_id: bank,
        account_name: "Barangay General Fund",
        account_number: "0012-3456-10",
        fund_type: "General Fund",
      })
    ).body.data.id;
    const p = await pad("OR-R", "0400001", "0400020");
    const a = (await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-10" }))).body.data;
    const b = (
      await treasurer.post(
        "/backend/api/collection",
        receipt(p.id, { date_issued: "2026-11-10", lines: [{ nature: "Fee", amount: "100" }] }),
      )
    ).body.data;
    const c = (await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-10" }))).body.data;
    expect((await treasurer.delete(`/backend/api/collection/${c.id}`)).status).toBe(200);

    const days = await treasurer.get("/backend/api/remittance/collection/day?filter[date_from]=2026-11-10&filter[date_to]=2026-11-10");
    expect(days.status, days.text).toBe(200);
    expect(days.body.meta.total, JSON.stringify(days.body.data)).toBe(1);
    expect(days.body.data[0]).toMatchObject({
      date: "2026-11-10",
      collector: { id: treasurerId, fullname: "Tessa Cruz" },
      total_collection: 3,
      cancelled_count: 1,
      amount_collected: "175.50",
      status: "Pending",
      remittance: null,
    });
    const day = await treasurer.get(`/backend/api/remittance/collection/day/${treasurerId}/2026-11-10`);
    expect(day.body.data.receipts.map((r: { or_number: string; status: string }) => `${r.or_number} ${r.status}`)).toEqual([
      "0400001 Active",
      "0400002 Active",
      "0400003 Cancelled",
    ]);

    const badDeposit = await treasurer.post("/backend/api/remittance/collection/remit", { collector_id: treasurerId, date: "2026-11-10" });
    expect(badDeposit.status).toBe(422);
    expect(Object.keys(badDeposit.body.errors).sort()).toEqual(["bank_account_id", "deposit_date", "deposit_reference"]);
    expect((await clerk.post("/backend/api/remittance/collection/remit", {})).status).toBe(403);
    const remitted = await treasurer.post("/backend/api/remittance/collection/remit", {
      collector_id: treasurerId,
      date: "2026-11-10",
      deposit_date: "2026-11-11",
      bank_account_id: account,
      deposit_reference: "DS-0001",
    });
    expect(remitted.status, remitted.text).toBe(201);
    expect(remitted.body.data).toMatchObject({
      status: "Remitted",
      amount_collected: "175.50",
      remittance: {
        rcd_number: "2026-11-001",
        deposit_date: "2026-11-11",
        deposit_reference: "DS-0001",
        amount: "175.50",
        bank_account: { id: account },
      },
    });
    const again = await treasurer.post("/backend/api/remittance/collection/remit", {
      collector_id: treasurerId,
      date: "2026-11-10",
      deposit_date: "2026-11-11",
      bank_account_id: account,
      deposit_reference: "DS-0002",
    });
    expect(again.status).toBe(422);
    expect(again.body.message).toMatch(/already remitted/);
    // Locked: processed, no cancel, restore or edit.
    expect((await treasurer.get(`/backend/api/collection/${a.id}`)).body.data).toMatchObject({
      processed: true,
      processed_label: "Processed",
    });
    expect((await treasurer.delete(`/backend/api/collection/${b.id}`)).status).toBe(422);
    expect((await treasurer.post("/backend/api/collection/restore", { id: c.id })).status).toBe(422);
    expect((await treasurer.put(`/backend/api/collection/${a.id}`, receipt(p.id))).status).toBe(422);
    const filtered = await treasurer.get("/backend/api/remittance/collection/day?filter[status]=Remitted");
    expect(filtered.body.data.map((d: { date: string }) => d.date)).toEqual(["2026-11-10"]);
  });
});

describe("public verification", () => {
  it("finds a receipt by its code or by number + date + amount, masks the payor, says Cancelled, never takes an id", async () => {
    const p = await pad("OR-V", "0500001", "0500005");
    const r = (await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: "2026-11-12" }))).body.data;
    const ctx = { db: server.db };
    expect(await verifyByCode(ctx, r.verification_code)).toEqual({
      kind: "Official Receipt (AF 51 Official Receipt)",
      number: "0500001",
      date: "2026-11-12",
      amount: "75.50",
      status: "Valid",
      payor: "J*** D*** C***",
      fund: "General Fund",
    });
    // Typed off the paper: in small letters, with the printed dash or a space, O for 0, I or L for 1.
    const printed = `${r.verification_code.slice(0, 5)}-${r.verification_code.slice(5)}`;
    expect((await verifyByCode(ctx, printed.toLowerCase()))?.number).toBe("0500001");
    expect((await verifyByCode(ctx, printed.replace("-", " ").replace(/0/g, "O").replace(/1/g, "l")))?.number).toBe("0500001");
    expect(await verifyByCode(ctx, String(r.id))).toBeNull();
    expect(await verifyByCode(ctx, "A".repeat(26))).toBeNull();
    expect((await verifyByNumber(ctx, { number: "0500001", date: "2026-11-12", amount: "₱75.50" }))?.number).toBe("0500001");
    expect(await verifyByNumber(ctx, { number: "0500001", date: "2026-11-12", amount: "75.00" })).toBeNull();
    expect(await verifyByNumber(ctx, { number: "0500001", date: "2026-11-13", amount: "75.50" })).toBeNull();
    await treasurer.delete(`/backend/api/collection/${r.id}`);
    expect((await verifyByCode(ctx, r.verification_code))?.status).toBe("Cancelled");
  });

  it("rate-limits lookups per address", () => {
    const now = 1_000_000;
    for (let i = 0; i < VERIFY_LOOKUPS_PER_MINUTE; i++) expect(verifyWait("203.0.113.9", now + i)).toBe(0);
    expect(verifyWait("203.0.113.9", now + 100)).toBeGreaterThan(0);
    expect(verifyWait("203.0.113.10", now + 100)).toBe(0);
    expect(verifyWait("203.0.113.9", now + 61_000)).toBe(0);
  });
});

describe("RCD and RAAF", () => {
  it("lists a day's receipts with the cancelled one, totals per fund, deposits and the forms' accountability", async () => {
    const ctx = { db: server.db, user: await loadAuthUser(server.db, treasurerId) };
    await expect(
      rcdData(
        { db: server.db, user: await loadAuthUser(server.db, (await createUser(server.db, { username: "noreport10" })).id) },
        { from: "2026-11-10", to: "2026-11-10" },
      ),
    ).rejects.toMatchObject({ status: 403 });
    const rcd = await rcdData(ctx, { collector_id: treasurerId, from: "2026-11-10", to: "2026-11-10" });
    expect(rcd.collections.map((c) => `${c.number} ${c.cancelled ? "cancelled" : c.amount}`)).toEqual([
      "0400001 75.50",
      "0400002 100.00",
      "0400003 cancelled",
    ]);
    expect(rcd.total).toBe("175.50");
    expect(rcd.funds).toEqual([{ fund: "General Fund", amount: "175.50" }]);
    expect(rcd.deposits).toEqual([{ date: "2026-11-11", bank: "Land Bank 10 0012-3456-10", reference: "DS-0001", amount: "175.50" }]);
    const pad = rcd.forms.find((f) => f.pad === "OR-R")!;
    // The pad was received today (after the day reported): it is not in that day's balances.
    expect(pad).toBeUndefined();
    const raaf = await raafData(ctx, "2026-11");
    const r = raaf.forms.find((f) => f.pad === "OR-R")!;
    expect(r).toBeDefined();
    expect(r.beginning.qty + r.receipt.qty - r.issued.qty).toBe(r.ending.qty);
    expect(r.issued).toEqual({ qty: 3, from: "0400001", to: "0400003" });
  });
});

describe("paying transactions", () => {
  it("a line with a transaction marks it paid by the receipt; another person's transaction is refused", async () => {
    const admin = await signedIn(server, server.admin);
    const type = await admin.post("/backend/api/transaction_type", {
      name: "Barangay Clearance 10",
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "50.00" }],
    });
    expect(type.status, type.text).toBe(201);
    const payor = await createUser(server.db, { username: "payor10b", kind: "resident", firstname: "Ana", lastname: "Reyes" });
    const other = await createUser(server.db, { username: "payor10c", kind: "resident", firstname: "Ben", lastname: "Cruz" });
    const t = await admin.post("/backend/api/transaction", {
      transaction_type_id: type.body.data.id,
      issued_to_user_id: payor.id,
      date_issued: "2026-11-12",
    });
    expect(t.status, t.text).toBe(201);
    const p = await pad("OR-T", "0600001", "0600005");
    const line = { nature: "Barangay Clearance 10", amount: "50", transaction_id: t.body.data.id };
    const wrong = await treasurer.post(
      "/backend/api/collection",
      receipt(p.id, { payor_kind: "resident", issued_to_user_id: other.id, issued_to: null, lines: [line], date_issued: "2026-11-12" }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.transactions[0]).toMatch(/issued to another person/);
    const paid = await treasurer.post(
      "/backend/api/collection",
      receipt(p.id, { payor_kind: "resident", issued_to_user_id: payor.id, issued_to: null, lines: [line], date_issued: "2026-11-12" }),
    );
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.data.or_number).toBe("0600001");
    expect(paid.body.data.transactions).toEqual([
      {
        id: t.body.data.id,
        name: "Barangay Clearance 10",
        custom_payment_form: [{ id: 0, fieldId: "custom_field_default_amount", label: "Barangay Clearance 10", amount: "50.00" }],
      },
    ]);
    const stored = await server.db
      .selectFrom("transactions")
      .select("collection_id")
      .where("id", "=", t.body.data.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.collection_id)).toBe(paid.body.data.id);
  });
});

// Issue 26 item 1: a certificate paid at the window is paid — on every transport — and only once.
describe("a receipt pays a certificate once, and cancelling it unpays it", () => {
  let admin: ApiClient;
  let payorId: number;
  let typeId: number;
  let padId: number;
  const issueCertificate = async () => {
    const t = await admin.post("/backend/api/transaction", {
      transaction_type_id: typeId,
      issued_to_user_id: payorId,
      date_issued: "2026-11-13",
    });
    expect(t.status, t.text).toBe(201);
    return t.body.data as { id: number; reference_number: string };
  };
  const paying = (transactionId: number, amount = "40") =>
    receipt(padId, {
      payor_kind: "resident",
      issued_to_user_id: payorId,
      issued_to: null,
      date_issued: "2026-11-13",
      lines: [
        { nature: "Certificate of Residency", amount, transaction_id: transactionId },
        { nature: "Documentary stamp", amount: "5" },
      ],
    });
  const paymentOf = async (id: number) => (await admin.get(`/backend/api/transaction/${id}`)).body.data.payment_status as string;

  beforeAll(async () => {
    admin = await signedIn(server, server.admin);
    const type = await admin.post("/backend/api/transaction_type", {
      name: "Certificate of Residency 26",
      custom_payment_form: [{ fieldId: "custom_field_default_amount", label: "Default Amount", amount: "40.00" }],
    });
    expect(type.status, type.text).toBe(201);
    typeId = type.body.data.id;
    payorId = (await createUser(server.db, { username: "payor26", kind: "resident", firstname: "Carla", lastname: "Santos" })).id;
    padId = (await pad("OR-26", "0700001", "0700020")).id;
  });

  it("REST: the second receipt for a paid certificate is refused naming it, and takes no number", async () => {
    const cert = await issueCertificate();
    expect(await paymentOf(cert.id)).toBe("Unpaid");
    const first = await treasurer.post("/backend/api/collection", paying(cert.id));
    expect(first.status, first.text).toBe(201);
    expect(await paymentOf(cert.id)).toBe("Paid");
    const again = await treasurer.post("/backend/api/collection", paying(cert.id));
    expect(again.status).toBe(422);
    expect(again.body.errors.transactions).toEqual([`${cert.reference_number} is already paid.`]);
    // The refused receipt rolled back whole: the next one takes the number after the first.
    const next = await treasurer.post("/backend/api/collection", receipt(padId, { date_issued: "2026-11-13" }));
    expect(next.status, next.text).toBe(201);
    expect(Number(next.body.data.or_number)).toBe(Number(first.body.data.or_number) + 1);
  });

  it("REST: a fee is paid in full: lines that add up to another amount are refused", async () => {
    const cert = await issueCertificate();
    const short = await treasurer.post("/backend/api/collection", paying(cert.id, "30"));
    expect(short.status).toBe(422);
    expect(short.body.errors.transactions).toEqual([`The lines paying ${cert.reference_number} add up to ₱30.00; its fee is ₱40.00.`]);
    expect(await paymentOf(cert.id)).toBe("Unpaid");
  });

  it("REST: a cancelled certificate cannot be paid", async () => {
    const cert = await issueCertificate();
    expect((await admin.delete(`/backend/api/transaction/${cert.id}`)).status).toBe(200);
    const res = await treasurer.post("/backend/api/collection", paying(cert.id));
    expect(res.status).toBe(422);
    expect(res.body.errors.transactions).toEqual([`${cert.reference_number} is cancelled; it cannot be paid.`]);
  });

  it("cancelling the receipt returns the certificate to unpaid; restoring it is refused once another receipt paid it", async () => {
    const cert = await issueCertificate();
    const first = await treasurer.post("/backend/api/collection", paying(cert.id));
    expect(first.status, first.text).toBe(201);
    expect((await treasurer.delete(`/backend/api/collection/${first.body.data.id}`)).status).toBe(200);
    expect(await paymentOf(cert.id)).toBe("Unpaid");
    const history = await server.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "transaction")
      .where("entity_id", "=", String(cert.id))
      .orderBy("id")
      .execute();
    expect(history.map((h) => h.action)).toContain("unpaid");
    const second = await treasurer.post("/backend/api/collection", paying(cert.id));
    expect(second.status, second.text).toBe(201);
    const restore = await treasurer.post("/backend/api/collection/restore", { id: first.body.data.id });
    expect(restore.status).toBe(422);
    expect(restore.body.errors.transactions).toEqual([`${cert.reference_number} is already paid.`]);
    // Cancelling the second and restoring the first: the first pays it again.
    expect((await treasurer.delete(`/backend/api/collection/${second.body.data.id}`)).status).toBe(200);
    const restored = await treasurer.post("/backend/api/collection/restore", { id: first.body.data.id });
    expect(restored.status, restored.text).toBe(200);
    expect(await paymentOf(cert.id)).toBe("Paid");
  });

  it("tRPC: a line's transaction is carried and marks it paid; a second payment is refused the same way", async () => {
    const cert = await issueCertificate();
    const create = (data: unknown) => treasurer.post("/trpc/resource.create", { resource: "collection", data });
    const paid = await create(paying(cert.id));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.result.data.transactions.map((t: { id: number }) => t.id)).toEqual([cert.id]);
    expect(await paymentOf(cert.id)).toBe("Paid");
    const again = await create(paying(cert.id));
    expect(again.status).toBe(422);
    expect(JSON.stringify(again.body.error)).toContain(`${cert.reference_number} is already paid.`);
  });
});

// Issue 26 item 2: remitting does not end the collector's day; the latest remittance can be undone.
describe("several remittances a day, and undoing the latest", () => {
  it("a receipt issued after a remittance waits for the next one, with its own RCD number; undo needs a reason and only the latest", async () => {
    const admin = await signedIn(server, server.admin);
    const bank = (await admin.post("/backend/api/bank", { code: "LBP26", name: "Land Bank 26" })).body.data.id;
    const account = (
      await admin.post("/backend/api/bank_account", {
        bank_id: bank,
        account_name: "Barangay General Fund 26",
        account_number: "0012-3456-26",
        fund_type: "General Fund",
      })
    ).body.data.id;
    const p = await pad("OR-M", "0800001", "0800020");
    const day = "2026-11-16";
    const issue = async (amount: string) => {
      const res = await treasurer.post("/backend/api/collection", receipt(p.id, { date_issued: day, lines: [{ nature: "Fee", amount }] }));
      expect(res.status, res.text).toBe(201);
      return res.body.data as { id: number; or_number: string };
    };
    const remit = (reference: string) =>
      treasurer.post("/backend/api/remittance/collection/remit", {
        collector_id: treasurerId,
        date: day,
        deposit_date: day,
        bank_account_id: account,
        deposit_reference: reference,
      });
    const dayOf = async () => (await treasurer.get(`/backend/api/remittance/collection/day/${treasurerId}/${day}`)).body.data;

    await issue("100");
    await issue("50");
    const morning = await remit("DS-AM");
    expect(morning.status, morning.text).toBe(201);
    const first = morning.body.data.remittance;
    expect(first).toMatchObject({ amount: "150.00", receipt_count: 2, undoable: true });
    expect(first.rcd_number).toMatch(/^2026-11-\d{3}$/);
    expect(morning.body.data).toMatchObject({ status: "Remitted", pending_count: 0 });

    // The day goes on: the next receipt is issued, and the day is pending again.
    const afternoon = await issue("30");
    expect(await dayOf()).toMatchObject({
      day: { status: "Pending", pending_count: 1, pending_amount: "30.00", amount_collected: "180.00" },
    });
    const pendingList = await treasurer.get(`/backend/api/remittance/collection/day?filter[status]=Pending&filter[date_from]=${day}`);
    expect(pendingList.body.data.map((d: { date: string }) => d.date)).toEqual([day]);
    const second = await remit("DS-PM");
    expect(second.status, second.text).toBe(201);
    const serial = (n: string) => Number(n.split("-")[2]);
    expect(second.body.data.remittances.map((r: { rcd_number: string; amount: string }) => [serial(r.rcd_number), r.amount])).toEqual([
      [serial(first.rcd_number), "150.00"],
      [serial(first.rcd_number) + 1, "30.00"],
    ]);
    expect(second.body.data.remittances.map((r: { undoable: boolean }) => r.undoable)).toEqual([false, true]);
    const secondId = second.body.data.remittance.id;

    // Undo: a reason is required, only the latest can be undone, and its receipts are pending again.
    const noReason = await treasurer.post(`/backend/api/remittance/collection/undo/${secondId}`, {});
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(["The reason field is required."]);
    expect((await clerk.post(`/backend/api/remittance/collection/undo/${secondId}`, { reason: "x" })).status).toBe(403);
    const notLatest = await treasurer.post(`/backend/api/remittance/collection/undo/${first.id}`, { reason: "Wrong deposit slip" });
    expect(notLatest.status).toBe(422);
    expect(notLatest.body.message).toMatch(/Only the collector's latest remittance/);
    const undone = await treasurer.post(`/backend/api/remittance/collection/undo/${secondId}`, { reason: "Wrong deposit slip" });
    expect(undone.status, undone.text).toBe(200);
    expect(undone.body.data).toMatchObject({ status: "Pending", pending_count: 1, pending_amount: "30.00" });
    expect(undone.body.data.remittances.map((r: { id: number; undoable: boolean }) => [r.id, r.undoable])).toEqual([[first.id, true]]);
    // The afternoon receipt is unlocked again: it can be cancelled.
    expect((await treasurer.get(`/backend/api/collection/${afternoon.id}`)).body.data.processed).toBe(false);
    const log = await server.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity", "=", "remittance")
      .where("entity_id", "=", String(secondId))
      .orderBy("id")
      .execute();
    expect(log.map((l) => l.action)).toEqual(["remit", "undo-remit"]);
    expect(log[1].after).toMatchObject({ reason: "Wrong deposit slip" });
    // The undone remittance stays, deleted, with why.
    const kept = await server.db
      .selectFrom("remittances")
      .select(["deleted_at", "undo_reason"])
      .where("id", "=", secondId)
      .executeTakeFirstOrThrow();
    expect(kept.deleted_at).not.toBeNull();
    expect(kept.undo_reason).toBe("Wrong deposit slip");
    const twice = await treasurer.post(`/backend/api/remittance/collection/undo/${secondId}`, { reason: "again" });
    expect(twice.status).toBe(422);

    // The next remittance takes the undone one's RCD number.
    const redo = await remit("DS-PM-2");
    expect(redo.status, redo.text).toBe(201);
    expect(serial(redo.body.data.remittance.rcd_number)).toBe(serial(first.rcd_number) + 1);
    expect(redo.body.data.status).toBe("Remitted");
  });
});

describe("remittances refuse impossible dates and pages (hardening III items 3, 4)", () => {
  it("a day that does not exist is a 422 on its field or the day's 404, never a 500; any page is served", async () => {
    const remit = await treasurer.post("/backend/api/remittance/collection/remit", {
      collector_id: treasurerId,
      date: "2026-02-31",
      deposit_date: "2026-13-45",
      bank_account_id: 1,
      deposit_reference: "DS-X",
    });
    expect(remit.status).toBe(422);
    expect(remit.body.errors.date).toEqual(["The date is not a valid date."]);
    expect(remit.body.errors.deposit_date).toEqual(["The deposit date is not a valid date."]);
    expect((await treasurer.get(`/backend/api/remittance/collection/day/${treasurerId}/2026-99-99`)).status).toBe(404);
    const far = await treasurer.get("/backend/api/remittance/collection/day?page=100000000000000000000&per_page=1e9");
    expect(far.status, far.text).toBe(200);
    expect(far.body.data).toEqual([]);
    const filtered = await treasurer.get("/backend/api/remittance/collection/day?filter[date_from]=2026-02-30");
    expect(filtered.status).toBe(200);
  });
});

describe("collection types carry their fee schedule (issue 26 item 9)", () => {
  it("stores nature, account code and usual amount per line, refuses bad ones, and the receipt form starts from them", async () => {
    const admin = await signedIn(server, server.admin);
    const bad = await admin.post("/backend/api/collection_type", {
      name: "Business Clearance 26",
      fund_type: "General Fund",
      fees: [{ nature: "", amount: "-5" }],
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["fees.0.amount", "fees.0.nature"]);
    const created = await admin.post("/backend/api/collection_type", {
      name: "Business Clearance 26",
      fund_type: "General Fund",
      fees: [
        { nature: "Business clearance fee", account_code: "4-01-02-010", amount: "300" },
        { nature: "Garbage fee", account_code: "4-02-01-990", amount: "" },
      ],
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.fees).toEqual([
      { nature: "Business clearance fee", account_code: "4-01-02-010", amount: "300.00" },
      { nature: "Garbage fee", account_code: "4-02-01-990", amount: null },
    ]);
    const ctx = { db: server.db, user: await loadAuthUser(server.db, treasurerId) };
    const form = await collectionFormData(ctx, "name");
    expect(form.types.find((t) => t.value === String(created.body.data.id))?.lines).toEqual([
      { nature: "Business clearance fee", account_code: "4-01-02-010", amount: "300.00" },
      { nature: "Garbage fee", account_code: "4-02-01-990", amount: "" },
    ]);
  });
});

describe("cancelling a receipt says what it does and keeps why (issue 26 item 3)", () => {
  it("REST without a reason records 'no reason given (REST)'; with one keeps it; tRPC asks it; several at once are refused; restore clears it", async () => {
    const p = await pad("OR-C3", "0110001", "0110010");
    const issue = async () =>
      (await treasurer.post("/backend/api/collection", receipt(p.id))).body.data as { id: number; or_number: string };
    const reasonOf = async (id: number) =>
      (await server.db.selectFrom("collections").select("cancel_reason").where("id", "=", id).executeTakeFirstOrThrow()).cancel_reason;

    const a = await issue();
    const plain = await treasurer.delete(`/backend/api/collection/${a.id}`);
    expect(plain.status, plain.text).toBe(200);
    expect(plain.body.message).toBe(`Successfully cancelled ${a.or_number}.`);
    expect(plain.body.data).toMatchObject({ status: "Cancelled", cancel_reason: "no reason given (REST)" });
    const log = await server.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity", "=", "collection")
      .where("entity_id", "=", String(a.id))
      .where("action", "=", "cancel")
      .executeTakeFirstOrThrow();
    // The cancel is a recorded command: its audit row holds what it changed and why.
    expect(log.after).toMatchObject({ cancel_reason: "no reason given (REST)", reason: "no reason given (REST)" });

    const b = await issue();
    const given = await treasurer.delete(`/backend/api/collection/${b.id}?reason=${encodeURIComponent("Wrong payor name")}`);
    expect(given.status).toBe(200);
    expect(await reasonOf(b.id)).toBe("Wrong payor name");

    const c = await issue();
    const trpcNone = await treasurer.post("/trpc/resource.remove", { resource: "collection", id: c.id });
    expect(trpcNone.status).toBe(422);
    expect(JSON.stringify(trpcNone.body.error)).toContain("The reason field is required.");
    const trpcGiven = await treasurer.post("/trpc/resource.remove", { resource: "collection", id: c.id, reason: "Amount typed wrong" });
    expect(trpcGiven.status, trpcGiven.text).toBe(200);
    expect(await reasonOf(c.id)).toBe("Amount typed wrong");

    const d = await issue();
    const many = await treasurer.post("/backend/api/collection/multiple_delete_collection", [{ id: d.id }]);
    expect(many.status).toBe(422);
    expect(many.body.errors.ids).toEqual(["Cancel collections one at a time, each with its reason."]);

    // The RCD lists the cancelled receipts with their reasons.
    const ctx = { db: server.db, user: await loadAuthUser(server.db, treasurerId) };
    const rcd = await rcdData(ctx, { collector_id: treasurerId, from: "2026-11-02", to: "2026-11-02" });
    expect(rcd.collections.find((x) => x.number === b.or_number)).toMatchObject({ cancelled: true, cancel_reason: "Wrong payor name" });

    const restored = await treasurer.post("/backend/api/collection/restore", { id: b.id });
    expect(restored.status).toBe(200);
    expect(await reasonOf(b.id)).toBeNull();
  });

  it("voiding a form number over REST needs no body (spec DELETE form_number/{id}); restore un-voids it", async () => {
    const p = await pad("OR-C4", "0120001", "0120003");
    const [first] = await numbersOf(p.id);
    const voided = await treasurer.delete(`/backend/api/form_number/${first.id}`);
    expect(voided.status, voided.text).toBe(200);
    expect(voided.body.data).toMatchObject({ state: "void", void_reason: "no reason given (REST)" });
    const restored = await treasurer.post("/backend/api/form_number/restore", { id: first.id });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.body.data.state).toBe("available");
  });
});
