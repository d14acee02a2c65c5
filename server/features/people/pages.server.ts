import { residentFindStep } from "../../http/pages/picker.server.ts";
import { parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { sql } from "kysely";
import { getResource, type ResourceName } from "../../../domain/registry/index.ts";
import * as messages from "../../../domain/registry/messages.ts";
import { PHOTO_MAX_BYTES } from "../../../domain/registry/people.ts";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { ValidationError } from "../../errors.ts";
import { serviceFor } from "../../engine/services.ts";
import { inTransaction } from "../../engine/transaction.ts";
import {
  duplicateMessage,
  findDuplicates,
  preparePhoto,
  PHOTO_TOO_LARGE,
  resetResidentPassword,
  setResidentPhoto,
  type DuplicateResident,
} from "./residents.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import {
  FORBIDDEN_PAGE_MESSAGE,
  fieldErrorsReply,
  idsOf,
  redirectWithFlash,
  refusal,
  replyInLanguage,
  rethrowForPage,
  type PageArgs,
} from "../../http/pages/page-kit.server.ts";
import { resourceAction } from "../../http/pages/resource-page.server.ts";
import { correctionRequestOf, parseCorrectionRequest, recordCorrectionRequest } from "../privacy/corrections.ts";
import type { CorrectionRequestInput } from "../../../domain/privacy/schemas.ts";
import { naturalKey } from "../../engine/natural-order.ts";
import { translatedMessage } from "../../../domain/i18n/server-messages.ts";

// Page actions and loaders of the people screens, beside the registry's generic ones
// (server/http/pages/resource-page.server.ts): the resident form with its duplicate warning and photo, the
// reset of a resident's password, the household and disaster-prone area forms whose saves show no
// notification (spec §7.3), and restores that keep the one-active-entry rules.

type Args = PageArgs;

// The people services that route modules call directly, named here so routes import only `.server` modules.
export { householdOfResident, readResidentPhoto, type ResidentRecord } from "./residents.ts";

/** Active rows of the named registry entries as select options, for the forms. */
export async function optionsFor(ctx: ServiceContext, names: ResourceName[]): Promise<Record<string, { value: string; label: string }[]>> {
  const out: Record<string, { value: string; label: string }[]> = {};
  for (const name of names)
    out[name] = await serviceFor(name)
      .options(ctx)
      .catch(() => []);
  return out;
}

/** Runs an action; a 422 refusal of the rules comes back inline (`{refusal}`), 403/404 as error pages. */
async function refusalsInline<T>(run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusal(error);
  }
}

/** Spec §7.3: household and disaster-prone area calls show no notifications — the redirect without its flash. */
function withoutFlash(response: unknown): unknown {
  if (response instanceof Response && response.status >= 300 && response.status < 400) {
    const location = response.headers.get("Location");
    if (location) return redirect(location);
  }
  return response;
}

// --- residents ---------------------------------------------------------------------------------

export interface ResidentActionData {
  result?: SubmissionResult<string[]>;
  duplicates?: DuplicateResident[];
  reset?: { username: string; password: string; id: number };
  refusal?: string;
}

export async function residentAction(args: Args) {
  const length = Number(args.request.headers.get("content-length") ?? 0);
  if (length > PHOTO_MAX_BYTES + 512 * 1024) return data({ refusal: PHOTO_TOO_LARGE } satisfies ResidentActionData, { status: 422 });
  const form = await args.request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = serviceContextOf(args.context);
  const def = getResource("resident");
  const engine = serviceFor("resident");

  if (intent === "reset") {
    const id = Number(form.get("id"));
    try {
      const reset = await resetResidentPassword(ctx, id);
      return data({ reset: { ...reset, id } } satisfies ResidentActionData);
    } catch (error) {
      return refusal(error);
    }
  }

  if (intent === "create" || intent === "update") {
    const id = intent === "update" ? Number(form.get("id")) : null;
    const submission = parseWithZod(form, { schema: def.schema.create });
    if (submission.status !== "success")
      return data({ result: replyInLanguage(submission.reply()) } satisfies ResidentActionData, { status: 422 });
    const values = submission.value as Record<string, unknown> & { user_profile: Record<string, string>; confirm_duplicate?: boolean };
    // A correction on the person's request is checked first, recorded with the change.
    let correction: CorrectionRequestInput | null = null;
    try {
      const asked = intent === "update" ? correctionRequestOf(form) : null;
      correction = asked ? parseCorrectionRequest(asked) : null;
    } catch (error) {
      return fieldErrorsReply<ResidentActionData>(submission, error) ?? rethrowForPage(error);
    }

    // The duplicate warning: same name and birth date, shown with a link before saving.
    if (!values.confirm_duplicate) {
      const duplicates = await findDuplicates(ctx, values.user_profile, id);
      if (duplicates.length) {
        return data(
          { result: submission.reply({ formErrors: [duplicateMessage(duplicates[0])] }), duplicates } satisfies ResidentActionData,
          { status: 422 },
        );
      }
    }

    const file = form.get("photo");
    const hasPhoto = file instanceof File && file.size > 0;
    try {
      const prepared = hasPhoto ? await preparePhoto(new Uint8Array(await file.arrayBuffer())) : null;
      const saved = await inTransaction(ctx, async (tx) => {
        const row =
          id == null
            ? await engine.create(tx, { ...values, confirm_duplicate: true })
            : await engine.update(tx, id, { ...values, confirm_duplicate: true });
        if (correction) await recordCorrectionRequest(tx, "resident", row.id, correction);
        if (prepared) await setResidentPhoto(tx, row.id, prepared);
        return row;
      });
      const to = intent === "create" && form.get("_then") === "profile" ? `/manage/residents/${saved.id}/profile` : undefined;
      return redirectWithFlash(
        args,
        form,
        { message: intent === "create" ? messages.MSG_SAVED : messages.MSG_UPDATED, type: intent === "create" ? "create" : "success" },
        to,
      );
    } catch (error) {
      return fieldErrorsReply<ResidentActionData>(submission, error) ?? rethrowForPage(error);
    }
  }
  return refusalsInline(() => resourceAction(args));
}

// --- households and disaster-prone areas: no notifications (spec §7.3) ------------------------

/** The names of the residents a refused household form named, so the form shows them again. */
async function postedNames(ctx: ServiceContext, form: FormData): Promise<Record<string, string>> {
  const ids = [...form.entries()]
    .filter(([key]) => key === "household_head_user_id" || /^members\[\d+\]\.user_id$/.test(key))
    .map(([, value]) => Number(value))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  if (ids.length === 0) return {};
  const rows = (await ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", sql<string>`concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix)`.as("fullname")])
    .where("u.id", "in", ids)
    .where("u.kind", "=", "resident")
    .execute()) as { id: number; fullname: string }[];
  return Object.fromEntries(rows.map((r) => [String(r.id), r.fullname]));
}

async function quietAction(args: Args, name: "household" | "disaster_prone_area") {
  const form = await args.request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = serviceContextOf(args.context);
  const def = getResource(name);
  const engine = serviceFor(name);

  if (intent === "create" || intent === "update") {
    const names = name === "household" ? await postedNames(ctx, form) : {};
    // A member's or the head's "Find" step without JavaScript: the same form, with the residents found.
    const found = await residentFindStep(ctx, form);
    if (found) return data({ ...found, names });
    const submission = parseWithZod(form, { schema: def.schema.create });
    if (submission.status !== "success") return data({ result: replyInLanguage(submission.reply()), names }, { status: 422 });
    try {
      if (intent === "create") await engine.create(ctx, submission.value);
      else await engine.update(ctx, Number(form.get("id")), submission.value);
      return redirectWithFlash(args, form, null);
    } catch (error) {
      return fieldErrorsReply(submission, error, { names }) ?? rethrowForPage(error);
    }
  }
  return refusalsInline(async () => {
    if (intent === "restore") {
      await engine.restore(ctx, Number(form.get("id")));
      return redirectWithFlash(args, form, null);
    }
    if (intent === "restore-many" || intent === "undo") {
      const ids = idsOf(form);
      await engine.restoreMany(ctx, ids.length ? ids : [Number(form.get("id"))]);
      return redirectWithFlash(args, form, null);
    }
    return withoutFlash(await resourceAction(args));
  });
}

export const householdAction = (args: Args) => quietAction(args, "household");
export const disasterProneAreaAction = (args: Args) => quietAction(args, "disaster_prone_area");

/** Businesses: the registry's action, with 422 refusals shown inline. */
export const businessAction = (args: Args) => refusalsInline(() => resourceAction(args));

// --- data of the people screens ----------------------------------------------------------------

/** Puroks with their household counts and hazards (disaster-prone page summary, maps filters). */
export async function purokSummary(ctx: ServiceContext) {
  if (!ctx.user) throw data(translatedMessage("Unauthenticated."), { status: 401 });
  const rows = await sql<{ id: number; name: string; households: number; disaster_types: string[] | null; area_id: number | null }>`
    select pk.id, pk.name,
      (select count(*) from households h where h.purok_id = pk.id and h.deleted_at is null)::int as households,
      d.disaster_types, d.id as area_id
    from puroks pk
    left join disaster_prone_areas d on d.purok_id = pk.id and d.deleted_at is null
    where pk.deleted_at is null
    order by ${naturalKey(sql.ref("pk.name"))}, pk.id
  `.execute(ctx.db);
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    area_id: r.area_id == null ? null : Number(r.area_id),
    disaster_types: r.disaster_types ?? [],
  }));
}

export interface MapHousehold {
  id: number;
  head: string;
  purok_id: number;
  purok: string;
  address: string;
  latitude: number;
  longitude: number;
  members_count: number;
  disaster_types: string[];
}

/** Every active household with coordinates, for the map (needs manage-household or view-household). */
export async function mapHouseholds(ctx: ServiceContext): Promise<MapHousehold[]> {
  if (!can(ctx.user, "manage-household") && !can(ctx.user, "view-household")) return [];
  const rows = await sql<MapHousehold>`
    select h.id, coalesce(h.head_name, 'Household #' || h.id) as head, h.purok_id, pk.name as purok, h.address, h.latitude, h.longitude,
      1 + (select count(*) from household_members m where m.household_id = h.id)::int as members_count,
      coalesce(d.disaster_types, '{}'::text[]) as disaster_types
    from households h
    join puroks pk on pk.id = h.purok_id
    left join disaster_prone_areas d on d.purok_id = h.purok_id and d.deleted_at is null
    where h.deleted_at is null and h.latitude is not null
    order by h.id
  `.execute(ctx.db);
  return rows.rows.map((r) => ({
    ...r,
    id: Number(r.id),
    purok_id: Number(r.purok_id),
    members_count: Number(r.members_count),
    disaster_types: r.disaster_types ?? [],
  }));
}

/** A household for its print view (needs view-household or manage-household, spec §6). */
export async function householdForPrint(ctx: ServiceContext, id: number) {
  if (!can(ctx.user, "view-household") && !can(ctx.user, "manage-household")) throw data(FORBIDDEN_PAGE_MESSAGE, { status: 403 });
  const household = await serviceFor("household")
    .read(ctx, id)
    .catch(() => {
      throw data("The household could not be found.", { status: 404 });
    });
  const people = await sql<{
    user_id: number;
    relation: string;
    fullname: string;
    sex: string | null;
    date_of_birth: string | null;
    age: number | null;
    civil_status: string | null;
    occupation: string | null;
    is_voter: boolean;
    is_pwd: boolean;
    is_solo_parent: boolean;
    is_4ps: boolean;
    is_ofw: boolean;
    is_indigenous: boolean;
    contact_number: string | null;
    position: number;
  }>`
    select x.user_id, x.relation, nullif(concat_ws(' ', p.firstname, p.middlename, p.lastname, p.suffix), '') as fullname, p.sex,
      p.date_of_birth::text as date_of_birth,
      extract(year from age((now() at time zone 'Asia/Manila')::date, p.date_of_birth))::int as age,
      p.civil_status, o.name as occupation, p.is_voter, p.is_pwd, p.is_solo_parent, p.is_4ps, p.is_ofw, p.is_indigenous, p.contact_number, x.position
    from (
      select h.household_head_user_id as user_id, 'Head' as relation, -1 as position from households h where h.id = ${id}
      union all
      select m.user_id, m.relation_to_head, m.position from household_members m where m.household_id = ${id}
    ) x
    join user_profiles p on p.user_id = x.user_id
    left join occupations o on o.id = p.occupation_id
    order by x.position
  `.execute(ctx.db);
  const area = await sql<{
    disaster_types: string[];
  }>`select disaster_types from disaster_prone_areas where purok_id = ${household.purok_id as number} and deleted_at is null`.execute(
    ctx.db,
  );
  return { household, people: people.rows.map((r) => ({ ...r, user_id: Number(r.user_id) })), hazards: area.rows[0]?.disaster_types ?? [] };
}

export function assertId(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw)) throw data("This page could not be found.", { status: 404 });
  return Number(raw);
}

export { ValidationError };
