import { data } from "react-router";
import type { Route } from "./+types/disbursements.print";
import { VoucherSheet } from "~/features/disbursements/voucher-sheet";
import { PrintErrorBoundary } from "~/components/print/print-bar";
import { pageTitle } from "~/lib/titles";
import { voucherForPrint } from "../../server/features/disbursements/print.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { logRecordPrint } from "../../server/features/audit/pages.server.ts";

// /manage/disbursements/{id}/print (spec §2.4: opens no modal; §6: needs view-disbursement): the
// COA barangay disbursement voucher (research notes §4) on one Letter page — header, the 3-column
// grid, particulars and amount with the amount in words, boxes A, B and C side by side, box D
// (accounting entries) and box E (receipt of payment), prepared/approved footer.

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = Number(params.disbursement_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("The disbursement could not be found.", { status: 404 });
  const ctx = serviceContextOf(context);
  const voucher = await voucherForPrint(ctx, id);
  // A voucher names its payee; its print view is logged.
  await logRecordPrint(ctx, "disbursement", id);
  return voucher;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData ? `DV ${loaderData.voucher.disbursement_number} | Portal` : pageTitle("print") }];
}

export default function DisbursementVoucherPrint(props: Route.ComponentProps) {
  return <VoucherSheet loaderData={props.loaderData} />;
}

export const ErrorBoundary = PrintErrorBoundary;
