import { sql } from "kysely";
import type { ReportColumn, ReportRow } from "../../../domain/reports/types.ts";
import { defineReport } from "./registry.ts";
import { residentsWhere, RESIDENTS_FROM } from "./people-filters.ts";
import { purokOrder, puroksById } from "./residents.ts";
import type { ReportQueryArgs } from "./types.ts";

// The religions report: residents per religion, by sex, and a crosstab of
// religion by purok whose columns are the puroks that have residents.

const NOT_STATED = "Not stated";

async function summary(args: ReportQueryArgs) {
  const { ctx, filters, today } = args;
  const [groups, religions, puroks] = await Promise.all([
    sql<{ religion_id: number | null; purok_id: number | null; sex: string | null; n: number }>`
      select up.religion_id, up.purok_id, up.sex, count(*)::int as n
      from ${RESIDENTS_FROM}
      where ${residentsWhere(filters, today)}
      group by 1, 2, 3`
      .execute(ctx.db)
      .then((r) => r.rows),
    ctx.db.selectFrom("religions").select(["id", "name"]).orderBy("name").execute(),
    puroksById(args),
  ]);
  const religionName = new Map(religions.map((r) => [Number(r.id), r.name]));
  const bySex = new Map<number | null, { male: number; female: number; not_stated: number; total: number }>();
  const cross = new Map<number | null, Map<number | null, number>>();
  const purokIds = new Set<number | null>();
  let population = 0;
  for (const g of groups) {
    const religion = g.religion_id == null ? null : Number(g.religion_id);
    const purok = g.purok_id == null ? null : Number(g.purok_id);
    const n = Number(g.n);
    const c = bySex.get(religion) ?? { male: 0, female: 0, not_stated: 0, total: 0 };
    if (g.sex === "Male") c.male += n;
    else if (g.sex === "Female") c.female += n;
    else c.not_stated += n;
    c.total += n;
    bySex.set(religion, c);
    const row = cross.get(religion) ?? new Map<number | null, number>();
    row.set(purok, (row.get(purok) ?? 0) + n);
    cross.set(religion, row);
    purokIds.add(purok);
    population += n;
  }
  // Religions by number of residents, largest first; "Not stated" last.
  const order = [...bySex.keys()].sort((a, b) => {
    if (a == null) return 1;
    if (b == null) return -1;
    return bySex.get(b)!.total - bySex.get(a)!.total || (religionName.get(a) ?? "").localeCompare(religionName.get(b) ?? "");
  });
  const name = (id: number | null) => (id == null ? NOT_STATED : (religionName.get(id) ?? `Religion #${id}`));
  const byReligion: ReportRow[] = order.map((id) => ({ religion: name(id), ...bySex.get(id)! }));

  const purokColumns = purokOrder(puroks, purokIds);
  const columns: ReportColumn[] = [
    { key: "religion", label: "Religion", kind: "text" },
    ...purokColumns.map((id) => ({
      key: `p_${id ?? "none"}`,
      label: id == null ? "No purok" : (puroks.get(id) ?? `Purok #${id}`),
      kind: "number" as const,
      total: true,
    })),
    { key: "total", label: "Total", kind: "number", total: true },
  ];
  const byPurok: ReportRow[] = order.map((id) => {
    const row: ReportRow = { religion: name(id) };
    for (const p of purokColumns) row[`p_${p ?? "none"}`] = cross.get(id)?.get(p) ?? 0;
    row.total = bySex.get(id)!.total;
    return row;
  });
  const largest = order.find((id) => id != null);
  return {
    cards: [
      { key: "population", label: "Residents counted", value: population, kind: "number" as const },
      { key: "religions", label: "Religions", value: order.filter((id) => id != null).length, kind: "number" as const },
      {
        key: "largest",
        label: "Largest",
        value: largest === undefined ? "—" : name(largest),
        kind: "text" as const,
        hint:
          largest === undefined || !population
            ? undefined
            : `${Math.round((bySex.get(largest)!.total / population) * 1000) / 10}% of residents`,
      },
      { key: "not_stated", label: "Religion not stated", value: bySex.get(null)?.total ?? 0, kind: "number" as const },
    ],
    sections: { by_religion: { rows: byReligion }, by_purok: { rows: byPurok, columns } },
  };
}

defineReport("religions", { summary });
