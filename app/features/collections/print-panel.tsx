import { FileText, Printer } from "lucide-react";
import * as React from "react";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "@domain/dates";
import { formatMoney } from "@domain/money";
import { m } from "@domain/i18n";
import { paymentModeLabel, receiptStatusLabel } from "~/features/collections/labels";

/** A symbol, the same in both languages: the link is named by its aria-label. */
const CLOSE_SYMBOL = "✕";
const COPIES = ["original", "duplicate", "triplicate"] as const;
const COPY_LABELS = { original: m.finance_copy_original, duplicate: m.finance_copy_duplicate, triplicate: m.finance_copy_triplicate };

/** The print slide-over panel
 of a receipt (spec §2.4): its summary and the print choices. */
export function PrintPanel({ record, closeHref }: { record: Record<string, unknown>; closeHref: string }) {
  const base = `/manage/collections/${String(record.id)}/transactions/preview`;
  const navigate = useNavigate();
  const dateIssued = formatDate(String(record.date_issued), "long");
  React.useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") navigate(closeHref, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate, closeHref]);
  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby="print-panel-title"
      className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-4 overflow-y-auto border-l bg-background p-5 shadow-xl"
      data-testid="print-panel"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="print-panel-title" className="text-lg font-semibold">
          {m.finance_receipt_title({ number: String(record.or_number) })}
        </h2>
        <Link
          to={closeHref}
          preventScrollReset
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          aria-label={m.finance_print_close()}
        >
          {CLOSE_SYMBOL}
        </Link>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{m.finance_form_payor()}</dt>
        <dd>{String(record.issued_to)}</dd>
        <dt className="text-muted-foreground">{m.finance_date()}</dt>
        <dd>{dateIssued}</dd>
        <dt className="text-muted-foreground">{m.finance_amount()}</dt>
        <dd className="font-semibold">{formatMoney(String(record.amount_paid))}</dd>
        <dt className="text-muted-foreground">{m.finance_payment()}</dt>
        <dd>{paymentModeLabel(String(record.payment_mode))}</dd>
        <dt className="text-muted-foreground">{m.finance_status()}</dt>
        <dd>{String(record.status) === "Active" ? m.finance_status_active() : receiptStatusLabel(String(record.status))}</dd>
      </dl>
      <div className="flex flex-col gap-2">
        <a href={`${base}?print=now`} target="_blank" rel="noreferrer" className={buttonVariants()} data-testid="print-receipt">
          <Printer aria-hidden="true" />
          {m.finance_print_receipt()}
        </a>
        <a href={`${base}?mode=overlay&print=now`} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline" })}>
          <Printer aria-hidden="true" />
          {m.finance_print_overlay()}
        </a>
        <Link to={base} className={buttonVariants({ variant: "outline" })} data-testid="preview-receipt">
          <FileText aria-hidden="true" />
          {m.finance_print_preview()}
        </Link>
        <p className="text-xs text-muted-foreground">
          {m.finance_print_one_copy()}{" "}
          {COPIES.map((c, i) => (
            <React.Fragment key={c}>
              {i ? " · " : ""}
              <a href={`${base}?copy=${c}`} target="_blank" rel="noreferrer" className="underline">
                {COPY_LABELS[c]()}
              </a>
            </React.Fragment>
          ))}
        </p>
      </div>
    </div>
  );
}
