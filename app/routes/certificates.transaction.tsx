import { data } from "react-router";
import type { Route } from "./+types/certificates.transaction";
import { TransactionDetail } from "~/features/certificates/transaction-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { transactionPage } from "../../server/features/certificates/pages.server.ts";

// /manage/transactions/{id} (spec §2.1): one transaction — its type, person, custom values, fee
// lines and payment — with the certificate as it will print, and the print and print-now actions.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = Number(params.transaction_id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("Not Found", { status: 404 });
  return transactionPage(serviceContextOf(context), id, new URL(request.url).origin);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData
        ? m.finance_transaction_meta_title({ reference: loaderData.record.reference_number })
        : m.finance_transaction_meta_fallback(),
    },
  ];
}

export default function TransactionPage(props: Route.ComponentProps) {
  return <TransactionDetail loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
