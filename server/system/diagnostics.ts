import { sql } from "kysely";
import type { ServiceContext } from "../context.ts";
import { forbidden } from "../errors.ts";
import { can, SYSTEM_ADMIN_PERMISSION } from "../../domain/permissions.ts";
import { hub } from "../http/realtime/hub.ts";
import { isMaintenanceMode } from "./settings.ts";

export interface Diagnostics {
  version: string;
  node: string;
  database: { kind: string; version: string };
  websocketConnections: number;
  maintenance: boolean;
  uptimeSeconds: number;
}

let databaseKind = "unknown";
let appVersion = "0.0.0";
export function setRuntimeInfo(info: { databaseKind: string; version: string }): void {
  databaseKind = info.databaseKind;
  appVersion = info.version;
}

/** The /test page's facts, for administrators only. */
export async function diagnostics(ctx: ServiceContext): Promise<Diagnostics> {
  if (!can(ctx.user, SYSTEM_ADMIN_PERMISSION)) throw forbidden();
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(ctx.db);
  return {
    version: appVersion,
    node: process.version,
    database: { kind: databaseKind, version: rows[0]?.version ?? "" },
    websocketConnections: hub.connectionCount(),
    maintenance: await isMaintenanceMode(ctx),
    uptimeSeconds: Math.round(process.uptime()),
  };
}

export async function databaseReachable(ctx: Pick<ServiceContext, "db">): Promise<boolean> {
  try {
    await sql`select 1`.execute(ctx.db);
    return true;
  } catch {
    return false;
  }
}
