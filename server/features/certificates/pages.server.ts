import { sql } from "kysely";
import { naturalKey } from "../../engine/natural-order.ts";
import { data } from "react-router";
import type { CustomField } from "../../../domain/registry/fields.ts";
import type { TransactionRecord, TransactionRow } from "../../../domain/certificates/transaction-row.ts";
import { getResource } from "../../../domain/registry/index.ts";
import { parseListQuery } from "../../../domain/registry/list-query.ts";
import { feeLabel } from "../../../domain/registry/certificates.ts";
import { MSG_SAVED } from "../../../domain/registry/messages.ts";
import type { ServiceContext } from "../../context.ts";
import { isAppError } from "../../errors.ts";
import { serviceFor } from "../../engine/services.ts";
import { resourceAction } from "../../http/pages/resource-page.server.ts";
import { serviceContextOf } from "../../http/pages/context.ts";
import { redirectWithFlash, rethrowForPage, type PageArgs } from "../../http/pages/page-kit.server.ts";
import { fullNameOf } from "../../engine/people-sql.ts";
import { certificateDocument } from "./print-model.ts";

// The page adapter of issuing: the choices of the issue form (types with their
// custom fields and fee lines, people found by name) and its action, which calls the same service
// as REST and tRPC.

export interface IssueType {
  id: number;
  name: string;
  custom_forms: CustomField[];
  fees: { label: string; amount: string }[];
  total: string;
  eligibility: string | null;
}

export interface IssuePerson {
  id: number;
  name: string;
  kind: string;
}

const KIND_LABEL: Record<string, string> = { resident: "Resident", non_resident: "Non-resident", organization: "Organization" };

/** Active transaction types with what the form shows of them. */
export async function issueTypes(ctx: ServiceContext): Promise<IssueType[]> {
  const rows = await ctx.db
    .selectFrom("transaction_types")
    .select(["id", "name", "custom_forms", "custom_payment_form", "eligibility"])
    .where("deleted_at", "is", null)
    .orderBy(naturalKey(sql.ref("name")))
    .execute();
  return rows.map((r) => {
    const fees = r.custom_payment_form.map((l) => ({ label: feeLabel(l, r.name), amount: l.amount }));
    const total = (fees.reduce((sum, l) => sum + Math.round(Number(l.amount) * 100), 0) / 100).toFixed(2);
    return { id: r.id, name: r.name, custom_forms: r.custom_forms, fees, total, eligibility: r.eligibility };
  });
}

/** People a transaction may be issued to, by name (at most 30), and the chosen one. */
export async function issuePeople(ctx: ServiceContext, search: string, chosen: number | null): Promise<IssuePerson[]> {
  let q = ctx.db
    .selectFrom("users as u")
    .innerJoin("user_profiles as p", "p.user_id", "u.id")
    .select(["u.id", "u.kind", fullNameOf("p").as("name")])
    .where("u.kind", "in", ["resident", "non_resident", "organization"])
    .where("u.deleted_at", "is", null);
  const words = search.trim().split(/\s+/).filter(Boolean).slice(0, 4);
  if (words.length) {
    for (const w of words) {
      const pattern = `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where(sql<boolean>`${fullNameOf("p")} ilike ${pattern}`);
    }
  } else if (chosen == null) {
    return [];
  }
  // Residents first: most certificates are theirs.
  const rows = await q
    .orderBy(sql`u.kind = 'resident'`, "desc")
    .orderBy("p.sort_name")
    .limit(30)
    .execute();
  if (chosen != null && !rows.some((r) => r.id === chosen)) {
    const one = await ctx.db
      .selectFrom("users as u")
      .innerJoin("user_profiles as p", "p.user_id", "u.id")
      .select(["u.id", "u.kind", fullNameOf("p").as("name")])
      .where("u.id", "=", chosen)
      .executeTakeFirst();
    if (one) rows.unshift(one);
  }
  return rows.map((r) => ({ id: r.id, kind: KIND_LABEL[r.kind] ?? r.kind, name: r.name ?? `#${r.id}` }));
}

/** The list page's action: "issue" creates a transaction and opens it; anything else is the registry's. */
export async function transactionsAction(args: PageArgs) {
  const form = await args.request.clone().formData();
  if (String(form.get("intent")) !== "issue") return resourceAction(args);
  const ctx = serviceContextOf(args.context);
  const custom_values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    const m = /^custom_values\.([a-z][a-z0-9_]{0,62})$/.exec(key);
    if (m && typeof value === "string") custom_values[m[1]] = value;
  }
  const input = {
    transaction_type_id: form.get("transaction_type_id"),
    issued_to_user_id: form.get("issued_to_user_id"),
    date_issued: form.get("date_issued") || null,
    custom_values,
  };
  try {
    const row = await serviceFor("transaction").create(ctx, input);
    const to = `/manage/transactions/${row.id}`;
    return redirectWithFlash(args, form, { message: MSG_SAVED, type: "create" }, to);
  } catch (error) {
    if (isAppError(error) && error.status === 422) {
      return data(
        {
          issueErrors: error.errors ?? { _: [error.message] },
          issueMessage: error.message,
          values: { ...custom_values, date_issued: String(input.date_issued ?? "") },
        },
        { status: 422 },
      );
    }
    if (isAppError(error) && error.status === 403) throw data(error.message, { status: 403 });
    throw error;
  }
}

export type IssueActionData = { issueErrors: Record<string, string[]>; issueMessage: string; values: Record<string, string> };

// What the certificate routes read, through this page adapter (routes import server code only
// from *.server.ts modules: docs/architecture.md "Layout").
export { certificateDocument, previewTemplate } from "./print-model.ts";

// The transaction's service answers its rows typed; the pages hand them on as the domain's
// TransactionRecord and TransactionRow (domain/certificates/transaction-row.ts), which they satisfy.

/** /manage/transactions/{id}: the transaction, its type's custom fields, and the certificate as it prints (or why it cannot). */
export async function transactionPage(ctx: ServiceContext, id: number, origin: string) {
  const record: TransactionRecord = await serviceFor("transaction")
    .get(ctx, id)
    .catch((error) => rethrowForPage(error));
  const type = await ctx.db
    .selectFrom("transaction_types")
    .select("custom_forms")
    .where("id", "=", Number(record.transaction_type_id))
    .executeTakeFirst();
  let doc = null;
  let refused: string | null = null;
  try {
    doc = await certificateDocument(ctx, id, { count: false, origin });
  } catch (error) {
    if (!isAppError(error) || error.status !== 422) throw error;
    refused = error.message;
  }
  return { record, fields: type?.custom_forms ?? [], doc, refused };
}

/** /manage/residents/{id}/transactions: the person's transactions, newest first, 100 a page. */
export async function transactionsIssuedTo(ctx: ServiceContext, residentId: number, url: URL) {
  const search = new URLSearchParams({ per_page: "100", sort: "date_issued", order: "desc", page: url.searchParams.get("page") ?? "1" });
  search.set("filter[issued_to_user_id]", String(residentId));
  const query = parseListQuery(search, getResource("transaction"));
  const page = await serviceFor("transaction")
    .list(ctx, query, url.pathname)
    .catch((error) => rethrowForPage(error));
  const rows: TransactionRow[] = page.data;
  return { rows, total: page.meta.total };
}
export { verifyTransaction } from "./service.ts";
export { verifyLookupWait } from "./verify-limit.ts";
