import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayInManila } from "../../domain/dates.ts";
import { seedParameters } from "../../server/seed-parameters.ts";
import { seedDisbursements } from "../../server/features/disbursements/seed.ts";
import { serialRanges } from "../../server/features/disbursements/reports.ts";
import { signedIn, startTestServer, type ApiClient, type TestServer } from "../helpers/server.ts";

// The three cheque registers of issue 12 (item 5) over REST /backend/api/reports/{name}, on the
// demo month of the seed: the account's opening balance, 8 cheques (2 voided by one cascade), a
// spoiled leaf, one deposit.

let server: TestServer;
let admin: ApiClient;
let accountId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, server.admin);
  await server.db.transaction().execute(async (trx) => {
    await seedParameters(trx);
    await seedDisbursements(trx);
  });
  accountId = (await server.db.selectFrom("cheque_books").select("bank_account_id").executeTakeFirstOrThrow()).bank_account_id;
  const collector = await server.db
    .selectFrom("users")
    .select("id")
    .where("username", "=", server.admin.username)
    .executeTakeFirstOrThrow();
  const day = todayInManila();
  await server.db
    .insertInto("remittances")
    .values({
      collector_id: collector.id,
      remit_date: day,
      receipt_count: 3,
      amount: "100000.00",
      deposit_date: day,
      bank_account_id: accountId,
      deposit_reference: "DS-0001",
      rcd_number: `${day.slice(0, 7)}-001`,
    })
    .execute();
});
afterAll(async () => {
  await server?.close();
});

const section = (body: { data: { sections: { key: string }[] } }, key: string) =>
  body.data.sections.find((s) => s.key === key) as unknown as { rows: Record<string, unknown>[]; totals: Record<string, unknown> | null };

describe("cheque registers", () => {
  it("report of cheques issued: per account and month, cancelled included, totals", async () => {
    const res = await admin.get(`/backend/api/reports/cheque-issuances?filter[bank_account_id]=${accountId}&per_page=100`);
    expect(res.status, res.text).toBe(200);
    const cards = Object.fromEntries(res.body.data.cards.map((c: { key: string; value: unknown }) => [c.key, c.value]));
    expect(cards).toEqual({ issued: 6, cancelled: 3, amount: "28601.15" });
    expect(section(res.body, "by_account").totals).toMatchObject({ issued: 6, cancelled: 3, amount: "28601.15" });
    const listing = res.body.data.listing;
    expect(listing.meta.total).toBe(9);
    expect(listing.rows.filter((r: { status: string }) => r.status === "Cancelled (void)")).toHaveLength(3);
    expect(listing.totals).toMatchObject({ amount: "28601.15", cancelled_amount: "21650.00" });
    const numbers = listing.rows.map((r: { number: string }) => r.number);
    expect(numbers).toEqual([...numbers].sort());
  });

  it("cheque disbursement record: voucher, cheque, payee, amount, running balance from the opening balance", async () => {
    const res = await admin.get(`/backend/api/reports/cheque-disbursements?filter[bank_account_id]=${accountId}&per_page=100`);
    expect(res.status, res.text).toBe(200);
    const rows = res.body.data.listing.rows as {
      reference: string;
      deposit: string | null;
      check_issued: string | null;
      balance: string;
    }[];
    // The demo account's opening balance (₱250,000.00, 60 days back), 6 live cheques and the deposit.
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ particulars: "Balance brought forward", deposit: null, check_issued: null, balance: "250000.00" });
    expect(rows[1].reference).toMatch(/^\d{4}-\d{2}-\d{4} \/ 0004501$/);
    expect(rows[1].balance).toBe("245150.00");
    expect(rows.at(-1)!.balance).toBe("321398.85");
    expect(res.body.data.listing.totals).toMatchObject({ deposit: "100000.00", check_issued: "28601.15" });
    expect(section(res.body, "by_account").rows[0]).toMatchObject({
      opening: "250000.00",
      deposits: "100000.00",
      cheques: "28601.15",
      closing: "321398.85",
    });
    // A period starting after the first cheque opens with what came before it.
    const first = rows[1] as unknown as { date: string };
    // The day after, by the calendar (a first cheque on the 31st opens the period on the 1st).
    const dayAfter = new Date(Date.parse(`${first.date.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const later = await admin.get(
      `/backend/api/reports/cheque-disbursements?filter[bank_account_id]=${accountId}&filter[period_from]=${dayAfter}`,
    );
    expect(section(later.body, "by_account").rows[0]).toMatchObject({ opening: "245150.00", closing: "321398.85" });
  });

  it("cheque registrations: books received, issued, spoiled and remaining by serial range (RAAF)", async () => {
    const res = await admin.get("/backend/api/reports/cheque-registrations");
    expect(res.status, res.text).toBe(200);
    const cards = Object.fromEntries(res.body.data.cards.map((c: { key: string; value: unknown }) => [c.key, c.value]));
    expect(cards).toEqual({ books: 1, issued: 6, spoiled: 4, remaining: 40 });
    expect(section(res.body, "books").rows[0]).toMatchObject({
      serials: "0004501–0004550",
      leaves: 50,
      remaining_serials: "0004511–0004550",
    });
    const raaf = section(res.body, "raaf").rows[0];
    expect(raaf).toMatchObject({
      received_qty: 50,
      received_serials: "0004501–0004550",
      issued_qty: 10,
      ending_qty: 40,
      ending_serials: "0004511–0004550",
    });
    expect(section(res.body, "spoiled").rows).toEqual([expect.objectContaining({ number: "0004505", reason: "Torn while printing" })]);
    const xlsx = await fetch(`${server.url}/backend/api/reports/cheque-registrations/export.csv`, {
      headers: { Cookie: [...admin.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
    });
    expect(xlsx.status).toBe(200);
  });

  it("joins consecutive serials into ranges", () => {
    expect(serialRanges(["0004503", "0004501", "0004502", "0004510"])).toBe("0004501–0004503, 0004510");
    expect(serialRanges([])).toBe("");
  });
});
