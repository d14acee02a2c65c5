import { z } from "zod";
import type { ColumnDef, CommandDef, ResourceDef } from "./types";
import { optionalId, optionalText, requiredEnum, requiredId, requiredText } from "./fields";

// The hall's queue (decision 206): the services a visitor picks at the kiosk and the windows staff
// serve from (parameters the Secretary keeps), and the day's tickets, which move only by the
// window's recorded commands. The kiosk and the TV display are public pages; they show ticket
// codes only, never a name.

const STATUS: ColumnDef = { key: "status", label: "Status", kind: "status", sortable: true };

// ---- Services and windows --------------------------------------------------------------------

const serviceSchema = z.object({
  name: requiredText("name", 60),
  prefix: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z
      .string({ error: "The prefix field is required." })
      .min(1, "The prefix field is required.")
      .regex(/^[A-Z]{1,3}$/, "The prefix must be one to three letters (A–Z)."),
  ),
  description: optionalText("description", 200),
  position: z.preprocess(
    (v) => (v === "" || v == null ? 0 : v),
    z.coerce
      .number({ error: "The order must be a number." })
      .int("The order must be a whole number.")
      .min(0, "The order must not be negative.")
      .max(999, "The order must not be greater than 999."),
  ),
});

export const queueService: ResourceDef<z.output<typeof serviceSchema>> = {
  name: "queue_service",
  restPath: "queue_service",
  storage: { kind: "table", table: "queue_services" },
  path: "/system/parameters/queue_services",
  labels: { singular: "queue service", plural: "queue services", title: "Queue Services" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "prefix", label: "Prefix", kind: "text", sortable: true },
    { key: "name", label: "Name", kind: "text", sortable: true },
    { key: "description", label: "Description", kind: "text", hideOnMobile: true },
    { key: "position", label: "Order", kind: "number", sortable: true, hideOnMobile: true },
    STATUS,
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 60, placeholder: "Certificate" },
    {
      name: "prefix",
      label: "Prefix",
      kind: "text",
      required: true,
      maxLength: 3,
      pattern: "[A-Za-z]{1,3}",
      placeholder: "C",
      description: "One to three letters before the ticket's number: C-007.",
    },
    {
      name: "description",
      label: "Description",
      kind: "text",
      maxLength: 200,
      description: "Shown under the name on the kiosk's button.",
    },
    { name: "position", label: "Order", kind: "number", description: "The kiosk lists the services by this number." },
  ],
  searchable: ["name", "prefix"],
  unique: ["name", "prefix"],
  schema: { create: serviceSchema, update: serviceSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "position", order: "asc" },
  parameter: true,
};

const windowSchema = z.object({
  name: requiredText("name", 40),
  service_id: optionalId("service"),
});

export const queueWindow: ResourceDef<z.output<typeof windowSchema>> = {
  name: "queue_window",
  restPath: "queue_window",
  storage: { kind: "table", table: "queue_windows" },
  path: "/system/parameters/queue_windows",
  labels: { singular: "queue window", plural: "queue windows", title: "Queue Windows" },
  displayField: "name",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "name", label: "Name", kind: "text", sortable: true, order: "natural" },
    { key: "service", label: "Calls first", kind: "reference" },
    STATUS,
  ],
  fields: [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 40, placeholder: "Window 1" },
    {
      name: "service_id",
      label: "Calls first",
      kind: "reference",
      reference: "queue_service",
      description: "The service this window calls first; it takes the other services' tickets when that one's line is empty.",
    },
  ],
  references: [{ key: "service", foreignKey: "service_id", resource: "queue_service" }],
  searchable: ["name"],
  unique: ["name"],
  schema: { create: windowSchema, update: windowSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "name", order: "asc" },
  parameter: true,
};

// ---- Tickets ---------------------------------------------------------------------------------

/**
 * The lanes. The law gives these visitors priority, not a count of their own (decision 206):
 * senior citizens (RA 9994 §4), persons with disability (RA 7277 as amended by RA 10754; its
 * rules §10, CSC MC 20 s. 2017), and pregnant women, whom the hall serves first by the same
 * practice. A priority ticket keeps its service's number and is called before the regular lane.
 */
export const QUEUE_LANES = ["regular", "senior", "pwd", "pregnant", "appointment"] as const;
export type QueueLane = (typeof QUEUE_LANES)[number];
/**
 * The lanes a visitor picks at the kiosk. `appointment` is not one: it is given by staff checking
 * in an appointment's holder (decision 207), who booked their time and is served in the priority
 * order on arrival.
 */
export const KIOSK_LANES = ["regular", "senior", "pwd", "pregnant"] as const satisfies readonly QueueLane[];
export const PRIORITY_LANES: readonly QueueLane[] = ["senior", "pwd", "pregnant", "appointment"];

export const QUEUE_LANE_LABELS: Record<QueueLane, string> = {
  regular: "Regular",
  senior: "Senior citizen",
  pwd: "Person with disability",
  pregnant: "Pregnant woman",
  appointment: "Appointment",
};

export const QUEUE_STATES = ["waiting", "called", "done", "skipped", "transferred"] as const;
export type QueueState = (typeof QUEUE_STATES)[number];
export const QUEUE_STATE_LABELS: Record<QueueState, string> = {
  waiting: "Waiting",
  called: "Being served",
  done: "Done",
  skipped: "Skipped",
  transferred: "Transferred",
};

/**
 * A ticket's commands. The window's are all `update-queue`; `call` is what "call next" runs on the
 * ticket it picks (the service chooses the ticket, so it has no route of its own). None is
 * reversed: each records what happened at the window, and a mistake is met by the next step (a
 * skipped visitor who comes back is recalled).
 */
export const QUEUE_COMMANDS = [
  // The kiosk's ticket, recorded as its run. The kiosk is public (no sign-in), so no permission is
  // asked of it: its guard is the throttle (server/features/queue/service.ts).
  {
    name: "issue",
    label: "Issue",
    permission: "create",
    from: [],
    invokedBy: "service",
    message: "Issued {name}.",
  },
  {
    name: "call",
    label: "Call",
    permission: "update",
    from: ["waiting"],
    to: "called",
    invokedBy: "service",
    message: "Called {name}.",
  },
  {
    name: "recall",
    label: "Recall",
    permission: "update",
    from: ["called", "skipped"],
    to: "called",
    message: "Called {name} again.",
  },
  {
    name: "skip",
    label: "Skip",
    permission: "update",
    from: ["called"],
    to: "skipped",
    reason: "optional",
    message: "Skipped {name}.",
    confirm: "Skip {name}? The visitor did not come to the window.",
  },
  { name: "done", label: "Done", permission: "update", from: ["called"], to: "done", message: "Finished {name}." },
  {
    name: "transfer",
    label: "Transfer",
    permission: "update",
    from: ["called"],
    to: "transferred",
    reason: "optional",
    // It asks the service (and window) to send the visitor to: the window page asks it.
    ownScreen: true,
    message: "Transferred {name}.",
  },
] as const satisfies readonly CommandDef[];
export type QueueCommandName = (typeof QUEUE_COMMANDS)[number]["name"];

/** The commands no other command takes back (every-command test). */
export const QUEUE_IRREVERSIBLE_COMMANDS: readonly QueueCommandName[] = QUEUE_COMMANDS.map((c) => c.name);

/** What the kiosk posts: a service and a lane. */
export const kioskTicketSchema = z.object({
  service_id: requiredId("service"),
  lane: z.preprocess((v) => (v === "" || v == null ? "regular" : v), requiredEnum("lane", KIOSK_LANES)),
});
export type KioskTicketInput = z.output<typeof kioskTicketSchema>;

/** A transfer's input: another service, and the window that must take it (none: any of the service's). */
export const transferSchema = z.object({
  service_id: requiredId("service"),
  window_id: optionalId("window"),
});

/** The staff's "call next" at a window. */
export const callNextSchema = z.object({ window_id: requiredId("window") });

/** A ticket's code: the service's prefix and the number, three digits at least ("C-007"). */
export function ticketCode(prefix: string, number: number): string {
  return `${prefix}-${String(number).padStart(3, "0")}`;
}

// The tickets are an entry of their own, named "queue" so its permissions are the spec's
// `manage-queue` (the menu's gate) and `update-queue` (work a window). They are issued by the kiosk
// only, never typed in: no create, update or delete modal.
const noInput = z.object({}).passthrough() as unknown as z.ZodType<Record<string, unknown>>;

export const queueTicket: ResourceDef = {
  name: "queue",
  restPath: "queue",
  storage: { kind: "table", table: "queue_tickets" },
  path: "/queue/tickets",
  labels: { singular: "ticket", plural: "tickets", title: "Queue Tickets" },
  displayField: "code",
  undo: false,
  multiBody: "records",
  columns: [
    { key: "code", label: "Ticket", kind: "text", sortable: true },
    { key: "ticket_date", label: "Date", kind: "date", sortable: true },
    { key: "service", label: "Service", kind: "reference" },
    // The lane and the state in words (the service's extendSelect).
    { key: "lane_label", label: "Lane", kind: "text", hideOnMobile: true },
    { key: "state_label", label: "State", kind: "text" },
    { key: "window", label: "Window", kind: "reference", hideOnMobile: true },
    { key: "issued_at", label: "Issued", kind: "datetime", sortable: true, hideOnMobile: true },
    { key: "called_at", label: "Called", kind: "datetime", sortable: true, hideOnMobile: true },
    { key: "finished_at", label: "Finished", kind: "datetime", sortable: true, hideOnMobile: true },
  ],
  fields: [],
  references: [
    { key: "service", foreignKey: "service_id", resource: "queue_service" },
    { key: "window", foreignKey: "window_id", resource: "queue_window" },
  ],
  searchable: ["code"],
  filters: [
    { kind: "date-range", key: "ticket_date", label: "Date" },
    { kind: "reference", key: "service_id", label: "Service", resource: "queue_service" },
    { kind: "reference", key: "window_id", label: "Window", resource: "queue_window" },
    { key: "state", label: "State", options: QUEUE_STATES.map((s) => ({ value: s, label: QUEUE_STATE_LABELS[s] })) },
    { key: "lane", label: "Lane", options: QUEUE_LANES.map((l) => ({ value: l, label: QUEUE_LANE_LABELS[l] })) },
  ],
  schema: { create: noInput, update: noInput },
  modals: [],
  commands: QUEUE_COMMANDS,
  stateColumn: "state",
  defaultSort: { key: "issued_at", order: "desc" },
};
