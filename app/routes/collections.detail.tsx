import { data } from "react-router";
import { getResource } from "@domain/registry/index";
import { deletedMessage } from "@domain/registry/messages";
import type { Route } from "./+types/collections.detail";
import { ReceiptDetail } from "~/features/collections/receipt-detail";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { isAppError, redirectWithFlash, rethrowForPage, serviceContextOf, serviceFor } from "../../server/http/pages/page-kit.server.ts";

// /manage/collections/{id} and its child `transactions` (spec §2.1): one receipt — its
// number, payor, date, lines, payment, collector, status and remittance — and the transactions
// (certificates) it paid; the preview (print) is its other child. Needs view- or manage-collection.
// An issued receipt is never edited (decision 192): it is cancelled here, with a reason, and may be
// issued again at once ("Cancel and reissue": the collection form filled from it).

type Receipt = {
  id: number;
  or_number: string;
  issued_to: string;
  date_issued: string;
  amount_paid: string;
  payment_mode: string;
  drawee_bank: string | null;
  cheque_number: string | null;
  cheque_date: string | null;
  fund_type: string;
  status: string;
  cancel_reason: string | null;
  processed: boolean;
  user: { fullname: string } | null;
  collection_type: { name: string } | null;
  lines: { nature: string; account_code: string | null; amount: string }[];
  transactions: { id: number; name: string; custom_payment_form: { label: string; amount: string }[] }[];
};

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.collection_id);
  if (!Number.isSafeInteger(id) || id < 1) throw data("Not found", { status: 404 });
  const row = await serviceFor("collection")
    .get(serviceContextOf(context), id)
    .catch((e) => rethrowForPage(e, null));
  // The engine reads any entry and so answers untyped rows; a receipt row is this shape.
  return { receipt: row as Receipt };
}

/** What a refused cancellation answers: the message, the errors and the reason typed. */
export type Refusal = { message: string; errors: Record<string, string[]>; reason: string };

export async function action(args: Route.ActionArgs) {
  const id = Number(args.params.collection_id);
  if (!Number.isSafeInteger(id) || id < 1) throw data("Not found", { status: 404 });
  const form = await args.request.formData();
  const reason = String(form.get("reason") ?? "");
  try {
    const row = await serviceFor("collection").remove(serviceContextOf(args.context), id, { reason });
    const next = form.get("then") === "reissue" ? `/manage/collections?modal=create&reissue=${id}` : `/manage/collections/${id}`;
    return redirectWithFlash(
      args,
      form,
      { message: deletedMessage(getResource("collection"), String(row.or_number)), type: "delete" },
      next,
    );
  } catch (error) {
    if (isAppError(error) && error.status === 422)
      return data({ message: error.message, errors: error.errors ?? {}, reason } satisfies Refusal, { status: 422 });
    rethrowForPage(error);
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? m.finance_receipt_meta_title({ number: loaderData.receipt.or_number }) : m.finance_receipt_meta_fallback() },
  ];

}

export default function CollectionDetail(props: Route.ComponentProps) {
  return <ReceiptDetail loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
