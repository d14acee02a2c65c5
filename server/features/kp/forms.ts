import { z } from "zod";
import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { AppError, forbidden, notFound, ValidationError } from "../../errors.ts";
import { can } from "../../../domain/permissions.ts";
import { todayInManila } from "../../../domain/dates.ts";
import {
  DEFAULT_KP_FORM_SETTINGS,
  findKpForm,
  KP_FORM_LANGUAGES,
  KP_FORM_PAPERS,
  kpFormNumberLabel,
  kpFormRefusal,
  type KpFormDocument,
  type KpFormDef,
  type KpFormKey,
  type KpFormLanguage,
  type KpFormPaper,
  type KpFormSettings,
} from "../../../domain/kp/forms.ts";
import type { KpFormCase, KpFormFacts, KpFormPerson, KpFormTexts } from "../../../domain/kp/form-text/facts.ts";
import { KP_FORM_TEXT_EN } from "../../../domain/kp/form-text/en.ts";
import { KP_FORM_TEXT_FIL } from "../../../domain/kp/form-text/fil.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { qrSvg } from "../../engine/documents.ts";
import { serviceFor } from "../../engine/services.ts";
import { barangayPsgcCode, getBarangayInfo, getSetting, putSetting } from "../../system/settings.ts";
import { inTransaction } from "../../engine/transaction.ts";
import { barangayImages, officialsOn } from "../officials/service.ts";
import type { KpCaseRow } from "./steps.ts";

// The KP forms printed from the records (decision 203): a case form from its case, a Lupon form
// from the Lupon's members, in the barangay's language and on its paper unless the print asks
// otherwise. A form whose step the case has not taken is refused (409) with the reason; what the
// records do not hold prints as a line to fill in by hand. Reading a form needs the entry's view
// permission; the page and the REST adapter log every case form printed.

const TEXTS: Record<KpFormLanguage, KpFormTexts> = { en: KP_FORM_TEXT_EN, fil: KP_FORM_TEXT_FIL };

export const KP_FORM_SETTING = "kp_forms";

const settingsSchema = z.object({
  language: z.enum(KP_FORM_LANGUAGES, { error: "The selected language is invalid." }),
  paper: z.enum(KP_FORM_PAPERS, { error: "The selected paper is invalid." }),
});

/** The barangay's default language and paper of its KP forms. */
export async function kpFormSettings(ctx: Pick<ServiceContext, "db">): Promise<KpFormSettings> {
  const stored = await getSetting<Partial<KpFormSettings>>(ctx, KP_FORM_SETTING, {});
  const parsed = settingsSchema.safeParse({ ...DEFAULT_KP_FORM_SETTINGS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_KP_FORM_SETTINGS;
}

/** Whoever keeps the Lupon's records (the Lupon secretary, the Punong Barangay) sets the forms' defaults. */
export function mayChangeKpFormSettings(user: ServiceContext["user"]): boolean {
  return can(user, "update-lupon_member") || can(user, "manage-lupon_member");
}

export async function saveKpFormSettings(ctx: ServiceContext, input: unknown): Promise<KpFormSettings> {
  if (!mayChangeKpFormSettings(ctx.user)) throw forbidden();
  const parsed = settingsSchema.safeParse(input);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  await inTransaction(ctx, (tx) => putSetting(tx, KP_FORM_SETTING, parsed.data));
  return parsed.data;
}

/** A print's choices: `language`, `paper` (defaults: the barangay's) and `member`; a bad value is a 422 on its field. */
export async function kpFormQuery(
  ctx: Pick<ServiceContext, "db">,
  params: URLSearchParams,
): Promise<{ language: KpFormLanguage; paper: KpFormPaper; member: number | null }> {
  const defaults = await kpFormSettings(ctx);
  const language = params.get("language") || defaults.language;
  const paper = params.get("paper") || defaults.paper;
  const memberText = params.get("member");
  const errors: Record<string, string[]> = {};
  if (!(KP_FORM_LANGUAGES as readonly string[]).includes(language)) errors.language = ["The language must be en or fil."];
  if (!(KP_FORM_PAPERS as readonly string[]).includes(paper)) errors.paper = ["The paper must be a4, letter or long."];
  const member = memberText ? Number(memberText) : null;
  if (member !== null && (!Number.isSafeInteger(member) || member < 1)) errors.member = ["The member must be a record id."];
  if (Object.keys(errors).length) throw new ValidationError(errors);
  return { language: language as KpFormLanguage, paper: paper as KpFormPaper, member };
}

function unknownForm(key: string): AppError {
  return new AppError(404, `There is no KP form ${key}.`);
}

export type { KpFormDocument };

// ---- the records a form reads ---------------------------------------------------------------------

interface LuponRow {
  id: number;
  name: string;
  position: string;
  term_start: string;
  term_end: string | null;
  oath_date: string | null;
}

const POSITION_ORDER = sql<number>`case position when 'chair' then 0 when 'secretary' then 1 else 2 end`;

/** The Lupon's members serving on `date` (the chair and secretary first). */
async function luponOn(ctx: Pick<ServiceContext, "db">, date: string): Promise<LuponRow[]> {
  const rows = await ctx.db
    .selectFrom("lupon_members")
    .select(["id", "name", "position", "term_start", "term_end", "oath_date"])
    .where("deleted_at", "is", null)
    .where("term_start", "<=", date)
    .where((eb) => eb.or([eb("term_end", "is", null), eb("term_end", ">=", date)]))
    .orderBy(POSITION_ORDER)
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

interface PangkatRow {
  lupon_member_id: number;
  name: string;
  role: string;
  chosen_on: string;
  chosen_by: "parties" | "lot";
}

/** The case's Pangkat still serving: chairman, secretary, then members. */
async function pangkatOf(ctx: Pick<ServiceContext, "db">, caseId: number): Promise<PangkatRow[]> {
  const rows = await ctx.db
    .selectFrom("kp_pangkat_members as p")
    .innerJoin("lupon_members as l", "l.id", "p.lupon_member_id")
    .select(["p.lupon_member_id", "l.name", "p.role", "p.chosen_on", "p.chosen_by"])
    .where("p.case_id", "=", caseId)
    .where("p.vacated_on", "is", null)
    .orderBy(sql`case p.role when 'chair' then 0 when 'secretary' then 1 else 2 end`)
    .orderBy("p.id")
    .execute();
  return rows.map((r) => ({ ...r, lupon_member_id: Number(r.lupon_member_id) }));
}

/** The reason recorded with the latest standing run of a step (a repudiation's ground, a bar's finding). */
async function stepReason(ctx: Pick<ServiceContext, "db">, caseId: number, command: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom("command_runs")
    .select("reason")
    .where("entity", "=", "kp_case")
    .where("entity_id", "=", caseId)
    .where("command", "=", command)
    .where("reversed_by_run_id", "is", null)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.reason ?? null;
}

/** The parties with their names as the records hold them (a resident's profile, an outsider's typed name). */
async function partiesOf(ctx: Pick<ServiceContext, "db">, caseId: number) {
  const rows = await ctx.db
    .selectFrom("kp_case_parties as cp")
    .leftJoin("user_profiles as p", "p.user_id", "cp.user_id")
    .leftJoin("puroks as z", "z.id", "p.purok_id")
    .select([
      "cp.id",
      "cp.role",
      "cp.name",
      "cp.address",
      fullNameOf("p").as("fullname"),
      sql<string | null>`nullif(concat_ws(', ', nullif(concat_ws(' ', p.house_number, p.street), ''), z.name), '')`.as("home"),
    ])
    .where("cp.case_id", "=", caseId)
    .orderBy("cp.position")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    role: r.role,
    person: { name: r.fullname ?? r.name ?? "", address: r.address ?? r.home ?? null } satisfies KpFormPerson,
  }));
}

/** The day a case form is dated, the day whose officials sign it (the print's day when the records hold none). */
function formDate(key: KpFormKey, c: KpFormCase, today: string, chosenOn: string | null): string {
  const byForm: Partial<Record<KpFormKey, string | null>> = {
    "7": c.filed_on,
    "8": c.summoned_on,
    "9": c.summoned_on,
    "10": c.referred_on,
    "11": chosenOn,
    "12": c.pangkat_constituted_on,
    "13": c.pangkat_constituted_on,
    "14": c.arbitration_agreed_on,
    "15": c.awarded_on,
    "16": c.settled_on,
    "17": c.repudiated_on,
    "20": c.certified_on,
    "20-a": c.certified_on,
    "20-b": c.certified_on,
    "21": c.certified_on,
    "22": c.counterclaim_barred_on,
    "23": c.execution_moved_on,
    "24": c.execution_moved_on,
    "25": c.executed_on,
  };
  return byForm[key] ?? today;
}

/** Who signs for the barangay on `date`: the Punong Barangay (the Lupon's chair) and the secretaries. */
async function signersOn(ctx: Pick<ServiceContext, "db">, date: string, lupon: readonly LuponRow[]) {
  const officials = await officialsOn(ctx, date);
  const luponChair = lupon.find((m) => m.position === "chair")?.name ?? "";
  const luponSecretary = lupon.find((m) => m.position === "secretary")?.name ?? "";
  return {
    punong_barangay: officials.punong_barangay || luponChair,
    barangay_secretary: officials.secretary || luponSecretary,
    // The barangay secretary is the Lupon secretary concurrently (§403).
    lupon_secretary: luponSecretary || officials.secretary,
  };
}

function headingOf(texts: KpFormTexts, barangay: { name: string; municipality: string; province: string }) {
  return {
    republic: texts.republic,
    province: texts.province(barangay.province),
    municipality: texts.municipality(barangay.municipality),
    barangay: barangay.name,
    office: texts.office,
  };
}

function formHeader(def: KpFormDef, language: KpFormLanguage, texts: KpFormTexts): KpFormDocument["form"] {
  return {
    key: def.key,
    number: def.number,
    numberLabel: kpFormNumberLabel(def, language),
    later: def.later,
    laterLabel: texts.laterNumber(def.later),
    title: def.title[language],
  };
}

function mayViewCases(user: ServiceContext["user"]): boolean {
  return can(user, "view-kp_case") || can(user, "manage-kp_case");
}

/**
 * A case's form ready to print. 403 without the case permission, 404 for an unknown form or case,
 * 409 when the case has not taken the form's step, 422 for a bad language, paper or member.
 */
export async function kpCaseFormDocument(
  ctx: ServiceContext,
  caseId: number,
  formKey: string,
  params: URLSearchParams,
  origin: string,
): Promise<KpFormDocument> {
  if (!mayViewCases(ctx.user)) throw forbidden();
  const def = findKpForm(formKey);
  if (!def || def.scope !== "case") throw unknownForm(formKey);
  const query = await kpFormQuery(ctx, params);
  const row: KpCaseRow = await serviceFor("kp_case").read(ctx, caseId);
  if (row.deleted_at) throw new AppError(409, `Case ${row.docket_number} is in the trash; restore it to print its forms.`);
  const pangkat = await pangkatOf(ctx, caseId);
  const refusal = kpFormRefusal(def, { ...row, pangkat_members: pangkat.length });
  if (refusal) throw new AppError(409, refusal);

  let member: PangkatRow | null = null;
  if (def.perMember === "pangkat") {
    if (query.member == null)
      throw ValidationError.field("member", "Choose the Pangkat member the notice is for (member: the Lupon member's id).");
    member = pangkat.find((p) => p.lupon_member_id === query.member) ?? null;
    if (!member) throw new AppError(404, `The Lupon member is not on the Pangkat of case ${row.docket_number}.`);
  }

  const [parties, repudiationReason, counterclaimReason, executionHearing, barangay, images] = await Promise.all([
    partiesOf(ctx, caseId),
    row.repudiated_on ? stepReason(ctx, caseId, "repudiate") : null,
    row.counterclaim_barred_on ? stepReason(ctx, caseId, "certify_bar_counterclaim") : null,
    row.execution_moved_on
      ? ctx.db
          .selectFrom("kp_hearings")
          .select("held_on")
          .where("case_id", "=", caseId)
          .where("kind", "=", "execution")
          .where("deleted_at", "is", null)
          .where("held_on", ">=", row.execution_moved_on)
          .orderBy("held_on")
          .executeTakeFirst()
      : undefined,
    getBarangayInfo(ctx),
    barangayImages(ctx),
  ]);
  const kase: KpFormCase = {
    docket_number: row.docket_number,
    title: row.title,
    nature: row.nature,
    complaint: row.complaint,
    terms: row.terms,
    filed_on: row.filed_on,
    // A complaint is filed the day it is received. The record's time stamp is when it was typed in,
    // which for a complaint entered later from the paper docket is not the day it was received.
    received_on: row.filed_on,
    summoned_on: row.summoned_on,
    mediation_started_on: row.mediation_started_on,
    referred_on: row.referred_on,
    pangkat_constituted_on: row.pangkat_constituted_on,
    conciliation_started_on: row.conciliation_started_on,
    arbitration_agreed_on: row.arbitration_agreed_on,
    settled_on: row.settled_on,
    awarded_on: row.awarded_on,
    repudiated_on: row.repudiated_on,
    executed_on: row.executed_on,
    certified_on: row.certified_on,
    counterclaim_barred_on: row.counterclaim_barred_on,
    execution_moved_on: row.execution_moved_on,
    outcome_reason: row.outcome_reason,
    repudiation_reason: repudiationReason,
    counterclaim_reason: counterclaimReason,
    execution_hearing_on: executionHearing?.held_on ?? null,
  };
  const today = todayInManila();
  const dated = formDate(def.key, kase, today, member?.chosen_on ?? null);
  const lupon = await luponOn(ctx, dated);
  const signers = await signersOn(ctx, dated, lupon);
  const byRole = (role: string) => parties.filter((p) => p.role === role).map((p) => p.person);
  const movant = parties.find((p) => p.id === Number(row.execution_movant_party_id))?.person ?? null;
  const facts: KpFormFacts = {
    barangay,
    case: kase,
    complainants: byRole("complainant"),
    respondents: byRole("respondent"),
    witnesses: byRole("witness"),
    movant,
    // The Pangkat heard it once it convened or was constituted; before that, the Punong Barangay.
    forum: row.conciliation_started_on || row.pangkat_constituted_on ? "pangkat" : "punong_barangay",
    officials: {
      ...signers,
      pangkat_chair: pangkat.find((p) => p.role === "chair")?.name ?? "",
      pangkat_secretary: pangkat.find((p) => p.role === "secretary")?.name ?? "",
      pangkat: pangkat.map((p) => p.name),
    },
    lupon: lupon.map((m) => ({ name: m.name, position: m.position })),
    member: member
      ? {
          name: member.name,
          position: member.role,
          term_start: null,
          term_end: null,
          oath_date: null,
          chosen_on: member.chosen_on,
          chosen_by: member.chosen_by,
        }
      : null,
    today,
  };
  const texts = TEXTS[query.language];
  // With the barangay's PSGC code, so that the printed QR code finds its barangay on a hub too.
  const psgc = await barangayPsgcCode(ctx);
  const verifyUrl = `${origin}/verify/kp/${encodeURIComponent(row.docket_number)}${psgc ? `?b=${psgc}` : ""}`;
  return {
    form: formHeader(def, query.language, texts),
    language: query.language,
    paper: query.paper,
    heading: headingOf(texts, barangay),
    caption: {
      complainants: facts.complainants.map((p) => p.name),
      respondents: facts.respondents.map((p) => p.name),
      docket: row.docket_number,
      nature: row.nature,
      labels: texts.caption,
    },
    blocks: texts.forms[def.key](facts),
    verify: def.certification ? { url: verifyUrl, qrSvg: await qrSvg(verifyUrl), label: texts.verify } : null,
    images,
    case: { id: caseId, docket_number: row.docket_number },
    member: member ? { id: member.lupon_member_id, name: member.name } : null,
  };
}

/**
 * A Lupon formation form (1–6) ready to print: 1 and 4 list the members serving today; 2, 3, 5
 * and 6 are one member's (`member`, required). 403 without view-lupon_member.
 */
export async function kpLuponFormDocument(ctx: ServiceContext, formKey: string, params: URLSearchParams): Promise<KpFormDocument> {
  if (!can(ctx.user, "view-lupon_member") && !can(ctx.user, "manage-lupon_member")) throw forbidden();
  const def = findKpForm(formKey);
  if (!def || def.scope !== "lupon") throw unknownForm(formKey);
  const query = await kpFormQuery(ctx, params);
  let member: LuponRow | null = null;
  if (def.perMember) {
    if (query.member == null) throw ValidationError.field("member", "Choose the Lupon member the form is for.");
    const found = await ctx.db
      .selectFrom("lupon_members")
      .select(["id", "name", "position", "term_start", "term_end", "oath_date"])
      .where("id", "=", query.member)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (!found) throw notFound("Lupon member");
    member = { ...found, id: Number(found.id) };
  }
  const today = todayInManila();
  // A member's forms are signed by the officials of the member's own dates; the lists by today's.
  const dated = (def.key === "5" ? member?.oath_date : def.key === "6" ? member?.term_end : member?.term_start) ?? today;
  const [barangay, images, lupon] = await Promise.all([getBarangayInfo(ctx), barangayImages(ctx), luponOn(ctx, today)]);
  const signers = await signersOn(ctx, dated, lupon);
  if ((def.key === "1" || def.key === "4") && lupon.length === 0)
    throw new AppError(409, `${kpFormNumberLabel(def, "en")} lists the Lupon's members, and no member is serving today.`);
  const facts: KpFormFacts = {
    barangay,
    case: null,
    complainants: [],
    respondents: [],
    witnesses: [],
    movant: null,
    forum: "punong_barangay",
    officials: { ...signers, pangkat_chair: "", pangkat_secretary: "", pangkat: [] },
    lupon: lupon.map((m) => ({ name: m.name, position: m.position })),
    member: member
      ? {
          name: member.name,
          position: member.position,
          term_start: member.term_start,
          term_end: member.term_end,
          oath_date: member.oath_date,
          chosen_on: null,
          chosen_by: null,
        }
      : null,
    today,
  };
  const texts = TEXTS[query.language];
  return {
    form: formHeader(def, query.language, texts),
    language: query.language,
    paper: query.paper,
    heading: headingOf(texts, barangay),
    caption: null,
    blocks: texts.forms[def.key](facts),
    verify: null,
    images,
    case: null,
    member: member ? { id: member.id, name: member.name } : null,
  };
}

/** "KP Form No. 9 (fil, long)": what the access log says was printed. */
export function kpFormPrintDetail(doc: KpFormDocument): string {
  return `${kpFormNumberLabel(doc.form, "en")} (${doc.language}, ${doc.paper})${doc.member ? `, for ${doc.member.name}` : ""}`;
}
