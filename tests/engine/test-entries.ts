import { asOwner } from "../../db/tenant.ts";
import { sql, type Generated, type GeneratedAlways } from "kysely";
import { z } from "zod";
import { registerResource } from "../../domain/registry/index.ts";
import type { ResourceDef } from "../../domain/registry/types.ts";
import type { DB } from "../../db/index.ts";
import type { CommandRun } from "../../server/engine/commands.ts";
import { ResourceEngine } from "../../server/engine/engine.ts";
import { composeServices } from "../../server/engine/services.ts";

// Test-only registry entries for the engine's second layer (issue 9 item 2): a voucher with child
// lines and void/unvoid commands whose cascade voids the voucher's cheques, and the cheques
// themselves, whose state decides whether they may be deleted or restored. Their tables are made
// by `createTestTables` in the test's own database; the entries get REST, tRPC and commands like
// any registry entry.

// The test's own tables (createTestTables below), typed for it: an entry names its table by a key of Database.
interface TestAudited {
  created_at: Generated<Date>;
  created_by: number | null;
  updated_at: Generated<Date>;
  updated_by: number | null;
  deleted_at: Date | null;
  deleted_by: number | null;
}
declare module "../../db/schema.ts" {
  interface Database {
    test_vouchers: TestAudited & {
      id: GeneratedAlways<number>;
      number: string;
      amount: string;
      voucher_date: string;
      urgent: Generated<boolean>;
      payee_id: number | null;
      state: Generated<string>;
    };
    test_voucher_lines: { voucher_id: number; position: number; label: string; amount: string };
    test_cheques: TestAudited & { id: GeneratedAlways<number>; voucher_id: number; number: string; state: Generated<string> };
  }
}

export const TEST_PERMISSIONS = ["manage", "view", "create", "update", "delete", "restore"].flatMap((a) => [
  `${a}-test_voucher`,
  `${a}-test_cheque`,
]);

const money = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `The ${label} field is required.` })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), `The ${label} must be an amount in pesos.`);

const lineSchema = z.object({
  label: z.string({ error: "The nature of payment field is required." }).trim().min(1, "The nature of payment field is required."),
  amount: money("amount"),
});

const voucherSchema = z.object({
  number: z.string({ error: "The number field is required." }).trim().min(1, "The number field is required.").max(20),
  amount: money("amount"),
  voucher_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "The voucher date must be a date."),
  urgent: z.boolean().default(false),
  payee_id: z.coerce.number().int().positive().nullish(),
  lines: z.array(lineSchema).max(5, "A voucher has at most 5 lines.").default([]),
});

export const testVoucher: ResourceDef = {
  name: "test_voucher",
  restPath: "test-voucher",
  storage: { kind: "table", table: "test_vouchers" },
  path: "/manage/test_vouchers",
  labels: { singular: "test voucher", plural: "test vouchers", title: "Test Vouchers" },
  displayField: "number",
  voidWording: true,
  undo: false,
  multiBody: "records",
  countable: true,
  columns: [
    { key: "number", label: "Number", kind: "text", sortable: true },
    { key: "amount", label: "Amount", kind: "money", sortable: true },
    { key: "voucher_date", label: "Date", kind: "date", sortable: true },
    { key: "state", label: "State", kind: "enum" },
  ],
  fields: [
    { name: "number", label: "Number", kind: "text", required: true },
    { name: "amount", label: "Amount", kind: "money", required: true },
    { name: "voucher_date", label: "Date", kind: "date", required: true },
  ],
  references: [{ key: "payee", foreignKey: "payee_id", resource: "purok" }],
  searchable: ["number"],
  filters: [
    {
      key: "state",
      label: "State",
      options: [
        { value: "active", label: "Active" },
        { value: "void", label: "Void" },
      ],
    },
    { kind: "reference", key: "payee_id", label: "Payee", resource: "purok" },
    { kind: "date-range", key: "voucher_date", label: "Date" },
    { kind: "amount-range", key: "amount", label: "Amount" },
    { kind: "boolean", key: "urgent", label: "Urgent" },
  ],
  schema: { create: voucherSchema, update: voucherSchema },
  modals: ["create", "update", "delete", "restore"],
  stateColumn: "state",
  restorableStates: ["active"],
  commands: [
    {
      name: "void",
      label: "Void",
      permission: "update",
      from: ["active"],
      to: "void",
      reason: "required",
      message: "Successfully voided {name}.",
      destructive: true,
    },
    { name: "unvoid", label: "Unvoid", permission: "delete", from: ["void"], reverses: "void", message: "Successfully unvoided {name}." },
  ],
  children: [
    {
      key: "lines",
      table: "test_voucher_lines",
      parentKey: "voucher_id",
      columns: ["label", "amount"],
      orderColumn: "position",
      fields: [
        { name: "label", label: "Nature of payment", kind: "text", required: true },
        { name: "amount", label: "Amount", kind: "money", required: true },
      ],
      labels: { singular: "line", plural: "lines" },
      max: 5,
    },
  ],
};

const chequeSchema = z.object({
  voucher_id: z.coerce.number().int().positive(),
  number: z.string().trim().min(1),
});

export const testCheque: ResourceDef = {
  name: "test_cheque",
  restPath: "test-cheque",
  storage: { kind: "table", table: "test_cheques" },
  path: "/manage/test_cheques",
  labels: { singular: "test cheque", plural: "test cheques", title: "Test Cheques" },
  displayField: "number",
  undo: false,
  multiBody: "records",
  columns: [{ key: "number", label: "Number", kind: "text" }],
  fields: [{ name: "number", label: "Number", kind: "text", required: true }],
  searchable: ["number"],
  schema: { create: chequeSchema, update: chequeSchema },
  modals: ["create", "delete", "restore"],
  stateColumn: "state",
  // A spoiled (void) cheque is accounted for, never trashed; only issued ones may be deleted.
  restorableStates: ["issued"],
};

/** Voiding a voucher voids its issued cheques (the cascade of DESIGN §10). */
async function voidTestVoucher(run: CommandRun): Promise<void> {
  const cheques = await sql<{
    id: number;
  }>`select id from test_cheques where voucher_id = ${run.row.id} and state = 'issued' order by id`.execute(run.ctx.db);
  for (const cheque of cheques.rows) await run.change("test_cheque", Number(cheque.id), { state: "void" });
}

class TestVoucherService extends ResourceEngine {
  protected override commandHandlers() {
    return { void: voidTestVoucher };
  }
}

let registered = false;

/** Registers the entries and their service (the void cascade) once per test process, before the app is built. */
export function registerTestEntries(): void {
  if (registered) return;
  registered = true;
  registerResource(testVoucher);
  registerResource(testCheque);
  composeServices({ test_voucher: (def) => new TestVoucherService(def) });
}

// With its barangay, as every table a barangay owns: the engine names the barangay in its queries (decision 209).
const AUDIT = sql`created_at timestamptz not null default now(), created_by bigint, updated_at timestamptz not null default now(),
  updated_by bigint, deleted_at timestamptz, deleted_by bigint,
  barangay_id bigint not null default nullif(current_setting('app.barangay_id', true), '')::bigint`;

export function createTestTables(db: DB): Promise<void> {
  // Tables are made by the database's owner; the application's role owns none (decision 209).
  return asOwner(() => createTestTablesAsOwner(db));
}

async function createTestTablesAsOwner(db: DB): Promise<void> {
  await sql`create table test_vouchers (id bigint generated always as identity primary key, number text not null,
    amount numeric(14,2) not null, voucher_date date not null, urgent boolean not null default false,
    payee_id bigint references puroks(id), state text not null default 'active', ${AUDIT})`.execute(db);
  await sql`create table test_voucher_lines (voucher_id bigint not null references test_vouchers(id) on delete cascade,
    position integer not null, label text not null, amount numeric(14,2) not null, primary key (voucher_id, position))`.execute(db);
  await sql`create table test_cheques (id bigint generated always as identity primary key,
    voucher_id bigint not null references test_vouchers(id), number text not null unique, state text not null default 'issued', ${AUDIT})`.execute(
    db,
  );
  await db
    .insertInto("permissions")
    .values(TEST_PERMISSIONS.map((name) => ({ name, description: "Engine test entry" })))
    .execute();
}
