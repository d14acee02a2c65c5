import { PrintBar, usePrintNow } from "~/components/print/print-bar";
import { SealAndLogo } from "~/components/print/letterhead";
import { formatDate } from "@domain/dates";
import { formatAmount } from "@domain/money";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/disbursements.print";
import { m } from "@domain/i18n";

const PRINT_CSS = `
@page { size: letter portrait; margin: 10mm; }
@media print {
  html, body { background: #fff !important; }
  .dv-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; padding: 0 !important; }
}
.dv-sheet td, .dv-sheet th { border: 1px solid #1c1917; padding: 2px 5px; vertical-align: top; }
`;

const FUND_CODES: Record<string, string> = { "General Fund": "GF", "SK Fund": "SKF", "Trust Fund": "TF" };

function Signatory({ name, title, testId }: { name: string; title: string; testId: string }) {
  return (
    <div className="mt-6 text-center">
      <div className="min-h-[1.2em] border-b border-stone-900 font-bold uppercase" data-testid={testId}>
        {name || "\u00a0"}
      </div>
      <div className="text-[7.5pt] text-stone-600">(Signature Over Printed Name)</div>
      <div className="text-[8pt]">{title}</div>
      <div className="mt-1 text-left text-[8pt]">Date: ____________________</div>
    </div>
  );
}

/** The disbursement voucher as printed (A4), with its boxes and signatories. */
export function VoucherSheet({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { voucher, amountInWords, cheques, barangay, officials, images } = loaderData;
  const live = cheques.filter((c) => c.status === "Active");
  usePrintNow();
  const isVoid = voucher.status === "Void";
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PrintBar backTo="/manage/disbursements" backLabel={m.finance_voucher_sheet_back()} className="w-[8.5in]" />
      <article
        className="dv-sheet relative mx-auto flex w-[8.5in] max-w-full flex-col gap-2 bg-white p-[10mm] text-[9pt] leading-snug text-stone-900 shadow-lg"
        data-testid="disbursement-voucher"
        aria-label={`Disbursement voucher ${voucher.disbursement_number}`}
      >
        {isVoid && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <span className="-rotate-30 text-[72pt] font-black text-red-700/25">VOID</span>
          </div>
        )}
        <header className="text-center">
          {/* The signatories below are the officials in office on the voucher's date (decision 194). */}
          <SealAndLogo images={images} size="20mm">
            <p className="text-[8.5pt]">Republic of the Philippines</p>
            <p className="text-[8.5pt]">Province of {barangay.province}</p>
            <p className="text-[8.5pt]">{barangay.municipality}</p>
            <p className="text-[11pt] font-bold uppercase">{barangay.name}</p>
            <p className="text-[8.5pt]">Office of the Punong Barangay</p>
            <p className="text-[8pt] text-stone-600">{barangay.address}</p>
          </SealAndLogo>
          <h1 className="mt-1 text-[14pt] font-bold tracking-wider uppercase">Disbursement Voucher</h1>
          {isVoid && <p className="font-bold text-red-700">VOID</p>}
        </header>

        <table className="w-full border-collapse">
          <tbody>
            <tr>
              <td className="w-1/3">
                <span className="text-stone-600">Barangay: </span>
                {barangay.name.replace(/^Barangay\s+/i, "")}
              </td>
              <td className="w-1/3">
                <span className="text-stone-600">City/Municipality: </span>
                {barangay.municipality.replace(/^(Municipality|City) of\s+/i, "")}
              </td>
              <td className="w-1/3">
                <span className="text-stone-600">DV No.: </span>
                <strong data-testid="dv-number">{voucher.disbursement_number}</strong>
              </td>
            </tr>
            <tr>
              <td>
                <span className="text-stone-600">Payee: </span>
                <strong>{voucher.payee}</strong>
              </td>
              <td>
                <span className="text-stone-600">Province: </span>
                {barangay.province}
              </td>
              <td>
                <span className="text-stone-600">Date: </span>
                {formatDate(voucher.voucher_date, "long")}
              </td>
            </tr>
            <tr>
              <td>
                <span className="text-stone-600">Address: </span>
                {voucher.payee_address ?? ""}
              </td>
              <td>
                <span className="text-stone-600">TIN: </span>
                {voucher.payee_tin ?? ""}
              </td>
              <td>
                <span className="text-stone-600">Fund: </span>
                {FUND_CODES[voucher.fund_type] ?? voucher.fund_type} ({voucher.fund_type})
              </td>
            </tr>
          </tbody>
        </table>

        <table className="w-full border-collapse">
          <thead>
            <tr className="bg-stone-100">
              <th scope="col" className="text-left">
                Particulars
              </th>
              <th scope="col" className="w-[1.6in] text-right">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td colSpan={2} className="whitespace-pre-line">
                {voucher.particulars}
                {voucher.disbursement_type ? <span className="text-stone-600"> ({voucher.disbursement_type.name})</span> : null}
              </td>
            </tr>
            {voucher.lines.map((line, i) => (
              <tr key={i}>
                <td className="pl-4">
                  {line.payment_nature?.name ?? ""}
                  {line.description ? ` — ${line.description}` : ""}
                </td>
                <td className="text-right tabular-nums">{formatAmount(line.amount)}</td>
              </tr>
            ))}
            <tr>
              <td className="text-right font-bold">Amount due</td>
              <td className="text-right font-bold tabular-nums" data-testid="dv-amount">
                ₱{formatAmount(voucher.amount)}
              </td>
            </tr>
            <tr>
              <td colSpan={2} className="font-semibold uppercase" data-testid="dv-words">
                {amountInWords}
              </td>
            </tr>
          </tbody>
        </table>

        <div className="grid grid-cols-3 gap-0 border border-stone-900 text-[8pt]">
          <section className="border-r border-stone-900 p-1.5" aria-label="Box A">
            <p className="font-bold">A. Certified:</p>
            <p>Existence of available appropriation for the obligation.</p>
            <Signatory name={officials.appropriations_chairman} title="Chairman, Committee on Appropriation" testId="dv-box-a-name" />
          </section>
          <section className="border-r border-stone-900 p-1.5" aria-label="Box B">
            <p className="font-bold">B. Certified:</p>
            <p>Funds available; supporting documents complete and proper.</p>
            <Signatory name={officials.treasurer} title="Barangay Treasurer" testId="dv-box-b-name" />
          </section>
          <section className="p-1.5" aria-label="Box C">
            <p className="font-bold">C. Approved for payment:</p>
            <p>The claim is valid, proper and legal.</p>
            <Signatory name={officials.punong_barangay} title="(Punong Barangay)" testId="dv-box-c-name" />
          </section>
        </div>

        <section aria-label="Box D" className="text-[8pt]">
          <p className="font-bold">D. Accounting Entries</p>
          <table className="w-full border-collapse">
            <thead>
              <tr className="bg-stone-100">
                <th scope="col" className="text-left">
                  Account Title
                </th>
                <th scope="col" className="w-[1.2in] text-left">
                  Account Code
                </th>
                <th scope="col" className="w-[1.1in] text-right">
                  Debit
                </th>
                <th scope="col" className="w-[1.1in] text-right">
                  Credit
                </th>
              </tr>
            </thead>
            <tbody>
              {[0, 1, 2, 3].map((i) => (
                <tr key={i}>
                  <td>&nbsp;</td>
                  <td />
                  <td />
                  <td />
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section aria-label="Box E" className="border border-stone-900 p-1.5 text-[8pt]">
          <p className="font-bold">E. Received Payment</p>
          <div className="grid grid-cols-2 gap-x-6 gap-y-1">
            <p className="mt-5 border-t border-stone-900 text-center">Signature of Claimant or Authorised Representative</p>
            <p className="mt-5">Date received: ____________________</p>
            <p>
              Check No. and Date:{" "}
              <strong data-testid="dv-cheques">
                {live.length ? live.map((c) => `${c.number} (${formatDate(c.cheque_date)})`).join(", ") : "____________________"}
              </strong>
            </p>
            <p>
              Bank Name and Branch:{" "}
              <strong>{live.length ? [...new Set(live.map((c) => c.bank))].join(", ") : "____________________"}</strong>
            </p>
            <p className="col-span-2">OR No. and Date / Other documents: ________________________________________</p>
          </div>
        </section>

        <footer className="grid grid-cols-2 gap-10 text-[8pt]">
          <div>
            <p>Prepared By:</p>
            <p className="mt-4 border-b border-stone-900 text-center font-bold uppercase">{officials.bookkeeper || "\u00a0"}</p>
            <p className="text-center">Barangay Bookkeeper</p>
            <p>Date: ____________________</p>
          </div>
          <div>
            <p>Approved By:</p>
            <p className="mt-4 border-b border-stone-900 text-center font-bold uppercase">{officials.accountant || "\u00a0"}</p>
            <p className="text-center">City/Municipal Accountant</p>
            <p>Date: ____________________</p>
          </div>
          <p className="col-span-2 text-[7pt] text-stone-600">
            Control no. {voucher.verification_code} · Original: COA Auditor (through the C/M Accountant) · Duplicate: Barangay Treasurer ·
            Triplicate: Payee
          </p>
        </footer>
      </article>
    </>
  );
}
