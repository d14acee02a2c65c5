import { randomBytes } from "node:crypto";
import type { DB } from "../../db/index.ts";
import type { ServiceContext } from "../../server/context.ts";
import { serviceFor } from "../../server/engine/services.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { adminContext, purokId } from "./people.ts";

// Fixtures of the privacy tests (issue 18 items 3, 4): residents made through the engine (so their
// audit trail is real), certificates and vouchers naming them, straight in the database.

// Far above the demo data's numbers of the month.
let serial = 8000;
/** YYYY-MM-NNNN of the given date, unique within the test file. */
const numberOn = (dated: string) => `${dated.slice(0, 4)}-${dated.slice(5, 7)}-${String(++serial).padStart(4, "0")}`;
const code = () => randomBytes(16).toString("hex");

export function privacyFixtures(db: DB, admin: ServiceContext) {
  const residents = serviceFor("resident");
  return {
    residents,
    /** A context holding every permission but those named. */
    without(...names: string[]): ServiceContext {
      return { ...admin, user: { ...admin.user!, permissions: admin.user!.permissions.filter((p) => !names.includes(p)) } };
    },
    async newResident(firstname: string, lastname: string, extra: Record<string, unknown> = {}): Promise<number> {
      const row = await residents.create(admin, {
        email: `${firstname.toLowerCase()}.${lastname.toLowerCase()}@example.com`,
        user_profile: {
          firstname,
          lastname,
          sex: "Female",
          date_of_birth: "1975-03-14",
          civil_status: "Married",
          contact_number: "0917 555 0142",
          street: "Mabini St.",
          purok_id: await purokId(db, "Purok 1"),
          ...extra,
        },
      });
      return row.id;
    },
    /** Trashes the resident through the engine, then dates the trashing back to `since`. */
    async trashed(id: number, since: Date): Promise<void> {
      await residents.remove(admin, id);
      await db.updateTable("users").set({ deleted_at: since }).where("id", "=", id).execute();
    },
    /** A certificate (transaction) issued to the user on `dated`; answers its reference number. */
    async certificate(userId: number, dated: string): Promise<string> {
      const type = await db.selectFrom("transaction_types").select("id").orderBy("id").executeTakeFirstOrThrow();
      const reference = numberOn(dated);
      await db
        .insertInto("transactions")
        .values({
          reference_number: reference,
          transaction_type_id: type.id,
          issued_to_user_id: userId,
          date_issued: dated,
          verification_code: code(),
          amount: "50.00",
        })
        .execute();
      return reference;
    },
    /** A disbursement voucher paying the resident on `dated`; answers its number. */
    async voucher(userId: number, payee: string, dated: string): Promise<string> {
      const type = await db.selectFrom("disbursement_types").select("id").orderBy("id").executeTakeFirstOrThrow();
      const number = numberOn(dated);
      await db
        .insertInto("disbursements")
        .values({
          disbursement_number: number,
          voucher_date: dated,
          payee_kind: "Resident",
          payee_id: userId,
          payee,
          disbursement_type_id: type.id,
          fund_type: "General Fund",
          particulars: "Financial assistance",
          amount: "1500.00",
          verification_code: code(),
        })
        .execute();
      return number;
    },
    profileOf: (id: number) => db.selectFrom("user_profiles").selectAll().where("user_id", "=", id).executeTakeFirstOrThrow(),
  };
}

/** A database of its own with the demo data, the seeded administrator as the acting user, and the fixtures. */
export async function openPrivacyDatabase(): Promise<{
  database: TestDatabase;
  db: DB;
  admin: ServiceContext;
  fx: ReturnType<typeof privacyFixtures>;
}> {
  const database = await createTestDatabase({ seed: { demo: true } });
  const db = database.db;
  const adminRow = await db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
  const admin = adminContext(db, adminRow.id);
  return { database, db, admin, fx: privacyFixtures(db, admin) };
}
