import { sql, type Kysely } from "kysely";

// Appointments (docs/decisions/207-appointments.md): the hours each queue service takes
// appointments in (weekday, opening and closing time, slot length, capacity per slot), the
// appointments booked in them, and the claims of the day-before reminders.
//
// A resident holds at most one open appointment (booked or arrived) per service per day: a unique
// partial index, so two desks booking at once cannot both win. The capacity of a slot is counted
// under a row lock on its hours row (the service), not by an index.
// Frozen in time: never import app code from a migration (DESIGN §1).

const AUDIT_COLUMNS = sql`
  created_at timestamptz not null default now(),
  created_by bigint references users(id),
  updated_at timestamptz not null default now(),
  updated_by bigint references users(id),
  deleted_at timestamptz,
  deleted_by bigint references users(id)`;

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table appointment_hours (
      id bigint generated always as identity primary key,
      service_id bigint not null references queue_services(id),
      weekday text not null check (weekday in ('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday')),
      opens_at text not null check (opens_at ~ '^[0-2][0-9]:[0-5][0-9]$'),
      closes_at text not null check (closes_at ~ '^[0-2][0-9]:[0-5][0-9]$'),
      slot_minutes integer not null check (slot_minutes between 5 and 240),
      capacity integer not null check (capacity between 1 and 100),
      ${AUDIT_COLUMNS},
      check (opens_at < closes_at)
    )`.execute(db);
  await sql`create index appointment_hours_service_idx on appointment_hours (service_id, weekday) where deleted_at is null`.execute(db);

  await sql`
    create table appointments (
      id bigint generated always as identity primary key,
      service_id bigint not null references queue_services(id),
      resident_id bigint not null references users(id),
      appointment_date date not null,
      slot_time text not null check (slot_time ~ '^[0-2][0-9]:[0-5][0-9]$'),
      state text not null default 'booked' check (state in ('booked', 'arrived', 'cancelled', 'no_show')),
      purpose text,
      booked_by_resident boolean not null default false,
      arrived_at timestamptz,
      ticket_id bigint references queue_tickets(id),
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create unique index appointments_one_open_per_day on appointments (resident_id, service_id, appointment_date)
    where state in ('booked', 'arrived') and deleted_at is null`.execute(db);
  await sql`create index appointments_day_idx on appointments (appointment_date, service_id, slot_time)`.execute(db);

  await sql`
    create table appointment_notices (
      appointment_id bigint not null references appointments(id),
      kind text not null check (kind in ('reminder')),
      sent_at timestamptz not null default now(),
      recipients integer not null default 0,
      primary key (appointment_id, kind)
    )`.execute(db);

  // An appointment's holder checked in takes a ticket in the queue's appointment lane, a priority
  // lane the kiosk does not offer (decision 207).
  await sql`alter table queue_tickets drop constraint queue_tickets_lane_check`.execute(db);
  await sql`
    alter table queue_tickets add constraint queue_tickets_lane_check
    check (lane in ('regular', 'senior', 'pwd', 'pregnant', 'appointment'))`.execute(db);

  // The permissions on an existing database (a fresh one gets them from the seed). The front desk
  // (Secretary, Encoder) books, moves, cancels and checks in; the Treasurer and the Punong
  // Barangay read the day's list; the Secretary keeps the hours.
  const verbs: Record<string, string> = {
    manage: "Open the list of",
    view: "View one",
    create: "Create",
    update: "Edit",
    delete: "Delete or void",
    restore: "Restore",
  };
  const grants: Record<string, Record<string, string[]>> = {
    appointment: {
      manage: ["Administrator", "Secretary", "Encoder", "Treasurer", "Punong Barangay"],
      view: ["Administrator", "Secretary", "Encoder", "Treasurer", "Punong Barangay"],
      create: ["Administrator", "Secretary", "Encoder"],
      update: ["Administrator", "Secretary", "Encoder"],
    },
    appointment_hour: {
      manage: ["Administrator", "Secretary", "Encoder", "Treasurer", "Punong Barangay"],
      view: ["Administrator", "Secretary", "Encoder", "Treasurer", "Punong Barangay"],
      create: ["Administrator", "Secretary"],
      update: ["Administrator", "Secretary"],
      delete: ["Administrator", "Secretary"],
      restore: ["Administrator", "Secretary"],
    },
  };
  for (const entity of ["appointment", "appointment_hour"]) {
    for (const [action, verb] of Object.entries(verbs)) {
      const name = `${action}-${entity}`;
      const description = `${verb} ${entity === "appointment" ? "appointments" : "appointment hours"}`;
      await sql`insert into permissions (name, description) values (${name}, ${description}) on conflict (name) do nothing`.execute(db);
      const roles = grants[entity][action] ?? ["Administrator"];
      await sql`
        insert into role_permissions (role_id, permission_id)
        select r.id, p.id from roles r, permissions p
        where r.name in (${sql.join(roles)}) and p.name = ${name}
        on conflict do nothing`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from permissions where name ~ '-(appointment|appointment_hour)$' and name <> 'manage-appointment'`.execute(db);
  await sql`drop table appointment_notices`.execute(db);
  await sql`drop table appointments`.execute(db);
  await sql`drop table appointment_hours`.execute(db);
  await sql`update queue_tickets set lane = 'regular' where lane = 'appointment'`.execute(db);
  await sql`alter table queue_tickets drop constraint queue_tickets_lane_check`.execute(db);
  await sql`
    alter table queue_tickets add constraint queue_tickets_lane_check
    check (lane in ('regular', 'senior', 'pwd', 'pregnant'))`.execute(db);
}
