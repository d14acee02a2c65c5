import { data } from "react-router";
import type { Route } from "./+types/disbursements.detail";
import { VoucherDetail } from "~/features/disbursements/voucher-detail";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { readFlash } from "../../server/http/pages/flash.server.ts";
import { voucherPage } from "../../server/features/disbursements/pages.server.ts";

/** A cheque of the voucher as its page lists it, for the page's screen. */
export type { VoucherCheque } from "../../server/features/disbursements/pages.server.ts";

// /manage/disbursements/{id}: one disbursement voucher — its lines and amount, who signs its boxes,
// the cheques written for it with their state, and what it still owes — and the way on: "Issue
// cheque" opens the cheque form filled with this voucher, its payee and its unpaid amount; each
// cheque prints, voids (with a reason) or unvoids from here and comes back here.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.disbursement_id);
  if (!Number.isSafeInteger(id) || id < 1) throw data("The disbursement could not be found.", { status: 404 });
  const page = await voucherPage(serviceContextOf(context), id);
  const { flash, clear } = readFlash(request);
  return data({ ...page, flash }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData
        ? m.finance_voucher_meta_title({ number: loaderData.voucher.disbursement_number })
        : m.finance_voucher_meta_fallback(),
    },
  ];
}

export default function DisbursementDetail(props: Route.ComponentProps) {
  return <VoucherDetail loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
