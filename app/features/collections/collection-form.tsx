import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { LabeledField } from "~/components/resource/form-field";
import { NativeSelect } from "~/components/ui/select";
import { amountInWords } from "@domain/amount-in-words";
import { todayInManila } from "@domain/dates";
import { formatMoney, sumCentavos, tryParseCentavos } from "@domain/money";
import { MAX_RECEIPT_LINES, PAYMENT_MODES, PAYOR_KINDS } from "@domain/registry/collections";
import { PAYOR_KIND_LABEL } from "@domain/registry/labels-collections";
import { ResidentPicker, type PickedResident } from "~/features/people/resident-picker";
import { RELOAD_FIELD } from "@domain/form-steps";
import { SelectOptions } from "~/components/resource/select-options";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/collections.list";
import { m } from "@domain/i18n";
import { paymentModeLabel } from "~/features/collections/labels";

/** The collection form's choices as the loader gives them (pads, payors, types, unpaid certificates). */
export type CollectionFormData = NonNullable<LoaderData<typeof loader>["form"]>;

/** A name as an example (a proper noun, the same in both languages). */
const SAMPLE_PAYOR = "Juan Dela Cruz";

/** The form that issues an official receipt (spec §2.4), in the create modal of the collections list. */
export function CollectionForm({
  form,
  closeHref,
  lastResult,
}: {
  form: CollectionFormData;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const errors: Record<string, string[] | null | undefined> = lastResult?.error ?? {};
  // What was typed (after a refused save), else the cancelled receipt being issued again.
  const posted = (lastResult?.initialValue ?? form.reissue ?? {}) as Record<string, unknown>;
  const [params, setParams] = React.useState<{
    payor_kind: string;
    collection_type_id: string;
    form_pad_id: string;
    issued_to_user_id: string;
  }>(() => ({
    issued_to_user_id: String(posted.issued_to_user_id ?? form.chosen.issued_to_user_id),
    payor_kind: String(posted.payor_kind ?? form.chosen.payor_kind),
    collection_type_id: String(posted.collection_type_id ?? form.chosen.collection_type_id),
    form_pad_id: String(posted.form_pad_id ?? (form.chosen.form_pad_id || form.pads.find((p) => p.next)?.value) ?? ""),
  }));
  // The resident payor, searched with the resident picker; its name comes with the form's data
  // (the address holds the chosen id) or, after a refused save of a typed id, reads "Resident #id".
  const [resident, setResident] = React.useState<PickedResident | null>(() => {
    const id = Number(params.issued_to_user_id);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    return { id, fullname: form.payor?.id === id ? form.payor.fullname : m.finance_form_resident_number({ id }) };
  });
  const type = form.types.find((t) => t.value === params.collection_type_id);
  const postedLines =
    (posted.lines as { nature?: string; account_code?: string; amount?: string; transaction_id?: string }[] | undefined) ?? [];
  // The payor's unpaid certificates first (their fee lines, "Default Amount" read as the type's name), then the type's lines.
  const unpaidLines = form.unpaid.flatMap((t) =>
    t.custom_payment_form
      .filter((l) => Number(l.amount) > 0)
      .map((l) => ({
        nature: `${l.label} (${t.reference_number})`,
        account_code: "",
        amount: l.amount,
        transaction_id: String(t.id),
      })),
  );
  const suggested: { nature?: string; account_code?: string; amount?: string; transaction_id?: string }[] = postedLines.length
    ? postedLines
    : [...unpaidLines, ...(type?.lines ?? [])];
  const [amounts, setAmounts] = React.useState<string[]>(() =>
    Array.from({ length: MAX_RECEIPT_LINES }, (_, i) => String(suggested[i]?.amount ?? "")),
  );
  // The suggested lines change with the type (at once) and the payor's unpaid transactions (once
  // loaded): their inputs are remounted with the new suggestions and the running total follows.
  const linesKey = `${params.collection_type_id}-${form.chosen.issued_to_user_id}-${form.unpaid.map((t) => t.id).join(".")}`;
  const [amountsKey, setAmountsKey] = React.useState(linesKey);
  if (amountsKey !== linesKey) {
    setAmountsKey(linesKey);
    setAmounts(Array.from({ length: MAX_RECEIPT_LINES }, (_, i) => String(suggested[i]?.amount ?? "")));
  }
  const total = sumCentavos(amounts.map((a) => tryParseCentavos(a.replace(/,/g, "")) ?? 0));
  const pad = form.pads.find((p) => p.value === params.form_pad_id);
  const [mode, setMode] = React.useState(String(posted.payment_mode ?? "Cash"));
  // Changing the payor kind or the type reloads the form's choices (a GET, as without JavaScript).
  const reload = (next: Partial<typeof params>) => {
    const merged = { ...params, ...next };
    setParams(merged);
    const q = new URLSearchParams({ modal: "create", ...merged });
    navigate(`/manage/collections?${q}`, { replace: true, preventScrollReset: true });
  };
  return (
    <div className="flex flex-col">
      <Form method="post" preventScrollReset className="flex flex-col" data-testid="collection-form" noValidate>
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="_form" value="collection" />
        <input type="hidden" name="_return" value="/manage/collections" />
        <div className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto px-5 py-4">
          {form.reissue && !lastResult ? (
            <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm" data-testid="reissue-note">
              {m.finance_form_reissue_note({ number: form.reissue.or_number })}
            </p>
          ) : null}
          {errors[""]?.length || errors.transactions?.length ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {[...(errors[""] ?? []), ...(errors.transactions ?? [])].join(" ")}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <LabeledField id="c-pad" label={m.finance_form_pad()} required errors={errors.form_pad_id}>
              <NativeSelect
                id="c-pad"
                name="form_pad_id"
                value={params.form_pad_id}
                onChange={(e) => setParams({ ...params, form_pad_id: e.target.value })}
              >
                <option value="">{m.finance_form_pad_placeholder()}</option>
                {form.pads.map((p) => (
                  <option key={p.value} value={p.value} disabled={!p.next}>
                    {p.label}
                  </option>
                ))}
              </NativeSelect>
            </LabeledField>
            <LabeledField id="c-date" label={m.finance_form_date_issued()} required errors={errors.date_issued}>
              <Input
                id="c-date"
                name="date_issued"
                type="date"
                max={todayInManila()}
                defaultValue={String(posted.date_issued ?? todayInManila())}
                required
              />
            </LabeledField>
          </div>
          <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm" data-testid="next-number">
            {pad?.next ? (
              <>
                {m.finance_form_next_before()}
                <strong>{m.finance_form_next_number({ number: pad.next })}</strong>
                {m.finance_form_next_after()}
              </>
            ) : form.pads.length ? (
              m.finance_form_choose_pad()
            ) : (
              m.finance_form_no_pad()
            )}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <LabeledField id="c-kind" label={m.finance_form_payor_is()} required errors={errors.payor_kind}>
              <div className="flex gap-2">
                <NativeSelect
                  id="c-kind"
                  name="payor_kind"
                  wrapperClassName="flex-1"
                  value={params.payor_kind}
                  onChange={(e) => {
                    // A person of one kind is not one of another: the payor is chosen again.
                    setResident(null);
                    reload({ payor_kind: e.target.value, issued_to_user_id: "" });
                  }}
                >
                  {PAYOR_KINDS.map((k) => (
                    <option key={k} value={k}>
                      {PAYOR_KIND_LABEL[k]()}
                    </option>
                  ))}
                </NativeSelect>
                <noscript>
                  <Button type="submit" variant="outline" name={RELOAD_FIELD} value="1" formNoValidate>
                    {m.finance_form_load()}
                  </Button>
                </noscript>
              </div>
            </LabeledField>
            {params.payor_kind === "name" ? (
              <LabeledField id="c-payor" label={m.finance_form_payor()} required errors={errors.issued_to}>
                <Input
                  id="c-payor"
                  name="issued_to"
                  maxLength={200}
                  defaultValue={String(posted.issued_to ?? "")}
                  placeholder={SAMPLE_PAYOR}
                  required
                />
              </LabeledField>
            ) : params.payor_kind === "resident" ? (
              <div className="flex flex-col gap-1.5">
                <ResidentPicker
                  id="c-resident"
                  name="issued_to_user_id"
                  label={m.finance_form_resident()}
                  required
                  value={resident}
                  onChange={(r) => {
                    setResident(r);
                    // Their unpaid certificates become the suggested lines (a GET, as "Load unpaid" without JavaScript).
                    reload({ issued_to_user_id: r ? String(r.id) : "" });
                  }}
                  errors={errors.issued_to_user_id ?? undefined}
                />
                <noscript>
                  <Button type="submit" variant="outline" name={RELOAD_FIELD} value="1" formNoValidate>
                    {m.finance_form_load_unpaid()}
                  </Button>
                </noscript>
              </div>
            ) : (
              <LabeledField
                id="c-person"
                label={(PAYOR_KIND_LABEL[params.payor_kind as "resident"] ?? m.finance_form_payor)()}
                required
                errors={errors.issued_to_user_id}
              >
                <NativeSelect
                  id="c-person"
                  name="issued_to_user_id"
                  value={params.issued_to_user_id}
                  onChange={(e) => reload({ issued_to_user_id: e.target.value })}
                >
                  <SelectOptions placeholder={m.finance_form_select()} options={form.payors} />
                </NativeSelect>
                <noscript>
                  <Button type="submit" variant="outline" name={RELOAD_FIELD} value="1" formNoValidate>
                    {m.finance_form_load_unpaid()}
                  </Button>
                </noscript>
              </LabeledField>
            )}
          </div>
          <LabeledField
            id="c-type"
            label={m.finance_form_collection_type()}
            required
            errors={errors.collection_type_id}
            hint={type ? m.finance_form_fund_hint({ fund: type.fund }) : undefined}
          >
            <div className="flex gap-2">
              <NativeSelect
                id="c-type"
                name="collection_type_id"
                wrapperClassName="flex-1"
                value={params.collection_type_id}
                onChange={(e) => reload({ collection_type_id: e.target.value })}
              >
                <SelectOptions placeholder={m.finance_form_type_placeholder()} options={form.types} />
              </NativeSelect>
              <noscript>
                <Button type="submit" variant="outline" name={RELOAD_FIELD} value="1" formNoValidate>
                  {m.finance_form_load_lines()}
                </Button>
              </noscript>
            </div>
          </LabeledField>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{m.finance_nature_of_collection()}</legend>
            {errors.lines?.length ? <p className="text-sm text-destructive">{errors.lines.join(" ")}</p> : null}
            <div className="hidden grid-cols-[1fr_8rem_8rem] gap-2 text-xs text-muted-foreground sm:grid" aria-hidden="true">
              <span>{m.finance_nature_of_collection()}</span>
              <span>{m.finance_account_code()}</span>
              <span>{m.finance_form_amount_peso()}</span>
            </div>
            {Array.from({ length: MAX_RECEIPT_LINES }, (_, i) => (
              <div
                key={`${linesKey}-${i}`}
                className="grid grid-cols-[1fr_7rem] gap-2 sm:grid-cols-[1fr_8rem_8rem]"
                data-testid="receipt-line"
              >
                {/* The certificate a line pays travels with it: saving the receipt marks it paid. */}
                {suggested[i]?.transaction_id ? (
                  <input type="hidden" name={`lines[${i}].transaction_id`} value={suggested[i].transaction_id} />
                ) : null}
                <Input
                  name={`lines[${i}].nature`}
                  aria-label={m.finance_form_line_nature({ line: i + 1 })}
                  defaultValue={suggested[i]?.nature ?? ""}
                  aria-invalid={errors[`lines[${i}].nature`] ? true : undefined}
                />
                <Input
                  name={`lines[${i}].account_code`}
                  aria-label={m.finance_form_line_account({ line: i + 1 })}
                  defaultValue={suggested[i]?.account_code ?? ""}
                  className="hidden sm:block"
                />
                <Input
                  name={`lines[${i}].amount`}
                  aria-label={m.finance_form_line_amount({ line: i + 1 })}
                  inputMode="decimal"
                  defaultValue={suggested[i]?.amount ?? ""}
                  onChange={(e) => setAmounts((a) => a.map((v, j) => (j === i ? e.target.value : v)))}
                  aria-invalid={errors[`lines[${i}].amount`] ? true : undefined}
                />
                {errors[`lines[${i}].nature`] || errors[`lines[${i}].amount`] ? (
                  <p className="col-span-full text-sm text-destructive">
                    {[...(errors[`lines[${i}].nature`] ?? []), ...(errors[`lines[${i}].amount`] ?? [])].join(" ")}
                  </p>
                ) : null}
              </div>
            ))}
          </fieldset>
          <div className="rounded-md border bg-muted/50 px-3 py-2 text-sm" aria-live="polite" data-testid="amount-in-words">
            <span className="font-semibold">{m.finance_form_total({ amount: formatMoney(total) })}</span>
            {total > 0 ? <span className="block text-muted-foreground">{amountInWords(total)}</span> : null}
          </div>
          <div className="grid gap-4 sm:grid-cols-4">
            <LabeledField id="c-mode" label={m.finance_payment()} required errors={errors.payment_mode}>
              <NativeSelect id="c-mode" name="payment_mode" value={mode} onChange={(e) => setMode(e.target.value)}>
                {PAYMENT_MODES.map((mode) => (
                  <option key={mode} value={mode}>
                    {paymentModeLabel(mode)}
                  </option>
                ))}
              </NativeSelect>
            </LabeledField>
            <LabeledField id="c-bank" label={m.finance_form_drawee_bank()} errors={errors.drawee_bank}>
              <Input
                id="c-bank"
                name="drawee_bank"
                maxLength={100}
                defaultValue={String(posted.drawee_bank ?? "")}
                disabled={mode === "Cash"}
              />
            </LabeledField>
            <LabeledField id="c-cheque" label={m.finance_form_cheque_number()} errors={errors.cheque_number}>
              <Input
                id="c-cheque"
                name="cheque_number"
                maxLength={40}
                defaultValue={String(posted.cheque_number ?? "")}
                disabled={mode === "Cash"}
              />
            </LabeledField>
            <LabeledField id="c-cheque-date" label={m.finance_date()} errors={errors.cheque_date}>
              <Input
                id="c-cheque-date"
                name="cheque_date"
                type="date"
                defaultValue={String(posted.cheque_date ?? "")}
                disabled={mode === "Cash"}
              />
            </LabeledField>
          </div>
        </div>
        <div className="flex justify-end gap-2 border-t px-5 py-3">
          <Link to={closeHref} className={buttonVariants({ variant: "outline" })}>
            {m.finance_cancel()}
          </Link>
          <Button type="submit" disabled={submitting} data-testid="issue-receipt">
            {m.finance_form_issue()}

          </Button>
        </div>
      </Form>
    </div>
  );
}
