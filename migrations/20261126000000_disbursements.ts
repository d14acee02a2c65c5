import { sql, type Kysely } from "kysely";

// Disbursements and cheques (issue 12, DESIGN §11): cheque books and their cheque numbers, the
// disbursement voucher with its payment nature lines, and the cheque issuances that pay a voucher.
// Bank accounts get the offsets of their cheque stock (the cheque print's calibration).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
const AUDIT = sql`created_at timestamptz not null default now(), created_by bigint references users(id),
  updated_at timestamptz not null default now(), updated_by bigint references users(id),
  deleted_at timestamptz, deleted_by bigint references users(id)`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table bank_accounts
    add column cheque_offset_x numeric(5,1) not null default 0,
    add column cheque_offset_y numeric(5,1) not null default 0`.execute(db);

  await sql`create table cheque_books (
    id bigint generated always as identity primary key,
    bank_account_id bigint not null references bank_accounts(id),
    cheque_book_code text not null,
    series_start text not null check (series_start ~ '^[0-9]{1,12}$'),
    series_end text not null check (series_end ~ '^[0-9]{1,12}$'),
    quanty_generated integer not null check (quanty_generated between 1 and 1000),
    ${AUDIT})`.execute(db);
  await sql`create unique index cheque_books_cheque_book_code_unique on cheque_books (lower(cheque_book_code))`.execute(db);
  await sql`create index cheque_books_bank_account_id_idx on cheque_books (bank_account_id)`.execute(db);

  await sql`create table cheque_numbers (
    id bigint generated always as identity primary key,
    cheque_book_id bigint not null references cheque_books(id),
    bank_account_id bigint not null references bank_accounts(id),
    number text not null check (number ~ '^[0-9]{1,12}$'),
    state text not null default 'available' check (state in ('available', 'issued', 'void')),
    void_reason text,
    ${AUDIT})`.execute(db);
  await sql`create unique index cheque_numbers_number_unique on cheque_numbers (bank_account_id, number)`.execute(db);
  await sql`create index cheque_numbers_book_idx on cheque_numbers (cheque_book_id, number)`.execute(db);
  await sql`create index cheque_numbers_available_idx on cheque_numbers (bank_account_id, length(number), number) where state = 'available'`.execute(
    db,
  );

  await sql`create table disbursements (
    id bigint generated always as identity primary key,
    disbursement_number text not null check (disbursement_number ~ '^[0-9]{4}-[0-9]{2}-[0-9]{4,}$'),
    voucher_date date not null,
    payee_kind text not null check (payee_kind in ('Other', 'Resident', 'Non-resident', 'Organization', 'Business')),
    payee_id bigint,
    payee text not null,
    payee_address text,
    payee_tin text,
    disbursement_type_id bigint not null references disbursement_types(id),
    fund_type text not null check (fund_type in ('General Fund', 'SK Fund', 'Trust Fund')),
    particulars text not null,
    amount numeric(14,2) not null check (amount > 0),
    verification_code text not null,
    ${AUDIT})`.execute(db);
  await sql`create unique index disbursements_disbursement_number_unique on disbursements (disbursement_number)`.execute(db);
  await sql`create unique index disbursements_verification_code_unique on disbursements (verification_code)`.execute(db);
  await sql`create index disbursements_voucher_date_idx on disbursements (voucher_date)`.execute(db);

  await sql`create table disbursement_lines (
    disbursement_id bigint not null references disbursements(id) on delete cascade,
    position integer not null,
    payment_nature_id bigint not null references payment_natures(id),
    description text,
    amount numeric(14,2) not null check (amount > 0),
    primary key (disbursement_id, position))`.execute(db);

  await sql`create table cheque_issuances (
    id bigint generated always as identity primary key,
    disbursement_id bigint not null references disbursements(id),
    bank_account_id bigint not null references bank_accounts(id),
    cheque_number_id bigint not null references cheque_numbers(id),
    cheque_date date not null,
    payee text not null,
    amount numeric(14,2) not null check (amount > 0),
    description_with_nature_of_payment text not null,
    state text not null default 'issued' check (state in ('issued', 'void')),
    void_reason text,
    verification_code text not null,
    ${AUDIT})`.execute(db);
  await sql`create unique index cheque_issuances_cheque_number_id_unique on cheque_issuances (cheque_number_id)`.execute(db);
  await sql`create unique index cheque_issuances_verification_code_unique on cheque_issuances (verification_code)`.execute(db);
  await sql`create index cheque_issuances_disbursement_id_idx on cheque_issuances (disbursement_id)`.execute(db);
  await sql`create index cheque_issuances_account_date_idx on cheque_issuances (bank_account_id, cheque_date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["cheque_issuances", "disbursement_lines", "disbursements", "cheque_numbers", "cheque_books"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`alter table bank_accounts drop column cheque_offset_x, drop column cheque_offset_y`.execute(db);
}
