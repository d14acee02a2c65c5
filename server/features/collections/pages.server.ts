import { sql } from "kysely";
import { naturalKey } from "../../engine/natural-order.ts";
import { data } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import * as messages from "../../../domain/registry/messages.ts";
import { getResource } from "../../../domain/registry/index.ts";
import { PAYOR_KINDS } from "../../../domain/registry/collections.ts";
import type { ServiceContext } from "../../context.ts";
import { serviceFor } from "../../engine/services.ts";
import { fieldErrorsReply, redirectWithFlash, replyInLanguage, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { unpaidTransactionsOf, type UnpaidTransaction } from "../certificates/service.ts";
import { postedValues, residentFindStep } from "../../http/pages/picker.server.ts";
import { FIND_FIELD, RELOAD_FIELD } from "../../../domain/form-steps.ts";

// The page adapter of the collection form: what the form needs to issue a
// receipt — the collector's pads with the number the receipt will get, the collection types and
// their custom forms (the lines they suggest), and the people of the chosen payor kind — and the
// create action, which answers the print panel of the new receipt.

// The collections services that route modules call directly, named here so routes import only `.server` modules.
export { raafData, rcdData, type FormAccountability } from "./registers.ts";
export {
  collectorOptions,
  depositAccounts,
  parseDayQuery,
  remitDay,
  remittanceDay,
  remittanceDays,
  remittedMessage,
  undoneMessage,
  undoRemittance,
} from "./remittances.ts";
export { verifyByCode, verifyByNumber, verifyWait } from "./verify.ts";
export { COPY_LABELS, receiptDocument, type CopyLabel, type ReceiptDocument } from "./print-model.ts";

export interface PadChoice {
  value: string;
  label: string;
  next: string | null;
}

export interface CollectionFormData {
  pads: PadChoice[];
  /** The collection types, each with its fee schedule: the lines a receipt of the type starts with. */
  types: { value: string; label: string; fund: string; lines: { nature: string; account_code: string; amount: string }[] }[];
  /**
   * Non-residents and organizations: every one of the kind (a complete list, never capped).
   * Residents (up to 200,000) are not listed: the form searches them with the resident picker.
   */
  payors: { value: string; label: string }[];
  /** The chosen payor, when one of the chosen kind is in the address: the picker shows their name. */
  payor: { id: number; fullname: string } | null;
  /** The chosen payor's unpaid transactions (certificates), whose fee lines the receipt can pay. */
  unpaid: UnpaidTransaction[];
  /** "Cancel and reissue": the cancelled receipt whose details fill the new one. */
  reissue: ReissuedReceipt | null;
}

/** What a new receipt takes from the cancelled one it replaces: everything but its number and date. */
export interface ReissuedReceipt {
  or_number: string;
  payor_kind: string;
  issued_to: string;
  issued_to_user_id: string;
  collection_type_id: string;
  payment_mode: string;
  drawee_bank: string;
  cheque_number: string;
  cheque_date: string;
  lines: { nature: string; account_code: string; amount: string; transaction_id: string }[];
}

/**
 * The cancelled receipt to issue again, read through the collection's service (its permission and
 * shape); null for an unknown or active one — a receipt is cancelled before it is reissued.
 */
export async function reissueOf(ctx: ServiceContext, id: number): Promise<ReissuedReceipt | null> {
  const row = await serviceFor("collection")
    .get(ctx, id)
    .catch(() => null);
  if (!row || row.status !== "Cancelled") return null;
  const text = (v: unknown) => (v == null ? "" : String(v));
  const lines = (Array.isArray(row.lines) ? row.lines : []) as {
    nature: string;
    account_code: string | null;
    amount: string;
    transaction_id: number | null;
  }[];
  return {
    or_number: text(row.or_number),
    payor_kind: text(row.payor_kind),
    issued_to: text(row.issued_to),
    issued_to_user_id: text(row.issued_to_user_id),
    collection_type_id: text(row.collection_type_id),
    payment_mode: text(row.payment_mode),
    drawee_bank: text(row.drawee_bank),
    cheque_number: text(row.cheque_number),
    cheque_date: text(row.cheque_date),
    lines: lines.map((l) => ({
      nature: l.nature,
      account_code: text(l.account_code),
      amount: l.amount,
      transaction_id: text(l.transaction_id),
    })),
  };
}

/** The active pads the acting user collects from, each with its lowest available number. */
export async function padsOf(ctx: ServiceContext): Promise<PadChoice[]> {
  const rows = await ctx.db
    .selectFrom("form_pads as p")
    .innerJoin("form_pad_collectors as c", "c.form_pad_id", "p.id")
    .select([
      "p.id",
      "p.pad_code",
      sql<
        string | null
      >`(select n.number from form_numbers n where n.form_pad_id = p.id and n.state = 'available' order by n.position limit 1)`.as("next"),
    ])
    .where("c.user_id", "=", ctx.user?.id ?? 0)
    .where("p.deleted_at", "is", null)
    .orderBy("p.pad_code")
    .execute();
  return rows.map((r) => ({
    value: String(r.id),
    label: r.next ? `${r.pad_code} — next No. ${r.next}` : `${r.pad_code} — no form left`,
    next: r.next,
  }));
}

export async function collectionFormData(
  ctx: ServiceContext,
  payorKind: string,
  payorId: number | null = null,
  reissue: ReissuedReceipt | null = null,
): Promise<CollectionFormData> {
  const types = await ctx.db
    .selectFrom("collection_types")
    .select(["id", "name", "fund_type"])
    .where("deleted_at", "is", null)
    .orderBy(naturalKey(sql.ref("name")))
    .execute();
  const fees = types.length
    ? await ctx.db
        .selectFrom("collection_type_fees")
        .select(["collection_type_id", "nature", "account_code", sql<string | null>`amount::text`.as("amount")])
        .where(
          "collection_type_id",
          "in",
          types.map((t) => t.id),
        )
        .orderBy("collection_type_id")
        .orderBy("position")
        .execute()
    : [];
  let payors: { value: string; label: string }[] = [];
  const kind = payorKind !== "name" && (PAYOR_KINDS as readonly string[]).includes(payorKind) ? (payorKind as "resident") : null;
  if (kind && kind !== "resident") {
    const rows = await ctx.db
      .selectFrom("users as u")
      .innerJoin("user_profiles as p", "p.user_id", "u.id")
      .select(["u.id", fullNameOf("p").as("name")])
      .where("u.kind", "=", kind)
      .where("u.deleted_at", "is", null)
      .orderBy("p.sort_name")
      .execute();
    payors = rows.map((r) => ({ value: String(r.id), label: r.name }));
  }
  const chosen =
    kind && payorId
      ? await ctx.db
          .selectFrom("users as u")
          .innerJoin("user_profiles as p", "p.user_id", "u.id")
          .select(["u.id", fullNameOf("p").as("fullname")])
          .where("u.id", "=", payorId)
          .where("u.kind", "=", kind)
          .where("u.deleted_at", "is", null)
          .executeTakeFirst()
      : undefined;
  return {
    pads: await padsOf(ctx),
    types: types.map((t) => ({
      value: String(t.id),
      label: t.name,
      fund: t.fund_type,
      lines: fees
        .filter((f) => Number(f.collection_type_id) === Number(t.id))
        .map((f) => ({ nature: f.nature, account_code: f.account_code ?? "", amount: f.amount ?? "" })),
    })),
    payors,
    payor: chosen ? { id: chosen.id, fullname: chosen.fullname } : null,
    unpaid: chosen ? await unpaidTransactionsOf(ctx, chosen.id) : [],
    reissue,
  };
}

/** The posted form without the receipt's empty line rows (the form offers eight). */
function withoutEmptyLines(form: FormData): FormData {
  const out = new FormData();
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of form.entries()) {
    const m = /^lines\[(\d+)\]\.([a-z_]+)$/.exec(key);
    if (!m) {
      out.append(key, value);
      continue;
    }
    const row = rows.get(Number(m[1])) ?? {};
    row[m[2]] = String(value);
    rows.set(Number(m[1]), row);
  }
  let i = 0;
  for (const [, row] of [...rows].sort((a, b) => a[0] - b[0])) {
    if (!row.nature?.trim() && !row.amount?.trim()) continue;
    for (const [k, v] of Object.entries(row)) out.append(`lines[${i}].${k}`, v);
    i++;
  }
  return out;
}

/**
 * Issues a receipt from the collection form and opens its print panel; any other intent (and a
 * create posted in the registry's generic shape) is the registry's action.
 */
export async function issueFromForm(args: PageArgs, fallback: (args: PageArgs) => Promise<unknown>) {
  const form = await args.request.clone().formData();
  if (String(form.get("intent")) !== "create" || form.get("_form") !== "collection") return fallback(args);
  const def = getResource("collection");
  const ctx = serviceContextOf(args.context);
  const cleaned = withoutEmptyLines(form);
  // Without JavaScript the form's choices reload by posting it whole ("Load", "Load unpaid", "Load
  // lines", a resident's "Find"): the same form comes back with what was typed and the new choices.
  if (form.has(RELOAD_FIELD) || form.has(FIND_FIELD)) {
    const values = postedValues(cleaned);
    const found = await residentFindStep(ctx, cleaned);
    const text = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : "");
    const chosen = {
      payor_kind: text("payor_kind") || "name",
      collection_type_id: text("collection_type_id"),
      form_pad_id: text("form_pad_id"),
      issued_to_user_id: text("issued_to_user_id"),
    };
    const payorId = Number(chosen.issued_to_user_id);
    const reloaded = {
      ...(await collectionFormData(ctx, chosen.payor_kind, Number.isSafeInteger(payorId) && payorId > 0 ? payorId : null)),
      chosen,
    };
    return data({ result: { initialValue: values, error: {} }, reloaded, picker: found?.picker });
  }
  const submission = parseWithZod(cleaned, { schema: def.schema.create });
  if (submission.status !== "success") return data({ result: replyInLanguage(submission.reply()) }, { status: 422 });
  try {
    const row = await serviceFor("collection").create(ctx, submission.value);
    return redirectWithFlash(args, form, { message: messages.MSG_SAVED, type: "create" }, `/manage/collections?modal=print&id=${row.id}`);
  } catch (error) {
    const reply = fieldErrorsReply(submission, error);
    if (reply) return reply;
    rethrowForPage(error);
  }
}
