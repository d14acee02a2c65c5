import { data } from "react-router";
import { todayInManila } from "../../../domain/dates.ts";
import { can } from "../../../domain/permissions.ts";
import { getResource } from "../../../domain/registry/index.ts";
import { stepTaken, type KpState } from "../../../domain/registry/kp.ts";
import { labelOf } from "../../../domain/i18n/labels.ts";
import { term } from "../../../domain/i18n/terms.ts";
import {
  KP_CATEGORY_LABEL,
  KP_DATE_LABEL,
  KP_HEARING_LABEL,
  KP_PARTY_ROLE_LABEL,
  kpRuleLabel,
  kpStateLabel,
  PANGKAT_CHOICE_LABEL,
  PANGKAT_ROLE_LABEL,
  type KpDateColumn,
} from "../../../domain/kp/labels.ts";
import { userCommands } from "../../../domain/registry/types.ts";
import { caseEvents } from "../../../domain/kp/case-events.ts";
import { KP_CASE_FORMS, kpFormRefusal } from "../../../domain/kp/forms.ts";
import { addMonths, caseClock, type ClockItem } from "../../../domain/kp/deadlines.ts";
import type { ServiceContext } from "../../context.ts";
import { isAppError } from "../../errors.ts";
import { serviceFor } from "../../engine/services.ts";
import { holidayDates } from "../holidays/queries.ts";
import { attachFile, removeAttachment } from "./attachments.ts";
import type { KpCaseRow } from "./service.ts";

// The page model of a KP case's own page (/manage/kp/cases/{id}): the case as the service reads it
// (its `get` writes the access-log row every view of a case owes), its parties, hearings, Pangkat
// and attachments, the deadline clock of decision 201 on the barangay's holidays, the steps the law
// allows in its state (KP_CASE_COMMANDS' `from`, for this user's permissions), and the forms its
// steps have issued. The page's action runs a step through the service's command, the same call
// REST and tRPC make; its refusals come back as the dialog's messages.

export interface CaseParty {
  role: "complainant" | "respondent" | "witness";
  name: string;
  address: string | null;
  /** The resident's page, when the party is a resident the user may open. */
  href: string | null;
  outside_city: boolean;
}

export interface CaseHearing {
  id: number;
  kind: string;
  /** The kind in the reader's language. */
  kind_label: string;
  held_on: string;
  minutes: string | null;
}

export interface PangkatSeat {
  id: number;
  lupon_member_id: number;
  name: string;
  role: string;
  /** The seat and how it was chosen, in the reader's language. */
  role_label: string;
  chosen_by: string;
  chosen_by_label: string;
  chosen_on: string;
  vacated_on: string | null;
}

export interface CaseAttachment {
  id: number;
  file_name: string;
  mime: string;
  size: number;
  description: string | null;
  created_at: string;
}

/** A step this user may take now: a command whose `from` holds the case's state. */
export interface CaseStep {
  name: string;
  label: string;
  reason: "required" | "optional" | null;
  destructive: boolean;
  confirm: string | null;
}

/** A choice of a step's select. */
export interface StepChoice {
  value: string;
  label: string;
}

export interface CasePage {
  kase: {
    id: number;
    docket_number: string;
    title: string;
    nature: string;
    category: string;
    category_label: string;
    complaint: string;
    filed_on: string;
    received_at: string | null;
    state: KpState;
    state_label: string;
    terms: string | null;
    outcome_reason: string | null;
    trashed: boolean;
    /** The step dates recorded, in the procedure's order, for the record's summary. */
    dates: { key: string; label: string; date: string }[];
  };
  parties: CaseParty[];
  hearings: CaseHearing[];
  pangkat: PangkatSeat[];
  attachments: CaseAttachment[];
  clock: { today: string; items: ClockItem[] };
  steps: CaseStep[];
  forms: OfferedForm[];
  /** The choices of the steps' selects: the Lupon members serving today, the Pangkat seated, the parties by their place. */
  choices: { lupon: StepChoice[]; pangkat: StepChoice[]; parties: StepChoice[] };
  today: string;
  can: { edit: boolean; attach: boolean };
}


/** The states in which the case's record is still corrected (the service refuses the others). */
const EDITABLE: readonly KpState[] = ["filed", "summoned", "mediation", "pangkat", "conciliation", "arbitration"];

/** A route's case id, or a 404 page. */
export function caseIdOf(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1) throw data("This page could not be found.", { status: 404 });
  return id;
}

function pageError(error: unknown): never {
  if (isAppError(error) && (error.status === 403 || error.status === 404))
    throw data(error.status === 404 ? "This page could not be found." : "You are not authorize to perform this action", {
      status: error.status,
    });
  throw error;
}

/** A KP form this case can print: its key in the print address, its number, its title, and the query of a per-member form. */
export interface OfferedForm {
  form: string;
  number: string;
  title: string;
  query: string;
}

/**
 * The forms a case's steps have issued (domain/kp/forms.ts decides when a case may print each): a
 * notice to a chosen Pangkat member once per member still seated.
 */
function formsOffered(row: KpCaseRow, seated: { lupon_member_id: number; name: string }[]): OfferedForm[] {
  const facts = { ...row, pangkat_members: seated.length };
  return KP_CASE_FORMS.filter((f) => kpFormRefusal(f, facts) === null).flatMap((f) =>
    f.perMember === "pangkat"
      ? seated.map((m) => ({ form: f.key, number: f.number, title: `${f.title.en}: ${m.name}`, query: `?member=${m.lupon_member_id}` }))
      : [{ form: f.key, number: f.number, title: f.title.en, query: "" }],
  );
}

export async function casePage(ctx: ServiceContext, id: number): Promise<CasePage> {
  const row: KpCaseRow = await serviceFor("kp_case").get(ctx, id).catch(pageError);
  const today = todayInManila();
  const record = row as unknown as Record<string, unknown>;

  const hearings = await ctx.db
    .selectFrom("kp_hearings")
    .select(["id", "kind", "held_on", "minutes"])
    .where("case_id", "=", id)
    .where("deleted_at", "is", null)
    .orderBy("held_on")
    .orderBy("id")
    .execute();

  const userIds = [...new Set(row.parties.map((p) => p.user_id).filter((u): u is number => u != null))];
  const people = userIds.length
    ? await ctx.db
        .selectFrom("users as u")
        .leftJoin("user_profiles as p", "p.user_id", "u.id")
        .select(["u.id", "u.kind", "p.firstname", "p.middlename", "p.lastname", "p.suffix"])
        .where("u.id", "in", userIds)
        .execute()
    : [];
  const person = new Map(people.map((p) => [Number(p.id), p]));
  const mayOpenResidents = can(ctx.user, "view-resident") || can(ctx.user, "manage-resident");
  const parties: CaseParty[] = row.parties.map((p) => {
    const who = p.user_id != null ? person.get(p.user_id) : undefined;
    const name = who ? [who.firstname, who.middlename, who.lastname, who.suffix].filter(Boolean).join(" ") : (p.name ?? "");
    return {
      role: p.role as CaseParty["role"],
      name: name || (p.name ?? "—"),
      address: p.address,
      href: who && who.kind === "resident" && mayOpenResidents ? `/manage/residents/${who.id}` : null,
      outside_city: p.outside_city,
    };
  });

  const pangkat = await ctx.db
    .selectFrom("kp_pangkat_members as k")
    .innerJoin("lupon_members as m", "m.id", "k.lupon_member_id")
    .select(["k.id", "k.lupon_member_id", "m.name", "k.role", "k.chosen_by", "k.chosen_on", "k.vacated_on"])
    .where("k.case_id", "=", id)
    .orderBy("k.vacated_on", (o) => o.nullsFirst())
    .orderBy("k.id")
    .execute();
  // Read here, not through listAttachments: the case's get above has checked the reader and logged
  // this view, and a second access row per page view would only be noise.
  const attachments = await ctx.db
    .selectFrom("kp_case_attachments")
    .select(["id", "file_name", "mime", "size", "description", "created_at"])
    .where("case_id", "=", id)
    .where("deleted_at", "is", null)
    .orderBy("id")
    .execute();

  const holidays = await holidayDates(ctx, row.filed_on, addMonths(today > row.filed_on ? today : row.filed_on, 12));
  const clock = caseClock(caseEvents(row, hearings), today, holidays);

  const def = getResource("kp_case");
  const steps: CaseStep[] = row.deleted_at
    ? []
    : userCommands(def)
        .filter((c) => c.from.includes(row.state) && !stepTaken(c.name, row) && can(ctx.user, `${c.permission}-${def.name}`))
        .map((c) => ({
          name: c.name,
          label: term(c.label),
          reason: c.reason ?? null,
          destructive: !!c.destructive,
          confirm: c.confirm ? term(c.confirm).replace("{name}", row.docket_number) : null,
        }));

  const seated = pangkat.filter((p) => !p.vacated_on).map((p) => ({ lupon_member_id: Number(p.lupon_member_id), name: p.name }));
  const lupon = (
    await ctx.db
      .selectFrom("lupon_members")
      .select(["id", "name"])
      // The chair mediated and the secretary keeps the records: the Pangkat is drawn from the others (§§403–404).
      .where("position", "=", "member")
      .where("deleted_at", "is", null)
      .where("term_start", "<=", today)
      .where((eb) => eb.or([eb("term_end", "is", null), eb("term_end", ">=", today)]))
      .orderBy("name")
      .execute()
  ).map((m) => ({ value: String(m.id), label: m.name }));

  return {
    kase: {
      id: row.id,
      docket_number: row.docket_number,
      title: row.title,
      nature: row.nature,
      category: row.category,
      complaint: row.complaint,
      filed_on: row.filed_on,
      received_at: row.received_at ? new Date(row.received_at).toISOString() : null,
      state: row.state,
      state_label: kpStateLabel(row.state),
      terms: row.terms,
      outcome_reason: row.outcome_reason,
      trashed: row.deleted_at != null,
      // The words in the reader's language (domain/kp/labels.ts), the values as stored.
      category_label: labelOf(KP_CATEGORY_LABEL, row.category),
      dates: (Object.keys(KP_DATE_LABEL) as KpDateColumn[]).flatMap((key) =>
        typeof record[key] === "string" ? [{ key, label: KP_DATE_LABEL[key](), date: String(record[key]) }] : [],
      ),
    },
    parties,
    hearings: hearings.map((h) => ({ id: Number(h.id), kind: h.kind, kind_label: labelOf(KP_HEARING_LABEL, h.kind), held_on: h.held_on, minutes: h.minutes })),
    pangkat: pangkat.map((p) => ({
      id: Number(p.id),
      lupon_member_id: Number(p.lupon_member_id),
      name: p.name,
      role: p.role,
      role_label: labelOf(PANGKAT_ROLE_LABEL, p.role),
      chosen_by: p.chosen_by,
      chosen_by_label: labelOf(PANGKAT_CHOICE_LABEL, p.chosen_by),
      chosen_on: p.chosen_on,
      vacated_on: p.vacated_on,
    })),
    attachments: attachments.map((a) => ({
      id: Number(a.id),
      file_name: a.file_name,
      mime: a.mime,
      size: Number(a.size),
      description: a.description,
      created_at: new Date(a.created_at).toISOString(),
    })),
    clock: { today: clock.today, items: clock.items.map((item) => ({ ...item, label: kpRuleLabel(item.rule) })) },
    steps,
    forms: can(ctx.user, "view-kp_case") || can(ctx.user, "manage-kp_case") ? formsOffered(row, seated) : [],
    choices: {
      lupon,
      pangkat: seated.map((p) => ({ value: String(p.lupon_member_id), label: p.name })),
      // A party is named by its place among the case's parties (the motion for execution's movant).
      parties: parties.flatMap((p, i) => (p.role === "witness" ? [] : [{ value: String(i), label: `${p.name} (${labelOf(KP_PARTY_ROLE_LABEL, p.role)})` }])),
    },
    today,
    can: {
      edit: !row.deleted_at && EDITABLE.includes(row.state) && can(ctx.user, "update-kp_case"),
      attach: !row.deleted_at && can(ctx.user, "update-kp_case"),
    },
  };
}

/** What a refused step answers: the step, what was typed, the fields' messages and the refusal. */
export interface StepRefusal {
  step: string;
  values: Record<string, string | string[]>;
  errors: Record<string, string[]>;
  message: string;
}

/** Form fields that carry the page's own state, not the step's input. */
const NOT_INPUT = new Set(["_csrf", "intent", "command", "_return"]);

/**
 * A step posted from the page: the command's name and its input as typed (a field posted several
 * times, the Pangkat's members, is a list; an empty field is left out). The service decides the rest.
 */
export function stepOfForm(form: FormData): { name: string; input: Record<string, string | string[]> } {
  const input: Record<string, string | string[]> = {};
  for (const key of new Set(form.keys())) {
    if (NOT_INPUT.has(key)) continue;
    const values = form
      .getAll(key)
      .map((v) => (typeof v === "string" ? v : ""))
      .filter((v) => v.trim() !== "");
    if (values.length === 0) continue;
    input[key.replace(/\[\]$/, "")] = key.endsWith("[]") ? values : values.length > 1 ? values : values[0];
  }
  return { name: String(form.get("command") ?? ""), input };
}

/**
 * Runs a step through the KP service (the call REST and tRPC make): its message on success, or the
 * refusal (422) with what was typed; a 403 or 404 becomes the error page.
 */
export async function runCaseStep(
  ctx: ServiceContext,
  id: number,
  form: FormData,
): Promise<{ ok: true; message: string } | { ok: false; refusal: StepRefusal }> {
  const { name, input } = stepOfForm(form);
  const service = serviceFor("kp_case");
  try {
    const row = await service.command(ctx, name, id, input);
    return { ok: true, message: service.commandMessage(name, row) };
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return { ok: false, refusal: { step: name, values: input, errors: error.errors ?? {}, message: error.message } };
    if (isAppError(error) && error.status === 404 && !getResource("kp_case").commands?.some((c) => c.name === name))
      throw data(`There is no step "${name}".`, { status: 400 });
    return pageError(error);
  }
}

/**
 * Attaches the posted file to the case, or removes an attachment with its reason (the KP service's
 * attachments, as REST does): the message, or the refusal with what was typed.
 */
export async function runAttachment(
  ctx: ServiceContext,
  id: number,
  form: FormData,
): Promise<{ ok: true; message: string } | { ok: false; refusal: StepRefusal }> {
  const intent = String(form.get("intent"));
  const description = String(form.get("description") ?? "");
  const reason = String(form.get("reason") ?? "");
  const attachment = Number(form.get("attachment"));
  try {
    if (intent === "attach") {
      const file = form.get("file");
      const bytes = file && typeof file !== "string" ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
      const name = file && typeof file !== "string" ? file.name : null;
      const saved = await attachFile(ctx, id, { bytes, fileName: name, description });
      return { ok: true, message: `Successfully attached ${saved.file_name}.` };
    }
    await removeAttachment(ctx, id, attachment, reason);
    return { ok: true, message: "Successfully removed the attachment." };
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return {
        ok: false,
        refusal: {
          step: intent === "attach" ? "attach" : `remove:${attachment}`,
          values: intent === "attach" ? { description } : { reason },
          errors: error.errors ?? {},
          message: error.message,
        },
      };
    return pageError(error);
  }
}
