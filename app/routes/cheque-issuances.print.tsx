import { data } from "react-router";
import type { Route } from "./+types/cheque-issuances.print";
import { PrintErrorBoundary } from "~/components/print/print-bar";
import { pageTitle } from "~/lib/titles";
import { ChequeSheet } from "~/features/disbursements/cheque-sheet";
import { redirectWithFlash, rethrowForPage, serviceContextOf, serviceFor, isAppError } from "../../server/web/page-kit.server.ts";
import { chequeForPrint } from "../../server/features/disbursements/print.server.ts";
import { logRecordPrint } from "../../server/features/audit/pages.server.ts";

// /manage/cheque_issuances/{id}/print (spec §2.4: opens no modal; §6: needs view-cheque_issuance):
// the cheque's values on the bank's pre-printed stock (PCHC rules), with the account's offsets.

function idOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("The cheque issuance could not be found.", { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = serviceContextOf(context);
  const id = idOf(params.cheque_issuance_id);
  const cheque = await chequeForPrint(ctx, id);
  // Issue 18 item 2: a cheque names its payee; its print view is logged.
  await logRecordPrint(ctx, "cheque_issuance", id);
  return cheque;
}

export async function action(args: Route.ActionArgs) {
  const ctx = serviceContextOf(args.context);
  const cheque = await chequeForPrint(ctx, idOf(args.params.cheque_issuance_id));
  const form = await args.request.formData();
  try {
    await serviceFor("bank_account").setChequeOffsets(ctx, cheque.account.id, { x: form.get("offset_x"), y: form.get("offset_y") });
  } catch (error) {
    if (isAppError(error) && error.status === 422) return data({ error: error.message }, { status: 422 });
    rethrowForPage(error);
  }
  return redirectWithFlash(args, form, { message: "Successfully updated.", type: "success" }, new URL(args.request.url).pathname);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `Cheque ${loaderData.cheque.number} | Portal` : pageTitle("print") }];
}

export default function ChequeIssuancePrint({ loaderData, actionData }: Route.ComponentProps) {
  const { cheque, face, account, canCalibrate } = loaderData;
  return (
    <ChequeSheet
      face={face}
      account={account}
      canCalibrate={canCalibrate}
      title={`Cheque ${cheque.number} for DV ${cheque.disbursement_number}`}
      back={{ to: "/manage/cheque_issuances", label: "Cheque issuances" }}
      error={actionData && "error" in actionData ? actionData.error : null}
    />
  );
}

export const ErrorBoundary = PrintErrorBoundary;
