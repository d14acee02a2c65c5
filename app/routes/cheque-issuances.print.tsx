import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/cheque-issuances.print";
import { PrintErrorBoundary } from "~/components/print/print-bar";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "@domain/dates";
import { formatMoney } from "@domain/money";
import { pageTitle } from "~/lib/titles";
import { ChequeSheet } from "~/features/disbursements/cheque-sheet";
import { redirectWithFlash, rethrowForPage, serviceContextOf, serviceFor, isAppError } from "../../server/http/pages/page-kit.server.ts";
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
  // A cheque names its payee; its print view is logged (a void one prints nothing).
  if (cheque.face) await logRecordPrint(ctx, "cheque_issuance", id);
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
  if (!loaderData) return [{ title: pageTitle("print") }];
  const state = loaderData.face ? "" : ` (${loaderData.cheque.status === "Void" ? "void" : "deleted"})`;
  return [{ title: `Cheque ${loaderData.cheque.number}${state} | Portal` }];
}

/** The page of a void or deleted cheque: what it is and why, and nothing for the printer. */
function NotPrinted({ cheque }: { cheque: Route.ComponentProps["loaderData"]["cheque"] }) {
  const state = cheque.status === "Void" ? "void" : "deleted";
  return (
    <div className="mx-auto flex w-[8.5in] max-w-full flex-col gap-3 px-2 print:hidden" data-testid="cheque-not-printed">
      <div className="flex flex-wrap items-center gap-2">
        <Link to={`/manage/disbursements/${cheque.disbursement_id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          DV {cheque.disbursement_number}
        </Link>
        <Link to="/manage/cheque_issuances" className={buttonVariants({ variant: "outline", size: "sm" })}>
          Cheque issuances
        </Link>
      </div>
      <div role="status" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
        <h1 className="text-lg font-semibold text-destructive">
          Cheque {cheque.number} is {state}
        </h1>
        <p>
          Payee {cheque.payee}, {formatMoney(cheque.amount)}, dated {formatDate(cheque.cheque_date, "long")}, for DV{" "}
          {cheque.disbursement_number}.
        </p>
        {cheque.void_reason ? <p>Reason: {cheque.void_reason}</p> : null}
        <p className="mt-2">
          A {state} cheque is not printed: nothing of it goes onto the bank&apos;s form. Write a new cheque from the voucher&apos;s page.
        </p>
      </div>
    </div>
  );
}

export default function ChequeIssuancePrint({ loaderData, actionData }: Route.ComponentProps) {
  const { cheque, face, account, canCalibrate } = loaderData;
  if (!face) return <NotPrinted cheque={cheque} />;
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
