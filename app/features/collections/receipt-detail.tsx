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
import { formatDate } from "@domain/dates";
import { formatMoney } from "@domain/money";
import { AmountLinesTable } from "~/components/screen-table";
import type { LoaderData } from "~/lib/route-data";
import type { loader, Refusal } from "~/routes/collections.detail";

/** One receipt's page: its details, lines and payment, the certificates it paid, and its cancellation. */
export function ReceiptDetail({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const r = loaderData.receipt;
  const user = useRootData()?.user;
  const refused = useActionData() as Refusal | undefined;
  const cancelled = r.status !== "Active";
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <Link to="/manage/collections" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
            ← Collections
          </Link>
          <h1 className="text-2xl font-semibold">Official Receipt No. {r.or_number}</h1>
          <p className="text-sm text-muted-foreground" data-testid="receipt-status">
            {cancelled ? r.status : "Issued"} · {r.processed ? "Remitted" : "Not remitted yet"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <HistoryLink entity="collection" id={r.id} size="sm" />
          <Link to={`/manage/collections/${r.id}/transactions/preview`} className={buttonVariants({ size: "sm" })}>
            <FileText aria-hidden="true" />
            Preview and print
          </Link>
        </div>
      </div>
      {cancelled ? (
        <section className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
          <p data-testid="cancel-reason">
            <strong>Cancelled.</strong> Reason: {r.cancel_reason ?? "not recorded"}. The number stays used and is listed as cancelled in the
            RCD.
          </p>
          {can(user, "create-collection") ? (
            <Link to={`/manage/collections?modal=create&reissue=${r.id}`} className={buttonVariants({ size: "sm", variant: "outline" })}>
              Issue it again
            </Link>
          ) : null}
        </section>
      ) : !r.processed && can(user, "delete-collection") ? (
        <details className="rounded-lg border bg-card p-4 text-sm" open={!!refused} data-testid="cancel-receipt">
          <summary className="cursor-pointer font-medium">Cancel this receipt</summary>
          <Form method="post" className="mt-3 flex flex-col gap-2">
            <CsrfInput />
            <p className="text-muted-foreground">
              An issued receipt is not edited. Cancelling keeps No. {r.or_number} used and lists it as cancelled in the RCD; its
              certificates become unpaid again. To correct it, cancel it and issue it again.
            </p>
            {refused && !refused.errors.reason ? (
              <p role="alert" className="text-destructive">
                {refused.message}
              </p>
            ) : null}
            <Label htmlFor="cancel-reason-input">Reason</Label>
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
                Cancel receipt
              </Button>
              {can(user, "create-collection") ? (
                <Button type="submit" name="then" value="reissue" variant="outline">
                  Cancel and reissue
                </Button>
              ) : null}
            </div>
          </Form>
        </details>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-muted-foreground">Payor</dt>
        <dd>{r.issued_to}</dd>
        <dt className="text-muted-foreground">Date issued</dt>
        <dd>{formatDate(r.date_issued, "long")}</dd>
        <dt className="text-muted-foreground">Collection type</dt>
        <dd>{r.collection_type?.name ?? "—"}</dd>
        <dt className="text-muted-foreground">Fund</dt>
        <dd>{r.fund_type}</dd>
        <dt className="text-muted-foreground">Payment</dt>
        <dd>
          {r.payment_mode}
          {r.cheque_number
            ? ` · ${r.drawee_bank ?? ""} No. ${r.cheque_number}${r.cheque_date ? `, ${formatDate(r.cheque_date, "medium")}` : ""}`
            : ""}
        </dd>
        <dt className="text-muted-foreground">Collector</dt>
        <dd>{r.user?.fullname ?? "—"}</dd>
      </dl>
      <AmountLinesTable
        caption="Nature of collection"
        heads={["Nature of collection", "Account code"]}
        lines={r.lines.map((l) => ({ what: l.nature, detail: l.account_code ?? "", amount: l.amount }))}
        total={r.amount_paid}
      />
      <section aria-labelledby="paid-transactions" className="rounded-lg border bg-card p-4 text-sm" data-testid="paid-transactions">
        <h2 id="paid-transactions" className="mb-2 font-semibold">
          Transactions paid
        </h2>
        {r.transactions.length === 0 ? (
          <p className="text-muted-foreground">This receipt pays no transaction.</p>
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
