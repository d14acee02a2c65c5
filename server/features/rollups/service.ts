import type { Transaction } from "kysely";
import type { Database } from "../../../db/schema.ts";
import { HUB_TENANT_ID, inBarangay, inScope } from "../../../db/tenant.ts";
import { todayInManila } from "../../../domain/dates.ts";
import {
  findRollup,
  parseRollupPeriod,
  ROLLUP_PERMISSION,
  ROLLUPS,
  type RollupDef,
  type RollupPeriod,
  type RollupResult,
} from "../../../domain/rollups.ts";
import type { ReportCard, ReportRow, ReportSectionResult } from "../../../domain/reports/types.ts";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, unauthenticated } from "../../errors.ts";
import { totalsOf } from "../reports/registry.ts";
import { reportReads } from "../reports/replica-reads.ts";
import { cityByCode } from "../psgc/psgc.ts";
import { hubUserCan } from "../hub/service.ts";
import { ROLLUP_QUERIES } from "./queries.ts";

// The municipality's roll-ups (issue 29 item 4, domain/rollups.ts): who may read them, which
// barangays they read, and the one way in for the page, the print and the export.
//
// - Who: a user of the hub (tenant 0) holding view-rollups with a row in municipal_officers naming
//   their city or municipality. A barangay's own users never pass, whatever their roles (the
//   barangay Administrator holds every barangay permission): their requests run in their barangay,
//   not the hub, and the hub's municipal_officers rows are not theirs to see.
// - Which barangays: the active barangays whose city_psgc_code is the officer's (a suspended one is
//   left out, as its users are).
// - How: every statement of a roll-up runs in the roll-up scope (db/tenant.ts): role portal_rollup,
//   which may only SELECT, and row-level security shows it the rows of those barangays only. The
//   queries group by barangay_id in SQL; one repeatable-read transaction gives every section the
//   same snapshot.

export interface RollupMunicipality {
  psgc_code: string;
  name: string;
  province: string | null;
  region: string | null;
  barangays: { id: number; name: string; psgc_code: string | null }[];
}

/** Whether the user reads roll-ups: the permission, held by a user of the hub itself (no barangay's). */
function readsRollups(user: ServiceContext["user"]): boolean {
  return hubUserCan(user, ROLLUP_PERMISSION);
}

/** The signed-in municipal officer's city or municipality and its active barangays: 401, 403. */
export async function officerMunicipality(ctx: ServiceContext): Promise<RollupMunicipality> {
  const user = ctx.user;
  if (!user) throw unauthenticated();
  if (!readsRollups(user)) throw forbidden();
  // The officer's row is the hub's (tenant 0); the barangays table is readable by every role.
  return inBarangay(HUB_TENANT_ID, async () => {
    const officer = await ctx.db
      .selectFrom("municipal_officers")
      .select("city_psgc_code")
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    if (!officer) throw forbidden();
    const code = officer.city_psgc_code;
    const barangays = await ctx.db
      .selectFrom("barangays")
      .select(["id", "name", "psgc_code", "city_municipality", "province", "region"])
      .where("city_psgc_code", "=", code)
      .where("status", "=", "active")
      .orderBy("name")
      .orderBy("id")
      .execute();
    const city = cityByCode(code);
    const first = barangays[0];
    return {
      psgc_code: code,
      name: city?.name ?? first?.city_municipality ?? code,
      province: city?.province?.name ?? first?.province ?? null,
      region: city?.region.name ?? first?.region ?? null,
      barangays: barangays.map((b) => ({ id: Number(b.id), name: b.name, psgc_code: b.psgc_code })),
    };
  });
}

/** What a roll-up's query gets: the transaction (in the roll-up scope), the barangays and the period. */
export interface RollupQueryArgs {
  trx: Transaction<Database>;
  barangays: RollupMunicipality["barangays"];
  period: RollupPeriod;
}

export interface RollupQueryResult {
  cards: ReportCard[];
  sections: Record<string, ReportRow[]>;
}

export type RollupQuery = (args: RollupQueryArgs) => Promise<RollupQueryResult>;

/** The roll-ups the user may open (all of them, for a municipal officer; none for anyone else). */
export function rollupsFor(ctx: ServiceContext): readonly RollupDef[] {
  return readsRollups(ctx.user) ? ROLLUPS : [];
}

/** Runs `fn` in the roll-up scope of `barangayIds`, in one read-only snapshot. */
export function inRollupScope<T>(ctx: ServiceContext, barangayIds: number[], fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  // The scope is taken when a transaction begins: inside one already open it would not switch.
  if (ctx.db.isTransaction) throw new Error("A roll-up must not run inside another transaction");
  const db = ctx.db;
  return inScope({ kind: "rollup", barangayIds }, () => db.transaction().setIsolationLevel("repeatable read").execute(fn));
}

/** A roll-up for the signed-in officer: 401, 403, 404 (unknown roll-up); the period from `params`. */
export async function runRollup(
  ctx: ServiceContext,
  name: string,
  params: URLSearchParams | Record<string, string | undefined>,
  today = todayInManila(),
): Promise<RollupResult> {
  const municipality = await officerMunicipality(ctx);
  const def = findRollup(name);
  const query = def && ROLLUP_QUERIES[def.name];
  if (!def || !query) throw new AppError(404, "The roll-up could not be found.");
  const period = parseRollupPeriod(def.period, params, today);
  const { barangays } = municipality;
  // Roll-ups may read the replica (decision 214): they read barangays' rows, none the officer wrote.
  const reads = await reportReads(ctx, { ownWrites: false });
  const found = await inRollupScope(
    reads.ctx,
    barangays.map((b) => b.id),
    (trx) => query({ trx, barangays, period }),
  );
  const sections: ReportSectionResult[] = def.sections.map((section) => {
    const rows = found.sections[section.key] ?? [];
    return { key: section.key, rows, totals: section.totals ? totalsOf(section.columns, rows) : null };
  });
  return {
    name: def.name,
    title: def.title,
    municipality: {
      psgc_code: municipality.psgc_code,
      name: municipality.name,
      province: municipality.province,
      region: municipality.region,
    },
    barangays,
    period,
    generated_at: new Date().toISOString(),
    cards: found.cards,
    sections,
    ...(reads.readFrom.source === "replica" ? { read_from: reads.readFrom } : {}),
  };
}
