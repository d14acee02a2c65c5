import { data } from "react-router";
import type { Route } from "./+types/kp.case";
import { CasePageView } from "~/features/kp/case-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { redirectWithFlash, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { readFlash } from "../../server/http/pages/flash.server.ts";
import { caseIdOf, casePage, runAttachment, runCaseStep } from "../../server/features/kp/pages.server.ts";

export type { StepRefusal, CaseStep, CasePage } from "../../server/features/kp/pages.server.ts";

// /manage/kp/cases/{id}: one Katarungang Pambarangay case — its record, parties, hearings, Pangkat,
// attachments, the deadline clock, the steps the law allows now and the forms its steps issued.
// A step's dialog is in the address (?step=settle), so it opens without JavaScript too; it posts
// here, runs the service's command (as REST and tRPC do), and a refusal (422) comes back to the
// dialog with what was typed.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await casePage(serviceContextOf(context), caseIdOf(params.case_id));
  const { flash, clear } = readFlash(request);
  return data({ ...page, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export async function action(args: Route.ActionArgs) {
  const id = caseIdOf(args.params.case_id);
  const form = await args.request.formData();
  const ctx = serviceContextOf(args.context);
  // A step (intent=step), or a file attached to the case or removed from it.
  const result = form.get("intent") === "step" ? await runCaseStep(ctx, id, form) : await runAttachment(ctx, id, form);
  if (!result.ok) return data(result.refusal, { status: 422 });
  return redirectWithFlash(args, form, { message: result.message, type: "success" }, `/manage/kp/cases/${id}`);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData ? m.office_kp_case_meta({ docket: loaderData.kase.docket_number }) : m.office_kp_case_meta_none()} | Portal` }];
}

export default function KpCase({ loaderData }: Route.ComponentProps) {
  return <CasePageView loaderData={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
