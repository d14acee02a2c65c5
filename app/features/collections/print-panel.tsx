import { FileText, Printer } from "lucide-react";
import * as React from "react";
import { Link, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { formatDate } from "@domain/dates";
import { formatMoney } from "@domain/money";

/** The print slide-over panel of a receipt (spec §2.4): its summary and the print choices. */
export function PrintPanel({ record, closeHref }: { record: Record<string, unknown>; closeHref: string }) {
  const base = `/manage/collections/${String(record.id)}/transactions/preview`;
  const navigate = useNavigate();
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
          Official Receipt No. {String(record.or_number)}
        </h2>
        <Link
          to={closeHref}
          preventScrollReset
          className={buttonVariants({ variant: "ghost", size: "sm" })}
          aria-label="Close the print panel"
        >
          ✕
        </Link>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Payor</dt>
        <dd>{String(record.issued_to)}</dd>
        <dt className="text-muted-foreground">Date</dt>
        <dd>{formatDate(String(record.date_issued), "long")}</dd>
        <dt className="text-muted-foreground">Amount</dt>
        <dd className="font-semibold">{formatMoney(String(record.amount_paid))}</dd>
        <dt className="text-muted-foreground">Payment</dt>
        <dd>{String(record.payment_mode)}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>{String(record.status)}</dd>
      </dl>
      <div className="flex flex-col gap-2">
        <a href={`${base}?print=now`} target="_blank" rel="noreferrer" className={buttonVariants()} data-testid="print-receipt">
          <Printer aria-hidden="true" />
          Print receipt (3 copies, plain paper)
        </a>
        <a href={`${base}?mode=overlay&print=now`} target="_blank" rel="noreferrer" className={buttonVariants({ variant: "outline" })}>
          <Printer aria-hidden="true" />
          Print on the pre-printed form
        </a>
        <Link to={base} className={buttonVariants({ variant: "outline" })} data-testid="preview-receipt">
          <FileText aria-hidden="true" />
          Preview
        </Link>
        <p className="text-xs text-muted-foreground">
          One copy:{" "}
          {(["original", "duplicate", "triplicate"] as const).map((c, i) => (
            <React.Fragment key={c}>
              {i ? " · " : ""}
              <a href={`${base}?copy=${c}`} target="_blank" rel="noreferrer" className="underline">
                {c}
              </a>
            </React.Fragment>
          ))}
        </p>
      </div>
    </div>
  );
}
