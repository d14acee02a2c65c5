import { data } from "react-router";
import type { Route } from "./+types/cheque-issuances.list";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { IssueChequeDialog } from "~/features/disbursements/issue-cheque-dialog";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { rethrowForPage, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { chequeForm } from "../../server/features/disbursements/pages.server.ts";

// /manage/cheque_issuances (spec §2.4): the registry's list of cheques, with the cheque form of its
// own — its voucher list names each voucher's payee, amount and what it still owes, and leaves out
// the void and the fully paid; opened from a voucher's page (?modal=create&disbursement_id=) it is
// filled with that voucher, its payee and its unpaid amount, and returns there when saved.

export async function loader(args: Route.LoaderArgs) {
  const result = await resourceLoader(args);
  const { modal, record, options } = result.data;
  const url = new URL(args.request.url);
  const ctx = serviceContextOf(args.context);
  let form = null;
  if (modal === "create" || modal === "update") {
    const asked = Number(url.searchParams.get("disbursement_id"));
    const voucherId = modal === "update" ? Number(record?.disbursement_id) : Number.isSafeInteger(asked) && asked > 0 ? asked : null;
    form = await chequeForm(ctx, voucherId || null).catch((e) => rethrowForPage(e));
    options.disbursement_id = form.vouchers.map(({ value, label }) => ({ value, label }));
  }
  return data({ ...result.data, options, form }, result.init ?? undefined);
}

export function action(args: Route.ActionArgs) {
  return resourceAction(args);
}

export function meta() {
  return [{ title: pageTitle("manage-cheque_issuances") }];
}

const OWN_MODALS = new Set(["create"]);
/** The dialog's key when no voucher is chosen (a React key, not a word). */
const NEW_KEY = "new";

export default function ChequeIssuancesPage({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user;
  const { modal, page, closeHref, search } = useOwnModals(loaderData, OWN_MODALS);
  const canIssue = can(user, "create-cheque_issuance");
  const def = loaderData.def;
  return (
    <>
      <ResourcePage key={def.name} data={page} />
      {modal === "create" && loaderData.form && canIssue ? (
        <IssueChequeDialog
          key={loaderData.form.voucher?.value ?? NEW_KEY}
          form={loaderData.form}
          options={loaderData.options}
          closeHref={closeHref}
          search={search}
        />
      ) : null}
    </>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
