import { sql } from "kysely";
import { z } from "zod";
import { servesHub } from "../../../db/tenant.ts";
import { todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import { barangayPlace, isPsgcCode, type PsgcBarangay } from "../../../domain/psgc.ts";
import { OFFICIAL_POSITIONS } from "../../../domain/registry/officials.ts";
import {
  ADDRESS_MAX,
  checklistOf,
  SETUP_IDENTITY_PATH,
  SETUP_MARKS_SETTING,
  SETUP_MESSAGES,
  SETUP_PERMISSION,
  type SetupChecklist,
  type SetupMark,
  type SetupStep,
} from "../../../domain/setup.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden, ValidationError } from "../../errors.ts";
import { audit } from "../../engine/audit.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { getSetting, putSetting, type BarangayInfo } from "../../system/settings.ts";
import { barangayByCode, cityByCode } from "../psgc/psgc.ts";
import { intlLocale, languageOf, m, type Locale } from "../../../domain/i18n/index.ts";
import { OWN_BARANGAY_ID, searchBarangaysInUse } from "../psgc/in-use.ts";

// The first-run checklist (issue 33 item 3, decision 218): one read of the barangay's records
// answers every step, and the two writes no other screen does — the barangay's identity from the
// PSGC list and its address — live here. The page, the dashboard's card and REST are adapters.
//
// Everything is the current barangay's: the tables are read under row-level security (decision
// 209), and the `barangays` row — readable by every barangay — is picked by the transaction's own
// barangay (app.barangay_id), never by an id from the request.

/** The administrator's, and nobody else's: a clerk gets the spec's 403. */
export function maySetUp(user: ServiceContext["user"]): boolean {
  return can(user, SETUP_PERMISSION);
}

function assertMaySetUp(ctx: ServiceContext): void {
  if (!maySetUp(ctx.user)) throw forbidden();
}

interface Marked {
  by: number | null;
  by_name: string | null;
  at: string;
}
type Marks = Partial<Record<SetupMark, Marked>>;

/** Every fact the steps need, in one statement of scalar subqueries (each reads an index or a small table). */
async function readFacts(ctx: Pick<ServiceContext, "db">) {
  const today = todayInManila();
  const inOffice = sql`deleted_at is null and term_start <= ${today}::date and (term_end is null or term_end >= ${today}::date)`;
  const { rows } = await sql<{
    psgc_code: string | null;
    barangay_name: string | null;
    city_municipality: string | null;
    province: string | null;
    info: BarangayInfo | string | null;
    images: string[] | null;
    positions: string[] | null;
    puroks: number;
    fee_types: number;
    collection_fees: number;
    pads: number;
    cheque_books: number;
    marks: Marks | string | null;
    staff: number;
  }>`
    select
      b.psgc_code, b.name as barangay_name, b.city_municipality, b.province,
      (select value from settings where key = 'barangay') as info,
      (select array_agg(kind order by kind) from barangay_images) as images,
      (select array_agg(distinct position) from officials where ${inOffice}) as positions,
      (select count(*)::int from puroks where deleted_at is null) as puroks,
      (select count(*)::int from transaction_types t where t.deleted_at is null and exists (
        select 1 from jsonb_array_elements(case when jsonb_typeof(t.custom_payment_form) = 'array' then t.custom_payment_form else '[]'::jsonb end) line
        where (line->>'amount') ~ '^[0-9]+([.][0-9]+)?$' and (line->>'amount')::numeric > 0)) as fee_types,
      (select count(*)::int from collection_type_fees f join collection_types c on c.id = f.collection_type_id
        where c.deleted_at is null and f.amount > 0) as collection_fees,
      (select count(*)::int from form_pads where deleted_at is null) as pads,
      (select count(*)::int from cheque_books where deleted_at is null) as cheque_books,
      (select value from settings where key = ${SETUP_MARKS_SETTING}) as marks,
      (select count(distinct ur.user_id)::int from user_roles ur join users u on u.id = ur.user_id
        where u.kind = 'staff' and u.deleted_at is null) as staff
    from (select 1) as one
    left join barangays b on b.id = ${OWN_BARANGAY_ID}`.execute(ctx.db);
  const row = rows[0];
  const json = <T>(v: T | string | null): T | null => (typeof v === "string" ? (JSON.parse(v) as T) : v);
  return { ...row, info: json(row.info), marks: json(row.marks) ?? {}, images: row.images ?? [], positions: row.positions ?? [] };
}

type Facts = Awaited<ReturnType<typeof readFacts>>;

const PUNONG_BARANGAY = OFFICIAL_POSITIONS[0].label;

/** "none yet", "1 purok", "3 puroks": in the request's language. */
function countOf(n: number, one: (p: { count: string }) => string, many: (p: { count: string }) => string): string {
  if (n === 0) return m.admin_setup_s_none_yet();
  return (n === 1 ? one : many)({ count: n.toLocaleString(intlLocale()) });
}

// The steps' words are the request's language (issue 33 item 4): the checklist's page, its REST
// answer and the dashboard's card are read by whoever asked.
function stepsOf(f: Facts): SetupStep[] {
  const hasSeal = f.images.includes("seal");
  const hasLogo = f.images.includes("logo");
  const address = f.info?.address?.trim() ?? "";
  const captain = f.positions.includes(PUNONG_BARANGAY);
  const others = OFFICIAL_POSITIONS.filter((p) => p.label !== PUNONG_BARANGAY && f.positions.includes(p.label)).length;
  const noCheques = f.marks.no_cheques ?? null;
  const place = [f.barangay_name, f.city_municipality, f.province].filter(Boolean).join(", ");
  const steps: Omit<SetupStep, "number">[] = [
    {
      key: "identity",
      title: m.admin_setup_s_identity_title(),
      description: m.admin_setup_s_identity_description(),
      done: f.psgc_code != null,
      parts: [
        {
          label: m.admin_setup_s_psgc_code(),
          done: f.psgc_code != null,
          detail: f.psgc_code ? `${place} · ${f.psgc_code}` : m.admin_setup_s_not_picked(),
          required: true,
        },
      ],
      links: [
        { label: m.admin_setup_s_pick(), href: SETUP_IDENTITY_PATH },
        { label: m.admin_setup_s_language_link(), href: `${SETUP_IDENTITY_PATH}#language` },
      ],
      mark: null,
    },
    {
      key: "letterhead",
      title: m.admin_setup_s_letterhead_title(),
      description: m.admin_setup_s_letterhead_description(),
      done: address !== "" && hasSeal,
      parts: [
        { label: m.admin_setup_s_address(), done: address !== "", detail: address || m.admin_setup_s_not_written(), required: true },
        {
          label: m.admin_setup_s_seal(),
          done: hasSeal,
          detail: hasSeal ? m.admin_setup_s_uploaded() : m.admin_setup_s_not_uploaded_yet(),
          required: true,
        },
        {
          label: m.admin_setup_s_logo(),
          done: hasLogo,
          detail: hasLogo ? m.admin_setup_s_uploaded() : m.admin_setup_s_not_uploaded(),
          required: false,
        },
      ],
      links: [
        { label: m.admin_setup_s_write_address(), href: `${SETUP_IDENTITY_PATH}#address` },
        { label: m.admin_setup_s_upload(), href: "/system/parameters/officials#seal-title" },
      ],
      mark: null,
    },
    {
      key: "officials",
      title: m.admin_setup_s_officials_title(),
      description: m.admin_setup_s_officials_description(),
      done: captain,
      parts: [
        {
          label: m.admin_setup_s_captain(),
          done: captain,
          detail: captain ? m.admin_setup_s_recorded() : m.admin_setup_s_not_recorded(),
          required: true,
        },
        {
          label: m.admin_setup_s_others(),
          done: others > 0,
          detail: m.admin_setup_s_positions({ held: others, total: OFFICIAL_POSITIONS.length - 1 }),
          required: false,
        },
      ],
      links: [{ label: m.admin_setup_s_officials(), href: "/system/parameters/officials" }],
      mark: null,
    },
    {
      key: "puroks",
      title: m.admin_setup_s_puroks(),
      description: m.admin_setup_s_puroks_description(),
      done: f.puroks > 0,
      parts: [
        {
          label: m.admin_setup_s_puroks(),
          done: f.puroks > 0,
          detail: countOf(f.puroks, m.admin_setup_s_purok_one, m.admin_setup_s_purok_other),
          required: true,
        },
      ],
      links: [{ label: m.admin_setup_s_puroks(), href: "/system/parameters/puroks" }],
      mark: null,
    },
    {
      key: "fees",
      title: m.admin_setup_s_fees_title(),
      description: m.admin_setup_s_fees_description(),
      done: f.fee_types > 0 || f.collection_fees > 0,
      parts: [
        {
          label: m.admin_setup_s_fee_types(),
          done: f.fee_types > 0,
          detail: countOf(f.fee_types, m.admin_setup_s_fee_type_one, m.admin_setup_s_fee_type_other),
          required: false,
        },
        {
          label: m.admin_setup_s_collection_fees(),
          done: f.collection_fees > 0,
          detail: countOf(f.collection_fees, m.admin_setup_s_fee_one, m.admin_setup_s_fee_other),
          required: false,
        },
      ],
      links: [
        { label: m.admin_setup_s_certificate_types(), href: "/system/parameters/transaction_types" },
        { label: m.admin_setup_s_collection_types(), href: "/system/parameters/collection_types" },
      ],
      mark: null,
    },
    {
      key: "forms",
      title: m.admin_setup_s_forms_title(),
      description: m.admin_setup_s_forms_description(),
      done: f.pads > 0 && (f.cheque_books > 0 || noCheques != null),
      parts: [
        {
          label: m.admin_setup_s_pads(),
          done: f.pads > 0,
          detail: countOf(f.pads, m.admin_setup_s_pad_one, m.admin_setup_s_pad_other),
          required: true,
        },
        {
          label: m.admin_setup_s_cheque_books(),
          done: f.cheque_books > 0 || noCheques != null,
          detail:
            f.cheque_books > 0
              ? countOf(f.cheque_books, m.admin_setup_s_cheque_book_one, m.admin_setup_s_cheque_book_other)
              : noCheques
                ? m.admin_setup_s_no_cheques_detail()
                : m.admin_setup_s_none_yet(),
          required: true,
        },
      ],
      links: [
        { label: m.admin_setup_s_form_pads(), href: "/system/parameters/form_pads" },
        { label: m.admin_setup_s_cheque_books(), href: "/manage/cheque_books" },
      ],
      mark: {
        mark: "no_cheques",
        label: m.admin_setup_s_no_cheques(),
        markedBy: noCheques?.by_name ?? null,
        markedAt: noCheques?.at ?? null,
      },
    },
    {
      key: "users",
      title: m.admin_setup_s_users_title(),
      description: m.admin_setup_s_users_description(),
      done: f.staff > 1,
      parts: [
        {
          label: m.admin_setup_s_staff(),
          done: f.staff > 1,
          detail:
            f.staff > 1
              ? m.admin_setup_s_accounts({ count: f.staff })
              : f.staff === 1
                ? m.admin_setup_s_only_admin()
                : m.admin_setup_s_none_yet(),
          required: true,
        },
      ],
      links: [
        { label: m.admin_users_title(), href: "/system/users" },
        { label: m.admin_user_form_roles(), href: "/system/roles" },
      ],
      mark: null,
    },
  ];
  return steps.map((s, i) => ({ ...s, number: i + 1 }));
}

/** The checklist of the current barangay: one statement. The administrator's only. */
export async function setupChecklist(ctx: ServiceContext): Promise<SetupChecklist> {
  assertMaySetUp(ctx);
  return checklistOf(stepsOf(await readFacts(ctx)));
}

/** What the dashboard shows: the checklist while a step is left, for whoever may set up; otherwise nothing. */
export async function dashboardSetup(ctx: ServiceContext): Promise<SetupChecklist | null> {
  if (!maySetUp(ctx.user)) return null;
  const checklist = checklistOf(stepsOf(await readFacts(ctx)));
  return checklist.complete ? null : checklist;
}

// --- the identity and the address ------------------------------------------------------------------

export interface SetupIdentity {
  psgc_code: string | null;
  name: string;
  city_municipality: string | null;
  province: string | null;
  region: string | null;
  address: string;
  /** The language of the barangay: what its users read unless they chose their own (issue 33 item 4). */
  default_language: Locale;
  /** Whether the administrator may pick (again): not on a hub once the hub's administrator has. */
  canPick: boolean;
}

async function ownBarangay(ctx: Pick<ServiceContext, "db">, lock = false) {
  let q = ctx.db
    .selectFrom("barangays")
    .select(["id", "psgc_code", "name", "city_municipality", "province", "region", "default_language"])
    .where("id", "=", OWN_BARANGAY_ID);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The barangay's identity as stored, for its form. */
export async function setupIdentity(ctx: ServiceContext): Promise<SetupIdentity> {
  assertMaySetUp(ctx);
  const [row, info] = await Promise.all([ownBarangay(ctx), getSetting<BarangayInfo | null>(ctx, "barangay", null)]);
  return {
    psgc_code: row?.psgc_code ?? null,
    name: row?.name ?? info?.name ?? "",
    city_municipality: row?.city_municipality ?? null,
    province: row?.province ?? null,
    region: row?.region ?? null,
    address: info?.address ?? "",
    default_language: languageOf(row?.default_language) ?? "en",
    canPick: !(servesHub() && row?.psgc_code != null),
  };
}

/** The PSGC list's barangays matching a name, each marked when another barangay of this deployment has it. */
export async function searchIdentity(ctx: ServiceContext, query: string): Promise<(PsgcBarangay & { taken: boolean })[]> {
  assertMaySetUp(ctx);
  return (await searchBarangaysInUse(ctx, query, "own")).map(({ inUse, ...b }) => ({ ...b, taken: inUse }));
}

const identityInput = z.object({
  psgc_code: z
    .string({ error: SETUP_MESSAGES.psgcRequired })
    .trim()
    .min(1, { error: SETUP_MESSAGES.psgcRequired, abort: true })
    .refine(isPsgcCode, SETUP_MESSAGES.psgcFormat),
});

const addressInput = z.object({
  address: z
    .string({ error: SETUP_MESSAGES.addressRequired })
    .trim()
    .min(1, SETUP_MESSAGES.addressRequired)
    .max(ADDRESS_MAX, SETUP_MESSAGES.addressTooLong),
});

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

/** The settings' "barangay" as stored, else what the barangays row says (a fresh install has none). */
async function currentInfo(ctx: ServiceContext, row: Awaited<ReturnType<typeof ownBarangay>>): Promise<BarangayInfo> {
  const info = await getSetting<BarangayInfo | null>(ctx, "barangay", null);
  return (
    info ?? {
      name: row?.name ?? "",
      municipality: row?.city_municipality ?? "",
      province: row?.province ?? "",
      region: row?.region ?? "",
      address: "",
    }
  );
}

/**
 * Picks the barangay's identity from the PSGC list: its `barangays` row (code, name, city,
 * province, region) and the settings the prints read, in one audited transaction. The address is
 * kept. Refused (422) for an unknown code, a code another barangay of the deployment has, and on
 * a hub once its administrator gave the code.
 */
export async function setIdentity(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  assertMaySetUp(ctx);
  const { psgc_code } = parse(identityInput, input);
  const found = barangayByCode(psgc_code);
  if (!found) throw ValidationError.field("psgc_code", SETUP_MESSAGES.psgcUnknown);
  const city = cityByCode(found.cityMunicipality.code);
  const municipality = city?.level === "Mun" ? `Municipality of ${found.cityMunicipality.name}` : found.cityMunicipality.name;
  const place = barangayPlace(found);
  await inTransaction(ctx, async (tx) => {
    const row = await ownBarangay(tx, true);
    if (!row) throw forbidden();
    if (servesHub() && row.psgc_code != null && row.psgc_code !== place.psgc_code)
      throw ValidationError.field("psgc_code", SETUP_MESSAGES.psgcHub);
    const other = await tx.db
      .selectFrom("barangays")
      .select("id")
      .where("psgc_code", "=", place.psgc_code)
      .where("id", "<>", row.id)
      .executeTakeFirst();
    if (other) throw ValidationError.field("psgc_code", SETUP_MESSAGES.psgcUsed);
    await tx.db
      .updateTable("barangays")
      .set({ ...place, updated_at: new Date() })
      .where("id", "=", row.id)
      .execute();
    await audit(tx, {
      entity: "barangay",
      entityId: Number(row.id),
      action: "update",
      before: {
        psgc_code: row.psgc_code,
        name: row.name,
        city_municipality: row.city_municipality,
        province: row.province,
        region: row.region,
      },
      after: place,
    });
    const info = await currentInfo(tx, row);
    await putSetting(tx, "barangay", {
      ...info,
      name: `Barangay ${found.name}`,
      municipality,
      province: found.province?.name ?? "",
      region: found.region.name,
    } satisfies BarangayInfo);
  });
  return { message: SETUP_MESSAGES.identitySaved(`${found.name}, ${found.cityMunicipality.name}`) };
}

/** Writes the barangay's address (the prints' header), keeping the rest of its settings. */
export async function setAddress(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  assertMaySetUp(ctx);
  const { address } = parse(addressInput, input);
  await inTransaction(ctx, async (tx) => {
    const info = await currentInfo(tx, await ownBarangay(tx));
    await putSetting(tx, "barangay", { ...info, address } satisfies BarangayInfo);
  });
  return { message: "Successfully saved the barangay's address." };
}

const languageInput = z.object({
  default_language: z.enum(["en", "fil"], { error: SETUP_MESSAGES.languageInvalid }),
});

/**
 * Sets the barangay's language (issue 33 item 4, docs/decisions/219): what its users read the
 * portal in unless they chose their own. Audited on the barangay's row; every session reads it on
 * its next request (the row's trigger drops the session cache, migration 20261217300000). The
 * message is in the language the administrator reads from now on.
 */
export async function setLanguage(ctx: ServiceContext, input: unknown): Promise<{ message: string }> {
  assertMaySetUp(ctx);
  const { default_language } = parse(languageInput, input);
  const own = await inTransaction(ctx, async (tx) => {
    const row = await ownBarangay(tx, true);
    if (!row) throw forbidden();
    if (row.default_language !== default_language) {
      await tx.db.updateTable("barangays").set({ default_language, updated_at: new Date() }).where("id", "=", row.id).execute();
      await audit(tx, {
        entity: "barangay",
        entityId: Number(row.id),
        action: "update",
        before: { default_language: row.default_language },
        after: { default_language },
      });
    }
    if (!tx.user) return null;
    const me = await tx.db.selectFrom("users").select("language").where("id", "=", tx.user.id).executeTakeFirst();
    return languageOf(me?.language);
  });
  return { message: m.admin_setup_language_saved({}, { locale: own ?? default_language }) };
}

/** Sets or clears a mark where no record can tell (the barangay writes no cheques): an audited setting. */
export async function setMark(ctx: ServiceContext, mark: SetupMark, on: boolean): Promise<{ message: string }> {
  assertMaySetUp(ctx);
  await inTransaction(ctx, async (tx) => {
    const marks = { ...(await getSetting<Marks>(tx, SETUP_MARKS_SETTING, {})) };
    if (on) {
      const name = tx.user?.user_profile.fullname ?? tx.user?.username ?? null;
      marks[mark] = { by: tx.user?.id ?? null, by_name: name, at: new Date().toISOString() };
    } else delete marks[mark];
    await putSetting(tx, SETUP_MARKS_SETTING, marks);
  });
  return { message: on ? SETUP_MESSAGES.marked : SETUP_MESSAGES.unmarked };
}
