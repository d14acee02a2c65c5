import { data } from "react-router";
import type { Params } from "react-router";
import { isAppError } from "../../errors.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { logRecordPrint, recordIdOf } from "../audit/pages.server.ts";
import { can } from "../../../domain/permissions.ts";
import type { KpFormDocument } from "../../../domain/kp/forms.ts";
import {
  kpCaseFormDocument,
  kpFormPrintDetail,
  kpFormSettings,
  kpLuponFormDocument,
  mayChangeKpFormSettings,
  saveKpFormSettings,
} from "./forms.ts";

// Page adapters of the KP forms (decision 203): a case form's and a Lupon form's print views, and
// /manage/kp/forms (the barangay's language and paper, the Lupon forms). A form the case may not
// print yet, or a bad choice in the address, answers its status (409, 422) with the reason on the
// page, never a blank sheet; every case form printed is in the access log.

/** A form to print, or why not: 409 its step is not taken yet, 422 a bad choice in the address. */
export type KpFormPrintData = { doc: KpFormDocument; refused: null } | { doc: null; refused: string; status: number };

async function printOrRefusal(load: () => Promise<KpFormDocument>, log: (doc: KpFormDocument) => Promise<void>) {
  try {
    const doc = await load();
    await log(doc);
    return { doc, refused: null } satisfies KpFormPrintData;
  } catch (error) {
    if (isAppError(error) && (error.status === 409 || error.status === 422))
      return data({ doc: null, refused: error.message, status: error.status } satisfies KpFormPrintData, { status: error.status });
    return rethrowForPage(error);
  }
}

/** /manage/kp/cases/{case_id}/forms/{form}/print. */
export function kpCaseFormPrint(args: PageArgs & { params: Params }) {
  const ctx = serviceContextOf(args.context);
  const id = recordIdOf(args.params.case_id);
  const url = new URL(args.request.url);
  return printOrRefusal(
    () => kpCaseFormDocument(ctx, id, String(args.params.form), url.searchParams, url.origin),
    (doc) => logRecordPrint(ctx, "kp_case", id, kpFormPrintDetail(doc)),
  );
}

/** /manage/kp/lupon/forms/{form}/print. */
export function kpLuponFormPrint(args: PageArgs & { params: Params }) {
  const ctx = serviceContextOf(args.context);
  const url = new URL(args.request.url);
  return printOrRefusal(
    () => kpLuponFormDocument(ctx, String(args.params.form), url.searchParams),
    async () => {},
  );
}

/** /manage/kp/forms: the settings, whether the user may change them, and the Lupon's members for the per-member forms. */
export async function kpFormsPage(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  try {
    const [settings, members] = await Promise.all([
      kpFormSettings(ctx),
      ctx.db
        .selectFrom("lupon_members")
        .select(["id", "name", "position", "term_start", "term_end"])
        .where("deleted_at", "is", null)
        .orderBy("term_start", "desc")
        .orderBy("name")
        .execute(),
    ]);
    const { flash, clear } = readFlash(args.request);
    return data(
      {
        settings,
        mayChange: mayChangeKpFormSettings(ctx.user),
        mayViewCases: can(ctx.user, "view-kp_case") || can(ctx.user, "manage-kp_case"),
        members: members.map((m) => ({ ...m, id: Number(m.id) })),
        flash,
      },
      clear ? { headers: { "Set-Cookie": clear } } : undefined,
    );
  } catch (error) {
    return rethrowForPage(error);
  }
}

export interface KpFormsActionData {
  errors: Record<string, string[]>;
}

/** Saves the barangay's language and paper; a refusal answers 422 with the field's message. */
export async function kpFormsAction(args: PageArgs) {
  const form = await args.request.formData();
  try {
    await saveKpFormSettings(serviceContextOf(args.context), { language: form.get("language"), paper: form.get("paper") });
  } catch (error) {
    if (isAppError(error) && error.status === 422 && error.errors)
      return data({ errors: error.errors } satisfies KpFormsActionData, { status: 422 });
    return rethrowForPage(error);
  }
  return redirectWithFlash(args, form, { message: "Successfully updated the KP forms' settings.", type: "success" }, "/manage/kp/forms");
}
