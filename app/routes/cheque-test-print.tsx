import { data } from "react-router";
import type { Route } from "./+types/cheque-test-print";
import { PrintErrorBoundary } from "~/components/print/print-bar";
import { pageTitle } from "~/lib/titles";
import { m } from "@domain/i18n";
import { ChequeSheet } from "~/features/disbursements/cheque-sheet";
import { redirectWithFlash, rethrowForPage, serviceContextOf, serviceFor, isAppError } from "../../server/http/pages/page-kit.server.ts";
import { chequeTestPrint } from "../../server/features/disbursements/print.server.ts";

// /system/parameters/bank_accounts/{id}/cheque-test: the test print of an account's cheque stock
// (research notes §6): sample values at the calibrated positions, and the offsets to save.

function idOf(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("The bank account could not be found.", { status: 404 });
  return id;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return chequeTestPrint(serviceContextOf(context), idOf(params.bank_account_id));
}

export async function action(args: Route.ActionArgs) {
  const ctx = serviceContextOf(args.context);
  const accountId = idOf(args.params.bank_account_id);
  const form = await args.request.formData();
  try {
    await serviceFor("bank_account").setChequeOffsets(ctx, accountId, { x: form.get("offset_x"), y: form.get("offset_y") });
  } catch (error) {
    if (isAppError(error) && error.status === 422) return data({ error: error.message }, { status: 422 });
    rethrowForPage(error);
  }
  return redirectWithFlash(args, form, { message: m.finance_cheque_test_saved(), type: "success" }, new URL(args.request.url).pathname);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? m.finance_cheque_test_meta({ number: loaderData.account.account_number }) : pageTitle("print") }];
}

export default function ChequeTestPrint({ loaderData, actionData }: Route.ComponentProps) {
  const { face, account, canCalibrate } = loaderData;
  return (
    <ChequeSheet
      face={face}
      account={account}
      canCalibrate={canCalibrate}
      title={m.finance_cheque_test_title()}
      back={{ to: "/system/parameters/bank_accounts", label: m.finance_cheque_test_back() }}

      error={actionData && "error" in actionData ? actionData.error : null}
    />
  );
}

export const ErrorBoundary = PrintErrorBoundary;
