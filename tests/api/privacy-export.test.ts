import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/index.ts";
import type { ServiceContext } from "../../server/context.ts";
import { inTransaction } from "../../server/engine/transaction.ts";
import { recordAccess } from "../../server/features/audit/access-log.ts";
import { exportPersonData } from "../../server/features/privacy/data-export.ts";
import { parseCorrectionRequest, recordCorrectionRequest } from "../../server/features/privacy/corrections.ts";
import type { TestDatabase } from "../helpers/db.ts";
import { openPrivacyDatabase, type privacyFixtures } from "../helpers/privacy.ts";

// Issue 18 item 3 over the services, on the demo data (PGlite; PostgreSQL with TEST_DATABASE_URL):
// a person's data export holds everything the portal has on them, corrections made on their request
// included, and logs itself.

let database: TestDatabase;
let db: DB;
let admin: ServiceContext;
let fx: ReturnType<typeof privacyFixtures>;

beforeAll(async () => {
  ({ database, db, admin, fx } = await openPrivacyDatabase());
}, 300_000);

afterAll(async () => {
  await database?.close();
});

describe("a person's data export (issue 18 item 3)", () => {
  it("holds the profile, household, businesses, transactions, receipts, vouchers and access log, and logs itself", async () => {
    // A demo resident who paid receipts and belongs to a household.
    const payor = await sql<{ id: number }>`
      select c.issued_to_user_id as id from collections c
      join household_members m on m.user_id = c.issued_to_user_id
      where c.payor_kind = 'resident' group by 1 order by count(*) desc, 1 limit 1`.execute(db);
    const id = payor.rows[0]!.id;
    const profile = await fx.profileOf(id);
    const fullname = [profile.firstname, profile.middlename, profile.lastname, profile.suffix].filter(Boolean).join(" ");
    const lineId = (await db.selectFrom("business_lines").select("id").executeTakeFirstOrThrow()).id;
    await db
      .insertInto("businesses")
      .values({ name: "Sari-sari ni Aling Nena", owner_user_id: id, business_line_id: lineId, location: "Purok 2" })
      .execute();
    const reference = await fx.certificate(id, "2026-11-02");
    const dv = await fx.voucher(id, fullname, "2026-11-03");
    // Someone else opened the record before.
    const viewer = await db
      .selectFrom("users")
      .select("id")
      .where("kind", "=", "staff")
      .where("id", "<>", admin.user!.id)
      .executeTakeFirst();
    await recordAccess(db, {
      userId: viewer?.id ?? admin.user!.id,
      entity: "resident",
      entityId: id,
      subjectId: id,
      record: fullname,
      action: "view",
      reason: "Certificate request",
    });

    const data = await exportPersonData(admin, id, { action: "export" });

    expect(data.person.id).toBe(id);
    expect(data.person.fullname).toBe(fullname);
    expect(data.person.profile.date_of_birth).toBe(profile.date_of_birth);
    expect(data.person.profile.contact_number).toBe(profile.contact_number);
    const memberships = await db.selectFrom("household_members").select("household_id").where("user_id", "=", id).execute();
    expect(data.households.map((h) => h.household_id).sort()).toEqual(expect.arrayContaining(memberships.map((m) => m.household_id)));
    expect(data.businesses.map((b) => b.name)).toContain("Sari-sari ni Aling Nena");
    expect(data.transactions.map((t) => t.reference_number)).toContain(reference);
    const receipts = await db.selectFrom("collections").select("or_number").where("issued_to_user_id", "=", id).execute();
    expect(receipts.length).toBeGreaterThan(0);
    expect(data.receipts.map((r) => r.or_number).sort()).toEqual(receipts.map((r) => r.or_number).sort());
    expect(data.receipts.every((r) => r.lines.length > 0)).toBe(true);
    expect(data.disbursements.map((d) => d.disbursement_number)).toEqual([dv]);
    expect(data.access_log.map((a) => [a.action, a.reason])).toContainEqual(["view", "Certificate request"]);
    // The export itself is in the access log it returns, and in the table.
    expect(data.access_log.at(-1)).toMatchObject({
      action: "export",
      by: "Barangay Administrator",
      detail: expect.stringContaining("JSON"),
    });
    const logged = await db.selectFrom("access_log").selectAll().where("subject_id", "=", id).where("action", "=", "export").execute();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ created_by: admin.user!.id, entity: "resident", entity_id: id, record: fullname });
    expect(JSON.parse(JSON.stringify(data))).toEqual(data); // plain JSON, nothing lost in the file
  });

  it("is refused without export-personal_data (403, nothing logged), and answers 404 for no person", async () => {
    const id = await fx.newResident("Teodora", "Alonzo");
    await expect(exportPersonData(fx.without("export-personal_data"), id, { action: "export" })).rejects.toMatchObject({ status: 403 });
    expect(await db.selectFrom("access_log").select("id").where("subject_id", "=", id).execute()).toHaveLength(0);
    await expect(exportPersonData(admin, 987654321, { action: "print" })).rejects.toMatchObject({ status: 404 });
    const organization = await db.selectFrom("users").select("id").where("kind", "=", "organization").executeTakeFirst();
    if (organization) await expect(exportPersonData(admin, organization.id, { action: "print" })).rejects.toMatchObject({ status: 404 });
  });
  it("lists the corrections made on the person's request, with their change", async () => {
    const id = await fx.newResident("Lourdes", "Bautista");
    const purok = (await fx.profileOf(id)).purok_id;
    const request = { requested_on: "2026-11-20", channel: "Letter" as const, reference: "Letter of 20 Nov, logbook 2026-041" };
    await inTransaction(admin, async (tx) => {
      await fx.residents.update(tx, id, {
        email: "lourdes.bautista@example.com",
        user_profile: {
          firstname: "Lourdes",
          lastname: "Bautista",
          sex: "Female",
          date_of_birth: "1975-03-14",
          civil_status: "Married",
          contact_number: "0998 111 2222",
          street: "Mabini St.",
          purok_id: purok,
        },
      });
      await recordCorrectionRequest(tx, "resident", id, parseCorrectionRequest(request));
    });
    const data = await exportPersonData(admin, id, { action: "print" });
    expect(data.correction_requests).toHaveLength(1);
    expect(data.correction_requests[0]).toMatchObject({
      channel: "Letter",
      reference: request.reference,
      recorded_by: "Barangay Administrator",
    });
    expect(data.correction_requests[0]!.changes).toContainEqual(expect.objectContaining({ label: "Contact number", after: "09981112222" }));
    expect(data.record_history.map((h) => h.action)).toEqual(expect.arrayContaining(["Created", "Changed"]));
  });
});
