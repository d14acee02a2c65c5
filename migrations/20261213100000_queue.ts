import { sql, type Kysely } from "kysely";

// The hall's queue (docs/decisions/206-queue.md): the services a visitor picks at the kiosk, the
// windows staff serve them from, and the day's tickets.
//
// A ticket's number is counted per service per day in Manila (C-001 every morning) and is unique
// among the tickets the kiosk issued; a ticket transferred to another service is a new row that
// keeps its code (`transferred_from_id`), so it takes no number of that service. The priority
// lanes share their service's count: the law gives priority, not a separate line of numbers.
// `issued_from` is a hash of the kiosk's device and address, kept only to throttle abuse.
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
    create table queue_services (
      id bigint generated always as identity primary key,
      name text not null,
      prefix text not null check (prefix ~ '^[A-Z]{1,3}$'),
      description text,
      position integer not null default 0,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`create unique index queue_services_prefix_unique on queue_services (prefix) where deleted_at is null`.execute(db);

  await sql`
    create table queue_windows (
      id bigint generated always as identity primary key,
      name text not null,
      service_id bigint references queue_services(id),
      ${AUDIT_COLUMNS}
    )`.execute(db);

  await sql`
    create table queue_tickets (
      id bigint generated always as identity primary key,
      service_id bigint not null references queue_services(id),
      ticket_date date not null,
      number integer not null check (number > 0),
      code text not null,
      lane text not null default 'regular' check (lane in ('regular', 'senior', 'pwd', 'pregnant')),
      state text not null default 'waiting' check (state in ('waiting', 'called', 'done', 'skipped', 'transferred')),
      window_id bigint references queue_windows(id),
      for_window_id bigint references queue_windows(id),
      issued_at timestamptz not null,
      called_at timestamptz,
      last_called_at timestamptz,
      recalls integer not null default 0,
      finished_at timestamptz,
      transferred_from_id bigint references queue_tickets(id),
      issued_from text,
      ${AUDIT_COLUMNS}
    )`.execute(db);
  await sql`
    create unique index queue_tickets_number_unique on queue_tickets (service_id, ticket_date, number)
    where transferred_from_id is null`.execute(db);
  await sql`create index queue_tickets_day_idx on queue_tickets (ticket_date, state, service_id)`.execute(db);
  await sql`create index queue_tickets_window_idx on queue_tickets (window_id, state) where window_id is not null`.execute(db);
  await sql`create index queue_tickets_issued_from_idx on queue_tickets (issued_from, issued_at) where issued_from is not null`.execute(db);

  // The queue's permissions on an existing database (a fresh one gets them from the seed, which
  // runs after the migrations). The hall's front desk works the queue: the Secretary
  // (certificates), the Treasurer (payments) and the Encoder hold manage, view and update of the
  // tickets; the Secretary keeps the services and windows; the Punong Barangay reads.
  const verbs: Record<string, string> = {
    manage: "Open the list of",
    view: "View one",
    create: "Create",
    update: "Edit",
    delete: "Delete or void",
    restore: "Restore",
  };
  const grants: Record<string, Record<string, string[]>> = {
    queue: {
      manage: ["Administrator", "Secretary", "Treasurer", "Encoder", "Punong Barangay"],
      view: ["Administrator", "Secretary", "Treasurer", "Encoder", "Punong Barangay"],
      update: ["Administrator", "Secretary", "Treasurer", "Encoder"],
    },
    queue_service: {
      manage: ["Administrator", "Secretary", "Treasurer", "Encoder", "Punong Barangay"],
      view: ["Administrator", "Secretary", "Treasurer", "Encoder", "Punong Barangay"],
      create: ["Administrator", "Secretary"],
      update: ["Administrator", "Secretary"],
      delete: ["Administrator", "Secretary"],
      restore: ["Administrator", "Secretary"],
    },
  };
  grants.queue_window = grants.queue_service;
  for (const entity of ["queue", "queue_service", "queue_window"]) {
    for (const [action, verb] of Object.entries(verbs)) {
      const name = `${action}-${entity}`;
      const description =
        entity === "queue" ? `${verb} queue tickets` : `${verb} ${entity.replace(/_/g, " ")}${action === "manage" ? " records" : ""}`;
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
  await sql`delete from permissions where name ~ '-(queue|queue_service|queue_window)$' and name <> 'manage-queue'`.execute(db);
  await sql`drop table queue_tickets`.execute(db);
  await sql`drop table queue_windows`.execute(db);
  await sql`drop table queue_services`.execute(db);
}
