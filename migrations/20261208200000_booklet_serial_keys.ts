import { type Kysely, sql } from "kysely";

// An accountable form or a cheque leaf exists once (DESIGN §5, §11): no two form pads of one form
// type may hold the same serial, and no two cheque books of one bank account the same cheque
// serial. The services check the overlap before they write, but two requests checking at the same
// moment both found the range free (fifty parallel creates made eight pads over the same numbers),
// so the database holds the rule too, as unique keys on the leaves:
// - form numbers: (form type, serial value, suffix letters). The form type is the pad's, copied onto
//   each form number by a trigger (whoever inserts them: the pad service, the seed, bulk loads) and
//   kept in step when a pad moves to another form type. The serial value is the number's digits as
//   a number and the suffix its letters, upper-cased, so "0012345 T" and "12345T" are one serial,
//   as the overlap check counts them.
// - cheque numbers: (bank account, serial value): "0001001" and "1001" are one cheque serial.
// A database that already holds such duplicates cannot get the keys: the migration stops and names
// them, for the office to settle (accountable forms are never deleted by a migration).
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */

const FORM_SERIAL = sql`(substring(number from '^[0-9]+')::bigint), (upper(substring(number from '[A-Za-z]*$')))`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table form_numbers add column form_type_id bigint references form_types(id)`.execute(db);
  await sql`update form_numbers n set form_type_id = p.form_type_id from form_pads p where p.id = n.form_pad_id`.execute(db);
  await sql`alter table form_numbers alter column form_type_id set not null`.execute(db);

  await sql`
    create function portal_form_number_type() returns trigger
    language plpgsql as $$
    begin
      new.form_type_id := (select p.form_type_id from form_pads p where p.id = new.form_pad_id);
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger form_numbers_form_type before insert or update of form_pad_id, form_type_id
    on form_numbers for each row execute function portal_form_number_type()
  `.execute(db);
  await sql`
    create function portal_form_pad_type_changed() returns trigger
    language plpgsql as $$
    begin
      update form_numbers set form_type_id = new.form_type_id where form_pad_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger form_pads_form_type after update of form_type_id on form_pads for each row
    when (old.form_type_id is distinct from new.form_type_id) execute function portal_form_pad_type_changed()
  `.execute(db);

  const forms = await sql<{ form_type_id: string; number: string; pads: string }>`
    select n.form_type_id::text, min(n.number) as number, string_agg(distinct p.pad_code, ', ') as pads
    from form_numbers n join form_pads p on p.id = n.form_pad_id
    group by n.form_type_id, ${FORM_SERIAL} having count(*) > 1 limit 5
  `.execute(db);
  const cheques = await sql<{ bank_account_id: string; number: string; books: string }>`
    select n.bank_account_id::text, min(n.number) as number, string_agg(distinct b.cheque_book_code, ', ') as books
    from cheque_numbers n join cheque_books b on b.id = n.cheque_book_id
    group by n.bank_account_id, n.number::bigint having count(*) > 1 limit 5
  `.execute(db);
  const found = [
    ...forms.rows.map((r) => `form number ${r.number} of form type #${r.form_type_id} is in form pads ${r.pads}`),
    ...cheques.rows.map((r) => `cheque number ${r.number} of bank account #${r.bank_account_id} is in cheque books ${r.books}`),
  ];
  if (found.length > 0)
    throw new Error(
      `Serials are held twice, so they cannot be made unique: ${found.join("; ")}. Take the extra pad's or book's unused numbers out (none may be issued), then migrate again.`,
    );

  await sql`create unique index form_numbers_serial_unique on form_numbers (form_type_id, ${FORM_SERIAL})`.execute(db);
  await sql`create unique index cheque_numbers_serial_unique on cheque_numbers (bank_account_id, (number::bigint))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists cheque_numbers_serial_unique`.execute(db);
  await sql`drop index if exists form_numbers_serial_unique`.execute(db);
  await sql`drop trigger if exists form_pads_form_type on form_pads`.execute(db);
  await sql`drop function if exists portal_form_pad_type_changed()`.execute(db);
  await sql`drop trigger if exists form_numbers_form_type on form_numbers`.execute(db);
  await sql`drop function if exists portal_form_number_type()`.execute(db);
  await sql`alter table form_numbers drop column if exists form_type_id`.execute(db);
}
