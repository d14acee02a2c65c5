import type { Route } from "./+types/kp.case-form.print";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { KpFormRefused, KpFormSheet } from "~/features/kp/forms/form-sheet";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { kpCaseFormPrint } from "../../server/features/kp/forms-pages.server.ts";

// /manage/kp/cases/{case_id}/forms/{form}/print?language=en|fil&paper=a4|letter|long (decision 203):
// a KP form of the case (its 1992 number, "9", "20-a"), filled from the records, drawn on the
// server so it prints without JavaScript; ?print=now opens the print dialog. Needs view-kp_case;
// every load is a print, in the access log. A form whose step the case has not taken answers 409
// with the reason.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("view-kp_case")];

export function loader(args: Route.LoaderArgs) {
  return kpCaseFormPrint(args);
}

export function meta({ loaderData }: Route.MetaArgs) {
  const doc = loaderData?.doc;
  return [{ title: doc ? `${doc.form.numberLabel} · ${doc.case?.docket_number ?? ""} | Portal` : "KP form | Portal" }];
}

export default function KpCaseFormPrint({ loaderData, params }: Route.ComponentProps) {
  const backTo = `/manage/kp/cases/${params.case_id}`;
  if (!loaderData.doc)
    return <KpFormRefused message={loaderData.refused} status={loaderData.status} backTo={backTo} backLabel="Back to the case" />;
  return <KpFormSheet doc={loaderData.doc} backTo={backTo} backLabel={`Case ${loaderData.doc.case?.docket_number ?? ""}`} />;
}

export const ErrorBoundary = ShellErrorBoundary;
