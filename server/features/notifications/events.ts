import { sql } from "kysely";
import type { ServiceContext } from "../../context.ts";
import { fullNameById, fullNameOf } from "../../engine/people-sql.ts";
import { notify } from "./service.ts";

// The events staff hear about. Each is called by the service that makes the
// change, inside its transaction, with that transaction's ctx: the rows commit or roll back with the
// event. Each names who may see the record (the permissions of its list or page) and its topic
// (decision 053). The person who acted is never told about their own action.

type Ctx = Pick<ServiceContext, "db" | "user">;

function actorName(ctx: Ctx): string {
  return ctx.user?.user_profile.fullname || ctx.user?.username || "Someone";
}

const peso = (amount: string | number) =>
  `₱${Number(amount).toLocaleString("en-PH", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Official receipts cancelled (collections delete). */
export async function receiptsCancelled(ctx: Ctx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await ctx.db
    .selectFrom("collections")
    .select(["id", "or_number", "issued_to", sql<string>`amount_paid::text`.as("amount")])
    .where("id", "in", [...ids])
    .execute();
  for (const row of rows)
    await notify(
      ctx,
      { permissions: ["view-collection", "manage-collection"] },
      {
        topic: "finance",
        type: "delete",
        title: `Receipt ${row.or_number} cancelled`,
        message: `${actorName(ctx)} cancelled official receipt ${row.or_number} (${row.issued_to}, ${peso(row.amount)}).`,
        link: `/manage/collections/${row.id}`,
        entity: "collection",
        entityId: row.id,
      },
    );
}

/** A collector's day remitted (collections remittance). */
export async function dayRemitted(
  ctx: Ctx,
  day: { remittanceId: number; collectorId: number; date: string; amount: string; receipts: number },
): Promise<void> {
  const collectorName = await fullNameById(ctx.db, day.collectorId);
  await notify(
    ctx,
    { permissions: ["view-remittance", "manage-remittance"] },
    {
      topic: "finance",
      type: "success",
      title: `Collections of ${day.date} remitted`,
      // Whole sentences, one per form, as the catalog holds them (the edge reads them for each recipient).
      message:
        day.receipts === 1
          ? `${actorName(ctx)} remitted 1 receipt of ${collectorName || "a collector"}, ${peso(day.amount)}.`
          : `${actorName(ctx)} remitted ${day.receipts} receipts of ${collectorName || "a collector"}, ${peso(day.amount)}.`,
      link: `/manage/remittances/search?collector_id=${day.collectorId}&date=${day.date}`,
      entity: "remittance",
      entityId: day.remittanceId,
    },
  );
}

/** A cheque voided (disbursements cheque_issuance void). */
export async function chequeVoided(ctx: Ctx, cheque: { id: number; number: string; payee: string; amount: string; reason: string | null }) {
  await notify(
    ctx,
    { permissions: ["view-cheque_issuance", "manage-cheque_issuance"] },
    {
      topic: "finance",
      type: "delete",
      title: `Cheque ${cheque.number} voided`,
      message: cheque.reason
        ? `${actorName(ctx)} voided the cheque to ${cheque.payee} (${peso(cheque.amount)}): ${cheque.reason}.`
        : `${actorName(ctx)} voided the cheque to ${cheque.payee} (${peso(cheque.amount)}).`,
      link: `/manage/cheque_issuances?search=${encodeURIComponent(cheque.number)}`,
      entity: "cheque_issuance",
      entityId: cheque.id,
    },
  );
}

async function transactionsOf(ctx: Ctx, ids: readonly number[]) {
  return ctx.db
    .selectFrom("transactions as t")
    .innerJoin("transaction_types as tt", "tt.id", "t.transaction_type_id")
    .leftJoin("user_profiles as p", "p.user_id", "t.issued_to_user_id")
    .select(["t.id", "t.reference_number", "tt.name as type_name", sql<string>`t.amount::text`.as("amount"), fullNameOf("p").as("person")])
    .where("t.id", "in", [...ids])
    .execute();
}

/** A certificate requested (a transaction created). */
export async function certificateRequested(ctx: Ctx, id: number): Promise<void> {
  for (const t of await transactionsOf(ctx, [id]))
    await notify(
      ctx,
      { permissions: ["view-transaction", "manage-transaction"] },
      {
        topic: "certificates",
        type: "create",
        title: `${t.type_name} requested`,
        message:
          Number(t.amount) > 0
            ? `${t.reference_number} for ${t.person ?? "someone"}, ${peso(t.amount)} to pay.`
            : `${t.reference_number} for ${t.person ?? "someone"}, free.`,
        link: `/manage/transactions/${t.id}`,
        entity: "transaction",
        entityId: t.id,
      },
    );
}

/** Certificates paid by an official receipt. */
export async function certificatesPaid(ctx: Ctx, ids: readonly number[], collectionId: number): Promise<void> {
  if (ids.length === 0) return;
  for (const t of await transactionsOf(ctx, ids))
    await notify(
      ctx,
      { permissions: ["view-transaction", "manage-transaction"] },
      {
        topic: "certificates",
        type: "success",
        title: `${t.reference_number} paid`,
        message: `${t.type_name} for ${t.person ?? "someone"}, ${peso(t.amount)}, paid by receipt #${collectionId}.`,
        link: `/manage/transactions/${t.id}`,
        entity: "transaction",
        entityId: t.id,
        data: { collection_id: collectionId },
      },
    );
}

/** Accounts put on the blocklist: the administrators who see the blocklist hear of it. */
export async function usersBlocked(ctx: Ctx, users: readonly { id: number; username: string | null }[], reason: string | null) {
  for (const u of users)
    await notify(
      ctx,
      { permissions: ["view-blocklist", "manage-blocklist"] },
      {
        topic: "security",
        type: "warning",
        title: `${u.username ?? `User #${u.id}`} blocked`,
        message: reason
          ? `${actorName(ctx)} blocked ${u.username ?? `user #${u.id}`}: ${reason}`
          : `${actorName(ctx)} blocked ${u.username ?? `user #${u.id}`}.`,
        link: `/system/blocklist/${u.id}`,
        entity: "user",
        entityId: u.id,
      },
    );
}

/** Maintenance mode switched on or off: every staff account hears of it. */
export async function maintenanceChanged(ctx: Ctx, on: boolean): Promise<void> {
  await notify(
    ctx,
    { everyone: true },
    {
      topic: "system",
      type: on ? "warning" : "info",
      title: on ? "Maintenance mode is on" : "Maintenance mode is off",
      message: on ? "Only administrators can use the portal until it is switched off." : "The portal is open again.",
      link: null,
      entity: "setting",
      entityId: "maintenance_mode",
    },
  );
}
