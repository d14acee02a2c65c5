import type { SubmissionResult } from "@conform-to/zod/v4";
import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/collections.list";
import { ModalShell } from "~/components/resource/modal-shell";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { CollectionForm, type CollectionFormData } from "~/features/collections/collection-form";
import { PrintPanel } from "~/features/collections/print-panel";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { buttonVariants } from "~/components/ui/button";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { m } from "@domain/i18n";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { collectionFormData, issueFromForm, reissueOf } from "../../server/features/collections/pages.server.ts";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";

// /manage/collections (spec §2.1, §2.4): the registry's list of receipts with the collection form
// (works without JavaScript: choosing the payor kind or the collection type reloads the form by
// posting it whole — never a GET, so no token or typed value reaches an address — and JavaScript
// reloads the choices on change) and the print slide-over
// panel of a receipt (?modal=print&id=), which links the preview route in its modes and copies.

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const url = new URL(args.request.url);
  const modal = result.data.modal;
  const ctx = serviceContextOf(args.context);
  // "Cancel and reissue": the cancelled receipt's details fill the new one (its number and date do not).
  const reissueId = Number(url.searchParams.get("reissue"));
  const reissue = modal === "create" && Number.isSafeInteger(reissueId) && reissueId > 0 ? await reissueOf(ctx, reissueId) : null;
  const chosen = {
    payor_kind: url.searchParams.get("payor_kind") ?? reissue?.payor_kind ?? "name",
    collection_type_id: url.searchParams.get("collection_type_id") ?? reissue?.collection_type_id ?? "",
    form_pad_id: url.searchParams.get("form_pad_id") ?? "",
    issued_to_user_id: url.searchParams.get("issued_to_user_id") ?? reissue?.issued_to_user_id ?? "",
  };
  const payorId = Number(chosen.issued_to_user_id);
  const form =
    modal === "create"
      ? {
          ...(await collectionFormData(ctx, chosen.payor_kind, Number.isSafeInteger(payorId) && payorId > 0 ? payorId : null, reissue)),
          chosen,
        }
      : null;
  return data({ ...result.data, form }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return issueFromForm(args, resourceAction);
}

export function meta() {
  return [{ title: pageTitle("manage-collections") }];
}

const OWN_MODALS = new Set(["create", "print"]);

export default function CollectionsPage({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const actionData = useActionData() as { result?: SubmissionResult<string[]>; reloaded?: CollectionFormData } | undefined;
  const { modal, page, closeHref, record } = useOwnModals(loaderData, OWN_MODALS, { recordRequired: true });
  const canCreate = can(root?.user, "create-collection");
  const canPrint = can(root?.user, "view-collection") || can(root?.user, "manage-collection");
  return (
    <>
      <ResourcePage data={page} />
      <nav aria-label={m.finance_collections_registers_nav()} className="mt-3 flex flex-wrap gap-2 text-sm">
        <Link to="/manage/remittances" className={buttonVariants({ variant: "outline", size: "sm" })}>
          {m.finance_collections_remittances_link()}
        </Link>
        <Link to="/manage/reports/collections" className={buttonVariants({ variant: "outline", size: "sm" })}>
          {m.finance_collections_report_link()}
        </Link>
      </nav>
      {modal === "create" && canCreate && loaderData.form ? (
        <ModalShell
          title={m.finance_collections_issue_title()}
          description={m.finance_required_note()}

          closeHref={closeHref}
          wide="xl"
          testId="collection-modal"
        >
          <CollectionForm form={actionData?.reloaded ?? loaderData.form} closeHref={closeHref} lastResult={actionData?.result} />
        </ModalShell>
      ) : null}
      {modal === "print" && record && canPrint ? <PrintPanel record={record as Record<string, unknown>} closeHref={closeHref} /> : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
