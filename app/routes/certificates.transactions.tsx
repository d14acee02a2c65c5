import { data, useActionData } from "react-router";
import type { Route } from "./+types/certificates.transactions";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { IssueDialog, PrintDialog } from "~/features/certificates/transaction-dialogs";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { todayInManila } from "@domain/dates";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { issuePeople, issueTypes, transactionsAction, type IssueActionData } from "../../server/features/certificates/pages.server.ts";

/** What a refused issue answers (its errors and what was typed), for the page's dialogs. */
export type { IssueActionData } from "../../server/features/certificates/pages.server.ts";

// /manage/transactions (spec §2.1, §2.4): the registry's list of transactions, with the issue form
// (create; also reached from a resident's row as make_transaction) and the print and print-now
// modals. The issue form works without JavaScript: choosing the type and the person is a GET that
// reloads the form with the type's custom fields and fee lines; issuing is a POST.

const OWN_MODALS = new Set(["create", "print", "print-now"]);

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const url = new URL(args.request.url);
  const modal = url.searchParams.get("modal");
  const ctx = serviceContextOf(args.context);
  let issue = null;
  if (modal === "create") {
    const userId = Number(url.searchParams.get("user_id")) || null;
    const typeId = Number(url.searchParams.get("type_id")) || null;
    const q = url.searchParams.get("q") ?? "";
    const [types, people] = await Promise.all([issueTypes(ctx), issuePeople(ctx, q, userId)]);
    issue = { types, people, typeId, userId, q, today: todayInManila() };
  }
  let printId: number | null = null;
  if (modal === "print-now" || modal === "print") printId = Number(url.searchParams.get("id")) || null;
  return data({ ...result.data, issue, printId }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return transactionsAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-transactions") }];
}

export default function TransactionsPage({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user;
  const actionData = useActionData() as IssueActionData | undefined;
  const { modal, page, closeHref, search } = useOwnModals(loaderData, OWN_MODALS);
  const canIssue = can(user, "create-transaction");
  return (
    <>
      <ResourcePage data={page} />
      {modal === "create" && loaderData.issue && canIssue ? (
        <IssueDialog issue={loaderData.issue} closeHref={closeHref} returnTo={search} actionData={actionData} />
      ) : null}
      {(modal === "print" || modal === "print-now") && loaderData.printId ? (
        <PrintDialog id={loaderData.printId} now={modal === "print-now"} closeHref={closeHref} record={loaderData.record} />
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
