import { sql } from "kysely";
import { DISASTER_TYPES } from "../../../domain/registry/people.ts";
import type { ReportRow } from "../../../domain/reports/types.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { defineReport } from "./registry.ts";
import { registeredBetween } from "./people-filters.ts";
import { purokOrder, puroksById } from "./residents.ts";
import type { ReportFilters, ReportQueryArgs } from "./types.ts";

// The households report: households and people per purok, members per household,
// and the people at risk in disaster-prone puroks by hazard type (for the disaster council).
// A household's size is its head plus its members.

const NO_PUROK = "No purok";
const SIZE_CAP = 10;

function householdsWhere(filters: ReportFilters) {
  const parts = [sql<boolean>`h.deleted_at is null`, ...registeredBetween(sql`h.created_at`, filters)];
  if (filters.purok_id) parts.push(sql<boolean>`h.purok_id = ${Number(filters.purok_id)}`);
  if (filters.hazard)
    parts.push(
      sql<boolean>`h.purok_id in (select d.purok_id from disaster_prone_areas d where d.deleted_at is null and ${filters.hazard} = any(d.disaster_types))`,
    );
  return sql.join(parts, sql` and `);
}

const sizeOf = sql<number>`(1 + (select count(*) from household_members m where m.household_id = h.id and m.user_id <> h.household_head_user_id))::int`;

async function summary(args: ReportQueryArgs) {
  const { ctx, filters } = args;
  const where = householdsWhere(filters);
  const [groups, hazards, puroks] = await Promise.all([
    sql<{ purok_id: number; size: number; households: number }>`
      select hh.purok_id, hh.size, count(*)::int as households
      from (select h.purok_id, ${sizeOf} as size from households h where ${where}) hh
      group by 1, 2`
      .execute(ctx.db)
      .then((r) => r.rows),
    sql<{ purok_id: number; affected_area: string; hazard: string; households: number; members: number }>`
      select d.purok_id, d.affected_area, t.hazard, count(hh.id)::int as households, coalesce(sum(hh.size), 0)::int as members
      from disaster_prone_areas d
      cross join lateral unnest(d.disaster_types) as t(hazard)
      left join (select h.id, h.purok_id, ${sizeOf} as size from households h where ${where}) hh on hh.purok_id = d.purok_id
      where d.deleted_at is null
        ${filters.hazard ? sql`and t.hazard = ${filters.hazard}` : sql``}
        ${filters.purok_id ? sql`and d.purok_id = ${Number(filters.purok_id)}` : sql``}
      group by 1, 2, 3`
      .execute(ctx.db)
      .then((r) => r.rows),
    puroksById(args),
  ]);

  const perPurok = new Map<number | null, { households: number; members: number }>();
  const perSize = new Map<number, { households: number; members: number }>();
  let households = 0;
  let members = 0;
  for (const g of groups) {
    const n = Number(g.households);
    const size = Number(g.size);
    const id = g.purok_id == null ? null : Number(g.purok_id);
    const p = perPurok.get(id) ?? { households: 0, members: 0 };
    p.households += n;
    p.members += n * size;
    perPurok.set(id, p);
    const key = Math.min(size, SIZE_CAP);
    const s = perSize.get(key) ?? { households: 0, members: 0 };
    s.households += n;
    s.members += n * size;
    perSize.set(key, s);
    households += n;
    members += n * size;
  }
  const average = (h: number, m: number) => (h ? Math.round((m / h) * 100) / 100 : 0);
  const purokName = (id: number | null) => (id == null ? NO_PUROK : (puroks.get(id) ?? `Purok #${id}`));
  const byPurok: ReportRow[] = purokOrder(puroks, perPurok.keys()).map((id) => {
    const p = perPurok.get(id)!;
    return { purok: purokName(id), households: p.households, members: p.members, average: average(p.households, p.members) };
  });
  const sizes: ReportRow[] = Array.from({ length: SIZE_CAP }, (_, i) => i + 1).map((size) => ({
    size: size === SIZE_CAP ? `${SIZE_CAP} or more` : String(size),
    households: perSize.get(size)?.households ?? 0,
    members: perSize.get(size)?.members ?? 0,
  }));
  const order = (hazard: string) => {
    const i = (DISASTER_TYPES as readonly string[]).indexOf(hazard);
    return i < 0 ? DISASTER_TYPES.length : i;
  };
  const purokRank = new Map([...puroks.keys()].map((id, i) => [id, i]));
  const hazardRows: ReportRow[] = [...hazards]
    .sort(
      (a, b) => order(a.hazard) - order(b.hazard) || (purokRank.get(Number(a.purok_id)) ?? 0) - (purokRank.get(Number(b.purok_id)) ?? 0),
    )
    .map((h) => ({
      hazard: h.hazard,
      purok: purokName(Number(h.purok_id)),
      affected_area: h.affected_area,
      households: Number(h.households),
      members: Number(h.members),
    }));
  const atRisk = new Map<string, number>();
  for (const h of hazards) atRisk.set(String(h.purok_id), Number(h.members));
  const householdsAtRisk = new Set(hazards.filter((h) => Number(h.households) > 0).map((h) => String(h.purok_id)));

  return {
    cards: [
      { key: "households", label: "Households", value: households, kind: "number" as const },
      { key: "members", label: "People in households", value: members, kind: "number" as const },
      { key: "average", label: "Average household size", value: average(households, members).toFixed(2), kind: "text" as const },
      {
        key: "at_risk",
        label: "People in disaster-prone puroks",
        value: [...atRisk.values()].reduce((s, n) => s + n, 0),
        kind: "number" as const,
        hint: `${householdsAtRisk.size} purok${householdsAtRisk.size === 1 ? "" : "s"} with households at risk`,
      },
    ],
    sections: { by_purok: { rows: byPurok }, sizes: { rows: sizes }, hazards: { rows: hazardRows } },
  };
}

function listingSelect(filters: ReportFilters) {
  return sql`
    select h.id, coalesce(p.name, ${NO_PUROK}) as purok, coalesce(nullif(h.head_name, ''), ${fullNameOf("hp")}) as head, h.address,
      ${sizeOf} as members, nullif(array_to_string(d.disaster_types, ', '), '') as hazards
    from households h
    left join puroks p on p.id = h.purok_id
    left join user_profiles hp on hp.user_id = h.household_head_user_id
    left join disaster_prone_areas d on d.purok_id = h.purok_id and d.deleted_at is null
    where ${householdsWhere(filters)}`;
}

defineReport("households", {
  summary,
  listing: {
    async count({ ctx, filters }) {
      const r = await sql<{ n: number }>`select count(*)::int as n from households h where ${householdsWhere(filters)}`.execute(ctx.db);
      return Number(r.rows[0]?.n ?? 0);
    },
    async totals({ ctx, filters }) {
      const r = await sql<{
        members: number;
      }>`select coalesce(sum(${sizeOf}), 0)::int as members from households h where ${householdsWhere(filters)}`.execute(ctx.db);
      return { members: Number(r.rows[0]?.members ?? 0) };
    },
    async page(args, offset, limit) {
      // Puroks in the summary's order (by name as counted, "No purok" last): their ids in that order.
      const purokIds = [...(await puroksById(args)).keys()];
      const r = await sql<ReportRow>`${listingSelect(args.filters)}
        order by array_position(${purokIds}::int[], h.purok_id) nulls last, h.purok_id, lower(coalesce(nullif(h.head_name, ''), hp.lastname, '')), h.id
        limit ${limit} offset ${offset}`.execute(args.ctx.db);
      return r.rows.map((row) => ({ ...row, id: Number(row.id), members: Number(row.members) }));
    },
  },
});
