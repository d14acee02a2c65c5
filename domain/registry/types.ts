import type { z } from "zod";
import type { Database } from "../../db/schema";

// The resource registry (DESIGN §4): one isomorphic entry per entity — plain data and zod, no JSX,
// no SQL. The server engine (server/engine/) turns an entry into queries, services, REST routes
// and tRPC procedures; the DataTable and ResourceModal render its columns and fields by kind.

export type ColumnKind =
  | "text"
  | "money"
  | "date" // calendar date, "YYYY-MM-DD"
  | "datetime" // timestamptz, shown in Asia/Manila
  | "status" // Active / Trashed (or Void)
  | "person" // a user with avatar; value {id, fullname, image, hex_color}
  | "reference" // another entity; value {id, name}
  | "enum"
  | "list" // array of strings shown as badges
  | "range" // "first–last" of a pad's or book's serial numbers: each end stays whole
  | "number";

export interface ColumnDef {
  /** Key in the row object the server returns. */
  key: string;
  label: string;
  kind: ColumnKind;
  /** Sortable columns can be clicked; the server maps the key to its SQL (never raw input). */
  sortable?: boolean;
  /**
   * "natural": numbers in the text sort as counted ("Purok 2" before "Purok 10"), in the list and
   * in the selects of this resource. For names of small tables: the key is worked out per row.
   */
  order?: "natural";
  /** Hidden below this width on narrow screens, to keep the table readable on phones. */
  hideOnMobile?: boolean;
  /** For kind "enum": each stored value in words ("special_non_working" → "Special non-working day"). */
  labels?: Readonly<Record<string, string>>;
}

export type FieldKind =
  | "text"
  | "textarea"
  | "email"
  | "password"
  | "number"
  | "money"
  | "date"
  | "enum" // fixed options
  | "reference" // a select of another resource's active rows
  | "custom-forms" // the custom-fields editor
  | "custom-payment-form" // fee lines editor (transaction types)
  | "checkbox" // a yes/no flag (resident: voter, PWD, solo parent...)
  | "multi-enum" // several of fixed options, stored as a list (disaster types)
  | "multi-reference"; // several rows of another resource, sent as an array of ids (a user's roles)

export interface FieldDef {
  /** Form field name; dotted for nested objects (user_profile.firstname). */
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  placeholder?: string;
  description?: string;
  options?: readonly string[];
  /** For kind "enum": each option in words, as the select shows it (the stored value is sent). */
  optionLabels?: Readonly<Record<string, string>>;
  /** For kind "reference": the registry name of the referenced resource. */
  reference?: string;
  /** Only on the create form (passwords of user-based entities). */
  createOnly?: boolean;
  maxLength?: number;
  /** A regular expression (source) the value must match; also the input's `pattern` attribute. */
  pattern?: string;
  /**
   * The id of a record whose entry another field chooses (a voucher's payee: a resident, a
   * non-resident, an organization or a business), picked by name, never typed as a number: the
   * residents searched, the other entries' records chosen from their list; without JavaScript a
   * "Find" step over the chosen entry. `entries` maps the kind field's values to registry entries.
   */
  recordPicker?: { kindField: string; entries: Readonly<Record<string, string>>; label: string; nameField?: string };
}

/**
 * A list filter (DESIGN §7, §10). Every kind reads `filter[key]=value` from the address or the
 * REST query; the range kinds read `filter[key_from]` and `filter[key_to]`. The same parsed
 * filter object serves the list, its count, the CSV export and the reports.
 */
export type FilterDef =
  /** One of fixed choices (the default kind). */
  | { kind?: "option"; key: string; label: string; column?: string; options: readonly { value: string; label: string }[] }
  /**
   * A row of another registry entry (purok, bank account, collector, type), by id. `search:
   * "resident"` for a person entry too large for a select (residents): the filter is chosen by name
   * through the resident search — a typeahead with JavaScript, a text box whose Apply lists the
   * matches as choices without — and the list's loader sends only the chosen one's name.
   */
  | {
      kind: "reference";
      key: string;
      label: string;
      column?: string;
      resource: string;
      search?: "resident";
      /**
       * Only the records some row of these tables points to (the collector filter: staff who collect
       * from a pad or issued a receipt, not every user): `table.column` holds the record's id.
       */
      among?: readonly { table: TableName; column: string }[];
    }
  /** Calendar dates "YYYY-MM-DD", both ends included. */
  | { kind: "date-range"; key: string; label: string; column?: string }
  /** Pesos with up to two decimals ("1500", "1500.50"), both ends included; compared exactly. */
  | { kind: "amount-range"; key: string; label: string; column?: string }
  /** Yes or no ("1"/"0", "true"/"false"). */
  | { kind: "boolean"; key: string; label: string; column?: string };

export type FilterKind = NonNullable<FilterDef["kind"]>;

/** The parameter keys a filter reads (`filter[...]`). */
export function filterKeys(filter: FilterDef): string[] {
  return filter.kind === "date-range" || filter.kind === "amount-range" ? [`${filter.key}_from`, `${filter.key}_to`] : [filter.key];
}

/**
 * A named state change of an entry (DESIGN §10): void with a reason, unvoid, cancel, issue,
 * generate, remit. The server runs it in one transaction with its cascade and records what it
 * touched, so its reverse command undoes exactly that.
 */
export interface CommandDef {
  /** The command's name in REST (`PUT {path}/{name}/{id}`), tRPC and page intents. */
  name: string;
  /** Button and menu label: "Void". */
  label: string;
  /** The action half of the permission it needs (`${permission}-${entity}`), e.g. "update". */
  permission: string;
  /** The audit action written for every row it touches (defaults to the name). */
  audit?: string;
  /** States (the entry's `state` column) the row may be in; anything else is refused with a 422. */
  from: readonly string[];
  /** The state the row is left in (none when the command's service decides). */
  to?: string;
  /** The command asks a reason ("required") or offers one ("optional"). */
  reason?: "required" | "optional";
  /** This command undoes the last unreversed run of the named command, exactly as recorded. */
  reverses?: string;
  /** Success message; `{name}` is the record's display name ("Successfully voided {name}."). */
  message: string;
  /** The confirmation question; `{name}` as above. */
  confirm?: string;
  /** Destructive commands draw a red button. */
  destructive?: boolean;
  /**
   * A command that is not offered on its own (no button, no REST or tRPC command route): it runs
   * when the entry's delete or restore is called (a receipt's cancel and its reversal), when a row
   * is written (a booklet's numbers generated), or when a service takes a row (the form number a
   * receipt is issued on, a remittance).
   */
  invokedBy?: "delete" | "restore" | "write" | "service";
  /**
   * The command asks more than a reason (a Pangkat's members, a settlement's terms, a transfer's
   * service), so it is offered only on the screen that asks it (the record's own page), not as the
   * generic list's bare confirmation, which would send none of it. REST and tRPC still offer it.
   */
  ownScreen?: true;
}

/** The commands a user runs by name: every command of the entry but those another call invokes. */
export function userCommands(def: Pick<ResourceDef, "commands">): readonly CommandDef[] {
  return (def.commands ?? []).filter((command) => !command.invokedBy);
}

/** The commands the generic list offers on a row: the user's, less those asked on a screen of their own. */
export function listCommands(def: Pick<ResourceDef, "commands">): readonly CommandDef[] {
  return userCommands(def).filter((command) => !command.ownScreen);
}

/**
 * Rows owned by a record and saved with it (DESIGN §10): receipt and voucher lines, household
 * members, fee lines. Validated by the parent's schema (the key holds an array), written in the
 * parent's transaction (replaced as a whole), and returned nested under `key`.
 */
export interface ChildDef {
  /** Key of the array in the parent's input and output: "members", "lines". */
  key: string;
  /** Stored table of the rows. */
  table: TableName;
  /** Column of the child table that holds the parent's id. */
  parentKey: string;
  /** Stored columns written from each posted row (its schema's output keys). */
  columns: readonly string[];
  /** A column that keeps the rows' order (written 0, 1, 2…). */
  orderColumn?: string;
  /** Columns shown as another entry's row: `{key, foreignKey, resource}` like the parent's references. */
  references?: readonly ReferenceColumn[];
  /** Fields of one row, for the form renderer's row editor. */
  fields: readonly FieldDef[];
  labels: { singular: string; plural: string };
  /** At most this many rows. */
  max?: number;
}

export type ModalKind =
  "create" | "update" | "delete" | "restore" | "reset" | "reset_password" | "make_transaction" | "print" | "print-now" | "add";

/**
 * A table or view of the database as db/schema.ts types it: an entry names its table by a key of
 * `Database`, so a misspelt or dropped table fails the typecheck (a type-only import: domain/ loads
 * nothing of db/).
 */
export type TableName = keyof Database & string;

/** Where the rows live. */
export type Storage =
  | { kind: "table"; table: TableName }
  /** Residents, non-residents and organizations are users (spec §3): users + user_profiles rows of one kind. */
  | { kind: "user"; userKind: "resident" | "non_resident" | "organization" | "staff" };

/** A column stored as a foreign key and shown as the referenced row's label. */
export interface ReferenceColumn {
  /** Row key in the API, e.g. "bank". */
  key: string;
  /** Foreign key column, e.g. "bank_id". */
  foreignKey: string;
  /** Registry name of the referenced resource. */
  resource: string;
}

/**
 * A registry entry. `TInput` is what its zod schemas answer (`z.output` of the create and update
 * schemas), so the entry's service is typed by the entry itself: `InputOf<typeof collection>`.
 * An entry without a service of its own keeps the default.
 */
export interface ResourceDef<TInput extends Record<string, unknown> = Record<string, unknown>> {
  /** Registry and permission entity name (spec §6), e.g. "bank_account". */
  name: string;
  /** REST path name (spec §7.2), e.g. "bank_account", "cheque-issuance". */
  restPath: string;
  /** A prefix before restPath: "admin" serves roles and permissions at {admin_path} (spec §7.3). */
  restPrefix?: string;
  storage: Storage;
  /** The list page's path (spec §2.1). */
  path: string;
  labels: {
    singular: string; // "bank account"
    plural: string; // "bank accounts"
    title: string; // "Bank Accounts"
  };
  /** The row field that names a record in messages ("Successfully deleted {name}."). */
  displayField: string;
  /** Spec §4 "Void wording": delete is worded void for these. */
  voidWording?: boolean;
  /**
   * The delete of an issued document that cancels it (DESIGN §11, decision 192): worded with
   * `label` ("Cancel receipt"), confirmed with `confirm` ({name} is the record's), one record at a
   * time, with a required reason kept in the row's `cancel_reason`.
   */
  cancel?: { label: string; confirm: string };
  /** The status word of a deleted row when it is not "Trashed" or "Void" (a cancelled receipt: "Cancelled"). */
  trashedLabel?: string;
  /**
   * Rows the portal writes itself (the access log, decision 180): the entry has only the manage
   * and view permissions, and the engine refuses create, update, delete, restore and commands.
   */
  readOnly?: boolean;
  /** Spec §4 "Undo": a delete toast offers undo. */
  undo: boolean;
  /** Multi-delete/restore bodies: the selected records, or {ids} (households, disaster-prone areas). */
  multiBody: "records" | "ids";
  /** Spec §7.3: GET X/count is served. */
  countable?: boolean;
  columns: readonly ColumnDef[];
  fields: readonly FieldDef[];
  references?: readonly ReferenceColumn[];
  /** Columns searched by the list's search box (stored column names). */
  searchable: readonly string[];
  /** Named state changes (DESIGN §10); the state lives in the `state` column. */
  commands?: readonly CommandDef[];
  /** The stored column holding the state that commands change ("state"). */
  stateColumn?: string;
  /** States whose rows may be deleted and restored (default: any). */
  restorableStates?: readonly string[];
  /** Child rows saved with the record. */
  children?: readonly ChildDef[];
  /**
   * A route module of its own for the list page (routes.ts), when the generic list does not serve
   * it alone (its own dialogs or extra data: residents, households, users, roles…). The module still
   * uses the registry's loader, action and list component; without it, routes/resource-list.tsx.
   */
  listModule?: string;
  filters?: readonly FilterDef[];
  /** Stored columns whose value must be unique (case-insensitive): 422 "The {label} has already been taken." */
  unique?: readonly string[];
  /** Columns written by create/update: the schema's output keys that are stored as they are. */
  schema: {
    create: z.ZodType<TInput>;
    update: z.ZodType<TInput>;
  };
  modals: readonly ModalKind[];
  /** Default sort (stored column and order). */
  defaultSort?: { key: string; order: "asc" | "desc" };
  /** Groups the entity on the system parameters sub-navigation. */
  parameter?: boolean;
  /**
   * "soft" (default): delete sets deleted_at and restore clears it. "hard": the row is removed
   * (roles and permissions, whose confirmation says "This action cannot be undone.").
   */
  deletion?: "soft" | "hard";
  /** Schema keys a server hook stores itself (a user's roles, a role's permissions), not columns. */
  virtualFields?: readonly string[];
  /**
   * Row actions beyond the modals (spec §2.4, §6): links such as a disaster-prone area's "View
   * households" or a household's print view. `href` may hold `{id}` and `{field}` placeholders
   * filled from the row; `permission` gates the link (action-entity name).
   */
  rowLinks?: readonly RowLink[];
}

/** The parsed input of an entry: what its create and update schemas answer. */
export type InputOf<D> = D extends ResourceDef<infer TInput> ? TInput : never;

/**
 * What a list page needs of an entry (decision 177): everything but its forms and its storage.
 * The list's loader sends it, so the page's first load carries neither the registry nor zod; the
 * forms (modals) load the whole entry with their own code.
 */
export type ListDef = Omit<
  ResourceDef,
  "schema" | "fields" | "children" | "storage" | "searchable" | "unique" | "virtualFields" | "listModule"
>;

export function listDefOf(def: ResourceDef): ListDef {
  const { schema, fields, children, storage, searchable, unique, virtualFields, listModule, ...list } = def;
  void [schema, fields, children, storage, searchable, unique, virtualFields, listModule];
  return list;
}

export interface RowLink {
  key: string;
  label: string;
  /** "/manage/households?purok_id={purok_id}", "/manage/households/{id}/print". */
  href: string;
  permission?: string;
  /** Shown on trashed rows too (default: active rows only). */
  onTrashed?: boolean;
  /** Opens in a new tab (print views). */
  newTab?: boolean;
  /** The record's own page: the row's main column (displayField's, else the first) links to it. */
  main?: boolean;
}

/** The address of a row link with its placeholders filled from the row. */
export function rowLinkHref(link: Pick<RowLink, "href">, row: Record<string, unknown>): string {
  return link.href.replace(/\{([a-z_]+)\}/g, (_m, key: string) => encodeURIComponent(String(row[key] ?? "")));
}

export interface ListQuery {
  page: number;
  per_page: number;
  search: string;
  sort: string | null;
  order: "asc" | "desc";
  status: "all" | "active" | "trashed";
  filter: Record<string, string>;
}

export interface Paginated<T> {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    links: { url: string | null; label: string; active: boolean }[];
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
}

/** Audit columns every row carries (DESIGN §5). */
export interface RowBase {
  id: number;
  status: "Active" | "Trashed" | "Void";
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  created_by: { id: number; fullname: string } | null;
  updated_by: { id: number; fullname: string } | null;
  [key: string]: unknown;
}
