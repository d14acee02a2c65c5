import { sql, type Kysely } from "kysely";

// A bank account's opening balance and the date it stands on: the cash in bank the portal did not
// see come in (the balance carried forward when the office started using the portal). The cheque
// disbursement register runs its balance from it, so a register over the portal's cheques and
// deposits alone no longer closes below zero. Accounts made before keep 0 and no date.
// Frozen in time: never import app code from a migration (DESIGN §1).

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (DESIGN §1) */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("bank_accounts")
    .addColumn("opening_balance", sql`numeric(14,2)`, (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`opening_balance >= 0`),
    )
    .addColumn("opening_date", "date")
    .execute();
  await sql`alter table bank_accounts add constraint bank_accounts_opening_dated
    check (opening_balance = 0 or opening_date is not null)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bank_accounts").dropConstraint("bank_accounts_opening_dated").execute();
  await db.schema.alterTable("bank_accounts").dropColumn("opening_date").dropColumn("opening_balance").execute();
}
