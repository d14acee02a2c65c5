import { scopedBarangayId, scopeKey } from "../../db/tenant.ts";
import { KeptWhileListening } from "../auth/kept-while-listening.ts";
import type { ServiceContext } from "../context.ts";
import { forbidden } from "../errors.ts";
import { can, SYSTEM_ADMIN_PERMISSION } from "../../domain/permissions.ts";
import { audit } from "../engine/audit.ts";
import { maintenanceChanged } from "../features/notifications/events.ts";

// Key/value settings of the barangay. MAINTENANCE_MODE in the environment
// forces maintenance on regardless of the stored value.

export interface BarangayInfo {
  name: string;
  municipality: string;
  province: string;
  region: string;
  address: string;
}

export const DEFAULT_BARANGAY: BarangayInfo = {
  name: "Barangay San Isidro",
  municipality: "Municipality of Santa Maria",
  province: "Bulacan",
  region: "Region III (Central Luzon)",
  address: "Barangay Hall, Purok 1, San Isidro, Santa Maria, Bulacan 3022",
};

export async function getSetting<T>(ctx: Pick<ServiceContext, "db">, key: string, fallback: T): Promise<T> {
  const row = await ctx.db.selectFrom("settings").select("value").where("key", "=", key).executeTakeFirst();
  return row ? (row.value as T) : fallback;
}

export async function putSetting(ctx: ServiceContext, key: string, value: unknown): Promise<void> {
  const before = await getSetting<unknown>(ctx, key, null);
  await ctx.db
    .insertInto("settings")
    .values({ key, value: JSON.stringify(value), updated_by: ctx.user?.id ?? null })
    .onConflict((oc) =>
      oc
        .columns(["barangay_id", "key"])
        .doUpdateSet({ value: JSON.stringify(value), updated_at: new Date(), updated_by: ctx.user?.id ?? null }),
    )
    .execute();
  await audit(ctx, { entity: "setting", entityId: key, action: "update", before: { value: before }, after: { value } });
}

export function getBarangayInfo(ctx: Pick<ServiceContext, "db">): Promise<BarangayInfo> {
  return getSetting(ctx, "barangay", DEFAULT_BARANGAY);
}

/**
 * The PSGC code of the barangay the request works in, when it has one: a printed link that carries
 * it (`?b=<code>`) finds that barangay on a hub, where a KP docket number alone is not unique
 * (server/http/tenancy.ts). Null outside a barangay's scope or before the code is set.
 */
export async function barangayPsgcCode(ctx: Pick<ServiceContext, "db">): Promise<string | null> {
  const barangayId = scopedBarangayId();
  if (barangayId == null) return null;
  const row = await ctx.db.selectFrom("barangays").select("psgc_code").where("id", "=", barangayId).executeTakeFirst();
  return row?.psgc_code ?? null;
}

let maintenanceFromEnv = false;
export function setMaintenanceFromEnv(on: boolean): void {
  maintenanceFromEnv = on;
}

// The maintenance switch is read by every request of a user who may not work through maintenance
// (a page's guard, the REST adapter): one more statement per request for every secretary and
// treasurer. A process that hears the database's `portal_auth` notifications keeps it as it keeps
// the sessions (decision 173, server/auth/kept-while-listening.ts): the settings table notifies at
// the commit of any change (migration 20261206000000).
const MAINTENANCE_TTL_MS = 30_000;

/** Per database handle: a test process may run several portals side by side. */
const maintenanceCaches = new WeakMap<object, KeptWhileListening<string, boolean>>();

/** Keeps the maintenance switch of `db` in this process while `active()` (the hub is listening). */
export function cacheMaintenanceMode(db: object, active: () => boolean): { clear(): void } {
  const cache = new KeptWhileListening<string, boolean>({ active, ttlMs: MAINTENANCE_TTL_MS });
  maintenanceCaches.set(db, cache);
  return cache;
}

export async function isMaintenanceMode(ctx: Pick<ServiceContext, "db">): Promise<boolean> {
  if (maintenanceFromEnv) return true;
  const read = () => getSetting(ctx, "maintenance_mode", false);
  const cache = maintenanceCaches.get(ctx.db);
  // Each barangay of a hub has its own switch (docs/decisions/209).
  return cache ? cache.get(`maintenance_mode:${scopeKey()}`, read) : read();
}

/** System administrators may work through maintenance and switch it off (docs/decisions/005). */
export function bypassesMaintenance(user: ServiceContext["user"]): boolean {
  return can(user, SYSTEM_ADMIN_PERMISSION);
}

export async function setMaintenanceMode(ctx: ServiceContext, on: boolean): Promise<void> {
  if (!bypassesMaintenance(ctx.user)) throw forbidden();
  await ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    const was = await getSetting(tx, "maintenance_mode", false);
    await putSetting(tx, "maintenance_mode", on);
    if (was !== on) await maintenanceChanged(tx, on);
  });
}
