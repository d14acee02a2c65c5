import { ArrowLeft, Printer } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { formatDate } from "@domain/dates";
import { cn } from "~/lib/utils";
import type { LoaderData } from "~/lib/route-data";
import type { CopyLabel, loader, ReceiptDocument } from "~/routes/collections.preview";
import { m } from "@domain/i18n";

const PRINT_CSS = `
@page { size: 4in 8.5in; margin: 0; }
@media print {
  html, body, main { background: #fff !important; padding: 0 !important; margin: 0 !important; }
  .or-sheet { box-shadow: none !important; margin: 0 !important; break-after: page; }
  .or-sheet:last-child { break-after: auto; }
  .or-overlay .or-guide { display: none !important; }
}
`;

function Rule({ label, value, className }: { label: string; value: React.ReactNode; className?: string }) {
  return (
    <div className={cn("flex items-end gap-1", className)}>
      <span className="shrink-0">{label}</span>
      <span className="min-h-[1.1em] flex-1 border-b border-stone-900 px-1 font-semibold">{value}</span>
    </div>
  );
}

function Box({ checked, label }: { checked: boolean; label: string }) {
  return (
    <span className="inline-flex items-center gap-1">
      <span
        aria-hidden="true"
        className="inline-flex size-[9pt] items-center justify-center border border-stone-900 text-[8pt] leading-none font-bold"
      >
        {checked ? "✓" : ""}
      </span>
      {label}
      <span className="sr-only">{checked ? "(checked)" : "(not checked)"}</span>
    </span>
  );
}

/** The whole AF 51-C on plain paper: its 17 printed elements in their printed order. */
function FullReceipt({ r, copy, seal }: { r: ReceiptDocument; copy: CopyLabel; seal: string | null }) {
  return (
    <article
      className="or-sheet relative mx-auto flex h-[8.5in] w-[4in] flex-col gap-[2.2mm] overflow-hidden bg-white px-[5mm] py-[4mm] text-[8.5pt] leading-tight text-stone-900 shadow-lg"
      data-testid="receipt"
      data-copy={copy}
      aria-label={`Official receipt ${r.orNumber}, ${copy.toLowerCase()} copy`}
    >
      {/* 1, 2: form number and revision; copy label */}
      <header className="flex items-start justify-between text-[6.5pt]">
        <p>
          Accountable Form No. 51-C
          <br />
          Revised January, 1992
        </p>
        <p className="font-bold tracking-wide">({copy})</p>
      </header>
      <div className="grid grid-cols-[19mm_1fr] items-center gap-2">
        {/* 3: seal (the uploaded barangay seal; an empty seal box without one) */}
        {seal ? (
          <img src={seal} alt="Seal of the barangay" className="size-[19mm] object-contain" data-testid="print-seal" />
        ) : (
          <div className="flex size-[19mm] items-center justify-center rounded-full border border-stone-900 text-center text-[5.5pt] leading-tight">
            Seal of the
            <br />
            Barangay
          </div>
        )}
        <div className="flex flex-col items-center gap-1 text-center">
          {/* 4: title */}
          <h1 className="text-[9pt] leading-tight font-bold uppercase">Official Receipt of the Republic of the Philippines</h1>
          {/* 5: number */}
          <p className="border-2 border-stone-900 px-2 py-0.5 text-[10pt] font-bold" data-testid="or-number">
            No. <span className="text-red-700">{r.orNumber}</span>
          </p>
          {/* 6: date */}
          <Rule label="Date" value={formatDate(r.dateIssued, "long")} className="w-full" />
        </div>
      </div>
      {/* 7, 8: agency and fund */}
      <Rule label="Agency" value={r.agency} />
      <Rule label="Fund" value={r.fund} />
      {/* 9: payor */}
      <Rule label="Payor" value={<span data-testid="payor">{r.payor}</span>} />
      {/* 10, 11: lines and total */}
      <table className="w-full border-collapse border border-stone-900 text-[8pt]">
        <colgroup>
          <col className="w-[55%]" />
          <col className="w-[20%]" />
          <col className="w-[25%]" />
        </colgroup>
        <thead>
          <tr className="border-b border-stone-900">
            <th scope="col" className="border-r border-stone-900 px-1 py-0.5 text-center font-semibold">
              Nature of Collection
            </th>
            <th scope="col" className="border-r border-stone-900 px-1 py-0.5 text-center font-semibold">
              Account Code
            </th>
            <th scope="col" className="px-1 py-0.5 text-center font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {r.lines.map((l, i) => (
            <tr key={i} className="h-[6mm] border-b border-stone-400">
              <td className="border-r border-stone-900 px-1">{l.nature}</td>
              <td className="border-r border-stone-900 px-0.5 text-center text-[7pt] whitespace-nowrap">{l.accountCode ?? ""}</td>
              <td className="px-1 text-right tabular-nums">{l.amount}</td>
            </tr>
          ))}
          {Array.from({ length: r.blankLines }, (_, i) => (
            <tr key={`blank-${i}`} className="h-[6mm] border-b border-stone-400" aria-hidden="true">
              <td className="border-r border-stone-900" />
              <td className="border-r border-stone-900" />
              <td />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-stone-900 font-bold">
            <th scope="row" colSpan={2} className="border-r border-stone-900 px-1 py-0.5 text-right">
              TOTAL
            </th>
            <td className="px-1 text-right tabular-nums" data-testid="total">
              ₱{r.total}
            </td>
          </tr>
        </tfoot>
      </table>
      {/* 12: amount in words */}
      <div className="border border-stone-900 px-1 py-0.5">
        <p className="text-[6.5pt]">Amount in Words</p>
        <p className="font-semibold" data-testid="amount-in-words">
          {r.amountInWords}
        </p>
      </div>
      {/* 13: payment mode */}
      <p className="flex justify-between px-1">
        <Box checked={r.paymentMode === "Cash"} label="Cash" />
        <Box checked={r.paymentMode === "Cheque"} label="Check" />
        <Box checked={r.paymentMode === "Money Order"} label="Money Order" />
      </p>
      {/* 14: drawee bank, number, date */}
      <table className="w-full border-collapse border border-stone-900 text-[7.5pt]">
        <thead>
          <tr className="border-b border-stone-900">
            <th scope="col" className="border-r border-stone-900 px-1 font-semibold">
              Drawee Bank
            </th>
            <th scope="col" className="border-r border-stone-900 px-1 font-semibold">
              Number
            </th>
            <th scope="col" className="px-1 font-semibold">
              Date
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="h-[5.5mm]">
            <td className="border-r border-stone-900 px-1">{r.drawee.bank ?? ""}</td>
            <td className="border-r border-stone-900 px-1 text-center">{r.drawee.number ?? ""}</td>
            <td className="px-1 text-center">{r.drawee.date ? formatDate(r.drawee.date, "short") : ""}</td>
          </tr>
        </tbody>
      </table>
      {/* 15: acknowledgment */}
      <p>Received the amount stated above.</p>
      {/* 16: collecting officer; the QR code of the verify page beside it */}
      <div className="mt-auto grid grid-cols-[20mm_1fr] items-end gap-2">
        <div className="flex flex-col items-center gap-0.5">
          <div className="size-[20mm] [&>svg]:size-full" data-testid="receipt-qr" dangerouslySetInnerHTML={{ __html: r.qrSvg }} />
          <span className="text-[5pt]">Scan to verify</span>
          <span className="font-mono text-[7pt] font-semibold" data-testid="verification-code">
            {r.verificationCode}
          </span>
        </div>
        <div className="flex flex-col items-center">
          <span className="font-semibold uppercase">{r.collector}</span>
          <span className="w-full border-t border-stone-900 text-center text-[7pt]">Collecting Officer</span>
        </div>
      </div>
      {/* 17: note */}
      <p className="border-t border-stone-400 pt-1 text-[6pt] leading-snug">
        NOTE: Write the number and date of this receipt on the back of check or money order received.
      </p>
      {r.cancelled ? <CancelledMark /> : null}
    </article>
  );
}

/** Across a cancelled receipt, on plain paper and on the pre-printed form alike: it is never reprinted as valid. */
function CancelledMark() {
  return (
    <p
      aria-label="Cancelled"
      data-testid="cancelled-mark"
      className="pointer-events-none absolute inset-x-0 top-[42%] -rotate-[28deg] text-center text-[34pt] font-black tracking-widest text-red-700/60 uppercase"
    >
      Cancelled
    </p>
  );
}

/**
 * Only the data, placed where the pre-printed AF 51-C has its blanks (the research notes' overlay
 * offsets from the top-left, in cm), shifted by the pad's calibration (mm). A faint guide shows the
 * form on screen; it never prints.
 */
function OverlayReceipt({ r, copy }: { r: ReceiptDocument; copy: CopyLabel; seal?: string | null }) {
  const at = (topCm: number): React.CSSProperties => ({ position: "absolute", top: `calc(${topCm}cm + ${r.offsets.y}mm)` });
  const left = `calc(1.6cm + ${r.offsets.x}mm)`;
  const right = `calc(0.8cm - ${r.offsets.x}mm)`;
  return (
    <article
      className="or-sheet or-overlay relative mx-auto h-[8.5in] w-[4in] overflow-hidden bg-white text-[9pt] leading-tight text-stone-900 shadow-lg"
      data-testid="receipt"
      data-copy={copy}
      data-mode="overlay"
      aria-label={`Official receipt ${r.orNumber}, ${copy.toLowerCase()} copy, overlay for the pre-printed form`}
    >
      <p className="or-guide absolute top-1 left-2 text-[6pt] text-stone-400">Overlay ({copy}) — prints the data only</p>
      <span style={{ ...at(0.9), right }} className="font-bold">
        {r.orNumber}
      </span>
      <span style={{ ...at(1.6), right }}>{formatDate(r.dateIssued, "long")}</span>
      <span style={{ ...at(1.6), left }}>{r.fund}</span>
      <span style={{ ...at(3.9), left, right }} className="truncate whitespace-nowrap">
        {r.agency}
      </span>
      <span style={{ ...at(4.4), left, right }} className="truncate whitespace-nowrap" data-testid="payor">
        {r.payor}
      </span>
      {r.lines.map((l, i) => (
        <React.Fragment key={i}>
          <span style={{ ...at(7.0 + i * 0.45), left: `calc(0.5cm + ${r.offsets.x}mm)` }}>{l.nature}</span>
          <span style={{ ...at(7.0 + i * 0.45), left: `calc(5.6cm + ${r.offsets.x}mm)` }}>{l.accountCode ?? ""}</span>
          <span style={{ ...at(7.0 + i * 0.45), right }} className="tabular-nums">
            {l.amount}
          </span>
        </React.Fragment>
      ))}
      <span style={{ ...at(10.6), right }} className="font-bold tabular-nums" data-testid="total">
        {r.total}
      </span>
      <span style={{ ...at(12.5), left: `calc(0.5cm + ${r.offsets.x}mm)`, right }}>{r.amountInWords}</span>
      <span
        style={{
          ...at(13.7),
          left: `calc(${r.paymentMode === "Cash" ? 0.55 : r.paymentMode === "Cheque" ? 3.75 : 6.9}cm + ${r.offsets.x}mm)`,
        }}
      >
        ✓
      </span>
      {r.paymentMode !== "Cash" ? (
        <span style={{ ...at(14.7), left: `calc(0.5cm + ${r.offsets.x}mm)`, right }} className="flex justify-between gap-2">
          <span>{r.drawee.bank}</span>
          <span>{r.drawee.number}</span>
          <span>{r.drawee.date ? formatDate(r.drawee.date, "short") : ""}</span>
        </span>
      ) : null}
      <span style={{ position: "absolute", bottom: `calc(2.0cm - ${r.offsets.y}mm)`, right }} className="font-semibold uppercase">
        {r.collector}
      </span>
      {r.cancelled ? <CancelledMark /> : null}
    </article>
  );
}

/** The receipt's print view: the mode and print bar, then each copy asked, on plain paper or on the pre-printed form. */
export function ReceiptSheets({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { receipt, mode, copies, seal } = loaderData;
  React.useEffect(() => {
    if (new URLSearchParams(window.location.search).get("print") === "now") window.print();
  }, []);
  const base = `/manage/collections/${receipt.id}/transactions/preview`;
  const Sheet = mode === "overlay" ? OverlayReceipt : FullReceipt;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <nav
        aria-label={m.finance_preview_options()}
        className="no-print mx-auto mb-4 flex max-w-[4in] flex-wrap items-center justify-between gap-2 px-2 print:hidden"
      >
        <Link to={`/manage/collections?modal=print&id=${receipt.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ArrowLeft aria-hidden="true" />
          {m.finance_preview_collections()}
        </Link>
        <Link
          to={`${base}?mode=${mode === "overlay" ? "full" : "overlay"}`}
          className={buttonVariants({ variant: "outline", size: "sm" })}
          data-testid="toggle-mode"
        >
          {mode === "overlay" ? m.finance_preview_full() : m.finance_preview_overlay()}
        </Link>
        <Button size="sm" onClick={() => window.print()} data-testid="print-now">
          <Printer aria-hidden="true" />
          {m.finance_print()}
        </Button>
      </nav>
      <div className="flex flex-col gap-6 print:gap-0">
        {copies.map((copy) => (
          <Sheet key={copy} r={receipt} copy={copy} seal={seal} />
        ))}
      </div>
    </>
  );
}
