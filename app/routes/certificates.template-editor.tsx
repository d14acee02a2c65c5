import { data } from "react-router";
import type { Route } from "./+types/certificates.template-editor";
import { TemplateEditorScreen } from "~/features/certificates/template-editor-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { type PaperSize } from "@domain/registry/certificates";
import type { CustomField } from "@domain/registry/fields";
import { isAppError, redirectWithFlash, rethrowForPage, serviceContextOf, serviceFor } from "../../server/http/pages/page-kit.server.ts";
import { issuePeople, previewTemplate } from "../../server/features/certificates/pages.server.ts";
import { todayInManila } from "@domain/dates";
import { can } from "@domain/permissions";

// /system/parameters/transaction_types/{id}/template: the template editor of a
// transaction type — rich text with placeholder chips (Tiptap, loaded on this screen only), paper
// size and margins, validity, and a live preview filled with a chosen person's data. Without
// JavaScript the template is a plain HTML textarea and the preview a button; either way the server
// sanitises what is saved and refuses an unknown placeholder by its name.

type TypeRow = {
  id: number;
  name: string;
  title: string | null;
  template: string;
  paper_size: PaperSize;
  margin_top: number;
  margin_right: number;
  margin_bottom: number;
  margin_left: number;
  validity_days: number | null;
  eligibility: string | null;
  custom_forms: CustomField[];
  custom_payment_form: unknown[];
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const ctx = serviceContextOf(context);
  const id = Number(params.type_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not Found", { status: 404 });
  if (!can(ctx.user, "update-transaction_type")) throw data("You are not authorize to perform this action", { status: 403 });
  const type = (await serviceFor("transaction_type")
    .get(ctx, id)
    .catch((error) => rethrowForPage(error))) as TypeRow;
  const url = new URL(request.url);
  const people = await issuePeople(ctx, url.searchParams.get("q") ?? "a", null);
  return { type, people, today: todayInManila() };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const ctx = serviceContextOf(context);
  const id = Number(params.type_id);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const template = String(form.get("template") ?? "");
  try {
    if (intent === "preview") {
      const userId = Number(form.get("preview_user_id"));
      if (!userId) return { preview: null, previewError: m.finance_template_choose_person() };
      const type = (await serviceFor("transaction_type").get(ctx, id)) as TypeRow;
      const custom_values = Object.fromEntries(type.custom_forms.map((f) => [f.fieldId, `[${f.label}]`]));
      const validity = Number(form.get("validity_days")) || null;
      return {
        preview: await previewTemplate(ctx, { template, userId, custom_values, validity_days: validity }, todayInManila()),
        previewError: null,
      };
    }
    const type = (await serviceFor("transaction_type").get(ctx, id)) as TypeRow;
    await serviceFor("transaction_type").update(ctx, id, {
      name: type.name,
      title: type.title,
      custom_forms: type.custom_forms,
      custom_payment_form: type.custom_payment_form,
      eligibility: type.eligibility ?? "none",
      template,
      paper_size: form.get("paper_size"),
      margin_top: form.get("margin_top"),
      margin_right: form.get("margin_right"),
      margin_bottom: form.get("margin_bottom"),
      margin_left: form.get("margin_left"),
      validity_days: form.get("validity_days") ?? "",
    });
    return redirectWithFlash(
      { request, context },
      form,
      { message: m.finance_template_saved(), type: "success" },
      `/system/parameters/transaction_types/${id}/template`,
    );
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ errors: error.errors ?? {}, message: error.message, template }, { status: 422 });
    rethrowForPage(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? m.finance_template_meta_title({ name: loaderData.type.name }) : m.finance_template_meta_fallback() }];

}

export default function TemplateEditorPage(props: Route.ComponentProps) {
  return <TemplateEditorScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
