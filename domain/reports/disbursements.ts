import type { FilterDef } from "../registry/types";
import { listingSection, PAPER, reportDef } from "./define";

// The cheque registers (DESIGN §12, research notes §3, §5) on the reports layer:
// the report of cheques issued per bank account and month (cancelled included), the cheque
// disbursement record (voucher ↔ cheque ↔ payee ↔ amount, with the account's running balance),
// and the cheque registrations (books received, used, spoiled, remaining: the cheque part of the RAAF).
// Their queries are in server/features/disbursements/reports.ts.

const account: FilterDef = { kind: "reference", key: "bank_account_id", label: "Bank account", resource: "bank_account" };
const period: FilterDef = { kind: "date-range", key: "period", label: "Period" };

export const chequeIssuancesReport = reportDef({
  name: "cheque-issuances",
  title: "Cheque issuances",
  answers: "The report of cheques issued per bank account and month, cancelled ones included.",
  filters: [period, account],
  paper: PAPER.letterLandscape,
  sections: [
    {
      key: "by_account",
      title: "Per bank account and month",
      totals: true,
      columns: [
        { key: "account", label: "Bank account", kind: "text" },
        { key: "month", label: "Month", kind: "text" },
        { key: "issued", label: "Cheques issued", kind: "number", total: true },
        { key: "cancelled", label: "Cancelled", kind: "number", total: true },
        { key: "amount", label: "Amount issued", kind: "money", total: true },
      ],
    },
    listingSection({
      title: "Report of Checks Issued",
      description: "Every cheque of the period, released and cancelled (void or deleted), by account and serial number.",
      totals: true,
      columns: [
        { key: "account", label: "Bank account", kind: "text", hideOnMobile: true },
        { key: "cheque_date", label: "Check date", kind: "date" },
        { key: "number", label: "Check serial no.", kind: "text" },
        { key: "dv_number", label: "DV no.", kind: "text" },
        { key: "payee", label: "Payee", kind: "text" },
        { key: "nature", label: "Nature of payment", kind: "text", hideOnMobile: true },
        { key: "amount", label: "Amount", kind: "money", total: true },
        { key: "cancelled_amount", label: "Cancelled amount", kind: "money", total: true, hideOnMobile: true },
        { key: "status", label: "Status", kind: "text" },
      ],
    }),
  ],
  charts: [
    {
      kind: "bar",
      title: "Cheques issued per month",
      section: "by_account",
      x: "month",
      stacked: true,
      series: [
        { key: "issued", label: "Issued" },
        { key: "cancelled", label: "Cancelled" },
      ],
    },
  ],
});

export const chequeDisbursementsReport = reportDef({
  name: "cheque-disbursements",
  title: "Cheque disbursements",
  answers: "Which cheques paid which disbursement vouchers, per bank account, with the account's running balance.",
  filters: [period, account],
  paper: PAPER.letterLandscape,
  sections: [
    {
      key: "by_account",
      title: "Cash in bank per account",
      description:
        "Opening balance (the account's opening balance, then deposits less cheques before the period), deposits and cheques of the period, closing balance.",
      totals: true,
      columns: [
        { key: "account", label: "Bank account", kind: "text" },
        { key: "opening", label: "Opening balance", kind: "money", total: true },
        { key: "deposits", label: "Deposits", kind: "money", total: true },
        { key: "cheques", label: "Checks issued", kind: "money", total: true },
        { key: "closing", label: "Closing balance", kind: "money", total: true },
      ],
    },
    listingSection({
      title: "Check Disbursement Record",
      description:
        "The balance brought forward, then deposits and live cheques in date order per account; the balance runs from the account's opening balance.",
      totals: true,
      columns: [
        { key: "account", label: "Bank account", kind: "text", hideOnMobile: true },
        { key: "date", label: "Date", kind: "date" },
        { key: "reference", label: "Reference (DV / check no.)", kind: "text" },
        { key: "particulars", label: "Payee / particulars", kind: "text" },
        { key: "nature", label: "Nature of payment", kind: "text", hideOnMobile: true },
        { key: "deposit", label: "Deposit", kind: "money", total: true },
        { key: "check_issued", label: "Check issued", kind: "money", total: true },
        { key: "balance", label: "Balance", kind: "money" },
      ],
    }),
  ],
});

export const chequeRegistrationsReport = reportDef({
  name: "cheque-registrations",
  title: "Cheque registrations",
  answers:
    "Which cheque books were received, and how many leaves were used, spoiled or remain, by serial range (the cheque part of the RAAF).",
  filters: [period, account],
  paper: PAPER.letterLandscape,
  sections: [
    {
      key: "raaf",
      title: "Accountability for checks (RAAF, without money value)",
      description:
        "Beginning balance at the start of the period, books received, leaves issued or spoiled during it, ending balance; quantities with inclusive serial numbers.",
      totals: true,
      columns: [
        { key: "form", label: "Name of form", kind: "text" },
        { key: "begin_qty", label: "Beginning qty", kind: "number", total: true },
        { key: "begin_serials", label: "Beginning serials", kind: "text" },
        { key: "received_qty", label: "Receipt qty", kind: "number", total: true },
        { key: "received_serials", label: "Receipt serials", kind: "text" },
        { key: "issued_qty", label: "Issued qty", kind: "number", total: true },
        { key: "issued_serials", label: "Issued serials", kind: "text" },
        { key: "ending_qty", label: "Ending qty", kind: "number", total: true },
        { key: "ending_serials", label: "Ending serials", kind: "text" },
      ],
    },
    {
      key: "books",
      title: "Cheque books",
      totals: true,
      columns: [
        { key: "account", label: "Bank account", kind: "text" },
        { key: "book", label: "Cheque book", kind: "text" },
        { key: "serials", label: "Serial range", kind: "text" },
        { key: "received", label: "Received", kind: "date", hideOnMobile: true },
        { key: "leaves", label: "Leaves", kind: "number", total: true },
        { key: "issued", label: "Issued", kind: "number", total: true },
        { key: "spoiled", label: "Spoiled", kind: "number", total: true },
        { key: "remaining", label: "Remaining", kind: "number", total: true },
        { key: "remaining_serials", label: "Remaining serials", kind: "text", hideOnMobile: true },
      ],
    },
    {
      key: "spoiled",
      title: "Spoiled leaves",
      columns: [
        { key: "account", label: "Bank account", kind: "text", hideOnMobile: true },
        { key: "number", label: "Check no.", kind: "text" },
        { key: "date", label: "Spoiled on", kind: "date" },
        { key: "reason", label: "Reason", kind: "text" },
      ],
    },
  ],
});

export const DISBURSEMENT_REPORTS = [chequeDisbursementsReport, chequeIssuancesReport, chequeRegistrationsReport] as const;
