import { sql } from "kysely";
import { z } from "zod";
import { HUB_TENANT_ID, inBarangay, inScope } from "../../../db/tenant.ts";
import type { BarangayStatus } from "../../../db/schema.ts";
import { can } from "../../../domain/permissions.ts";
import { barangayPlace, isPsgcCode, type PsgcBarangay, type PsgcCityMunicipality } from "../../../domain/psgc.ts";
import { usernameSchema } from "../../../domain/registry/access.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, toAppError, unauthenticated, ValidationError } from "../../errors.ts";
import { hashPassword, passwordProblem } from "../../auth/passwords.ts";
import { audit } from "../../engine/audit.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { ADMIN_ROLE } from "../access/access.ts";
import { barangayByCode, cityByCode, searchCities } from "../psgc/psgc.ts";
import { searchBarangaysInUse } from "../psgc/in-use.ts";
import { seedInTransaction } from "../../seed.ts";
import { MUNICIPAL_ROLES } from "./seed.ts";

// The hub's administration (issue 29 item 3, DESIGN §14): the hub administrator creates barangays
// from their PSGC code, suspends and reactivates them, and creates each one's first administrator;
// municipal officers are the hub's own users who read their municipality's roll-ups.
//
// Everything here runs for a user of the hub (tenant 0) and writes its audit rows there. The hub
// administrator reads no barangay's records: the database shows tenant 0 none. Two reads look past
// it on purpose, as portal_auth (which reads the account tables of every barangay and writes
// nothing): whether a barangay has its administrator, and whether a username is free across the
// deployment. Setting up a barangay's first administrator is one transaction in that barangay whose
// last statement moves to the hub's tenant to write the audit row: both or neither.
//
// Barangay 1 (made by the tenants migration for a single install) has no PSGC code. On a fresh hub
// it has no accounts either, and the first barangay the hub administrator creates fills it rather
// than leaving an empty row; with accounts (an install turned into a hub) it shows as "not set up"
// until the hub administrator gives it its code (`setUpBarangay`).

export const MESSAGES = {
  unknownCode: "No barangay has this PSGC code in the PSGC list.",
  usedCode: "This barangay is already on the hub.",
  notSetUp: "Give this barangay its PSGC code first.",
  alreadySuspended: "This barangay is already suspended.",
  notSuspended: "This barangay is not suspended.",
  hasAdministrator: "This barangay already has its first administrator.",
  usernameTaken: "The username has already been taken.",
  unknownCity: "No city or municipality has this PSGC code in the PSGC list.",
  created: (name: string) => `${name} is on the hub. Create its first administrator next.`,
  setUp: (name: string) => `${name} has its PSGC code.`,
  suspended: (name: string) => `${name} is suspended: its users cannot sign in.`,
  reactivated: (name: string) => `${name} is active again.`,
  administrator: (username: string, name: string) => `${username} is the first administrator of ${name}.`,
  officer: (username: string) => `Created the municipal officer ${username}.`,
};

/** What the hub shows of a barangay: its row, and whether its administrator exists. Never its records. */
export interface HubBarangay {
  id: number;
  psgc_code: string | null;
  name: string;
  city_municipality: string | null;
  city_psgc_code: string | null;
  province: string | null;
  region: string | null;
  /** "not set up" while the barangay has no PSGC code. */
  status: BarangayStatus | "not set up";
  suspended_at: string | null;
  suspended_reason: string | null;
  created_at: string;
  /** The username of its first administrator, or null while it has none. */
  administrator: string | null;
}

export interface MunicipalOfficer {
  id: number;
  username: string | null;
  fullname: string;
  role: string | null;
  city_psgc_code: string;
  city: string | null;
  province: string | null;
  created_at: string;
}

/** The hub's administrator, and only as a user of the hub: a barangay's account never passes. */
function hubAdmin(ctx: ServiceContext) {
  return hubUser(ctx, "manage-barangays");
}

function hubUser(ctx: ServiceContext, permission: string) {
  const user = ctx.user;
  if (!user) throw unauthenticated();
  if (!hubUserCan(user, permission)) throw forbidden();
  return user;
}

/** Whether the user holds a hub permission as a user of the hub itself: a barangay's account never does. */
export function hubUserCan(user: ServiceContext["user"], permission: string): boolean {
  return !!user && user.barangayId === HUB_TENANT_ID && can(user, permission);
}

/** Whether the caller may work the hub's barangays (for a page's menu and links). */
export function mayManageBarangays(user: ServiceContext["user"]): boolean {
  return hubUserCan(user, "manage-barangays");
}

type BarangayRow = {
  id: number | string;
  psgc_code: string | null;
  name: string;
  city_municipality: string | null;
  city_psgc_code: string | null;
  province: string | null;
  region: string | null;
  status: BarangayStatus;
  suspended_at: Date | string | null;
  suspended_reason: string | null;
  created_at: Date | string;
};

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

function present(row: BarangayRow, administrators: Map<number, string>): HubBarangay {
  const id = Number(row.id);
  return {
    id,
    psgc_code: row.psgc_code,
    name: row.name,
    city_municipality: row.city_municipality,
    city_psgc_code: row.city_psgc_code,
    province: row.province,
    region: row.region,
    status: row.psgc_code == null ? "not set up" : row.status,
    suspended_at: iso(row.suspended_at),
    suspended_reason: row.suspended_reason,
    created_at: iso(row.created_at)!,
    administrator: administrators.get(id) ?? null,
  };
}

const BARANGAY_COLUMNS = [
  "id",
  "psgc_code",
  "name",
  "city_municipality",
  "city_psgc_code",
  "province",
  "region",
  "status",
  "suspended_at",
  "suspended_reason",
  "created_at",
] as const;

/**
 * The first administrator of each barangay (the earliest active account holding its Administrator
 * role), read as portal_auth: the hub's own tenant shows no barangay's accounts.
 */
async function administratorsOf(ctx: ServiceContext, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await inScope({ kind: "auth" }, () =>
    ctx.db
      .selectFrom("users as u")
      .innerJoin("user_roles as ur", "ur.user_id", "u.id")
      .innerJoin("roles as r", "r.id", "ur.role_id")
      .select(["u.barangay_id", sql<string>`(array_agg(u.username order by u.id))[1]`.as("username")])
      .where("u.barangay_id", "in", ids)
      .where("r.name", "=", ADMIN_ROLE)
      .where("u.deleted_at", "is", null)
      .groupBy("u.barangay_id")
      .execute(),
  );
  return new Map(rows.map((r) => [Number(r.barangay_id), r.username]));
}

/** Whether any account (staff or resident) belongs to the barangay: read as portal_auth. */
async function hasAccounts(ctx: ServiceContext, id: number): Promise<boolean> {
  const row = await inScope({ kind: "auth" }, () =>
    ctx.db.selectFrom("users").select("id").where("barangay_id", "=", id).limit(1).executeTakeFirst(),
  );
  return !!row;
}

/** Whether a username is taken by any account of the deployment: read as portal_auth. */
async function usernameTaken(ctx: ServiceContext, username: string): Promise<boolean> {
  const row = await inScope({ kind: "auth" }, () =>
    ctx.db
      .selectFrom("users")
      .select("id")
      .where(sql`lower(username)`, "=", username.toLowerCase())
      .limit(1)
      .executeTakeFirst(),
  );
  return !!row;
}

// --- barangays ------------------------------------------------------------------------------------

async function listBarangaysInHub(ctx: ServiceContext): Promise<HubBarangay[]> {
  hubAdmin(ctx);
  const rows = await ctx.db
    .selectFrom("barangays")
    .select(BARANGAY_COLUMNS)
    .where("status", "<>", "hub")
    .orderBy(sql`psgc_code is null`, "desc")
    .orderBy(sql`lower(name)`)
    .orderBy("id")
    .execute();
  const administrators = await administratorsOf(
    ctx,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => present(r, administrators));
}

async function getBarangayInHub(ctx: ServiceContext, id: number): Promise<HubBarangay> {
  hubAdmin(ctx);
  const row = Number.isSafeInteger(id)
    ? await ctx.db.selectFrom("barangays").select(BARANGAY_COLUMNS).where("id", "=", id).where("status", "<>", "hub").executeTakeFirst()
    : undefined;
  if (!row) throw notFound("barangay");
  return present(row, await administratorsOf(ctx, [Number(row.id)]));
}

/** The PSGC list's barangays matching a name ("milagrosa calamba"), each marked when already on the hub. */
async function searchPsgcBarangaysInHub(ctx: ServiceContext, query: string): Promise<(PsgcBarangay & { onHub: boolean })[]> {
  hubAdmin(ctx);
  return (await searchBarangaysInUse(ctx, query)).map(({ inUse, ...b }) => ({ ...b, onHub: inUse }));
}

const psgcCodeInput = z.object({
  psgc_code: z
    .string({ error: "The PSGC code field is required." })
    .trim()
    .min(1, "The PSGC code field is required.")
    .refine(isPsgcCode, "The PSGC code must be 10 digits."),
});

function placeOf(code: string) {
  const found = barangayByCode(code);
  if (!found) throw ValidationError.field("psgc_code", MESSAGES.unknownCode);
  return barangayPlace(found);
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** Adds a barangay from its PSGC code: its name and places from the PSGC list. 422 on an unknown or used code. */
async function createBarangayInHub(ctx: ServiceContext, input: unknown): Promise<{ barangay: HubBarangay; message: string }> {
  hubAdmin(ctx);
  const { psgc_code } = parse(psgcCodeInput, input);
  const place = placeOf(psgc_code);
  // A fresh hub's barangay 1 (no code, no accounts) is filled by the first barangay created.
  const reuse = !(await hasAccounts(ctx, 1));
  const id = await inTransaction(ctx, async (tx) => {
    if (await tx.db.selectFrom("barangays").select("id").where("psgc_code", "=", place.psgc_code).executeTakeFirst())
      throw ValidationError.field("psgc_code", MESSAGES.usedCode);
    const filled = reuse
      ? await tx.db
          .updateTable("barangays")
          .set({ ...place, status: "active", updated_at: new Date() })
          .where("id", "=", 1)
          .where("psgc_code", "is", null)
          .returning("id")
          .executeTakeFirst()
      : undefined;
    const id = Number(filled?.id ?? (await tx.db.insertInto("barangays").values(place).returning("id").executeTakeFirstOrThrow()).id);
    await audit(tx, { entity: "barangay", entityId: id, action: "create", after: place });
    return id;
  });
  return { barangay: await getBarangayInHub(ctx, id), message: MESSAGES.created(place.name) };
}

/** Gives a barangay that is not set up (an install's barangay 1 with its accounts) its PSGC code. */
async function setUpBarangayInHub(ctx: ServiceContext, id: number, input: unknown): Promise<{ message: string }> {
  hubAdmin(ctx);
  const { psgc_code } = parse(psgcCodeInput, input);
  const place = placeOf(psgc_code);
  await inTransaction(ctx, async (tx) => {
    const row = await lockBarangay(tx, id);
    if (row.psgc_code != null)
      throw new AppError(422, "This barangay already has its PSGC code.", { psgc_code: ["This barangay already has its PSGC code."] });
    if (await tx.db.selectFrom("barangays").select("id").where("psgc_code", "=", place.psgc_code).executeTakeFirst())
      throw ValidationError.field("psgc_code", MESSAGES.usedCode);
    await tx.db
      .updateTable("barangays")
      .set({ ...place, updated_at: new Date() })
      .where("id", "=", id)
      .execute();
    await audit(tx, { entity: "barangay", entityId: id, action: "update", before: { psgc_code: null, name: row.name }, after: place });
  });
  return { message: MESSAGES.setUp(place.name) };
}

async function lockBarangay(tx: ServiceContext, id: number) {
  const row = Number.isSafeInteger(id)
    ? await tx.db
        .selectFrom("barangays")
        .select(BARANGAY_COLUMNS)
        .where("id", "=", id)
        .where("status", "<>", "hub")
        .forUpdate()
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound("barangay");
  return row;
}

const reasonInput = z.object({
  reason: z
    .string({ error: "The reason field is required." })
    .trim()
    .min(1, "The reason field is required.")
    .max(500, "The reason must not be greater than 500 characters."),
});

/** Suspends a barangay: its users cannot sign in, and their sessions end (server/auth/sessions.ts). */
async function suspendBarangayInHub(ctx: ServiceContext, id: number, input: unknown): Promise<{ message: string }> {
  hubAdmin(ctx);
  const { reason } = parse(reasonInput, input);
  const name = await inTransaction(ctx, async (tx) => {
    const row = await lockBarangay(tx, id);
    if (row.psgc_code == null) throw ValidationError.field("reason", MESSAGES.notSetUp);
    if (row.status === "suspended") throw ValidationError.field("reason", MESSAGES.alreadySuspended);
    const now = new Date();
    await tx.db
      .updateTable("barangays")
      .set({ status: "suspended", suspended_at: now, suspended_reason: reason, updated_at: now })
      .where("id", "=", id)
      .execute();
    await audit(tx, {
      entity: "barangay",
      entityId: id,
      action: "suspend",
      before: { status: row.status },
      after: { status: "suspended", reason },
    });
    return row.name;
  });
  return { message: MESSAGES.suspended(name) };
}

async function reactivateBarangayInHub(ctx: ServiceContext, id: number): Promise<{ message: string }> {
  hubAdmin(ctx);
  const name = await inTransaction(ctx, async (tx) => {
    const row = await lockBarangay(tx, id);
    if (row.status !== "suspended") throw ValidationError.field("reason", MESSAGES.notSuspended);
    await tx.db
      .updateTable("barangays")
      .set({ status: "active", suspended_at: null, suspended_reason: null, updated_at: new Date() })
      .where("id", "=", id)
      .execute();
    await audit(tx, {
      entity: "barangay",
      entityId: id,
      action: "reactivate",
      before: { status: "suspended", reason: row.suspended_reason },
      after: { status: "active" },
    });
    return row.name;
  });
  return { message: MESSAGES.reactivated(name) };
}

// --- accounts: a barangay's first administrator, the municipal officers -----------------------------

const nameText = (label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(100, `The ${label} must not be greater than 100 characters.`);

const accountInput = z.object({
  firstname: nameText("first name"),
  lastname: nameText("last name"),
  username: usernameSchema,
  password: z.string({ error: "The password field is required." }).min(1, "The password field is required."),
});

function parseAccount<S extends z.ZodType<z.infer<typeof accountInput>>>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  // The form's own messages, then the password's strength beside them (one 422 with both).
  const errors: Record<string, string[]> = parsed.success ? {} : { ...ValidationError.fromZod(parsed.error).errors };
  const password = (input as { password?: unknown } | null)?.password;
  if (typeof password === "string" && password && !errors.password) {
    const problem = passwordProblem(password);
    if (problem) errors.password = [problem];
  }
  if (Object.keys(errors).length || !parsed.success) throw new ValidationError(errors);
  return parsed.data as z.infer<S>;
}

/**
 * A barangay's first administrator: the barangay seed (roles, holidays, the queue's services, the
 * appointment hours) run in that barangay with this account as its Administrator, the barangay's
 * name and places kept as its settings, and the hub's audit row — one transaction. Refused when
 * the barangay already has an account.
 */
async function createFirstAdministratorInHub(ctx: ServiceContext, id: number, input: unknown): Promise<{ message: string }> {
  const actor = hubAdmin(ctx);
  const account = parseAccount(accountInput, input);
  const barangay = await getBarangayInHub(ctx, id);
  if (barangay.psgc_code == null) throw ValidationError.field("username", MESSAGES.notSetUp);
  if (barangay.administrator || (await hasAccounts(ctx, id))) throw ValidationError.field("username", MESSAGES.hasAdministrator);
  if (await usernameTaken(ctx, account.username)) throw ValidationError.field("username", MESSAGES.usernameTaken);
  try {
    await inBarangay(id, () =>
      ctx.db.transaction().execute(async (trx) => {
        // The barangay's own row, locked: two hub administrators setting it up at once wait in turn.
        await trx.selectFrom("barangays").select("id").where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
        if (await trx.selectFrom("users").select("id").limit(1).executeTakeFirst())
          throw ValidationError.field("username", MESSAGES.hasAdministrator);
        await seedInTransaction(trx, { adminUsername: account.username, adminPassword: account.password, demo: false });
        const user = await trx.selectFrom("users").select("id").where("username", "=", account.username).executeTakeFirstOrThrow();
        await trx
          .updateTable("user_profiles")
          .set({ firstname: account.firstname, lastname: account.lastname })
          .where("user_id", "=", user.id)
          .execute();
        // The prints and the public verify pages name the barangay from its settings.
        const info = {
          name: `Barangay ${barangay.name}`,
          municipality: barangay.city_municipality ?? "",
          province: barangay.province ?? "",
          region: barangay.region ?? "",
          address: [`Barangay Hall, ${barangay.name}`, barangay.city_municipality, barangay.province].filter(Boolean).join(", "),
        };
        await trx
          .insertInto("settings")
          .values({ key: "barangay", value: JSON.stringify(info) })
          .onConflict((oc) => oc.columns(["barangay_id", "key"]).doNothing())
          .execute();
        // The rest of the transaction is the hub's: its audit row is tenant 0's (db/tenant.ts sets
        // the same setting, SET LOCAL, when a transaction begins).
        await sql`select set_config('app.barangay_id', ${String(HUB_TENANT_ID)}, true)`.execute(trx);
        await audit(
          { ...ctx, db: trx, user: actor },
          {
            entity: "barangay",
            entityId: id,
            action: "create-administrator",
            after: { username: account.username, firstname: account.firstname, lastname: account.lastname, user_id: Number(user.id) },
          },
        );
      }),
    );
  } catch (error) {
    throw toAppError(error);
  }
  return { message: MESSAGES.administrator(account.username, barangay.name) };
}

const officerInput = accountInput.extend({
  role: z.enum(MUNICIPAL_ROLES, { error: `The role must be ${MUNICIPAL_ROLES.join(" or ")}.` }),
  city_psgc_code: z
    .string({ error: "The city or municipality field is required." })
    .trim()
    .min(1, "The city or municipality field is required.")
    .refine(isPsgcCode, "The city or municipality's PSGC code must be 10 digits."),
});

async function listOfficersInHub(ctx: ServiceContext): Promise<MunicipalOfficer[]> {
  hubAdmin(ctx);
  const rows = await ctx.db
    .selectFrom("municipal_officers as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select([
      "u.id",
      "u.username",
      "p.firstname",
      "p.lastname",
      "m.city_psgc_code",
      "m.created_at",
      sql<
        string | null
      >`(select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id)`.as(
        "role",
      ),
    ])
    .where("u.deleted_at", "is", null)
    .orderBy(sql`lower(p.lastname)`)
    .orderBy(sql`lower(p.firstname)`)
    .execute();
  return rows.map((r) => {
    const city = cityByCode(r.city_psgc_code);
    return {
      id: Number(r.id),
      username: r.username,
      fullname: [r.firstname, r.lastname].filter(Boolean).join(" "),
      role: r.role,
      city_psgc_code: r.city_psgc_code,
      city: city?.name ?? null,
      province: city?.province?.name ?? null,
      created_at: iso(r.created_at)!,
    };
  });
}

/** The PSGC list's cities and municipalities matching a name, for the officer form. */
export function searchPsgcCities(ctx: ServiceContext, query: string): PsgcCityMunicipality[] {
  hubAdmin(ctx);
  const text = query.trim().slice(0, 100);
  return text.length < 2 ? [] : searchCities(text);
}

/** A municipal officer: a user of the hub with a municipal role, reading the roll-ups of one city or municipality. */
async function createOfficerInHub(ctx: ServiceContext, input: unknown): Promise<{ id: number; message: string }> {
  hubAdmin(ctx);
  const officer = parseAccount(officerInput, input);
  if (!cityByCode(officer.city_psgc_code)) throw ValidationError.field("city_psgc_code", MESSAGES.unknownCity);
  if (await usernameTaken(ctx, officer.username)) throw ValidationError.field("username", MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(officer.password);
  const id = await inTransaction(ctx, async (tx) => {
    const role = await tx.db.selectFrom("roles").select("id").where("name", "=", officer.role).executeTakeFirst();
    if (!role) throw ValidationError.field("role", `The role ${officer.role} is not seeded on this hub.`);
    const { id } = await tx.db
      .insertInto("users")
      .values({ kind: "staff", username: officer.username, email: null, password_hash: passwordHash })
      .returning("id")
      .executeTakeFirstOrThrow();
    await tx.db.insertInto("user_profiles").values({ user_id: id, firstname: officer.firstname, lastname: officer.lastname }).execute();
    await tx.db.insertInto("user_roles").values({ user_id: id, role_id: role.id }).execute();
    await tx.db.insertInto("municipal_officers").values({ user_id: id, city_psgc_code: officer.city_psgc_code }).execute();
    await audit(tx, {
      entity: "municipal_officer",
      entityId: id,
      action: "create",
      after: {
        username: officer.username,
        firstname: officer.firstname,
        lastname: officer.lastname,
        role: officer.role,
        city_psgc_code: officer.city_psgc_code,
      },
    });
    return Number(id);
  });
  return { id, message: MESSAGES.officer(officer.username) };
}

// Every call runs in the hub's own tenant, whatever the caller's scope: what it writes (barangays,
// the hub's accounts, its audit rows) is the hub's, and what it reads of a barangay is nothing.
const inHub =
  <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
  (...args: A): Promise<R> =>
    inBarangay(HUB_TENANT_ID, () => fn(...args));

export const listBarangays = inHub(listBarangaysInHub);
export const getBarangay = inHub(getBarangayInHub);
export const searchPsgcBarangays = inHub(searchPsgcBarangaysInHub);
export const createBarangay = inHub(createBarangayInHub);
export const setUpBarangay = inHub(setUpBarangayInHub);
export const suspendBarangay = inHub(suspendBarangayInHub);
export const reactivateBarangay = inHub(reactivateBarangayInHub);
export const createFirstAdministrator = inHub(createFirstAdministratorInHub);
export const listOfficers = inHub(listOfficersInHub);
export const createOfficer = inHub(createOfficerInHub);
