import * as React from "react";
import { PrintBar, usePrintNow } from "~/components/print/print-bar";
import { SheetTableScroll } from "~/components/print/sheet-scroll";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { formatDate } from "@domain/dates";
import { formatAmount } from "@domain/money";
import { useRootData } from "~/lib/root-data";
import type { LoaderData } from "~/lib/route-data";
import type { FormAccountability, loader } from "~/routes/collections.registers";
import { m } from "@domain/i18n";

const PRINT_CSS = `
@page { size: 8.5in 13in portrait; margin: 10mm; }
@media print {
  html, body, main { background: #fff !important; padding: 0 !important; }
  .register-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; }
}
`;

// The sheet: the paper's width and margins, narrower margins on a phone (its wide tables scroll inside).
const SHEET =
  "register-sheet mx-auto flex w-[8.5in] max-w-full flex-col gap-3 bg-white p-4 text-[9pt] text-stone-900 shadow-lg sm:p-[10mm] print:p-[10mm]";

const th = "border border-stone-900 px-1 py-0.5 text-center font-semibold";
const td = "border border-stone-900 px-1 py-0.5";

function AccountabilityTable({ forms, title }: { forms: FormAccountability[]; title?: string }) {
  const groups = ["Beginning Balance", "Receipt", "Issued", "Ending Balance"] as const;
  const keys = ["beginning", "receipt", "issued", "ending"] as const;
  return (
    <SheetTableScroll label={title ?? "Accountability for accountable forms"}>
      <table className="w-full border-collapse text-[8pt]" data-testid="accountability">
        {title ? <caption className="mb-1 text-left text-[9pt] font-bold">{title}</caption> : null}
        <thead>
          <tr>
            <th rowSpan={3} className={th}>
              Name of Form and No.
            </th>
            {groups.map((g) => (
              <th key={g} colSpan={3} className={th}>
                {g}
              </th>
            ))}
          </tr>
          <tr>
            {groups.map((g) => (
              <React.Fragment key={g}>
                <th rowSpan={2} className={th}>
                  Qty
                </th>
                <th colSpan={2} className={th}>
                  Inclusive Serial No.
                </th>
              </React.Fragment>
            ))}
          </tr>
          <tr>
            {groups.map((g) => (
              <React.Fragment key={g}>
                <th className={th}>From</th>
                <th className={th}>To</th>
              </React.Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <td colSpan={13} className={`${td} font-semibold`}>
              With Money Value: <span className="font-normal">(Cash Tickets) none</span>
            </td>
          </tr>
          <tr>
            <td colSpan={13} className={`${td} font-semibold`}>
              Without Money Value:
            </td>
          </tr>
          {forms.length === 0 ? (
            <tr>
              <td colSpan={13} className={`${td} text-center`}>
                No accountable form in the period.
              </td>
            </tr>
          ) : null}
          {forms.map((f) => (
            <tr key={f.pad}>
              <td className={td}>
                {f.form} ({f.pad})
              </td>
              {keys.map((k) => (
                <React.Fragment key={k}>
                  <td className={`${td} text-right tabular-nums`}>{f[k].qty || ""}</td>
                  <td className={`${td} whitespace-nowrap`}>{f[k].from ?? ""}</td>
                  <td className={`${td} whitespace-nowrap`}>{f[k].to ?? ""}</td>
                </React.Fragment>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </SheetTableScroll>
  );
}

function Toolbar({ back }: { back: string }) {
  return <PrintBar backTo={back} backLabel={m.finance_back()} className="w-[8.5in]" />;
}

/** The RCD or the RAAF as printed (the route's id says which), for the period asked. */
export function RegistersSheet({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const root = useRootData();
  const b = root?.barangay;
  usePrintNow();
  if (!loaderData) return null;
  if (loaderData.kind === "raaf" && loaderData.raaf) {
    const r = loaderData.raaf;
    const [y, mo] = r.month.split("-").map(Number);
    const monthName = new Date(Date.UTC(y, mo - 1, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" });
    return (
      <>
        <style>{PRINT_CSS}</style>
        <Toolbar back="/manage/reports/collections" />
        <article className={SHEET} data-testid="raaf">
          <header className="text-center">
            <h1 className="text-[12pt] font-bold uppercase">Report of Accountability for Accountable Forms</h1>
            <p>
              For the Month of {monthName}, {y}
            </p>
          </header>
          <Form method="get" className="no-print flex items-center gap-2 print:hidden">
            <label htmlFor="raaf-month">{m.finance_registers_month()}</label>
            <input id="raaf-month" type="month" name="month" defaultValue={r.month} className="rounded border px-2 py-1" />
            <Button type="submit" size="sm" variant="outline">
              {m.finance_registers_show()}
            </Button>
          </Form>
          <div className="grid grid-cols-2 gap-x-6 gap-y-0.5">
            <p>Barangay: {b?.name}</p>
            <p>RAAF No.: {`${y}-${String(mo).padStart(2, "0")}-001`}</p>
            <p>City/Municipality: {b?.municipality.replace(/^Municipality of /, "")}</p>
            <p>Barangay Treasurer: {loaderData.officials.treasurer || "____________________"}</p>
            <p>Province: {b?.province}</p>
          </div>
          <AccountabilityTable forms={r.forms} />
          <section className="mt-4 grid grid-cols-2 gap-6">
            <p className="text-[8pt]">
              CERTIFICATION: I hereby certify that the foregoing is a true statement of all accountable forms received, issued and
              transferred by me during the period above-stated and that the beginning balances are correct.
            </p>
            <div className="flex flex-col items-center justify-end">
              <span className="font-semibold uppercase" data-testid="raaf-treasurer">
                {loaderData.officials.treasurer}
              </span>
              <span className="w-full border-t border-stone-900 text-center text-[8pt]">(Name and Signature) Barangay Treasurer</span>
              <span className="text-[8pt]">Date: ____________</span>
            </div>
          </section>
        </article>
      </>
    );
  }
  const r = loaderData.rcd!;
  const officials = loaderData.officials;
  // The Barangay Treasurer in office renders the RCD; a collector who is someone else is named beside.
  const treasurer = officials.treasurer || r.collector || "";
  const period = r.from === r.to ? formatDate(r.from, "long") : `${formatDate(r.from, "long")} – ${formatDate(r.to, "long")}`;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <Toolbar back="/manage/remittances" />
      <article className={SHEET} data-testid="rcd">
        <header className="text-center">
          <h1 className="text-[12pt] font-bold uppercase">Report of Collections and Deposits</h1>
        </header>
        <div className="grid grid-cols-2 gap-x-6 gap-y-0.5">
          <p data-testid="rcd-treasurer">Name of Barangay Treasurer: {treasurer || "____________________"}</p>
          <p>Date: {period}</p>
          <p>Barangay: {b?.name}</p>
          <p data-testid="rcd-number">RCD No.: {r.rcd_number ?? `${r.from.replace(/-/g, "")}${r.collector ? "" : "-ALL"}`}</p>
          <p>City/Municipality: {b?.municipality.replace(/^Municipality of /, "")}</p>
          <p>Province: {b?.province}</p>
          {r.collector !== treasurer ? <p>Collecting officer: {r.collector ?? "All collectors"}</p> : null}
        </div>
        <section aria-labelledby="rcd-a">
          <h2 id="rcd-a" className="mb-1 font-bold">
            A. COLLECTIONS
          </h2>
          <SheetTableScroll label="A. Collections">
            <table className="w-full border-collapse text-[8pt]" data-testid="rcd-collections">
              <thead>
                <tr>
                  <th colSpan={2} className={th}>
                    Official Receipt/RCR
                  </th>
                  <th rowSpan={2} className={th}>
                    Payor
                  </th>
                  <th rowSpan={2} className={th}>
                    Nature of Collection
                  </th>
                  <th rowSpan={2} className={th}>
                    Amount
                  </th>
                </tr>
                <tr>
                  <th className={th}>Date</th>
                  <th className={th}>Number</th>
                </tr>
              </thead>
              <tbody>
                {r.collections.map((c) => (
                  <tr key={c.number}>
                    <td className={`${td} whitespace-nowrap`}>{formatDate(c.date, "short")}</td>
                    <td className={`${td} whitespace-nowrap`}>{c.number}</td>
                    <td className={td}>{c.cancelled ? "CANCELLED" : c.payor}</td>
                    <td className={td}>{c.cancelled ? (c.cancel_reason ?? "") : c.nature}</td>
                    <td className={`${td} text-right tabular-nums`}>{c.cancelled ? "—" : formatAmount(c.amount)}</td>
                  </tr>
                ))}
                <tr className="font-bold">
                  <td colSpan={4} className={`${td} text-right`}>
                    TOTAL
                  </td>
                  <td className={`${td} text-right tabular-nums`} data-testid="rcd-total">
                    {formatAmount(r.total)}
                  </td>
                </tr>
                {r.funds.map((f) => (
                  <tr key={f.fund}>
                    <td colSpan={4} className={`${td} text-right`}>
                      Total, {f.fund}
                    </td>
                    <td className={`${td} text-right tabular-nums`}>{formatAmount(f.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SheetTableScroll>
        </section>
        <section aria-labelledby="rcd-b">
          <h2 id="rcd-b" className="mb-1 font-bold">
            B. DEPOSITS
          </h2>
          <table className="w-full border-collapse text-[8pt]">
            <thead>
              <tr>
                <th className={th}>Bank/Branch</th>
                <th className={th}>Reference</th>
                <th className={th}>Amount</th>
              </tr>
            </thead>
            <tbody>
              {r.deposits.map((d) => (
                <tr key={d.reference}>
                  <td className={td}>{d.bank}</td>
                  <td className={td}>
                    {d.reference} ({formatDate(d.date, "short")})
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{formatAmount(d.amount)}</td>
                </tr>
              ))}
              <tr className="font-bold">
                <td colSpan={2} className={`${td} text-right`}>
                  TOTAL
                </td>
                <td className={`${td} text-right tabular-nums`}>{formatAmount(r.depositTotal)}</td>
              </tr>
            </tbody>
          </table>
        </section>
        <AccountabilityTable forms={r.forms} title="C. ACCOUNTABILITY FOR ACCOUNTABLE FORMS" />
        <section className="grid grid-cols-2 gap-6" aria-label="D. Certification">
          <p className="text-[8pt]">
            <strong>D. CERTIFICATION</strong>: I hereby certify that this Report of Collections and Deposits and the accountability for
            accountable forms, with their supporting documents, are true and correct.
          </p>
          <div className="flex flex-col items-center justify-end pt-6">
            <span className="font-semibold uppercase" data-testid="rcd-certified-by">
              {treasurer}
            </span>
            <span className="w-full border-t border-stone-900 text-center text-[8pt]">Barangay Treasurer</span>
            <span className="text-[8pt]">Date: ____________</span>
          </div>
        </section>
        <section aria-labelledby="rcd-e">
          <h2 id="rcd-e" className="mb-1 font-bold">
            E. ACCOUNTING ENTRIES
          </h2>
          <table className="w-full border-collapse text-[8pt]">
            <thead>
              <tr>
                <th className={th}>Account Title</th>
                <th className={th}>Account Code</th>
                <th className={th}>Debit</th>
                <th className={th}>Credit</th>
              </tr>
            </thead>
            <tbody>
              {[0, 1, 2].map((i) => (
                <tr key={i} className="h-[5mm]">
                  <td className={td} />
                  <td className={td} />
                  <td className={td} />
                  <td className={td} />
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 grid grid-cols-2 gap-6 text-[8pt]">
            <p>
              Prepared by:
              <span className="mt-4 block text-center font-semibold uppercase">{officials.bookkeeper || "\u00a0"}</span>
              <span className="block border-t border-stone-900 text-center">Barangay Bookkeeper · Date</span>
            </p>
            <p>
              Approved by:
              <span className="mt-4 block text-center font-semibold uppercase">{officials.accountant || "\u00a0"}</span>
              <span className="block border-t border-stone-900 text-center">City/Municipal Accountant · Date</span>
            </p>
          </div>
        </section>
      </article>
    </>
  );
}
