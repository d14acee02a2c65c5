import type { Transaction } from "kysely";
import type { DB } from "../db/index.ts";
import type { Database } from "../db/schema.ts";
import { ACTIONS, describePermission, isHubPermission, type PermissionEntity } from "../domain/permissions.ts";
import { allPermissionNames, PERMISSION_ENTITIES } from "../domain/registry/index.ts";
import * as access from "../domain/registry/access.ts";
import * as parameters from "../domain/registry/parameters.ts";
import * as people from "../domain/registry/people.ts";
import * as disbursements from "../domain/registry/disbursements.ts";
import * as certificates from "../domain/registry/certificates.ts";
import * as collections from "../domain/registry/collections.ts";
import * as officials from "../domain/registry/officials.ts";
import * as kp from "../domain/registry/kp.ts";
import * as holidays from "../domain/registry/holidays.ts";
import * as queue from "../domain/registry/queue.ts";
import * as appointments from "../domain/registry/appointments.ts";
import * as residentRequests from "../domain/registry/resident-requests.ts";
import { generatePassword, hashPassword } from "./auth/passwords.ts";
import { DEFAULT_BARANGAY } from "./system/settings.ts";
import { seedParameters, seedPeopleParameters } from "./seed-parameters.ts";
import { seedCertificateTemplates } from "./features/certificates/templates.ts";
import { seedPeople } from "./seed-people.ts";
import { seedDisbursements } from "./features/disbursements/seed.ts";
import { seedCertificates } from "./features/certificates/seed.ts";
import { seedCollections } from "./features/collections/seed.ts";
import { seedOfficials } from "./features/officials/seed.ts";
import { seedHolidays } from "./features/holidays/seed.ts";
import { seedQueue } from "./features/queue/seed.ts";
import { seedAppointmentHours } from "./features/appointments/seed.ts";

// The seed is idempotent: it adds what is missing and never overwrites what an
// administrator changed, except that the Administrator role always holds every permission.
// The role table is docs/decisions/002-seeded-roles.md.

// Which records each seeded role works with. Registry entries are named through their entries, so
// a renamed or removed entry fails the typecheck; records not yet in the registry
// (PLANNED_ENTITIES) are typed names until their entries land.
const names = (...defs: { name: string }[]) => defs.map((d) => d.name as PermissionEntity);

const ENTITY_GROUPS = {
  people: names(
    people.resident,
    people.household,
    people.disasterProneArea,
    people.business,
    parameters.nonResident,
    parameters.organization,
  ),
  certificates: [...names(certificates.transaction), ...names(parameters.transactionType)],
  referenceData: names(parameters.occupation, parameters.purok, parameters.religion, parameters.businessLine),
  finance: [
    ...names(disbursements.chequeBook, disbursements.chequeNumber, disbursements.disbursement, disbursements.chequeIssuance),
    ...names(collections.formPad, collections.formNumber, collections.collection),
    ...names(
      parameters.collectionType,
      parameters.disbursementType,
      parameters.paymentNature,
      parameters.formType,
      parameters.bank,
      parameters.bankAccount,
    ),
  ],
  /** The signing officials and their terms (decision 194): the Secretary keeps them, the Treasurer reads them. */
  officials: names(officials.official),
  /** The holidays the Lupon's deadlines count around (decision 201): the Secretary, the Lupon secretary, keeps them. */
  holidays: names(holidays.holiday),
  /**
   * Katarungang Pambarangay (decision 200): confidential, held only by the Punong Barangay (the
   * Lupon's chair) and the Secretary (the Lupon secretary, RA 7160 §403).
   */
  kp: names(kp.luponMember, kp.kpCase, kp.kpHearing),
  /**
   * The hall's queue (decision 206): the front desk works the tickets (manage, view, update); the
   * Secretary keeps the services and windows.
   */
  queueTickets: names(queue.queueTicket),
  queueSetup: names(queue.queueService, queue.queueWindow),
  /**
   * Appointments (decision 207): the front desk (Secretary, Encoder) books, moves, cancels and
   * checks in (no delete: an appointment is cancelled with a reason); the Secretary keeps the hours.
   */
  appointments: names(appointments.appointment),
  appointmentSetup: names(appointments.appointmentHour),
  /** Residents' requests from home (decision 208): the Secretary works them, the Treasurer reads them. */
  residentRequests: names(residentRequests.residentRequest),
  /** Access administration: users, roles and permissions. */
  access: names(access.user, access.role, access.permission),
};

const every = (entities: readonly string[], actions: readonly string[]) => entities.flatMap((e) => actions.map((a) => `${a}-${e}`));
const READ = ["manage", "view"];
const WRITE = ["manage", "view", "create", "update"];
const FULL = ACTIONS as readonly string[];
/** Working a queue window: the tickets listed, read and moved by the window's commands (update). */
const QUEUE_WORK = ["manage", "view", "update"];

export const SEEDED_ROLES: { name: string; description: string; permissions: () => string[] }[] = [
  { name: "Administrator", description: "Everything, including users, roles and settings.", permissions: () => allPermissionNames() },
  {
    name: "Punong Barangay",
    description: "The barangay captain: reads every record and report.",
    permissions: () => [
      ...every(
        PERMISSION_ENTITIES.filter((e) => !ENTITY_GROUPS.access.includes(e) && !ENTITY_GROUPS.kp.includes(e)),
        READ,
      ),
      ...every(ENTITY_GROUPS.kp, FULL),
      "manage-report",
      "view-report",
      "manage-parameter",
      "manage-remittance",
      "view-remittance",
      // The History tab of every record (and, as a read entry above, the access log).
      "view-audit",
    ],
  },
  {
    name: "Secretary",
    description: "Registers inhabitants, households and businesses; issues certificates.",
    permissions: () => [
      ...every(
        [
          ...ENTITY_GROUPS.people,
          ...ENTITY_GROUPS.certificates,
          ...ENTITY_GROUPS.referenceData,
          ...ENTITY_GROUPS.officials,
          ...ENTITY_GROUPS.holidays,
          ...ENTITY_GROUPS.kp,
          ...ENTITY_GROUPS.queueSetup,
          ...ENTITY_GROUPS.residentRequests,
          ...ENTITY_GROUPS.appointmentSetup,
        ],
        FULL,
      ),
      ...every(ENTITY_GROUPS.queueTickets, QUEUE_WORK),
      ...every(ENTITY_GROUPS.appointments, WRITE),
      "manage-parameter",
      "manage-report",
      "view-report",
    ],
  },
  {
    name: "Treasurer",
    description: "Official receipts, disbursements, cheques, accountable forms and remittances.",
    permissions: () => [
      ...every(ENTITY_GROUPS.finance, FULL),
      ...every(ENTITY_GROUPS.residentRequests, READ),
      ...every(ENTITY_GROUPS.queueTickets, QUEUE_WORK),
      ...every(ENTITY_GROUPS.queueSetup, READ),
      ...every([...ENTITY_GROUPS.appointments, ...ENTITY_GROUPS.appointmentSetup], READ),
      ...every(
        [
          ...names(people.resident, parameters.nonResident, parameters.organization),
          ...names(certificates.transaction),
          ...ENTITY_GROUPS.officials,
        ],
        READ,
      ),
      "manage-parameter",
      "manage-report",
      "view-report",
      "manage-remittance",
      "view-remittance",
    ],
  },
  {
    name: "Encoder",
    description: "Encodes residents, households, businesses and certificates; cannot delete.",
    permissions: () => [
      ...every([...ENTITY_GROUPS.people, ...names(certificates.transaction)], WRITE),
      ...every(ENTITY_GROUPS.referenceData, READ),
      ...every(ENTITY_GROUPS.queueTickets, QUEUE_WORK),
      ...every(ENTITY_GROUPS.queueSetup, READ),
      ...every(ENTITY_GROUPS.appointments, WRITE),
      ...every(ENTITY_GROUPS.appointmentSetup, READ),
      "manage-parameter",
    ],
  },
  {
    name: "Viewer",
    description: "Reads the records of inhabitants and places; changes nothing.",
    permissions: () => every([...ENTITY_GROUPS.people, ...names(certificates.transaction)], READ),
  },
];

/** Every permission the portal checks: action-entity for each registry entry and planned entity, and spec §6's other gates. */
export function seededPermissionNames(): string[] {
  return [...new Set(allPermissionNames())];
}

/**
 * The seed's administrator of a tenant (a barangay's, or the hub's): the account, its name and its
 * role; the password generated and returned once when none was given.
 */
export async function createAdministrator(
  trx: Transaction<Database>,
  options: Pick<SeedOptions, "adminUsername" | "adminPassword"> & { firstname: string; lastname: string; color: string; role: string },
): Promise<SeedResult> {
  const password = options.adminPassword ?? generatePassword();
  const { id } = await trx
    .insertInto("users")
    .values({ kind: "staff", username: options.adminUsername, email: null, password_hash: await hashPassword(password) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("user_profiles")
    .values({ user_id: id, firstname: options.firstname, lastname: options.lastname, hex_color: options.color })
    .execute();
  const role = await trx.selectFrom("roles").select("id").where("name", "=", options.role).executeTakeFirstOrThrow();
  await trx.insertInto("user_roles").values({ user_id: id, role_id: role.id }).execute();
  return options.adminPassword ? { adminCreated: true } : { adminCreated: true, generatedAdminPassword: password };
}

export interface SeedOptions {
  adminUsername: string;
  adminPassword?: string;
  demo: boolean;
}

export interface SeedResult {
  adminCreated: boolean;
  /** Set only when the password was generated here; printed once, never stored in clear. */
  generatedAdminPassword?: string;
}

export async function seed(db: DB, options: SeedOptions): Promise<SeedResult> {
  return db.transaction().execute((trx) => seedInTransaction(trx, options));
}

/**
 * The seed inside the caller's transaction, for the barangay of that transaction: the hub sets up
 * a new barangay's first administrator and writes its own audit row in the same transaction.
 */
export async function seedInTransaction(trx: Transaction<Database>, options: SeedOptions): Promise<SeedResult> {
  const names = seededPermissionNames();
  await trx
    .insertInto("permissions")
    .values(names.map((name) => ({ name, description: describePermission(name) })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const permissionIds = new Map((await trx.selectFrom("permissions").select(["id", "name"]).execute()).map((p) => [p.name, p.id]));

  for (const role of SEEDED_ROLES) {
    const existing = await trx.selectFrom("roles").select("id").where("name", "=", role.name).executeTakeFirst();
    const isAdmin = role.name === "Administrator";
    if (existing && !isAdmin) continue;
    const roleId =
      existing?.id ??
      (await trx.insertInto("roles").values({ name: role.name, description: role.description }).returning("id").executeTakeFirstOrThrow())
        .id;
    // The Administrator holds every permission, those an administrator added included, but never
    // the hub's own (a hub's barangays share the permissions table with it).
    const wanted = isAdmin ? [...permissionIds.keys()].filter((name) => !isHubPermission(name)) : role.permissions();
    const grants = [...new Set(wanted)].map((n) => permissionIds.get(n)).filter((id): id is number => id != null);
    if (grants.length) {
      await trx
        .insertInto("role_permissions")
        .values(grants.map((permission_id) => ({ role_id: roleId, permission_id })))
        .onConflict((oc) => oc.columns(["role_id", "permission_id"]).doNothing())
        .execute();
    }
  }

  const admin = await trx.selectFrom("users").select("id").where("username", "=", options.adminUsername).executeTakeFirst();
  const result: SeedResult = admin
    ? { adminCreated: false }
    : await createAdministrator(trx, {
        ...options,
        firstname: "Barangay",
        lastname: "Administrator",
        color: "#eab308",
        role: "Administrator",
      });

  // Every deployment needs the national holidays (the KP deadlines read them), demo or not.
  await seedHolidays(trx);
  // The kiosk needs services to offer and the staff windows to call from (decision 206).
  await seedQueue(trx);
  // The services' appointment hours, once (decision 207).
  await seedAppointmentHours(trx);

  if (options.demo) {
    await trx
      .insertInto("settings")
      .values({ key: "barangay", value: JSON.stringify(DEFAULT_BARANGAY) })
      .onConflict((oc) => oc.columns(["barangay_id", "key"]).doNothing())
      .execute();
    await seedParameters(trx);
    await seedCertificateTemplates(trx);
    await seedPeopleParameters(trx);
    await seedPeople(trx);
    await seedDisbursements(trx);
    await seedCertificates(trx);
    await seedCollections(trx);
    await seedOfficials(trx);
  }
  return result;
}
