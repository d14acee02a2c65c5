import type { DB } from "../../../db/index.ts";
import { WEEKDAYS } from "../../../domain/registry/appointments.ts";

// The hall's usual appointment hours (decision 207), inserted once: only while the table holds no
// row at all, deleted ones included, so the barangay's own hours stay as it set them. Certificates
// and payments, Monday to Friday, 8:00–12:00 and 13:00–17:00 in half hours, three a slot (a
// morning's walk-ins still fit beside them); the Secretary edits them under System › Parameters.

export async function seedAppointmentHours(db: DB): Promise<void> {
  const any = await db.selectFrom("appointment_hours").select("id").limit(1).executeTakeFirst();
  if (any) return;
  const services = await db
    .selectFrom("queue_services")
    .select(["id", "prefix"])
    .where("prefix", "in", ["C", "P"])
    .where("deleted_at", "is", null)
    .execute();
  const rows = services.flatMap((s) =>
    WEEKDAYS.slice(0, 5).flatMap((weekday) => [
      { service_id: Number(s.id), weekday, opens_at: "08:00", closes_at: "12:00", slot_minutes: 30, capacity: 3 },
      { service_id: Number(s.id), weekday, opens_at: "13:00", closes_at: "17:00", slot_minutes: 30, capacity: 3 },
    ]),
  );
  if (rows.length) await db.insertInto("appointment_hours").values(rows).execute();
}
