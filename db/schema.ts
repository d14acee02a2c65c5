import type { ColumnType, Generated, GeneratedAlways, Selectable } from "kysely";

// The Database interface Kysely checks queries against (DESIGN §10 "The database is typed"): one
// interface per table or view that migrations/ creates, kept in step with them by db/schema.test.ts,
// which compares every name and nullability here with the migrated database.
//
// How Postgres types read (db/index.ts parses them the same on pg and PGlite): bigint → number,
// numeric (money) → exact string "1500.00", date → "YYYY-MM-DD" string, timestamptz → Date,
// jsonb → the parsed value (written as a JSON string), text[] → string[], bytea → bytes.
// A column with a default is optional on insert; a generated column is never written.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = GeneratedAlways<number>;
type Json = ColumnType<unknown, string, string>;
/** A jsonb column with a default: read as `T`, written as its JSON text. */
type JsonWithDefault<T> = ColumnType<T, string | undefined, string>;
/** A calendar date, "YYYY-MM-DD". */
type CalendarDate = string;
/** Bytes: a Buffer from pg, a Uint8Array from PGlite. */
type Bytes = ColumnType<Uint8Array, Uint8Array, Uint8Array>;

/** created_at/by, updated_at/by (DESIGN §5). */
interface Audited {
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** Audited plus soft delete (DESIGN §5). */
interface SoftDeleted extends Audited {
  deleted_at: NullableTimestamp;
  deleted_by: number | null;
}

// ---- Platform ----

export interface UsersTable extends SoftDeleted {
  id: Id;
  kind: ColumnType<UserKind, UserKind | undefined, UserKind>;
  username: string | null;
  email: string | null;
  password_hash: string | null;
  new_user: Generated<boolean>;
  blocked_at: NullableTimestamp;
  blocked_by: number | null;
  blocked_reason: ColumnType<string | null, string | null | undefined, string | null>;
  last_sign_in_at: NullableTimestamp;
  /** The language the user reads the portal in; null: their barangay's default_language. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}
/** The portal's languages (docs/decisions/219): English, the spec's, and Filipino. */
export type Language = "en" | "fil";
export type UserKind = "staff" | "resident" | "non_resident" | "organization";

export type Sex = "Male" | "Female";
export type CivilStatus = "Single" | "Married" | "Widowed" | "Separated" | "Annulled";

/** The name parts and the RBI individual record of a resident. */
export interface UserProfilesTable {
  user_id: number;
  firstname: string;
  middlename: string | null;
  lastname: string | null;
  suffix: string | null;
  image: string | null;
  hex_color: string | null;
  updated_at: Timestamp;
  sex: Sex | null;
  date_of_birth: CalendarDate | null;
  place_of_birth: string | null;
  civil_status: CivilStatus | null;
  citizenship: string | null;
  religion_id: number | null;
  occupation_id: number | null;
  contact_number: string | null;
  house_number: string | null;
  street: string | null;
  purok_id: number | null;
  highest_educational_attended: string | null;
  mother_fullname: string | null;
  father_fullname: string | null;
  sss_number: string | null;
  sss_membership_date: CalendarDate | null;
  sss_retirement_date: CalendarDate | null;
  sss_job: string | null;
  is_voter: Generated<boolean>;
  precinct_number: string | null;
  is_pwd: Generated<boolean>;
  is_solo_parent: Generated<boolean>;
  is_4ps: Generated<boolean>;
  is_ofw: Generated<boolean>;
  is_indigenous: Generated<boolean>;
  /** Generated: the name words the resident search matches (portal_name_search_text). */
  search_name: GeneratedAlways<string | null>;
  /** Generated: the tsvector of search_name, read as its text form. */
  search_tsv: GeneratedAlways<string | null>;
  /** Generated: surname, first and middle name, lower case without accents (list order). */
  sort_name: GeneratedAlways<string | null>;
  /** Kept by trigger from users.kind: lets indexes on profiles hold one kind of user. */
  user_kind: GeneratedAlways<string | null>;
  /** Kept by trigger: whether the user is trashed (users.deleted_at is set). */
  user_deleted: GeneratedAlways<boolean>;
  /** Generated: the length of the name as written, the search's "shortest name first". */
  search_length: GeneratedAlways<number>;
}

/** One row per name word of every active resident, in the search's ranking order (decision 179). */
export interface ResidentWordsTable {
  word: string;
  search_length: number;
  lastname: string | null;
  firstname: string;
  user_id: number;
  /** The resident's user_profiles.search_tsv, copied by the trigger (migration 20261205030000). */
  search_tsv: string | null;
}

/** Live and trashed rows per table (or per user kind, "users:resident"), kept by triggers (decision 171). */
export interface RowCountsTable {
  scope: string;
  live: Generated<number>;
  trashed: Generated<number>;
}

/** The dashboard's tallies, kept by triggers in the same transaction as the rows (migration 20261217400000, decision 220). */
export interface DashboardTalliesTable {
  /** residents, residents:<sex>, households (by month), collections_day (by date issued), unremitted (by collector). */
  tally: string;
  /** A month YYYY-MM, a date YYYY-MM-DD or a collector's id, as the tally says. */
  key: string;
  count: Generated<string>;
  amount: Generated<string>;
}

export interface RolesTable extends Audited {
  id: Id;
  name: string;
  description: string | null;
}

export interface PermissionsTable extends Audited {
  id: Id;
  name: string;
  description: string | null;
}

export interface RolePermissionsTable {
  role_id: number;
  permission_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

/** Failed sign-ins and current-password checks, one row per key. */
export interface LoginFailuresTable {
  id: Id;
  key: string;
  at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  at: Timestamp;
  user_id: number | null;
  entity: string;
  entity_id: string | null;
  action: string;
  before: Json | null;
  after: Json | null;
  ip: string | null;
}

export interface SettingsTable {
  key: string;
  value: Json;
  updated_at: Timestamp;
  updated_by: number | null;
}

// ---- System parameters ----

export type FundType = "General Fund" | "SK Fund" | "Trust Fund";

/** business_lines, occupations, puroks, religions: a unique name. */
export interface NamedParameterTable extends SoftDeleted {
  id: Id;
  name: string;
}

export interface BanksTable extends SoftDeleted {
  id: Id;
  code: string;
  name: string;
}

export interface BankAccountsTable extends SoftDeleted {
  id: Id;
  bank_id: number;
  account_name: string;
  account_number: string;
  fund_type: FundType;
  /** Cheque print offsets in millimetres, calibrated by a test print. */
  cheque_offset_x: Generated<string>;
  cheque_offset_y: Generated<string>;
  /** The cash in bank before the portal's first deposit or cheque, as of opening_date (0 and null: none). */
  opening_balance: Generated<string>;
  opening_date: CalendarDate | null;
}

/** A custom form field as stored in custom_forms (domain/registry/fields.ts customFieldSchema). */
export interface StoredCustomField {
  label: string;
  fieldId: string;
  type: "text" | "number" | "date" | "select" | "textarea";
  required: boolean;
  options: string[];
}

/** A fee line as stored in custom_payment_form (domain/registry/fields.ts paymentLineSchema). */
export interface StoredPaymentLine {
  id?: number;
  fieldId: string;
  label: string;
  isPending: boolean;
  /** Money, "1500.00". */
  amount: string;
}

/** The columns every "type" parameter shares: a name, a printed title, custom form fields. */
interface TypedParameter extends SoftDeleted {
  id: Id;
  name: string;
  title: string | null;
  custom_forms: JsonWithDefault<StoredCustomField[]>;
}

export interface FormTypesTable extends TypedParameter {
  description: string | null;
}

export interface CollectionTypesTable extends TypedParameter {
  fund_type: FundType;
}

/** A collection type's fee schedule: the lines its receipts start with. */
export interface CollectionTypeFeesTable {
  collection_type_id: number;
  position: number;
  nature: string;
  account_code: string | null;
  /** The usual amount; null where it varies. */
  amount: string | null;
}

export interface DisbursementTypesTable extends TypedParameter {
  description: string | null;
}

export interface PaymentNaturesTable extends TypedParameter {
  disbursement_type_id: number;
}

export interface TransactionTypesTable extends TypedParameter {
  custom_payment_form: JsonWithDefault<StoredPaymentLine[]>;
  // the certificate template and how it prints
  template: Generated<string>;
  paper_size: Generated<"A4" | "Letter" | "Long">;
  margin_top: Generated<number>;
  margin_right: Generated<number>;
  margin_bottom: Generated<number>;
  margin_left: Generated<number>;
  validity_days: number | null;
  eligibility: "first_time_jobseeker" | null;
}

/** A day the barangay hall is closed besides weekends (decision 201); one active row per date. */
export interface HolidaysTable extends SoftDeleted {
  id: Id;
  holiday_date: CalendarDate;
  name: string;
  kind: "regular" | "special_non_working" | "local";
}

// ---- People and places ----

/** The distinct name words of every profile, for the resident search's typo fallback. */
export interface NameWordsTable {
  word: string;
}

export interface ResidentPhotosTable {
  user_id: number;
  content: Bytes;
  mime: string;
  width: number;
  height: number;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface HouseholdsTable extends SoftDeleted {
  id: Id;
  household_head_user_id: number;
  head_name: string | null;
  purok_id: number;
  address: string;
  latitude: number | null;
  longitude: number | null;
}

export interface HouseholdMembersTable {
  household_id: number;
  user_id: number;
  relation_to_head: string;
  position: Generated<number>;
}

export interface DisasterProneAreasTable extends SoftDeleted {
  id: Id;
  purok_id: number;
  disaster_types: string[];
  affected_area: string;
}

export interface BusinessesTable extends SoftDeleted {
  id: Id;
  name: string;
  owner_user_id: number;
  business_line_id: number;
  location: string;
  date_acquired: CalendarDate | null;
}

// ---- Access administration ----

/** Which realtime notification topics a user wants ({topic: boolean}; absent = on). */
export interface UserPreferencesTable {
  user_id: number;
  notifications: JsonWithDefault<Record<string, boolean>>;
  updated_at: Timestamp;
}

/** The view of blocked accounts (read-only; blocking writes users). */
export interface BlocklistEntriesView {
  id: number;
  kind: UserKind;
  username: string | null;
  email: string | null;
  blocked_at: Date;
  blocked_by: number | null;
  blocked_reason: string | null;
  last_sign_in_at: Date | null;
  created_at: Date;
  created_by: number | null;
  updated_at: Date;
  updated_by: number | null;
  deleted_at: Date | null;
  name: string | null;
  firstname: string;
  middlename: string | null;
  lastname: string | null;
  barangay_id: number;
}

/** Each run of an engine command (void, unvoid, cancel…) and what it reversed. */
export interface CommandRunsTable {
  id: Id;
  entity: string;
  /** The run's subject; null only while a run that creates it (a remittance) has not inserted it yet. */
  entity_id: number | null;
  command: string;
  reason: string | null;
  at: Timestamp;
  user_id: number | null;
  reverses_run_id: number | null;
  reversed_by_run_id: number | null;
}

/** Every row a command changed, with its stored values before and after. */
export interface CommandEffectsTable {
  id: Id;
  run_id: number;
  position: number;
  entity: string;
  row_id: number;
  /** What the run did to the row: changed columns, inserted it, or removed it. */
  kind: Generated<"update" | "insert" | "delete">;
  /** The row's table (for rows outside the registry, such as remittances); null: the entity's own. */
  table_name: string | null;
  before: Json;
  after: Json;
}

/** The last number given per gapless monthly series ("2026-11" → 7). */
export interface NumberSeriesTable {
  series: string;
  period: string;
  last_number: number;
}

/** A booklet of a form type, its serials kept as printed. */
export interface FormPadsTable extends SoftDeleted {
  id: Id;
  form_type_id: number;
  pad_code: string;
  series_start: string;
  series_end: string;
  serial_from: number;
  serial_to: number;
  serial_width: number;
  suffix: Generated<string>;
  quanty_generated: Generated<number>;
  print_offset_x: Generated<string>;
  print_offset_y: Generated<string>;
}

/** The staff users allowed to issue from a pad. */
export interface FormPadCollectorsTable {
  form_pad_id: number;
  position: number;
  user_id: number;
}

export type FormNumberState = "available" | "issued" | "void";

/** One pre-numbered form of a pad. */
export interface FormNumbersTable extends SoftDeleted {
  id: Id;
  form_pad_id: number;
  /** The pad's form type, copied by a trigger (migration 20261208200000) for the serial's unique key. */
  form_type_id: ColumnType<number, number | undefined, number | undefined>;
  position: number;
  number: string;
  state: ColumnType<FormNumberState, FormNumberState | undefined, FormNumberState>;
  void_reason: string | null;
}

/** A remittance of a collector's receipts not yet remitted on one day, with its deposit (several a day). */
export interface RemittancesTable extends SoftDeleted {
  id: Id;
  collector_id: number;
  remit_date: CalendarDate;
  receipt_count: number;
  amount: string;
  deposit_date: CalendarDate;
  bank_account_id: number;
  deposit_reference: string;
  /** "YYYY-MM-NNN": the RCD's report number, a serial through the year per collector. */
  rcd_number: string;
  /** Why the remittance was undone (it is then deleted). */
  undo_reason: string | null;
}

export type PayorKind = "name" | "resident" | "non_resident" | "organization";
export type PaymentMode = "Cash" | "Cheque" | "Money Order";

/** An official receipt (AF 51); deleted = cancelled. */
export interface CollectionsTable extends SoftDeleted {
  id: Id;
  form_number_id: number;
  form_pad_id: number;
  or_number: string;
  date_issued: CalendarDate;
  payor_kind: PayorKind;
  issued_to_user_id: number | null;
  issued_to: string;
  collection_type_id: number;
  fund_type: string;
  amount_paid: string;
  payment_mode: PaymentMode;
  drawee_bank: string | null;
  cheque_number: string | null;
  cheque_date: CalendarDate | null;
  collector_id: number;
  remittance_id: number | null;
  verification_code: string;
  /** Why it was cancelled (decision 192); null while it stands. */
  cancel_reason: string | null;
}

/** The nature-of-collection lines of a receipt. */
export interface CollectionLinesTable {
  collection_id: number;
  position: number;
  nature: string;
  account_code: string | null;
  amount: string;
  transaction_id: number | null;
}
// ---- Transactions and certificates ----

export interface TransactionsTable extends SoftDeleted {
  id: Id;
  /** YYYY-MM-NNNN, gapless per month. */
  reference_number: string;
  transaction_type_id: number;
  issued_to_user_id: number;
  /** The type's custom field values by field id. */
  custom_values: JsonWithDefault<Record<string, string>>;
  /** The type's fee lines as they were when it was issued. */
  fee_lines: JsonWithDefault<StoredPaymentLine[]>;
  /** Money, "1500.00": the sum of the fee lines. */
  amount: ColumnType<string, string | undefined, string>;
  date_issued: CalendarDate;
  /** The collection (official receipt) that paid it; null while unpaid or when free. */
  collection_id: number | null;
  verification_code: string;
  print_count: Generated<number>;
  last_printed_at: NullableTimestamp;
}

// ---- Disbursements and cheques ----

export interface ChequeBooksTable extends SoftDeleted {
  id: Id;
  bank_account_id: number;
  cheque_book_code: string;
  series_start: string;
  series_end: string;
  quanty_generated: number;
}

export type ChequeNumberState = "available" | "issued" | "void";
export interface ChequeNumbersTable extends SoftDeleted {
  id: Id;
  cheque_book_id: number;
  bank_account_id: number;
  number: string;
  state: ColumnType<ChequeNumberState, ChequeNumberState | undefined, ChequeNumberState>;
  void_reason: string | null;
}

export interface DisbursementsTable extends SoftDeleted {
  id: Id;
  disbursement_number: string;
  voucher_date: CalendarDate;
  payee_kind: string;
  payee_id: number | null;
  payee: string;
  payee_address: string | null;
  payee_tin: string | null;
  disbursement_type_id: number;
  fund_type: FundType;
  particulars: string;
  amount: string;
  verification_code: string;
}

export interface DisbursementLinesTable {
  disbursement_id: number;
  position: number;
  payment_nature_id: number;
  description: string | null;
  amount: string;
}

export type ChequeIssuanceState = "issued" | "void";
export interface ChequeIssuancesTable extends SoftDeleted {
  id: Id;
  disbursement_id: number;
  bank_account_id: number;
  cheque_number_id: number;
  cheque_date: CalendarDate;
  payee: string;
  amount: string;
  description_with_nature_of_payment: string;
  state: ColumnType<ChequeIssuanceState, ChequeIssuanceState | undefined, ChequeIssuanceState>;
  void_reason: string | null;
  verification_code: string;
}

/** One row each time a person's record is opened in full, printed or exported (decision 180). */
export interface AccessLogTable {
  id: Id;
  /** When. */
  created_at: Timestamp;
  /** Who. */
  created_by: number | null;
  /** Always null: a row is never changed (kept for the registry engine's reads). */
  updated_by: number | null;
  entity: string;
  entity_id: number | null;
  /** The record's name at the time. */
  record: string;
  /** The person whose data it is, when known (users.id). */
  subject_id: number | null;
  action: AccessAction;
  reason: string | null;
  ip: string | null;
  detail: string | null;
}
export type AccessAction = "view" | "print" | "export";

// ---- Notifications ----

/** One notification for one user (spec §3 Notification), written with the event that caused it. */
export interface NotificationsTable {
  id: Id;
  user_id: number;
  topic: string;
  title: string;
  message: ColumnType<string, string | undefined, string>;
  type: ColumnType<string, string | undefined, string>;
  icon: ColumnType<string, string | undefined, string>;
  timeout: number | null;
  undo: Generated<boolean>;
  data: JsonWithDefault<Record<string, unknown>>;
  active: Generated<boolean>;
  link: string | null;
  entity: string | null;
  entity_id: string | null;
  created_by: number | null;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

// ---- Data protection ----

export type CorrectionChannel = "In person" | "Letter" | "E-mail" | "Phone" | "Online";
/** A correction made on the data subject's request, with the audit row of the change. */
export interface CorrectionRequestsTable {
  id: Id;
  subject_id: number;
  requested_on: CalendarDate;
  channel: CorrectionChannel;
  reference: string;
  audit_log_id: number;
  created_at: Timestamp;
  created_by: number | null;
}

/** The trashed personal records the retention job anonymised. */
export interface PrivacyAnonymisationsTable {
  entity: "user" | "household";
  entity_id: number;
  anonymised_at: Timestamp;
}

/** One row per daily job and day (Asia/Manila): the claim that makes it run once a day. */
export interface ScheduledJobRunsTable {
  job: string;
  run_on: CalendarDate;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  result: Json | null;
  error: string | null;
}

/** The KP deadline notices sent: one per case, rule and status, the sweep's claim (decision 205). */
export interface KpDeadlineNoticesTable {
  case_id: number;
  rule: string;
  status: "due_today" | "overdue";
  due_on: CalendarDate;
  recipients: number;
  notified_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A signing official's term in a position (decision 194); term_end null: still in office. */
export interface OfficialsTable extends SoftDeleted {
  id: Id;
  position: OfficialPosition;
  name: string;
  term_start: CalendarDate;
  term_end: CalendarDate | null;
}

/** Stored as printed (domain/registry/officials.ts OFFICIAL_POSITIONS). */
export type OfficialPosition =
  | "Punong Barangay"
  | "Barangay Secretary"
  | "Barangay Treasurer"
  | "Chairman, Committee on Appropriation"
  | "Barangay Bookkeeper"
  | "City/Municipal Accountant";

/** The barangay seal and the municipal logo that print in the documents' headers (decision 194). */
export interface BarangayImagesTable {
  kind: "seal" | "logo";
  content: Bytes;
  mime: string;
  width: number;
  height: number;
  updated_at: Timestamp;
  updated_by: number | null;
}

// ---- Katarungang Pambarangay (decision 200) ----

/** A member of the Lupong Tagapamayapa with the term and oath (RA 7160 §§399–400). */
export interface LuponMembersTable extends SoftDeleted {
  id: Id;
  name: string;
  user_id: number | null;
  position: LuponPosition;
  term_start: CalendarDate;
  term_end: CalendarDate | null;
  oath_date: CalendarDate | null;
}
export type LuponPosition = "chair" | "secretary" | "member";

/** The states of a KP case (domain/registry/kp.ts KP_STATES). */
export type KpState =
  | "filed"
  | "summoned"
  | "mediation"
  | "pangkat"
  | "conciliation"
  | "arbitration"
  | "settled"
  | "awarded"
  | "repudiated"
  | "executed"
  | "certified_file_action"
  | "certified_bar_action"
  | "dismissed"
  | "withdrawn";

/** A complaint before the Lupon, its docket number "YYYY-NNN", the answers to §408 and each step's date. */
export interface KpCasesTable extends SoftDeleted {
  id: Id;
  docket_number: string;
  title: string;
  nature: string;
  category: "civil" | "criminal";
  complaint: string;
  filed_on: CalendarDate;
  received_at: NullableTimestamp;
  state: ColumnType<KpState, KpState | undefined, KpState>;
  government_party: Generated<boolean>;
  official_functions: Generated<boolean>;
  penalty_imprisonment_days: number | null;
  /** numeric(14,2) as exact text. */
  penalty_fine: string | null;
  no_private_offended_party: Generated<boolean>;
  property_elsewhere: Generated<boolean>;
  barangays_adjoin: Generated<boolean>;
  parties_agree_venue: Generated<boolean>;
  summoned_on: CalendarDate | null;
  mediation_started_on: CalendarDate | null;
  referred_on: CalendarDate | null;
  conciliation_started_on: CalendarDate | null;
  arbitration_agreed_on: CalendarDate | null;
  settled_on: CalendarDate | null;
  awarded_on: CalendarDate | null;
  terms: string | null;
  repudiated_on: CalendarDate | null;
  executed_on: CalendarDate | null;
  certified_on: CalendarDate | null;
  counterclaim_barred_on: CalendarDate | null;
  closed_on: CalendarDate | null;
  outcome_reason: string | null;
  /** The Pangkat's three members chosen or drawn (decision 202, §404). */
  pangkat_constituted_on: CalendarDate | null;
  /** The Pangkat's one extension of its 15 days, and its length (1–15 days, §410(e)). */
  conciliation_extended_on: CalendarDate | null;
  conciliation_extension_days: number | null;
  /** The motion for execution (KP Form 23) and the party who moved. */
  execution_moved_on: CalendarDate | null;
  execution_movant_party_id: number | null;
  /** The settlement or award sent to the city or municipal court (§419). */
  transmitted_on: CalendarDate | null;
  /** Why the case is this barangay's (§409); null on cases filed before it was recorded. */
  venue_ground: KpVenueGround | null;
  /** Where the property, the workplace or the school is (those grounds). */
  venue_detail: string | null;
}
export type KpVenueGround = "same_barangay" | "respondent_barangay" | "property" | "workplace";

/** A Lupon member on a case's Pangkat (§§404–405): chosen by the parties or drawn by lot; a vacancy closes the row. */
export interface KpPangkatMembersTable extends Audited {
  id: Id;
  case_id: number;
  lupon_member_id: number;
  role: LuponPosition;
  chosen_by: "parties" | "lot";
  chosen_on: CalendarDate;
  /** A draw by lot: the pool and the picks (null when the parties chose). */
  draw: Json | null;
  replaces_id: number | null;
  vacated_on: CalendarDate | null;
  vacated_reason: string | null;
}

/** A file kept with a case (the scanned complaint, minutes, evidence). */
export interface KpCaseAttachmentsTable extends SoftDeleted {
  id: Id;
  case_id: number;
  file_name: string;
  mime: string;
  size: number;
  sha256: string;
  description: string | null;
  content: Bytes;
}

/** A complainant, respondent or witness of a case: a resident (user_id) or an outsider by name. */
export interface KpCasePartiesTable {
  id: Id;
  case_id: number;
  role: "complainant" | "respondent" | "witness";
  user_id: number | null;
  name: string | null;
  address: string | null;
  outside_city: Generated<boolean>;
  position: number;
}

/** A hearing of a case with its minutes. */
export interface KpHearingsTable extends SoftDeleted {
  id: Id;
  case_id: number;
  kind: "mediation" | "conciliation" | "arbitration" | "execution";
  held_on: CalendarDate;
  minutes: string | null;
}

// ---- The hall's queue (decision 206) ----

export type QueueLane = "regular" | "senior" | "pwd" | "pregnant" | "appointment";
export type QueueTicketState = "waiting" | "called" | "done" | "skipped" | "transferred";

/** A service a visitor picks at the kiosk; its prefix starts its tickets' codes ("C-007"). */
export interface QueueServicesTable extends SoftDeleted {
  id: Id;
  name: string;
  prefix: string;
  description: string | null;
  position: Generated<number>;
}

/** A window (counter) staff serve from; `service_id` is the service it calls first, none for any. */
export interface QueueWindowsTable extends SoftDeleted {
  id: Id;
  name: string;
  service_id: number | null;
}

/** A ticket of the day: numbered per service per Manila day, called to a window, then done, skipped or transferred. */
export interface QueueTicketsTable extends SoftDeleted {
  id: Id;
  service_id: number;
  ticket_date: CalendarDate;
  number: number;
  code: string;
  lane: ColumnType<QueueLane, QueueLane | undefined, QueueLane>;
  state: ColumnType<QueueTicketState, QueueTicketState | undefined, QueueTicketState>;
  window_id: number | null;
  for_window_id: number | null;
  issued_at: Timestamp;
  called_at: NullableTimestamp;
  last_called_at: NullableTimestamp;
  recalls: Generated<number>;
  finished_at: NullableTimestamp;
  transferred_from_id: number | null;
  issued_from: string | null;
}

/** The hours a queue service takes appointments in, one weekday ("Monday") a row (decision 207). */
export interface AppointmentHoursTable extends SoftDeleted {
  id: Id;
  service_id: number;
  weekday: "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
  opens_at: string;
  closes_at: string;
  slot_minutes: number;
  capacity: number;
}

export type AppointmentState = "booked" | "arrived" | "cancelled" | "no_show";

/** A resident's appointment with a service at a slot of a day (decision 207). */
export interface AppointmentsTable extends SoftDeleted {
  id: Id;
  service_id: number;
  resident_id: number;
  appointment_date: CalendarDate;
  slot_time: string;
  state: ColumnType<AppointmentState, AppointmentState | undefined, AppointmentState>;
  purpose: string | null;
  booked_by_resident: Generated<boolean>;
  arrived_at: NullableTimestamp;
  ticket_id: number | null;
}

/** The day-before reminder's claim, one per appointment (decision 207). */
export interface AppointmentNoticesTable {
  appointment_id: number;
  kind: "reminder";
  sent_at: ColumnType<Date, Date | string | undefined, Date | string>;
  recipients: number;
}

/** What a resident asks from home (decision 208). */
export type ResidentRequestKind = "certificate" | "correction";
export type ResidentRequestState = "requested" | "approved" | "refused" | "ready" | "released" | "resolved";

/** A resident's request: a certificate (type, purpose, custom values) or a correction of their record (decision 208). */
export interface ResidentRequestsTable extends SoftDeleted {
  id: Id;
  resident_id: number;
  kind: ResidentRequestKind;
  state: ColumnType<ResidentRequestState, ResidentRequestState | undefined, ResidentRequestState>;
  transaction_type_id: number | null;
  purpose: string | null;
  custom_values: JsonWithDefault<Record<string, string>>;
  details: string | null;
  reason: string | null;
  transaction_id: number | null;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
  decided_at: NullableTimestamp;
}

// ---- The resident import (issue 33 item 1, docs/decisions/217) ----
// The import's service reads and writes these with SQL of its own (server/features/resident-import);
// typed here so that the schema test holds them to the migration like every table.

export type ResidentImportStatus = "mapping" | "review" | "committing" | "committed" | "undoing" | "undone";
export type ResidentImportOutcome = "pending" | "create" | "update" | "refuse" | "duplicate";

/** One uploaded spreadsheet: its columns, how they are read, and where its commit or undo stands. */
export interface ResidentImportsTable {
  id: Id;
  file_name: string;
  format: "xlsx" | "csv";
  headers: JsonWithDefault<unknown[]>;
  mapping: Json | null;
  date_order: ColumnType<"mdy" | "dmy", "mdy" | "dmy" | undefined, "mdy" | "dmy">;
  status: ColumnType<ResidentImportStatus, ResidentImportStatus | undefined, ResidentImportStatus>;
  total_rows: Generated<number>;
  counts: JsonWithDefault<Record<string, number>>;
  committed_rows: Generated<number>;
  undone_rows: Generated<number>;
  worker_at: NullableTimestamp;
  failure: string | null;
  committed_at: NullableTimestamp;
  undone_at: NullableTimestamp;
  created_at: Timestamp;
  created_by: number | null;
  updated_at: Timestamp;
  updated_by: number | null;
}

/** One row of an uploaded spreadsheet as read, what the dry run made of it, and what its commit did. */
export interface ResidentImportRowsTable {
  id: Id;
  import_id: number;
  line: number;
  cells: Json;
  outcome: ColumnType<ResidentImportOutcome, ResidentImportOutcome | undefined, ResidentImportOutcome>;
  reasons: JsonWithDefault<string[]>;
  notes: JsonWithDefault<string[]>;
  profile: Json | null;
  household_no: string | null;
  purok_name: string | null;
  match_user_id: number | null;
  match_line: number | null;
  match_reason: string | null;
  decision: "skip" | "update" | "create" | null;
  committed: Generated<boolean>;
  user_id: number | null;
  before: Json | null;
  run_id: number | null;
}

// ---- Barangays as tenants (DESIGN §14, docs/decisions/209) ----

export type BarangayStatus = "hub" | "active" | "suspended";

/** A barangay of the deployment; row 0 is the hub itself, row 1 the barangay of a single install. */
export interface BarangaysTable {
  id: Generated<number>;
  psgc_code: string | null;
  name: string;
  city_municipality: string | null;
  city_psgc_code: string | null;
  province: string | null;
  region: string | null;
  status: Generated<BarangayStatus>;
  suspended_at: NullableTimestamp;
  suspended_reason: string | null;
  /** The language of the barangay's users who have not chosen one, and of its visitors. */
  default_language: Generated<Language>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A hub user who reads the roll-ups of one city or municipality (its PSGC code). */
export interface MunicipalOfficersTable {
  user_id: number;
  city_psgc_code: string;
  created_at: Timestamp;
}

/**
 * A table whose rows belong to one barangay: `barangay_id` defaults to the barangay of the
 * transaction (db/tenant.ts), and row-level security shows the application only that barangay's rows.
 */
export type Tenant<T> = T & { barangay_id: Generated<number> };

export interface Database {
  // the barangays of the deployment (DESIGN §14); every table wrapped in Tenant<> is one barangay's
  barangays: BarangaysTable;
  municipal_officers: Tenant<MunicipalOfficersTable>;
  // platform
  users: Tenant<UsersTable>;
  user_profiles: Tenant<UserProfilesTable>;
  row_counts: Tenant<RowCountsTable>;
  dashboard_tallies: Tenant<DashboardTalliesTable>;
  resident_words: Tenant<ResidentWordsTable>;
  roles: Tenant<RolesTable>;
  permissions: PermissionsTable;
  role_permissions: Tenant<RolePermissionsTable>;
  user_roles: Tenant<UserRolesTable>;
  sessions: Tenant<SessionsTable>;
  login_failures: LoginFailuresTable;
  audit_log: Tenant<AuditLogTable>;
  settings: Tenant<SettingsTable>;
  // system parameters
  business_lines: Tenant<NamedParameterTable>;
  occupations: Tenant<NamedParameterTable>;
  puroks: Tenant<NamedParameterTable>;
  religions: Tenant<NamedParameterTable>;
  banks: Tenant<BanksTable>;
  bank_accounts: Tenant<BankAccountsTable>;
  form_types: Tenant<FormTypesTable>;
  collection_types: Tenant<CollectionTypesTable>;
  collection_type_fees: Tenant<CollectionTypeFeesTable>;
  disbursement_types: Tenant<DisbursementTypesTable>;
  payment_natures: Tenant<PaymentNaturesTable>;
  transaction_types: Tenant<TransactionTypesTable>;
  holidays: Tenant<HolidaysTable>;
  // people and places
  name_words: Tenant<NameWordsTable>;
  resident_photos: Tenant<ResidentPhotosTable>;
  households: Tenant<HouseholdsTable>;
  household_members: Tenant<HouseholdMembersTable>;
  disaster_prone_areas: Tenant<DisasterProneAreasTable>;
  businesses: Tenant<BusinessesTable>;
  // access administration
  user_preferences: Tenant<UserPreferencesTable>;
  blocklist_entries: BlocklistEntriesView;
  // the command engine
  command_runs: Tenant<CommandRunsTable>;
  command_effects: Tenant<CommandEffectsTable>;
  number_series: Tenant<NumberSeriesTable>;
  // transactions and certificates
  transactions: Tenant<TransactionsTable>;
  // collections
  form_pads: Tenant<FormPadsTable>;
  form_pad_collectors: Tenant<FormPadCollectorsTable>;
  form_numbers: Tenant<FormNumbersTable>;
  remittances: Tenant<RemittancesTable>;
  collections: Tenant<CollectionsTable>;
  collection_lines: Tenant<CollectionLinesTable>;
  // disbursements and cheques
  cheque_books: Tenant<ChequeBooksTable>;
  cheque_numbers: Tenant<ChequeNumbersTable>;
  disbursements: Tenant<DisbursementsTable>;
  disbursement_lines: Tenant<DisbursementLinesTable>;
  cheque_issuances: Tenant<ChequeIssuancesTable>;
  // the access log
  access_log: Tenant<AccessLogTable>;
  // notifications
  notifications: Tenant<NotificationsTable>;
  // data protection
  correction_requests: Tenant<CorrectionRequestsTable>;
  privacy_anonymisations: Tenant<PrivacyAnonymisationsTable>;
  scheduled_job_runs: Tenant<ScheduledJobRunsTable>;
  // the signing officials with their terms; the seal and the logo
  officials: Tenant<OfficialsTable>;
  barangay_images: Tenant<BarangayImagesTable>;
  // Katarungang Pambarangay
  lupon_members: Tenant<LuponMembersTable>;
  kp_cases: Tenant<KpCasesTable>;
  kp_case_parties: Tenant<KpCasePartiesTable>;
  kp_hearings: Tenant<KpHearingsTable>;
  // the hall's queue
  queue_services: Tenant<QueueServicesTable>;
  queue_windows: Tenant<QueueWindowsTable>;
  queue_tickets: Tenant<QueueTicketsTable>;
  kp_pangkat_members: Tenant<KpPangkatMembersTable>;
  kp_case_attachments: Tenant<KpCaseAttachmentsTable>;
  kp_deadline_notices: Tenant<KpDeadlineNoticesTable>;
  resident_requests: Tenant<ResidentRequestsTable>;
  appointment_hours: Tenant<AppointmentHoursTable>;
  appointments: Tenant<AppointmentsTable>;
  appointment_notices: Tenant<AppointmentNoticesTable>;
  // the resident import (issue 33)
  resident_imports: Tenant<ResidentImportsTable>;
  resident_import_rows: Tenant<ResidentImportRowsTable>;
}

export type User = Selectable<UsersTable>;
export type UserProfile = Selectable<UserProfilesTable>;
