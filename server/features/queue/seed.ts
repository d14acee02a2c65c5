import type { DB } from "../../../db/index.ts";

// The hall's usual services and windows (decision 206), inserted once: only while the tables hold
// no row at all, deleted ones included, so the barangay's own list stays as it made it. Every
// deployment gets them (the kiosk needs a service to offer), demo or not.

export const DEFAULT_QUEUE_SERVICES = [
  { name: "Certificate", prefix: "C", description: "Clearance, residency, indigency and other certificates", position: 1 },
  { name: "Payment", prefix: "P", description: "Fees and official receipts", position: 2 },
  { name: "Complaint", prefix: "K", description: "Complaints and the Lupon (Katarungang Pambarangay)", position: 3 },
  { name: "Other", prefix: "O", description: "Anything else", position: 4 },
] as const;

export async function seedQueue(db: DB): Promise<void> {
  const anyService = await db.selectFrom("queue_services").select("id").limit(1).executeTakeFirst();
  if (!anyService)
    await db
      .insertInto("queue_services")
      .values(DEFAULT_QUEUE_SERVICES.map((s) => ({ ...s })))
      .execute();
  const anyWindow = await db.selectFrom("queue_windows").select("id").limit(1).executeTakeFirst();
  if (anyWindow) return;
  const services = new Map(
    (await db.selectFrom("queue_services").select(["id", "prefix"]).where("deleted_at", "is", null).execute()).map((s) => [
      s.prefix,
      Number(s.id),
    ]),
  );
  await db
    .insertInto("queue_windows")
    .values([
      { name: "Window 1", service_id: services.get("C") ?? null },
      { name: "Window 2", service_id: services.get("P") ?? null },
      { name: "Window 3", service_id: null },
    ])
    .execute();
}
