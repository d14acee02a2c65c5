import type { FilterDef } from "../registry/types";
import { QUEUE_LANE_LABELS, QUEUE_LANES } from "../registry/queue";
import { listingSection, PAPER, reportDef } from "./define";

// The hall's queue report (decision 206): how long visitors waited and how long they were served,
// per service and per window, over a range of days. Waiting runs from the ticket to its first
// call; serving from its last call (a recall starts it again) to done. A transferred visitor's
// wait at the next service counts there. Minutes, one decimal.

const filters: readonly FilterDef[] = [
  { kind: "date-range", key: "ticket_date", label: "Date" },
  { kind: "reference", key: "service_id", label: "Service", resource: "queue_service" },
  { kind: "reference", key: "window_id", label: "Window", resource: "queue_window" },
  { key: "lane", label: "Lane", options: QUEUE_LANES.map((l) => ({ value: l, label: QUEUE_LANE_LABELS[l] })) },
];

const times = [
  { key: "avg_wait", label: "Average wait (min)", kind: "number" },
  { key: "max_wait", label: "Longest wait (min)", kind: "number", hideOnMobile: true },
  { key: "avg_serve", label: "Average service (min)", kind: "number" },
  { key: "max_serve", label: "Longest service (min)", kind: "number", hideOnMobile: true },
] as const;

export const queueReport = reportDef({
  name: "queue",
  title: "Queue times",
  answers: "How long visitors waited and were served, per service and per window; the tickets one by one.",
  filters,
  paper: PAPER.a4Landscape,
  sections: [
    {
      key: "by_service",
      title: "Per service",
      totals: true,
      columns: [
        { key: "service", label: "Service", kind: "text" },
        { key: "tickets", label: "Tickets", kind: "number", total: true },
        { key: "priority", label: "Priority", kind: "number", total: true, hideOnMobile: true },
        { key: "served", label: "Served", kind: "number", total: true },
        { key: "skipped", label: "Skipped", kind: "number", total: true, hideOnMobile: true },
        { key: "transferred", label: "Transferred", kind: "number", total: true, hideOnMobile: true },
        ...times,
      ],
    },
    {
      key: "by_window",
      title: "Per window",
      description: "The tickets each window called: the waits it ended and the services it gave.",
      totals: true,
      columns: [
        { key: "window", label: "Window", kind: "text" },
        { key: "called", label: "Called", kind: "number", total: true },
        { key: "served", label: "Served", kind: "number", total: true },
        ...times,
      ],
    },
    listingSection({
      title: "Tickets",
      columns: [
        { key: "ticket_date", label: "Date", kind: "date" },
        { key: "code", label: "Ticket", kind: "text" },
        { key: "service", label: "Service", kind: "text" },
        { key: "lane", label: "Lane", kind: "text", hideOnMobile: true },
        { key: "window", label: "Window", kind: "text" },
        { key: "state", label: "State", kind: "text" },
        { key: "issued", label: "Issued", kind: "text", hideOnMobile: true },
        { key: "wait", label: "Wait (min)", kind: "number" },
        { key: "serve", label: "Service (min)", kind: "number" },
      ],
    }),
  ],
  charts: [
    {
      kind: "bar",
      title: "Average minutes per service",
      section: "by_service",
      x: "service",
      series: [
        { key: "avg_wait", label: "Waiting" },
        { key: "avg_serve", label: "Serving" },
      ],
    },
  ],
});
