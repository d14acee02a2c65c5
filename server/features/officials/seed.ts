import type { DB } from "../../../db/index.ts";
import type { OfficialPosition } from "../../../db/schema.ts";
import { todayInManila } from "../../../domain/dates.ts";

// The demo barangay's signing officials: the officials elected in 2023 still in
// office, and a treasurer who handed over at the start of this year, so a voucher of last year
// prints last year's treasurer. Only into an empty list: an administrator's terms stay as they are.

export async function seedOfficials(db: DB): Promise<void> {
  const any = await db.selectFrom("officials").select("id").limit(1).executeTakeFirst();
  if (any) return;
  const year = Number(todayInManila().slice(0, 4));
  const rows: { position: OfficialPosition; name: string; term_start: string; term_end: string | null }[] = [
    { position: "Punong Barangay", name: "Hon. Ricardo M. Bautista", term_start: "2023-11-30", term_end: null },
    { position: "Barangay Secretary", name: "Jocelyn R. Mendoza", term_start: "2023-12-01", term_end: null },
    { position: "Barangay Treasurer", name: "Leonora T. Santos", term_start: "2023-12-01", term_end: `${year - 1}-12-31` },
    { position: "Barangay Treasurer", name: "Rosario S. Villanueva", term_start: `${year}-01-01`, term_end: null },
    { position: "Chairman, Committee on Appropriation", name: "Hon. Elena P. Cruz", term_start: "2023-11-30", term_end: null },
    { position: "Barangay Bookkeeper", name: "Marites D. Ramos", term_start: "2023-12-01", term_end: null },
    { position: "City/Municipal Accountant", name: "Antonio L. Garcia, CPA", term_start: "2020-01-02", term_end: null },
  ];
  await db.insertInto("officials").values(rows).execute();
}
