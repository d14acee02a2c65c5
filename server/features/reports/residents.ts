import { sql } from "kysely";
import { naturalKey } from "../../engine/natural-order.ts";
import { AGE_GROUPS, CIVIL_STATUSES, SECTORS } from "../../../domain/reports/registry.ts";
import type { ReportRow } from "../../../domain/reports/types.ts";
import { defineReport } from "./registry.ts";
import { ageGroupIndex, ageOn, residentsWhere, yearsBefore, RESIDENTS_FROM } from "./people-filters.ts";
import type { ReportFilters, ReportQueryArgs } from "./types.ts";

// The residents report: population by purok, sex and PSA age group (the
// pyramid), civil status and sectors from ONE grouped scan of the matching residents; the RBI
// listing per purok, paged for the screen and streamed per purok for the export.

/** Which tally a row of the grouped count is: by purok, by age group, by civil status (each by sex), or everyone by sex. */
type Tally = "purok" | "age" | "civil" | "all";

interface Group {
  tally: Tally;
  purok_id: number | null;
  sex: string | null;
  civil_status: string | null;
  age_group: number | null;
  n: number;
  senior: number;
  pwd: number;
  solo_parent: number;
  four_ps: number;
  ofw: number;
  indigenous: number;
  voter: number;
}

const NO_PUROK = "No purok";
const NOT_STATED = "Not stated";

type Counter = { male: number; female: number; not_stated: number; total: number };
const counter = (): Counter => ({ male: 0, female: 0, not_stated: 0, total: 0 });
function add(c: Counter, sex: string | null, n: number) {
  if (sex === "Male") c.male += n;
  else if (sex === "Female") c.female += n;
  else c.not_stated += n;
  c.total += n;
}

/** Every purok by id, in name order: read once per report run, whoever asks (the summary, the listing's counts). */
export const puroksById = oncePerRun(async (args): Promise<Map<number, string>> => {
  // As the purok list sorts its names: "Purok 2" before "Purok 10".
  const rows = await args.ctx.db
    .selectFrom("puroks")
    .select(["id", "name"])
    .orderBy(naturalKey(sql.ref("name")))
    .orderBy("id")
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.name]));
});

/** Puroks in name order (as the purok list sorts), with "No purok" last. */
export function purokOrder(puroks: Map<number, string>, ids: Iterable<number | null>): (number | null)[] {
  const seen = new Set(ids);
  const ordered: (number | null)[] = [...puroks.keys()].filter((id) => seen.has(id));
  for (const id of seen) if (id != null && !puroks.has(id)) ordered.push(id);
  if (seen.has(null)) ordered.push(null);
  return ordered;
}

async function householdCount(args: ReportQueryArgs): Promise<number> {
  const { filters } = args;
  const row = await sql<{ n: number }>`select count(*)::int as n from households h
    where h.deleted_at is null ${filters.purok_id ? sql`and h.purok_id = ${Number(filters.purok_id)}` : sql``}`.execute(args.ctx.db);
  return Number(row.rows[0]?.n ?? 0);
}

/** `read` done once per report run (its args object), whoever asks first: the summary or the listing. */
function oncePerRun<T>(read: (args: ReportQueryArgs) => Promise<T>): (args: ReportQueryArgs) => Promise<T> {
  const runs = new WeakMap<ReportQueryArgs, Promise<T>>();
  return (args) => {
    let found = runs.get(args);
    if (!found) runs.set(args, (found = read(args)));
    return found;
  };
}

/**
 * The matching residents counted by purok, by age group and by civil status, each by sex, and
 * everyone by sex with each sector's count: one read of the profiles per report run, shared by the
 * summary and the listing's purok counts (a second grouped count beside it was a third more of the
 * database's work). The tallies are grouping sets summed in the database, so the server receives a
 * few hundred rows; it used to receive every combination (16,000 groups on 200,000 residents) and
 * sum them in JavaScript: 49.5 ms of the server's CPU a report, now 8.9 (issue 34).
 */
const groupsOf = oncePerRun(async ({ ctx, filters, today }) => {
  const seniorFrom = yearsBefore(today, 60);
  // Counted at the finest grain first (one hash table over the residents), then the tallies summed
  // from those few thousand rows: four hash tables over every resident took a fifth longer.
  const { rows } = await sql<Group>`
    select
      case
        when grouping(g.purok_id) = 0 then 'purok'
        when grouping(g.age_group) = 0 then 'age'
        when grouping(g.civil_status) = 0 then 'civil'
        else 'all'
      end as tally,
      g.purok_id, g.sex, g.civil_status, g.age_group,
      sum(g.n)::int as n, sum(g.senior)::int as senior, sum(g.pwd)::int as pwd, sum(g.solo_parent)::int as solo_parent,
      sum(g.four_ps)::int as four_ps, sum(g.ofw)::int as ofw, sum(g.indigenous)::int as indigenous, sum(g.voter)::int as voter
    from (
      select up.purok_id, up.sex, up.civil_status, ${ageGroupIndex(today)} as age_group,
        count(*) as n,
        count(*) filter (where up.date_of_birth <= ${seniorFrom}::date) as senior,
        count(*) filter (where up.is_pwd) as pwd,
        count(*) filter (where up.is_solo_parent) as solo_parent,
        count(*) filter (where up.is_4ps) as four_ps,
        count(*) filter (where up.is_ofw) as ofw,
        count(*) filter (where up.is_indigenous) as indigenous,
        count(*) filter (where up.is_voter) as voter
      from ${RESIDENTS_FROM}
      where ${residentsWhere(filters, today)}
      group by 1, 2, 3, 4
    ) g
    group by grouping sets ((g.purok_id, g.sex), (g.age_group, g.sex), (g.civil_status, g.sex), (g.sex))`.execute(ctx.db);
  return rows;
});

async function summary(args: ReportQueryArgs) {
  const { filters } = args;
  const [groups, puroks, households] = await Promise.all([groupsOf(args), puroksById(args), householdCount(args)]);

  const byPurok = new Map<number | null, Counter>();
  const byAge = new Map<number | null, Counter>();
  const byCivil = new Map<string, Counter>();
  const bySector = new Map<string, Counter>(SECTORS.map((s) => [s.value, counter()]));
  const all = counter();
  const sectorKey: Record<string, keyof Group> = {
    senior: "senior",
    pwd: "pwd",
    solo_parent: "solo_parent",
    "4ps": "four_ps",
    ofw: "ofw",
    indigenous: "indigenous",
    voter: "voter",
  };
  for (const g of groups) {
    const n = Number(g.n);
    const bump = <K>(map: Map<K, Counter>, key: K) => {
      let c = map.get(key);
      if (!c) map.set(key, (c = counter()));
      add(c, g.sex, n);
    };
    if (g.tally === "purok") bump(byPurok, g.purok_id == null ? null : Number(g.purok_id));
    else if (g.tally === "age") bump(byAge, g.age_group == null ? null : Number(g.age_group));
    else if (g.tally === "civil") bump(byCivil, g.civil_status ?? NOT_STATED);
    else {
      add(all, g.sex, n);
      for (const s of SECTORS) add(bySector.get(s.value)!, g.sex, Number(g[sectorKey[s.value]] ?? 0));
    }
  }

  const rowOf = (label: string, key: string, c: Counter): ReportRow => ({ [key]: label, ...c });
  const purokRows = purokOrder(puroks, byPurok.keys()).map((id) =>
    rowOf(id == null ? NO_PUROK : (puroks.get(id) ?? `Purok #${id}`), "purok", byPurok.get(id)!),
  );
  const ageRows = AGE_GROUPS.map((g, i) => rowOf(g.label, "age_group", byAge.get(i) ?? counter()));
  if (byAge.has(null)) ageRows.push(rowOf("Age not stated", "age_group", byAge.get(null)!));
  const civilRows = [...CIVIL_STATUSES, NOT_STATED]
    .filter((s) => byCivil.has(s) || s !== NOT_STATED)
    .map((s) => rowOf(s, "civil_status", byCivil.get(s) ?? counter()));
  const sectorRows = SECTORS.map((s) => rowOf(s.label, "sector", bySector.get(s.value)!));
  const sector = (key: string) => bySector.get(key)!.total;

  return {
    cards: [
      {
        key: "population",
        label: "Population",
        value: all.total,
        kind: "number" as const,
        hint: `${all.male.toLocaleString("en-US")} male, ${all.female.toLocaleString("en-US")} female`,
      },
      {
        key: "households",
        label: "Households",
        value: households,
        kind: "number" as const,
        hint: filters.purok_id ? "In the purok" : "In the barangay",
      },
      { key: "senior", label: "Senior citizens", value: sector("senior"), kind: "number" as const, hint: "60 years and over" },
      { key: "voter", label: "Registered voters", value: sector("voter"), kind: "number" as const },
    ],
    sections: {
      by_purok: { rows: purokRows },
      age_sex: { rows: ageRows },
      civil_status: { rows: civilRows },
      sectors: { rows: sectorRows },
    },
  };
}

// ---- The RBI listing ----

function listingSelect(filters: ReportFilters, today: string, keys = false) {
  const seniorFrom = yearsBefore(today, 60);
  return sql`
    select ${keys ? sql`coalesce(up.sort_name, '') as _sort, up.user_id as _id,` : sql``} coalesce(p.name, ${NO_PUROK}) as purok, up.lastname, up.firstname, up.middlename, up.suffix,
      nullif(concat_ws(' ', up.house_number, up.street), '') as address,
      up.date_of_birth, ${ageOn(today)} as age, up.sex, up.civil_status, up.citizenship, o.name as occupation,
      nullif(concat_ws(', ',
        case when up.date_of_birth <= ${seniorFrom}::date then 'Senior' end,
        case when up.is_pwd then 'PWD' end,
        case when up.is_solo_parent then 'Solo parent' end,
        case when up.is_4ps then '4Ps' end,
        case when up.is_ofw then 'OFW' end,
        case when up.is_indigenous then 'IP' end,
        case when up.is_voter then 'Voter' end), '') as sectors
    from ${RESIDENTS_FROM}
    left join puroks p on p.id = up.purok_id
    left join occupations o on o.id = up.occupation_id
    where ${residentsWhere(filters, today)}`;
}

/**
 * Rows a query while an export reads the whole listing. A batch is alive until it is written, so
 * whatever a garbage collection finds of it is moved to the old generation: 2,000 a query grew the
 * server to 288–323 MB in the export of 200,000 residents after the residents page at 32 clients,
 * 250 to 271–273 MB (the XLSX 3.5–3.9 → 4.4–4.6 s, the CSV 1.3 → 1.8 s; decision 176).
 */
const EXPORT_BATCH = 250;

/** Matching residents per purok, in the listing's purok order: the groups summed, shared by count and page. */
const purokCounts = oncePerRun(async (args): Promise<{ id: number | null; n: number }[]> => {
  const [groups, puroks] = await Promise.all([groupsOf(args), puroksById(args)]);
  const byId = new Map<number | null, number>();
  for (const g of groups) {
    if (g.tally !== "purok") continue;
    const id = g.purok_id == null ? null : Number(g.purok_id);
    byId.set(id, (byId.get(id) ?? 0) + Number(g.n));
  }
  return purokOrder(puroks, byId.keys()).map((id) => ({ id, n: byId.get(id)! }));
});

/** One purok's matching residents in name order, from `offset` (the index on purok and sort name serves it). */
async function purokRows(
  args: ReportQueryArgs,
  id: number | null,
  after: { name: string; id: number } | null,
  offset: number,
  limit: number,
) {
  const { ctx, filters, today } = args;
  const r = await sql<ReportRow & { _sort: string; _id: number }>`
    ${listingSelect(filters, today, true)}
      and ${id == null ? sql`up.purok_id is null` : sql`up.purok_id = ${id}`}
      ${after ? sql`and (coalesce(up.sort_name, ''), up.user_id) > (${after.name}, ${after.id})` : sql``}
      order by coalesce(up.sort_name, ''), up.user_id limit ${limit} offset ${offset}`.execute(ctx.db);
  return r.rows;
}

const strip = (rows: (ReportRow & { _sort: string; _id: number })[]): ReportRow[] => rows.map(({ _sort: _s, _id: _i, ...row }) => row);

defineReport("residents", {
  summary,
  listing: {
    async count(args) {
      return (await purokCounts(args)).reduce((sum, p) => sum + p.n, 0);
    },
    // A page is cut from the puroks in order: skip whole puroks by their counts, then read the
    // purok(s) the page falls in, each in name order on the index.
    async page(args, offset, limit) {
      const rows: ReportRow[] = [];
      let skip = offset;
      for (const { id, n } of await purokCounts(args)) {
        if (skip >= n) {
          skip -= n;
          continue;
        }
        rows.push(...strip(await purokRows(args, id, null, skip, limit - rows.length)));
        skip = 0;
        if (rows.length >= limit) break;
      }
      return rows;
    },
    // Per purok, EXPORT_BATCH rows a query by keyset: memory holds one batch.
    async *batches(args) {
      for (const { id } of await purokCounts(args)) {
        let after: { name: string; id: number } | null = null;
        for (;;) {
          const rows = await purokRows(args, id, after, 0, EXPORT_BATCH);
          if (rows.length === 0) break;
          yield strip(rows);
          if (rows.length < EXPORT_BATCH) break;
          const last = rows[rows.length - 1];
          after = { name: last._sort, id: Number(last._id) };
        }
      }
    },
  },
});
