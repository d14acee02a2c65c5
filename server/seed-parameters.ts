import type { Insertable } from "kysely";
import { DEFAULT_PAYMENT_LINE } from "../domain/registry/fields.ts";
import type { DB } from "../db/index.ts";
import type { Database } from "../db/schema.ts";

// Demo rows of the system parameters: real Philippine banks, common religions and
// occupations, puroks 1–7. Each table is filled only while it is empty, so the seed stays idempotent
// and never brings back what staff deleted.

type ParameterTable =
  | "banks"
  | "bank_accounts"
  | "puroks"
  | "religions"
  | "occupations"
  | "business_lines"
  | "form_types"
  | "collection_types"
  | "disbursement_types"
  | "payment_natures"
  | "transaction_types";

async function fillIfEmpty<T extends ParameterTable>(db: DB, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  // Widened to the union: Kysely cannot resolve the columns of a generic table name.
  const existing = await db
    .selectFrom(table as ParameterTable)
    .select("id")
    .limit(1)
    .executeTakeFirst();
  if (existing || rows.length === 0) return;
  await db.insertInto(table).values(rows).execute();
}

const names = (list: string[]) => list.map((name) => ({ name }));
const fee = (label: string, amount: string, fieldId = "custom_field_default_amount") => ({
  id: 1,
  fieldId,
  label,
  isPending: false,
  amount,
});

export async function seedParameters(db: DB): Promise<void> {
  await fillIfEmpty(db, "banks", [
    { code: "LBP", name: "Land Bank of the Philippines" },
    { code: "DBP", name: "Development Bank of the Philippines" },
    { code: "PNB", name: "Philippine National Bank" },
    { code: "BDO", name: "BDO Unibank" },
    { code: "BPI", name: "Bank of the Philippine Islands" },
    { code: "MBTC", name: "Metropolitan Bank and Trust Company" },
    { code: "SECB", name: "Security Bank" },
    { code: "CBC", name: "China Banking Corporation" },
    { code: "RCBC", name: "Rizal Commercial Banking Corporation" },
    { code: "UBP", name: "Union Bank of the Philippines" },
  ]);
  const lbp = await db.selectFrom("banks").select("id").where("code", "=", "LBP").executeTakeFirst();
  if (lbp) {
    await fillIfEmpty(db, "bank_accounts", [
      { bank_id: lbp.id, account_name: "Barangay San Isidro General Fund", account_number: "0012-3456-78", fund_type: "General Fund" },
      { bank_id: lbp.id, account_name: "Sangguniang Kabataan Fund", account_number: "0012-3456-79", fund_type: "SK Fund" },
      { bank_id: lbp.id, account_name: "Barangay San Isidro Trust Fund", account_number: "0012-3456-80", fund_type: "Trust Fund" },
    ]);
  }
  await fillIfEmpty(db, "puroks", names(["Purok 1", "Purok 2", "Purok 3", "Purok 4", "Purok 5", "Purok 6", "Purok 7"]));
  await fillIfEmpty(
    db,
    "religions",
    names([
      "Roman Catholic",
      "Iglesia ni Cristo",
      "Islam",
      "Evangelical Christian",
      "Philippine Independent Church (Aglipayan)",
      "Seventh-day Adventist",
      "Jehovah's Witnesses",
      "Baptist",
      "Church of Jesus Christ of Latter-day Saints",
      "Members Church of God International",
      "None",
    ]),
  );
  await fillIfEmpty(
    db,
    "occupations",
    names([
      "Farmer",
      "Fisherfolk",
      "Tricycle Driver",
      "Jeepney Driver",
      "Market Vendor",
      "Sari-sari Store Owner",
      "Construction Worker",
      "Carpenter",
      "Teacher",
      "Nurse",
      "Barangay Health Worker",
      "Government Employee",
      "Overseas Filipino Worker",
      "Homemaker",
      "Student",
      "Retired",
      "Unemployed",
    ]),
  );
  await fillIfEmpty(
    db,
    "business_lines",
    names([
      "Sari-sari Store",
      "Carinderia",
      "Rice Retail",
      "Hardware",
      "Vulcanizing Shop",
      "Barber Shop",
      "Bakery",
      "Water Refilling Station",
      "Pharmacy",
      "Internet Café",
    ]),
  );
  await fillIfEmpty(db, "form_types", [
    { name: "Accountable Form No. 51", title: "Official Receipt", description: "Official receipt for all collections (COA)." },
    { name: "Accountable Form No. 56", title: "Real Property Tax Receipt", description: "Receipt for real property tax shares." },
    {
      name: "Community Tax Certificate",
      title: "Community Tax Certificate (Cedula)",
      description: "Individual community tax certificate.",
    },
  ]);
  await fillIfEmpty(db, "collection_types", [
    { name: "Barangay Clearance Fee", title: "Barangay Clearance", fund_type: "General Fund" },
    { name: "Business Clearance Fee", title: "Barangay Business Clearance", fund_type: "General Fund" },
    { name: "Rental of Barangay Facilities", title: "Rental", fund_type: "General Fund" },
    { name: "SK Event Contribution", title: "SK Contribution", fund_type: "SK Fund" },
  ]);
  // Their fee schedules: the lines a receipt of each type starts with (account codes of the
  // barangay chart of accounts; no amount where it varies).
  const feeSchedules: Record<string, { nature: string; account_code: string; amount: string | null }[]> = {
    "Barangay Clearance Fee": [{ nature: "Barangay clearance fee", account_code: "4-01-02-010", amount: "50.00" }],
    "Business Clearance Fee": [
      { nature: "Barangay business clearance fee", account_code: "4-01-02-010", amount: "300.00" },
      { nature: "Garbage fee", account_code: "4-02-01-990", amount: "100.00" },
    ],
    "Rental of Barangay Facilities": [{ nature: "Rent income, barangay hall and facilities", account_code: "4-02-02-050", amount: null }],
    "SK Event Contribution": [{ nature: "Contribution to SK event", account_code: "4-02-01-990", amount: null }],
  };
  if (!(await db.selectFrom("collection_type_fees").select("collection_type_id").limit(1).executeTakeFirst())) {
    const collectionTypes = await db.selectFrom("collection_types").select(["id", "name"]).execute();
    const fees = collectionTypes.flatMap((t) =>
      (feeSchedules[t.name] ?? []).map((f, position) => ({ collection_type_id: t.id, position, ...f })),
    );
    if (fees.length) await db.insertInto("collection_type_fees").values(fees).execute();
  }
  await fillIfEmpty(db, "disbursement_types", [
    { name: "Personnel Services", title: "PS", description: "Honoraria and salaries of barangay officials and staff." },
    {
      name: "Maintenance and Other Operating Expenses",
      title: "MOOE",
      description: "Supplies, utilities, travel and other running costs.",
    },
    { name: "Capital Outlay", title: "CO", description: "Equipment, infrastructure and other assets." },
  ]);
  const types = new Map((await db.selectFrom("disbursement_types").select(["id", "title"]).execute()).map((r) => [r.title, r.id]));
  const ps = types.get("PS");
  const mooe = types.get("MOOE");
  const co = types.get("CO");
  if (ps && mooe && co) {
    await fillIfEmpty(db, "payment_natures", [
      { name: "Honoraria of Barangay Officials", disbursement_type_id: ps },
      { name: "Office Supplies", disbursement_type_id: mooe },
      { name: "Electricity", disbursement_type_id: mooe },
      { name: "Water", disbursement_type_id: mooe },
      { name: "Office Equipment", disbursement_type_id: co },
    ]);
  }
  const purpose = JSON.stringify([{ label: "Purpose", fieldId: "purpose", type: "text", required: true, options: [] }]);
  await fillIfEmpty(db, "transaction_types", [
    {
      name: "Barangay Clearance",
      title: "Barangay Clearance",
      custom_forms: purpose,
      custom_payment_form: JSON.stringify([fee("Default Amount", "50.00")]),
    },
    {
      name: "Certificate of Residency",
      title: "Certificate of Residency",
      custom_forms: purpose,
      custom_payment_form: JSON.stringify([fee("Default Amount", "30.00")]),
    },
    {
      name: "Certificate of Indigency",
      title: "Certificate of Indigency",
      custom_forms: purpose,
      custom_payment_form: JSON.stringify([DEFAULT_PAYMENT_LINE]),
    },
    {
      name: "Barangay Business Clearance",
      title: "Barangay Business Clearance",
      custom_forms: JSON.stringify([{ label: "Business name", fieldId: "business_name", type: "text", required: true, options: [] }]),
      custom_payment_form: JSON.stringify([fee("Default Amount", "200.00"), { ...fee("Sticker", "50.00", "sticker"), id: 2 }]),
    },
  ]);
}

/** A few user-based parameter rows: non-residents and organizations. */
export async function seedPeopleParameters(db: DB): Promise<void> {
  for (const [kind, people] of [
    [
      "organization",
      [
        { firstname: "Senior Citizens Association of San Isidro" },
        { firstname: "San Isidro Farmers Cooperative" },
        { firstname: "Barangay Tanod Brigade" },
      ],
    ],
    [
      "non_resident",
      [
        { firstname: "Ramon", middlename: "Dizon", lastname: "Villanueva" },
        { firstname: "Maricel", middlename: "Santos", lastname: "Ocampo" },
      ],
    ],
  ] as const) {
    const existing = await db.selectFrom("users").select("id").where("kind", "=", kind).limit(1).executeTakeFirst();
    if (existing) continue;
    for (const profile of people) {
      const { id } = await db.insertInto("users").values({ kind }).returning("id").executeTakeFirstOrThrow();
      await db
        .insertInto("user_profiles")
        .values({ user_id: id, ...profile })
        .execute();
    }
  }
}
