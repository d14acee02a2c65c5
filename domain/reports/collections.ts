import { listingSection, PAPER, reportDef } from "./define";

// The collections report of /manage/reports/collections (DESIGN §12): the RCD's
// data for a collector and a day or period on the reports layer — receipts with the cancelled ones,
// totals per fund, deposits and the accountability for accountable forms — with its filters in the
// address, CSV/XLSX export and print. The RCD and the RAAF as COA lays them out print from
// /manage/reports/collections/rcd and /raaf (app/routes/collections.registers.tsx).

const range = (key: string, label: string) => [
  { key: `${key}_qty`, label: `${label} qty`, kind: "number" as const },
  { key: `${key}_from`, label: `${label} from`, kind: "text" as const },
  { key: `${key}_to`, label: `${label} to`, kind: "text" as const },
];

export const collectionsReport = reportDef({
  name: "collections",
  title: "Collections",
  answers: "What was collected, per collector and day or period (RCD), and the accountable forms used (RAAF).",
  filters: [
    { kind: "date-range", key: "date_issued", label: "Date issued" },
    { kind: "reference", key: "collector_id", label: "Collector", resource: "user" },
    { kind: "reference", key: "collection_type_id", label: "Collection type", resource: "collection_type" },
  ],
  paper: PAPER.longPortrait,
  sections: [
    {
      key: "by_fund",
      title: "Totals per fund",
      totals: true,
      columns: [
        { key: "fund", label: "Fund", kind: "text" },
        { key: "receipts", label: "Receipts", kind: "number", total: true },
        { key: "amount", label: "Amount", kind: "money", total: true },
      ],
    },
    {
      key: "deposits",
      title: "B. Deposits",
      totals: true,
      columns: [
        { key: "bank", label: "Bank/Branch", kind: "text" },
        { key: "date", label: "Date", kind: "date" },
        { key: "reference", label: "Reference", kind: "text" },
        { key: "amount", label: "Amount", kind: "money", total: true },
      ],
    },
    {
      key: "forms",
      title: "C. Accountability for accountable forms",
      description: "Per pad: beginning balance, received, issued (used or spoiled) and ending balance, with serial ranges.",
      columns: [
        { key: "form", label: "Name of form and no.", kind: "text" },
        ...range("beginning", "Beginning"),
        ...range("receipt", "Receipt"),
        ...range("issued", "Issued"),
        ...range("ending", "Ending"),
      ],
    },
    listingSection({
      title: "A. Collections",
      description: "Receipts in date and number order, cancelled ones included (amount 0).",
      totals: true,
      columns: [
        { key: "number", label: "Number", kind: "text" },
        { key: "date", label: "Date", kind: "date" },
        { key: "payor", label: "Payor", kind: "text" },
        { key: "nature", label: "Nature of collection", kind: "text", hideOnMobile: true, wrap: true },
        { key: "fund", label: "Fund", kind: "text", hideOnMobile: true },
        { key: "status", label: "Status", kind: "text" },
        { key: "amount", label: "Amount", kind: "money", total: true },
      ],
    }),
  ],
  charts: [{ kind: "bar", title: "Collections per fund", section: "by_fund", x: "fund", series: [{ key: "amount", label: "Amount" }] }],
});
