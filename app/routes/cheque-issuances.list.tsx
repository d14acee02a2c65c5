import { FormProvider, getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { data, Form, useActionData } from "react-router";
import type { Route } from "./+types/cheque-issuances.list";
import { FormField } from "~/components/resource/form-field";
import { DefaultSubmit, FormAlert, HiddenFields, useEntityForm } from "~/components/resource/form-parts";
import { ModalShell, SaveActions } from "~/components/resource/modal-shell";
import { useOwnModals } from "~/components/resource/own-modals";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { formatMoney } from "@domain/money";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { pageTitle } from "~/lib/titles";
import { getResource } from "@domain/registry/index";
import { resourceAction, resourceLoader } from "../../server/web/resource-page.server.ts";
import { rethrowForPage, serviceContextOf } from "../../server/web/page-kit.server.ts";
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

type ChequeFormData = NonNullable<Route.ComponentProps["loaderData"]["form"]>;

function IssueChequeDialog({
  form,
  options,
  closeHref,
  search,
}: {
  form: ChequeFormData;
  options: Record<string, { value: string; label: string }[]>;
  closeHref: string;
  search: string;
}) {
  const def = getResource("cheque_issuance");
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const [conform] = useEntityForm(def, "create", {
    id: `cheque_issuance-create-${form.voucher?.value ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: form.defaults,
  });
  const [chosen, setChosen] = React.useState<string>(form.voucher?.value ?? "");
  // Choosing a voucher fills its payee and what it still owes, as opening the form from its page does.
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLSelectElement;
    if (target.name !== "disbursement_id") return;
    setChosen(target.value);
    const picked = form.vouchers.find((o) => o.value === target.value);
    if (!picked || picked.void) return;
    conform.update({ name: "payee", value: picked.payee });
    conform.update({ name: "amount", value: picked.balance });
  };
  const v = form.vouchers.find((o) => o.value === chosen) ?? null;
  return (
    <ModalShell
      title="Create cheque issuance"
      description="The cheque takes the next available number of the bank account's cheque books. Fields marked * are required."
      closeHref={closeHref}
    >
      <FormProvider context={conform.context}>
        <Form
          method="post"
          preventScrollReset
          {...getFormProps(conform)}
          onChange={onChange}
          className="flex flex-col"
          data-testid="resource-form"
        >
          <HiddenFields intent="create" returnTo={search} />
          <DefaultSubmit />
          <div className="flex flex-col gap-4 px-5 py-4">
            {v ? (
              <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm" data-testid="voucher-note">
                DV {v.disbursement_number} · {v.payee}: {formatMoney(v.amount)}, unpaid {formatMoney(v.void ? "0" : v.balance)}.
              </p>
            ) : null}
            {form.problem ? <FormAlert>{form.problem}</FormAlert> : null}
            {conform.errors?.length ? <FormAlert id={conform.errorId}>{conform.errors.join(" ")}</FormAlert> : null}
            {def.fields.map((field) => (
              <FormField key={field.name} field={field} options={options[field.name]} intent="create" />
            ))}
          </div>
          <SaveActions intent="create" closeHref={closeHref} />
        </Form>
      </FormProvider>
    </ModalShell>
  );
}

export default function ChequeIssuancesPage({ loaderData }: Route.ComponentProps) {
  const user = useRootData()?.user;
  const { modal, page, closeHref, search } = useOwnModals(loaderData, OWN_MODALS);
  const def = loaderData.def;
  return (
    <>
      <ResourcePage key={def.name} def={def} data={page} />
      {modal === "create" && loaderData.form && can(user, "create-cheque_issuance") ? (
        <IssueChequeDialog
          key={loaderData.form.voucher?.value ?? "new"}
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
