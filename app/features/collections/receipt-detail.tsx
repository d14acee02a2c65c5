import { FileText } from "lucide-react";
import { Form, Link, useActionData } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { buttonVariants } from "~/components/ui/button";
import { HistoryLink } from "~/features/audit/history-link";
import { formatDate } from "~/lib/reader-dates";
import { formatMoney } from "@domain/money";
import { AmountLinesTable } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader, Refusal } from "~/routes/collections.detail";
import { m } from "@domain/i18n";
import { paymentModeLabel, receiptStatusLabel } from "~/features/collections/labels";

/** One receipt's page: its details, lines and payment, the certificates it paid, and its cancellation. */
export function ReceiptDetail({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const r = loaderData.receipt;
  const user = useRootData()?.user;
  const refused = useActionData() as Refusal | undefined;
  const cancelled = r.status !== "Active";
  const canCreate = can(user, "create-collection");
  const canCancel = can(user, "delete-collection");
  const dateIssued = formatDate(r.date_issued, "long");
  const chequeDate = r.cheque_date ? formatDate(r.cheque_date, "medium") : null;
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <Link to="/manage/collections" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            {m.finance_receipt_back()}
          </Link>
          <h1 className="text-2xl font-semibold">{m.finance_receipt_title({ number: r.or_number })}</h1>
          <p className="text-sm text-muted-foreground" data-testid="receipt-status">
            {cancelled ? receiptStatusLabel(r.status) : m.finance_status_issued()} · {r.processed ? m.finance_receipt_remitted() : m.finance_receipt_not_remitted()}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <HistoryLink entity="collection" id={r.id} size="sm" />
          <Link to={`/manage/collections/${r.id}/transactions/preview`} className={buttonVariants({ size: "sm" })}>
            <FileText aria-hidden="true" />
            {m.finance_receipt_preview_print()}
          </Link>
        </div>
      </div>
      {cancelled ? (
        <section className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p data-testid="cancel-reason">
            <strong>{m.finance_receipt_cancelled_strong()}</strong>
            {m.finance_receipt_cancelled_reason({ reason: r.cancel_reason ?? m.finance_receipt_reason_missing() })}
          </p>
          {canCreate ? (
            <Link to={`/manage/collections?modal=create&reissue=${r.id}`} className={buttonVariants({ size: "sm", variant: "outline" })}>
              {m.finance_receipt_issue_again()}
            </Link>
          ) : null}
        </section>
      ) : !r.processed && canCancel ? (
        <details className="rounded-lg border bg-card p-4 text-sm" open={!!refused} data-testid="cancel-receipt">
          <summary className="cursor-pointer font-medium">{m.finance_receipt_cancel_summary()}</summary>
          <Form method="post" className="mt-3 flex flex-col gap-2">
            <CsrfInput />
            <p className="text-muted-foreground">
              {m.finance_receipt_cancel_explain({ number: r.or_number })}
            </p>
            {refused && !refused.errors.reason ? (
              <p role="alert" className="text-destructive">
                {refused.message}
              </p>
            ) : null}
            <Label htmlFor="cancel-reason-input">{m.finance_reason()}</Label>
            <Textarea
              id="cancel-reason-input"
              name="reason"
              required
              minLength={3}
              maxLength={500}
              rows={2}
              defaultValue={refused?.reason ?? ""}
              aria-invalid={refused?.errors.reason ? true : undefined}
            />
            {refused?.errors.reason ? <p className="text-destructive">{refused.errors.reason.join(" ")}</p> : null}
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="then" value="stay" variant="destructive" className="dark:bg-red-700 dark:hover:bg-red-800">
                {m.finance_receipt_cancel_button()}
              </Button>
              {canCreate ? (
                <Button type="submit" name="then" value="reissue" variant="outline">
                  {m.finance_receipt_cancel_reissue()}
                </Button>
              ) : null}
            </div>
          </Form>
        </details>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">{m.finance_form_payor()}</dt>
        <dd>{r.issued_to}</dd>
        <dt className="text-muted-foreground">{m.finance_form_date_issued()}</dt>
        <dd>{dateIssued}</dd>
        <dt className="text-muted-foreground">{m.finance_form_collection_type()}</dt>
        <dd>{r.collection_type?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">{m.finance_fund()}</dt>
        <dd>{r.fund_type}</dd>
        <dt className="text-muted-foreground">{m.finance_payment()}</dt>
        <dd>
          {paymentModeLabel(r.payment_mode)}
          {r.cheque_number
            ? ` · ${m.finance_cheque_no({ bank: r.drawee_bank ?? "", number: r.cheque_number })}${chequeDate ? `, ${chequeDate}` : ""}`
            : ""}
        </dd>
        <dt className="text-muted-foreground">{m.finance_collector()}</dt>
        <dd>{r.user?.fullname ?? "—"}</dd>
      </dl>
      <AmountLinesTable
        caption={m.finance_nature_of_collection()}
        heads={[m.finance_nature_of_collection(), m.finance_account_code()]}
        lines={r.lines.map((l) => ({ what: l.nature, detail: l.account_code ?? "", amount: l.amount }))}
        total={r.amount_paid}
      />
      <section aria-labelledby="paid-transactions" className="rounded-lg border bg-card p-4 text-sm" data-testid="paid-transactions">
        <h2 id="paid-transactions" className="mb-2 font-semibold">
          {m.finance_receipt_paid_title()}
        </h2>
        {r.transactions.length === 0 ? (
          <p className="text-muted-foreground">{m.finance_receipt_paid_none()}</p>

        ) : (
          <ul className="flex flex-col gap-1">
            {r.transactions.map((t) => (
              <li key={t.id}>
                <Link to={`/manage/transactions/${t.id}`} className="underline-offset-4 hover:underline">
                  {t.name}
                </Link>{" "}
                — {t.custom_payment_form.map((f) => `${f.label} ${formatMoney(f.amount)}`).join(", ")}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
