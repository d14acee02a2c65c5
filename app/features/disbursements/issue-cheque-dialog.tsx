import { FormProvider, getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { Form, useActionData } from "react-router";
import { FormField } from "~/components/resource/form-field";
import { DefaultSubmit, FormAlert, HiddenFields, useEntityForm } from "~/components/resource/form-parts";
import { ModalShell, SaveActions } from "~/components/resource/modal-shell";
import { formatMoney } from "@domain/money";
import { getResource } from "@domain/registry/index";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/cheque-issuances.list";
import { m } from "@domain/i18n";

type ChequeFormData = NonNullable<LoaderData<typeof loader>["form"]>;

/** The cheque form in the create modal of the cheque list, filled from a voucher when one is chosen. */
export function IssueChequeDialog({
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
      title={m.finance_cheque_create_title()}
      description={m.finance_cheque_create_description()}
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
                {m.finance_cheque_voucher_note({
                  number: v.disbursement_number,
                  payee: v.payee,
                  amount: formatMoney(v.amount),
                  balance: formatMoney(v.void ? "0" : v.balance),
                })}
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
