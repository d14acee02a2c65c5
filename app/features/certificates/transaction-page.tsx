import { ArrowLeft, Printer } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { formatDate, formatDateTime } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { HistoryLink } from "~/features/audit/history-link";
import { CertificateSheet } from "./certificate-sheet";
import { PaymentStatusBadge } from "./transaction-row";
import { feeLabel } from "@domain/registry/certificates";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/certificates.transaction";
import { m } from "@domain/i18n";

/** One transaction's page: its type, person, custom values, fee lines and payment, the certificate as it will print, and its print actions. */
export function TransactionDetail({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { record: t, fields, doc, refused } = loaderData;
  const user = useRootData()?.user;
  const trashed = t.status !== "Active";
  const printable = !!doc && !trashed && can(user, "view-transaction");
  const dateIssued = formatDate(t.date_issued, "long");
  const unpaid = t.payment_status === "Unpaid";
  return (
    <div className="flex flex-col gap-4" data-testid="transaction-page">
      <div className="flex flex-wrap items-center gap-2">
        <Link to="/manage/transactions" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          {m.finance_transaction_back()}
        </Link>
        <h1 className="text-xl font-semibold">
          {t.name} <span className="font-mono text-base">{t.reference_number}</span>
        </h1>
        <PaymentStatusBadge status={t.payment_status} testId="payment-status" />
        {trashed ? <Badge variant="outline">{t.status}</Badge> : null}
        <div className="ml-auto flex gap-2">
          <HistoryLink entity="transaction" id={t.id} />
          {printable ? (
            <>
              <a
                href={`/manage/transactions/${t.id}/print`}
                target="_blank"
                rel="noreferrer"
                className={buttonVariants({ variant: "outline" })}
              >
                <Printer aria-hidden="true" /> {m.finance_print()}
              </a>
              <a
                href={`/manage/transactions/${t.id}/print?print=now`}
                target="_blank"
                rel="noreferrer"
                className={buttonVariants()}
                data-testid="print-now"
              >
                <Printer aria-hidden="true" /> {m.finance_print_now()}
              </a>
            </>
          ) : null}
        </div>
      </div>
      <section className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:grid-cols-2" aria-label={m.finance_transaction_section()}>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{m.finance_issued_to()}</dt>
          <dd>{t.issued_to ? <Link to={`/manage/residents/${t.issued_to.id}/transactions`}>{t.issued_to.name}</Link> : "—"}</dd>
          <dt className="text-muted-foreground">{m.finance_form_date_issued()}</dt>
          <dd>{dateIssued}</dd>
          {fields.map((f) => (
            <div className="contents" key={f.fieldId}>
              <dt className="text-muted-foreground">{f.label}</dt>
              <dd>{t.custom_values[f.fieldId] || "—"}</dd>
            </div>
          ))}
          <dt className="text-muted-foreground">{m.finance_created_by()}</dt>
          <dd>
            {t.created_by?.fullname ?? "—"} · {formatDateTime(t.created_at)}
          </dd>
          <dt className="text-muted-foreground">{m.finance_transaction_printed()}</dt>
          <dd>
            {t.print_count
              ? (t.print_count === 1 ? m.finance_transaction_printed_one : m.finance_transaction_printed_other)({
                  count: t.print_count,
                  date: formatDateTime(t.last_printed_at),
                })
              : m.finance_transaction_not_yet()}
          </dd>
        </dl>
        <div className="text-sm">
          <table className="w-full">
            <caption className="mb-1 text-left font-medium">{m.finance_fees()}</caption>
            <tbody>
              {t.fee_lines.map((l, i) => (
                <tr key={i} className="border-b">
                  <td className="py-1">{feeLabelOf(l.label, t.name)}</td>
                  <td className="py-1 text-right tabular-nums">{formatMoney(l.amount)}</td>
                </tr>
              ))}
              <tr>
                <td className="py-1 font-medium">{m.finance_total()}</td>
                <td className="py-1 text-right font-medium tabular-nums">{formatMoney(t.amount)}</td>
              </tr>
            </tbody>
          </table>
          {unpaid ? (
            <p className="mt-2 text-muted-foreground">
              {m.finance_transaction_to_pay_before()}
              <Link to="/manage/collections">{m.finance_transaction_to_pay_link()}</Link>
              {m.finance_transaction_to_pay_after()}
            </p>
          ) : null}
        </div>
      </section>
      {refused ? (
        <p
          role="status"
          className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {refused}
        </p>
      ) : null}
      {doc ? (
        <section aria-label={m.finance_certificate_preview()}
 className="overflow-x-auto rounded-xl bg-stone-200 py-4 dark:bg-stone-800">
          <div className="[zoom:0.4] sm:[zoom:0.75] lg:[zoom:0.9]">
            <CertificateSheet doc={doc} />
          </div>
        </section>
      ) : null}
    </div>
  );
}
/** "Default Amount" means the type's name (spec §3). */
function feeLabelOf(label: string, typeName: string): string {
  return feeLabel({ label }, typeName);
}
