import { sql, type RawBuilder } from "kysely";
import { FORM_C_AGE_BRACKETS, FORM_C_SECTORS, FUNDS, fundColumnKey, longDay } from "../../../domain/rollups.ts";
import type { ReportRow } from "../../../domain/reports/types.ts";
import { ageGroupIndex } from "../reports/people-filters.ts";
import type { RollupQuery, RollupQueryArgs } from "./service.ts";

// The roll-ups' SQL (domain/rollups.ts). Each runs inside the roll-up scope's transaction
// (service.ts): row-level security already limits every table to the municipality's active
// barangays, and every query groups by barangay_id itself — grouping sets give the municipality's
// figures in the same scan, so nothing is added up here but the totals row (reports' totalsOf).

/**
 * The second line behind row-level security (DESIGN §14): the queries name the barangays they read
 * as well, so that a scope set wrongly could not widen them.
 */
const among = (args: RollupQueryArgs, column: string) => sql`${sql.ref(column)} = any (${args.barangays.map((b) => b.id)}::bigint[])`;

/** The instant a Manila day ends: rows made before it, and not removed before it, were on record that day. */
const endOf = (day: string) => sql`((${day}::date + 1)::timestamp at time zone 'Asia/Manila')`;

/** One row per barangay of the municipality, in name order, whether or not it has figures. */
function perBarangay(
  args: RollupQueryArgs,
  found: readonly { barangay_id: number | string | null }[],
  row: (found: Record<string, unknown> | undefined, barangayId: number) => ReportRow,
): ReportRow[] {
  const byId = new Map(found.map((r) => [Number(r.barangay_id), r as Record<string, unknown>]));
  return args.barangays.map((b) => ({ barangay: b.name, ...row(byId.get(b.id), b.id) }));
}

const num = (value: unknown) => Number(value ?? 0);
const barangayName = (args: RollupQueryArgs, id: unknown) =>
  args.barangays.find((b) => b.id === Number(id))?.name ?? `Barangay #${String(id)}`;
const barangayOrder = (args: RollupQueryArgs, id: unknown) => args.barangays.findIndex((b) => b.id === Number(id));

// ---- the quarterly count of inhabitants (RBI Form C) ----

/** A citizenship that is not Filipino ("Filipino", "Filipina", "Pilipino"; blank: not stated, not counted). */
const FOREIGN = sql`(up.citizenship is not null and btrim(up.citizenship) <> '' and up.citizenship !~* '^\\s*(filipin|pilipin)')`;

const inhabitants: RollupQuery = async (args) => {
  const { trx, period } = args;
  const end = endOf(period.to);
  // The residents on record at the end of the period: registered by then and not removed by then.
  const onRecord = sql`
    select up.barangay_id, up.sex, ${ageGroupIndex(period.to)} as age_group,
      up.is_pwd as pwd, up.is_ofw as ofw, up.is_indigenous as indigenous, ${FOREIGN} as foreign
    from users u join user_profiles up on up.user_id = u.id
    where ${among(args, "up.barangay_id")} and u.kind = 'resident' and u.created_at < ${end} and (u.deleted_at is null or u.deleted_at >= ${end})`;
  // One read of the residents: counted first per barangay, sex and age bracket (at most a few
  // thousand groups), then those groups summed per barangay, per age bracket and for everyone
  // (grouping sets) — the per-barangay rows and the municipality's Form C from the same scan.
  const sum = (expression: RawBuilder<unknown>, key: string, condition?: RawBuilder<unknown>) =>
    condition
      ? sql`coalesce(sum(${expression}) filter (where ${condition}), 0)::int as ${sql.ref(key)}`
      : sql`coalesce(sum(${expression}), 0)::int as ${sql.ref(key)}`;
  const n = sql.ref("n");
  const male = sql`sex = 'Male'`;
  const female = sql`sex = 'Female'`;
  const bySex = (expression: RawBuilder<unknown>, key: string) => [
    sum(expression, `${key}_male`, male),
    sum(expression, `${key}_female`, female),
    sum(expression, `${key}_total`),
  ];
  const { rows } = await sql<Record<string, number | null> & { barangay_id: number | null; age_group: number | null }>`
    with r as (${onRecord}),
    g as (
      select barangay_id, sex, age_group, count(*)::int as n,
        ${sql.join(FORM_C_SECTORS.map((s) => sql`count(*) filter (where ${sql.ref(s.key)})::int as ${sql.ref(s.key)}`))}
      from r group by barangay_id, sex, age_group)
    select barangay_id, age_group, grouping(barangay_id)::int as all_barangays, grouping(age_group)::int as all_ages,
      ${sql.join([
        sum(n, "male", male),
        sum(n, "female", female),
        sum(n, "not_stated", sql`sex is null`),
        sum(n, "total"),
        sum(n, "age_unknown", sql`age_group is null`),
        ...FORM_C_AGE_BRACKETS.map((b, i) => sum(n, b.key, sql`age_group = ${i}`)),
        ...FORM_C_SECTORS.map((s) => sum(sql.ref(s.key), s.key)),
        ...bySex(n, "n"),
        ...FORM_C_SECTORS.flatMap((s) => bySex(sql.ref(s.key), s.key)),
      ])}
    from g group by grouping sets ((barangay_id), (age_group), ())`.execute(trx);
  const perBarangayRows = rows.filter((r) => num(r.all_barangays) === 0);
  const formC = { rows: rows.filter((r) => num(r.all_barangays) === 1) };
  const households = await sql<{ barangay_id: number | null; households: number }>`
    select h.barangay_id, count(*)::int as households from households h
    where ${among(args, "h.barangay_id")} and h.created_at < ${end} and (h.deleted_at is null or h.deleted_at >= ${end})
    group by grouping sets ((h.barangay_id), ())`.execute(trx);

  const householdsOf = new Map(households.rows.map((r) => [r.barangay_id == null ? null : Number(r.barangay_id), num(r.households)]));
  const byBarangay = perBarangay(args, perBarangayRows, (r, id) => ({
    households: householdsOf.get(id) ?? 0,
    male: num(r?.male),
    female: num(r?.female),
    not_stated: num(r?.not_stated),
    total: num(r?.total),
    ...Object.fromEntries(FORM_C_SECTORS.map((s) => [s.key, num(r?.[s.key])])),
  }));
  const ageRows = perBarangay(args, perBarangayRows, (r) => ({
    ...Object.fromEntries(FORM_C_AGE_BRACKETS.map((b) => [b.key, num(r?.[b.key])])),
    age_unknown: num(r?.age_unknown),
    total: num(r?.total),
  }));

  const everyone = formC.rows.find((r) => num(r.all_ages) === 1);
  const line = (indicator: string, r: Record<string, unknown> | undefined, key: string): ReportRow => ({
    indicator,
    male: num(r?.[`${key}_male`]),
    female: num(r?.[`${key}_female`]),
    total: num(r?.[`${key}_total`]),
  });
  const bracketRow = (i: number | null) =>
    formC.rows.find((r) => num(r.all_ages) === 0 && (r.age_group == null ? null : num(r.age_group)) === i);
  const formCRows: ReportRow[] = [
    ...FORM_C_AGE_BRACKETS.map((b, i) => line(`${b.label} years`, bracketRow(i), "n")),
    ...(bracketRow(null) ? [line("Age not stated", bracketRow(null), "n")] : []),
    line("Total inhabitants", everyone, "n"),
    ...FORM_C_SECTORS.map((s) => line(s.label, everyone, s.key)),
  ];
  return {
    cards: [
      { key: "barangays", label: "Barangays", value: args.barangays.length, kind: "number" },
      { key: "inhabitants", label: "Inhabitants", value: num(everyone?.n_total), kind: "number", hint: `As of ${longDay(period.to)}` },
      { key: "households", label: "Households", value: householdsOf.get(null) ?? 0, kind: "number" },
      { key: "pwd", label: "Persons with disability", value: num(everyone?.pwd_total), kind: "number" },
    ],
    sections: { by_barangay: byBarangay, ages: ageRows, form_c: formCRows },
  };
};

// ---- collections and remittances per fund ----

const collections: RollupQuery = async (args) => {
  const { trx, period } = args;
  // Per barangay and fund, per fund, per barangay: one scan, three grouping sets.
  const { rows } = await sql<{
    barangay_id: number | null;
    fund: string | null;
    by_barangay: number;
    by_fund: number;
    receipts: number;
    cancelled: number;
    collected: string;
    remitted: string;
    not_remitted: string;
  }>`
    select c.barangay_id, c.fund_type as fund,
      grouping(c.barangay_id)::int as by_fund, grouping(c.fund_type)::int as by_barangay,
      count(*) filter (where c.deleted_at is null)::int as receipts,
      count(*) filter (where c.deleted_at is not null)::int as cancelled,
      coalesce(sum(c.amount_paid) filter (where c.deleted_at is null), 0)::numeric(14,2)::text as collected,
      coalesce(sum(c.amount_paid) filter (where c.deleted_at is null and r.id is not null), 0)::numeric(14,2)::text as remitted,
      coalesce(sum(c.amount_paid) filter (where c.deleted_at is null and r.id is null), 0)::numeric(14,2)::text as not_remitted
    from collections c
    left join remittances r on r.id = c.remittance_id and r.deleted_at is null
    where ${among(args, "c.barangay_id")} and c.date_issued between ${period.from}::date and ${period.to}::date
    group by grouping sets ((c.barangay_id, c.fund_type), (c.fund_type), (c.barangay_id), ())`.execute(trx);

  const pairs = rows.filter((r) => num(r.by_fund) === 0 && num(r.by_barangay) === 0);
  const funds = rows.filter((r) => num(r.by_fund) === 1 && num(r.by_barangay) === 0);
  const barangayTotals = rows.filter((r) => num(r.by_fund) === 0 && num(r.by_barangay) === 1);
  const all = rows.find((r) => num(r.by_fund) === 1 && num(r.by_barangay) === 1);
  const fundOrder = (fund: string | null) => {
    const i = FUNDS.indexOf(fund as (typeof FUNDS)[number]);
    return i < 0 ? FUNDS.length : i;
  };
  const byBarangay = perBarangay(args, barangayTotals, (r) => ({
    ...Object.fromEntries(
      FUNDS.map((f) => [
        fundColumnKey(f),
        pairs.find((p) => Number(p.barangay_id) === Number(r?.barangay_id) && p.fund === f)?.collected ?? "0.00",
      ]),
    ),
    total: (r?.collected as string | undefined) ?? "0.00",
  }));
  const byBarangayFund = pairs
    .sort((a, b) => barangayOrder(args, a.barangay_id) - barangayOrder(args, b.barangay_id) || fundOrder(a.fund) - fundOrder(b.fund))
    .map((p) => ({
      barangay: barangayName(args, p.barangay_id),
      fund: p.fund,
      receipts: num(p.receipts),
      cancelled: num(p.cancelled),
      collected: p.collected,
      remitted: p.remitted,
      not_remitted: p.not_remitted,
    }));
  const byFund = funds
    .sort((a, b) => fundOrder(a.fund) - fundOrder(b.fund))
    .map((f) => ({ fund: f.fund, receipts: num(f.receipts), collected: f.collected, remitted: f.remitted, not_remitted: f.not_remitted }));
  return {
    cards: [
      { key: "barangays", label: "Barangays", value: args.barangays.length, kind: "number" },
      { key: "receipts", label: "Receipts issued", value: num(all?.receipts), kind: "number", hint: period.label },
      { key: "collected", label: "Collected", value: all?.collected ?? "0.00", kind: "money" },
      { key: "remitted", label: "Remitted", value: all?.remitted ?? "0.00", kind: "money" },
    ],
    sections: { by_barangay: byBarangay, by_barangay_fund: byBarangayFund, by_fund: byFund },
  };
};

// ---- certificates issued per type ----

const certificates: RollupQuery = async (args) => {
  const { trx, period } = args;
  const { rows } = await sql<{
    barangay_id: number | null;
    type: string | null;
    by_type: number;
    by_barangay: number;
    issued: number;
    cancelled: number;
    fees: string;
  }>`
    select t.barangay_id, tt.name as type,
      grouping(t.barangay_id)::int as by_type, grouping(tt.name)::int as by_barangay,
      count(*) filter (where t.deleted_at is null)::int as issued,
      count(*) filter (where t.deleted_at is not null)::int as cancelled,
      coalesce(sum(t.amount) filter (where t.deleted_at is null), 0)::numeric(14,2)::text as fees
    from transactions t join transaction_types tt on tt.id = t.transaction_type_id
    where ${among(args, "t.barangay_id")} and t.date_issued between ${period.from}::date and ${period.to}::date
    group by grouping sets ((t.barangay_id, tt.name), (tt.name), (t.barangay_id), ())`.execute(trx);

  const pairs = rows.filter((r) => num(r.by_type) === 0 && num(r.by_barangay) === 0 && num(r.issued) > 0);
  const types = rows.filter((r) => num(r.by_type) === 1 && num(r.by_barangay) === 0 && num(r.issued) > 0);
  const barangayTotals = rows.filter((r) => num(r.by_type) === 0 && num(r.by_barangay) === 1);
  const all = rows.find((r) => num(r.by_type) === 1 && num(r.by_barangay) === 1);
  const byType = (a: { type: string | null }, b: { type: string | null }) => (a.type ?? "").localeCompare(b.type ?? "");
  return {
    cards: [
      { key: "barangays", label: "Barangays", value: args.barangays.length, kind: "number" },
      { key: "issued", label: "Certificates issued", value: num(all?.issued), kind: "number", hint: period.label },
      { key: "types", label: "Types issued", value: types.length, kind: "number" },
      { key: "fees", label: "Fees", value: all?.fees ?? "0.00", kind: "money" },
    ],
    sections: {
      by_barangay: perBarangay(args, barangayTotals, (r) => ({
        issued: num(r?.issued),
        cancelled: num(r?.cancelled),
        fees: (r?.fees as string | undefined) ?? "0.00",
      })),
      by_barangay_type: pairs
        .sort((a, b) => barangayOrder(args, a.barangay_id) - barangayOrder(args, b.barangay_id) || byType(a, b))
        .map((p) => ({ barangay: barangayName(args, p.barangay_id), type: p.type, issued: num(p.issued), fees: p.fees })),
      by_type: types.sort(byType).map((t) => ({ type: t.type, issued: num(t.issued), fees: t.fees })),
    },
  };
};

export const ROLLUP_QUERIES: Record<string, RollupQuery> = { inhabitants, collections, certificates };
