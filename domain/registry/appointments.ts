import { z } from "zod";
import type { CommandDef, ResourceDef } from "./types";
import { calendarDate, optionalText, requiredEnum, requiredId } from "./fields";

// Appointments (decision 207): the hours each queue service takes appointments in (a parameter the
// Secretary keeps) and the residents' appointments, which move only by recorded commands: book,
// move, cancel (with a reason), check in (a priority ticket in the queue), and the sweep's no-show.

const STATUS = { key: "status", label: "Status", kind: "status" as const, sortable: true };

/** The days of the week as the hours store them, Monday first. */
export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const time = (name: string, label: string) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, `The ${label} must be a time like 08:00.`)
    .describe(name);

const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `The ${label} field is required.` })
    .int(`The ${label} must be a whole number.`)
    .min(min, `The ${label} must be at least ${min}.`)
    .max(max, `The ${label} must not be greater than ${max}.`);

const hoursSchema = z
  .object({
    service_id: requiredId("service"),
    weekday: requiredEnum("weekday", WEEKDAYS),
    opens_at: time("opens_at", "opening time"),
    closes_at: time("closes_at", "closing time"),
    slot_minutes: whole("slot length", 5, 240),
    capacity: whole("capacity", 1, 100),
  })
  .superRefine((v, ctx) => {
    if (v.opens_at >= v.closes_at)
      ctx.addIssue({ code: "custom", path: ["closes_at"], message: "The closing time must be after the opening time." });
  });

export const appointmentHour: ResourceDef<z.output<typeof hoursSchema>> = {
  name: "appointment_hour",
  restPath: "appointment_hour",
  storage: { kind: "table", table: "appointment_hours" },
  path: "/system/parameters/appointment_hours",
  labels: { singular: "appointment hours", plural: "appointment hours", title: "Appointment Hours" },
  displayField: "opens_at",
  undo: true,
  multiBody: "records",
  columns: [
    { key: "service", label: "Service", kind: "reference" },
    { key: "weekday", label: "Day", kind: "text", sortable: true },
    { key: "opens_at", label: "Opens", kind: "text", sortable: true },
    { key: "closes_at", label: "Closes", kind: "text" },
    { key: "slot_minutes", label: "Slot (min)", kind: "number", hideOnMobile: true },
    { key: "capacity", label: "Per slot", kind: "number", hideOnMobile: true },
    STATUS,
  ],
  fields: [
    { name: "service_id", label: "Service", kind: "reference", reference: "queue_service", required: true },
    {
      name: "weekday",
      label: "Day of the week",
      kind: "enum",
      required: true,
      options: WEEKDAYS,
    },
    { name: "opens_at", label: "Opens", kind: "text", required: true, placeholder: "08:00", pattern: "[0-2][0-9]:[0-5][0-9]" },
    { name: "closes_at", label: "Closes", kind: "text", required: true, placeholder: "12:00", pattern: "[0-2][0-9]:[0-5][0-9]" },
    { name: "slot_minutes", label: "Slot length (minutes)", kind: "number", required: true },
    { name: "capacity", label: "Appointments per slot", kind: "number", required: true },
  ],
  references: [{ key: "service", foreignKey: "service_id", resource: "queue_service" }],
  searchable: [],
  schema: { create: hoursSchema, update: hoursSchema },
  modals: ["create", "update", "delete", "restore"],
  defaultSort: { key: "service_id", order: "asc" },
  parameter: true,
};

export const APPOINTMENT_STATES = ["booked", "arrived", "cancelled", "no_show"] as const;
export type AppointmentState = (typeof APPOINTMENT_STATES)[number];
export const APPOINTMENT_STATE_LABELS: Record<AppointmentState, string> = {
  booked: "Booked",
  arrived: "Arrived",
  cancelled: "Cancelled",
  no_show: "Did not come",
};

/**
 * The commands. `book` is create (the staff's modal, or the resident's own booking through the
 * service); move, cancel and check in are update. None is reversed by another: a cancelled
 * appointment is booked again, an arrival has its ticket in the queue, a no-show is the record.
 */
export const APPOINTMENT_COMMANDS = [
  { name: "book", label: "Book", permission: "create", from: [], invokedBy: "service", message: "Booked {name}." },
  {
    name: "move",
    label: "Move",
    permission: "update",
    from: ["booked"],
    to: "booked",
    ownScreen: true,
    message: "Moved {name}.",
  },
  {
    name: "cancel",
    label: "Cancel",
    permission: "update",
    from: ["booked"],
    to: "cancelled",
    reason: "required",
    message: "Cancelled {name}.",
    confirm: "Cancel {name}?",
  },
  {
    name: "check_in",
    label: "Check in",
    permission: "update",
    from: ["booked"],
    to: "arrived",
    message: "Checked in {name}: a priority ticket is issued.",
  },
  {
    name: "no_show",
    label: "No-show",
    permission: "update",
    from: ["booked"],
    to: "no_show",
    invokedBy: "service",
    message: "{name} did not come.",
  },
] as const satisfies readonly CommandDef[];
export type AppointmentCommandName = (typeof APPOINTMENT_COMMANDS)[number]["name"];
export const APPOINTMENT_IRREVERSIBLE_COMMANDS: readonly AppointmentCommandName[] = APPOINTMENT_COMMANDS.map((c) => c.name);

/** A booking: the service, the resident, the day and the slot's start. */
export const bookSchema = z.object({
  service_id: requiredId("service"),
  resident_id: requiredId("resident"),
  appointment_date: calendarDate("appointment_date", { label: "date" }),
  slot_time: time("slot_time", "time"),
  purpose: optionalText("purpose", 200),
});
export type BookInput = z.output<typeof bookSchema>;

/** The resident's own booking: no resident field, it is the one signed in. */
export const bookOwnSchema = bookSchema.omit({ resident_id: true });

/** A move: another day and slot of the same service. */
export const moveSchema = z.object({
  appointment_date: calendarDate("appointment_date", { label: "date" }),
  slot_time: time("slot_time", "time"),
});

const noInput = z.object({}).passthrough() as unknown as z.ZodType<Record<string, unknown>>;

export const appointment: ResourceDef = {
  name: "appointment",
  restPath: "appointment",
  storage: { kind: "table", table: "appointments" },
  path: "/appointments/list",
  labels: { singular: "appointment", plural: "appointments", title: "Appointments" },
  displayField: "slot_time",
  undo: false,
  multiBody: "records",
  columns: [
    { key: "appointment_date", label: "Date", kind: "date", sortable: true },
    { key: "slot_time", label: "Time", kind: "text", sortable: true },
    { key: "service", label: "Service", kind: "reference" },
    { key: "resident", label: "Resident", kind: "reference" },
    { key: "state_label", label: "State", kind: "text" },
  ],
  fields: [],
  references: [
    { key: "service", foreignKey: "service_id", resource: "queue_service" },
    { key: "resident", foreignKey: "resident_id", resource: "resident" },
  ],
  searchable: ["slot_time"],
  filters: [
    { kind: "date-range", key: "appointment_date", label: "Date" },
    { kind: "reference", key: "service_id", label: "Service", resource: "queue_service" },
    { key: "state", label: "State", options: APPOINTMENT_STATES.map((s) => ({ value: s, label: APPOINTMENT_STATE_LABELS[s] })) },
  ],
  schema: { create: bookSchema as unknown as z.ZodType<Record<string, unknown>>, update: noInput },
  modals: [],
  commands: APPOINTMENT_COMMANDS,
  stateColumn: "state",
  defaultSort: { key: "appointment_date", order: "desc" },
};
