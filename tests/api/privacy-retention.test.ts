import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../../db/index.ts";
import type { ServiceContext } from "../../server/context.ts";
import { inTransaction } from "../../server/engine/transaction.ts";
import { recordAccess } from "../../server/features/audit/access-log.ts";
import { parseCorrectionRequest, recordCorrectionRequest } from "../../server/features/privacy/corrections.ts";
import { planRetention, runDailyRetention, saveRetentionSettings } from "../../server/features/privacy/retention.ts";
import { todayInManila } from "../../domain/dates.ts";
import type { TestDatabase } from "../helpers/db.ts";
import { openPrivacyDatabase, type privacyFixtures } from "../helpers/privacy.ts";

// Issue 18 items 3 and 4 over the services, on the demo data (PGlite; PostgreSQL with
// TEST_DATABASE_URL): a correction on the person's request is recorded with its change; the
// retention run anonymises what is past its period, keeps what the COA period holds, deletes old
// access-log rows, and runs at most once a day. The data export: privacy-export.test.ts.

let database: TestDatabase;
let db: DB;
let admin: ServiceContext;
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() - days);
  return d;
};
const dateOf = (d: Date) => todayInManila(d);
let fx: ReturnType<typeof privacyFixtures>;

beforeAll(async () => {
  ({ database, db, admin, fx } = await openPrivacyDatabase());
}, 300_000);

afterAll(async () => {
  await database?.close();
});

describe("a correction on the person's request (issue 18 item 3)", () => {
  const request = { requested_on: "2026-11-20", channel: "Letter" as const, reference: "Letter of 20 Nov, logbook 2026-041" };
  const input = (contact: string) => ({
    email: "lourdes.bautista@example.com",
    user_profile: {
      firstname: "Lourdes",
      lastname: "Bautista",
      sex: "Female",
      date_of_birth: "1975-03-14",
      civil_status: "Married",
      contact_number: contact,
      street: "Mabini St.",
    },
  });

  it("is recorded with the audit row of its change", async () => {
    const id = await fx.newResident("Lourdes", "Bautista");
    const purok = (await fx.profileOf(id)).purok_id;
    const withPurok = (contact: string) => ({ ...input(contact), user_profile: { ...input(contact).user_profile, purok_id: purok } });
    await inTransaction(admin, async (tx) => {
      await fx.residents.update(tx, id, withPurok("0998 111 2222"));
      await recordCorrectionRequest(tx, "resident", id, parseCorrectionRequest(request));
    });
    const [row] = await db.selectFrom("correction_requests").selectAll().where("subject_id", "=", id).execute();
    expect(row).toMatchObject({ requested_on: "2026-11-20", channel: "Letter", reference: request.reference, created_by: admin.user!.id });
    const change = await db.selectFrom("audit_log").selectAll().where("id", "=", row!.audit_log_id).executeTakeFirstOrThrow();
    expect(change).toMatchObject({ entity: "resident", entity_id: String(id), action: "update" });
    expect(JSON.stringify(change.after)).toContain("09981112222");

    // A save that changes nothing is no correction: refused, and nothing is recorded.
    await expect(
      inTransaction(admin, async (tx) => {
        await fx.residents.update(tx, id, withPurok("0998 111 2222"));
        await recordCorrectionRequest(tx, "resident", id, parseCorrectionRequest(request));
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(await db.selectFrom("correction_requests").select("id").where("subject_id", "=", id).execute()).toHaveLength(1);
  });

  it("needs the date, how the person asked and a reference; not a future date; and update-resident", async () => {
    expect(() => parseCorrectionRequest({ requested_on: "2026-11-20", channel: "Letter" })).toThrow(
      expect.objectContaining({ status: 422, errors: { "correction.reference": ["The reference field is required."] } }),
    );
    expect(() => parseCorrectionRequest({ ...request, channel: "Fax" })).toThrow(
      expect.objectContaining({ errors: { "correction.channel": ["Choose how the request was made."] } }),
    );
    expect(() => parseCorrectionRequest({ ...request, requested_on: "2099-01-01" })).toThrow(
      expect.objectContaining({ errors: { "correction.requested_on": ["The request date may not be in the future."] } }),
    );
    const id = await fx.newResident("Amparo", "Villanueva");
    await expect(
      inTransaction(admin, (tx) =>
        recordCorrectionRequest({ ...tx, user: fx.without("update-resident").user }, "resident", id, parseCorrectionRequest(request)),
      ),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe("retention (issue 18 item 4)", () => {
  it("plans and runs once a day: anonymises past the period, keeps what a COA document names, deletes old access rows", async () => {
    const longAgo = yearsAgo(4);
    // Anonymised: a resident trashed four years ago, with changes in the audit trail.
    const gone = await fx.newResident("Rosalinda", "Magbanua", { mother_fullname: "Felisa Magbanua", is_pwd: true });
    await fx.residents.update(admin, gone, {
      email: "rosalinda.magbanua@example.com",
      user_profile: {
        firstname: "Rosalinda",
        lastname: "Magbanua",
        sex: "Female",
        date_of_birth: "1975-03-14",
        civil_status: "Widowed",
        contact_number: "0917 555 0199",
        purok_id: (await fx.profileOf(gone)).purok_id,
      },
    });
    await fx.trashed(gone, longAgo);
    // Anonymised too: the voucher that named her is older than the COA period.
    const oldPayee = await fx.newResident("Crisanto", "Lacson");
    await fx.voucher(oldPayee, "Crisanto Lacson", dateOf(yearsAgo(12)));
    await fx.trashed(oldPayee, longAgo);
    // Kept: a certificate of last year; a receipt (demo data) of this month.
    const certified = await fx.newResident("Perla", "Ocampo");
    const certificateDate = dateOf(yearsAgo(1));
    const reference = await fx.certificate(certified, certificateDate);
    await fx.trashed(certified, longAgo);
    const payor = await db
      .selectFrom("collections")
      .select(["issued_to_user_id", "or_number"])
      .where("payor_kind", "=", "resident")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const payorId = payor.issued_to_user_id!;
    await db.updateTable("users").set({ deleted_at: longAgo }).where("id", "=", payorId).execute();
    // Untouched: trashed last year.
    const recent = await fx.newResident("Dionisio", "Ferrer");
    await fx.trashed(recent, yearsAgo(1));
    // A household trashed long ago.
    const household = await db
      .selectFrom("households")
      .select(["id", "address"])
      .where("deleted_at", "is", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    await db.updateTable("households").set({ deleted_at: longAgo }).where("id", "=", household.id).execute();
    // Access log: one row past the two-year default, one new.
    await recordAccess(db, {
      userId: admin.user!.id,
      entity: "resident",
      entityId: recent,
      subjectId: recent,
      record: "Dionisio Ferrer",
      action: "view",
    });
    await recordAccess(db, {
      userId: admin.user!.id,
      entity: "resident",
      entityId: recent,
      subjectId: recent,
      record: "Dionisio Ferrer",
      action: "print",
    });
    await db
      .updateTable("access_log")
      .set({ created_at: yearsAgo(3) })
      .where("subject_id", "=", recent)
      .where("action", "=", "view")
      .execute();
    const usersBefore = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();

    const plan = await planRetention(admin);
    expect(plan.people.rows.map((p) => p.id).sort()).toEqual([gone, oldPayee].sort());
    expect(plan.kept.rows.map((p) => p.id).sort()).toEqual([certified, payorId].sort());
    const keptCertified = plan.kept.rows.find((p) => p.id === certified)!;
    expect(keptCertified.documents).toEqual([`Certificate ${reference} of ${certificateDate}`]);
    expect(keptCertified.kept_until).toBe(`${Number(certificateDate.slice(0, 4)) + 10}${certificateDate.slice(4)}`);
    expect(plan.kept.rows.find((p) => p.id === payorId)!.documents.join()).toContain(`Official receipt ${payor.or_number}`);
    expect(plan.households.rows.map((h) => h.id)).toEqual([household.id]);
    expect(plan.access_log_rows).toBe(1);
    // The dry run changed nothing.
    expect((await fx.profileOf(gone)).firstname).toBe("Rosalinda");
    await expect(planRetention(fx.without("manage-maintenance"))).rejects.toMatchObject({ status: 403 });

    const result = await runDailyRetention(db);
    expect(result).toEqual({ people: 2, households: 1, kept: 2, access_log_rows: 1 });
    expect(await runDailyRetention(db)).toBeNull(); // once a day

    const anonymised = await fx.profileOf(gone);
    expect(anonymised).toMatchObject({
      firstname: "Anonymised",
      middlename: null,
      lastname: `Person ${gone}`,
      date_of_birth: null,
      contact_number: null,
      street: null,
      mother_fullname: null,
      is_pwd: false,
      sex: "Female", // counts keep their figures
      civil_status: "Widowed",
    });
    expect(anonymised.purok_id).not.toBeNull();
    const user = await db.selectFrom("users").selectAll().where("id", "=", gone).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: null, username: null, kind: "resident" });
    expect(user.deleted_at).not.toBeNull();
    const trail = await db
      .selectFrom("audit_log")
      .select(["action", "before", "after"])
      .where("entity", "=", "resident")
      .where("entity_id", "=", String(gone))
      .execute();
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(["create", "update", "delete", "anonymise"]));
    const trailText = JSON.stringify(trail);
    for (const value of ["Rosalinda", "Magbanua", "rosalinda.magbanua", "0917 555 0199", "0917 555 0142", "1975-03-14", "Felisa"])
      expect(trailText).not.toContain(value);
    expect((await fx.profileOf(oldPayee)).firstname).toBe("Anonymised");
    // Kept and recent records are untouched.
    expect((await fx.profileOf(certified)).firstname).toBe("Perla");
    expect((await fx.profileOf(payorId)).date_of_birth).not.toBeNull();
    expect((await fx.profileOf(recent)).firstname).toBe("Dionisio");
    const h = await db.selectFrom("households").select(["address", "head_name"]).where("id", "=", household.id).executeTakeFirstOrThrow();
    expect(h).toEqual({ address: "[anonymised]", head_name: "[anonymised]" });
    expect((await db.selectFrom("access_log").select("action").where("subject_id", "=", recent).execute()).map((r) => r.action)).toEqual([
      "print",
    ]);
    const usersAfter = await db
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(usersAfter.n)).toBe(Number(usersBefore.n)); // ids and counts stay

    // The next plan has nothing left to anonymise; the kept ones are still kept.
    const next = await planRetention(admin);
    expect(next.people.count).toBe(0);
    expect(next.kept.count).toBe(2);
  });

  it("claims a day once when processes run it at the same moment", async () => {
    const tomorrow = new Date(Date.now() + 24 * 3600_000);
    const results = await Promise.all([runDailyRetention(db, tomorrow), runDailyRetention(db, tomorrow), runDailyRetention(db, tomorrow)]);
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    const runs = await db.selectFrom("scheduled_job_runs").select("run_on").where("run_on", "=", todayInManila(tomorrow)).execute();
    expect(runs).toHaveLength(1);
  });

  it("keeps the periods in the settings: checked, and for system administrators only", async () => {
    await expect(saveRetentionSettings(admin, { trashed_personal_days: "10", access_log_days: "365" })).rejects.toMatchObject({
      status: 422,
      errors: { trashed_personal_days: ["The period for trashed personal records must be at least 30 days."] },
    });
    await expect(
      saveRetentionSettings(fx.without("manage-maintenance"), { trashed_personal_days: "400", access_log_days: "365" }),
    ).rejects.toMatchObject({
      status: 403,
    });
    await saveRetentionSettings(admin, { trashed_personal_days: "400", access_log_days: "365" });
    const plan = await planRetention(admin);
    expect(plan.settings).toEqual({ trashed_personal_days: 400, access_log_days: 365 });
    // A resident trashed 500 days ago is past 400 days.
    const id = await fx.newResident("Honorata", "Salvador");
    await fx.trashed(id, yearsAgo(1, 135));
    expect((await planRetention(admin)).people.rows.map((p) => p.id)).toContain(id);
  });
});
