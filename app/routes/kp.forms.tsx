import type { Route } from "./+types/kp.forms";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { KpFormsScreen } from "~/features/kp/forms/forms-page";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { kpFormsAction, kpFormsPage } from "../../server/features/kp/forms-pages.server.ts";

// /manage/kp/forms (decision 203): the barangay's language and paper for the KP forms (saved by
// whoever keeps the Lupon's records), the Lupon formation forms, and the case forms' catalogue.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("view-lupon_member")];

export function loader(args: Route.LoaderArgs) {
  return kpFormsPage(args);
}

export function action(args: Route.ActionArgs) {
  return kpFormsAction(args);
}

export function meta() {
  return [{ title: `${m.office_kp_forms_title()} | Portal` }];
}

export default function KpFormsPage(props: Route.ComponentProps) {
  return <KpFormsScreen loaderData={props.loaderData} actionData={props.actionData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
