import { FileText, Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/people.resident.transactions";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { PaymentStatusBadge } from "~/features/certificates/transaction-row";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { transactionsIssuedTo } from "../../server/features/certificates/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/residents/{id}/transactions (spec §2.1): the person's certificates and
// other transactions, newest first, with their payment status and links to open and print them.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const residentId = Number(params.resident_id);
  return { residentId, ...(await transactionsIssuedTo(serviceContextOf(context), residentId, new URL(request.url))) };
}

export function meta() {
  return [{ title: pageTitle("manage-residents-id-transactions") }];
}

export default function ResidentTransactions({ loaderData }: Route.ComponentProps) {
  const { rows, residentId, total } = loaderData;
  const user = useRootData()?.user;
  const issue = can(user, "create-transaction") ? (
    <Link
      to={`/manage/transactions?modal=create&user_id=${residentId}`}
      className={buttonVariants({ size: "sm" })}
      data-testid="make-transaction"
    >
      <Plus aria-hidden="true" /> {m.people_transactions_make()}
    </Link>
  ) : null;
  if (rows.length === 0) {
    return (
      <section
        aria-label={m.people_resident_tab_transactions()}
        className="flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-12 text-center shadow-sm"
        data-testid="resident-transactions"
      >
        <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
        <h2 className="font-medium">{m.people_transactions_none()}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{m.people_transactions_none_hint()}</p>
        {issue}
      </section>
    );
  }
  return (
    <section
      aria-label={m.people_resident_tab_transactions()}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm"
      data-testid="resident-transactions"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="font-medium">
          {m.people_resident_tab_transactions()} <span className="text-muted-foreground">({total})</span>
        </h2>
        {issue}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th className="py-2 pr-3 font-medium">{m.people_transactions_reference()}</th>
              <th className="py-2 pr-3 font-medium">{m.people_transactions_type()}</th>
              <th className="hidden py-2 pr-3 font-medium sm:table-cell">{m.people_transactions_date()}</th>
              <th className="hidden py-2 pr-3 text-right font-medium sm:table-cell">{m.people_transactions_fee()}</th>
              <th className="py-2 pr-3 font-medium">{m.people_status()}</th>
              <th className="py-2 font-medium">
                <span className="sr-only">{m.people_actions()}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((t) => (
              <tr key={t.id} className="border-b last:border-0">
                <td className="py-2 pr-3 font-mono">
                  <Link to={`/manage/transactions/${t.id}`}>{t.reference_number}</Link>
                </td>
                <td className="py-2 pr-3">{t.name}</td>
                <td className="hidden py-2 pr-3 whitespace-nowrap sm:table-cell">{formatDate(t.date_issued)}</td>
                <td className="hidden py-2 pr-3 text-right tabular-nums sm:table-cell">{formatMoney(t.amount)}</td>
                <td className="py-2 pr-3">
                  <span className="flex flex-wrap gap-1">
                    <PaymentStatusBadge status={t.payment_status} />
                    {t.status !== "Active" ? <Badge variant="outline">{t.status}</Badge> : null}
                  </span>
                </td>
                <td className="py-2 text-right whitespace-nowrap">
                  {t.status === "Active" && t.payment_status !== "Unpaid" ? (
                    <a
                      href={`/manage/transactions/${t.id}/print`}
                      target="_blank"
                      rel="noreferrer"
                      className="underline underline-offset-2"
                    >
                      {m.people_print()}
                    </a>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
