import { data } from "react-router";
import { isAppError } from "../../errors.ts";
import { readFlash } from "../../http/pages/flash.server.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { planRetention, recentRetentionRuns, saveRetentionSettings } from "./retention.ts";

// Page adapters of /system/retention: parse, call the retention services, shape the answer.

/** /system/retention: the settings, the dry run and the last runs (and the flash of a save). */
export async function retentionPage(args: PageArgs) {
  const ctx = serviceContextOf(args.context);
  try {
    const [plan, runs] = [await planRetention(ctx), await recentRetentionRuns(ctx)];
    const { flash, clear } = readFlash(args.request);
    return data({ plan, runs, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
  } catch (error) {
    return rethrowForPage(error);
  }
}

export interface RetentionActionData {
  errors: Record<string, string[]>;
  values: Record<string, string>;
}

/** Saves the periods; a refusal answers 422 with the field's message and what was typed. */
export async function retentionAction(args: PageArgs) {
  const form = await args.request.formData();
  const values = { trashed_personal_days: String(form.get("trashed_personal_days") ?? ""), access_log_days: String(form.get("access_log_days") ?? "") };
  try {
    await saveRetentionSettings(serviceContextOf(args.context), values);
  } catch (error) {
    if (isAppError(error) && error.status === 422 && error.errors) {
      return data({ errors: error.errors, values } satisfies RetentionActionData, { status: 422 });
    }
    return rethrowForPage(error);
  }
  return redirectWithFlash(args, form, { message: "Successfully updated the retention periods.", type: "success" }, "/system/retention");
}
