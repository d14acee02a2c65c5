import { m } from "@domain/i18n";
import { getInputProps, useField, type FieldMetadata } from "@conform-to/react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatMoney, sumCentavos, tryParseCentavos } from "@domain/money";
import { fieldIdFromLabel } from "@domain/registry/fields";
import { FieldErrors, RequiredMark, split } from "./field-parts";
import { AddRowButton, LabelAndFieldId, RowControls } from "./row-list";

// The fee lines of a transaction type (spec §3): {fieldId, label, amount} with a hidden id; a new
// type starts with one "Default Amount" line of 0 (DEFAULT_PAYMENT_LINE, spec §9).

type PaymentLineValue = { id?: string | number; fieldId?: string; label?: string; amount?: string; isPending?: string | boolean };

const PREFIX = "custom_field_";

export function PaymentFormEditor({ name, label, description }: { name: string; label: string; description?: string }) {
  const [meta] = useField<PaymentLineValue[]>(name);
  const items = meta.getFieldList();
  const nextId = items.reduce((max, item) => Math.max(max, Number(item.getFieldset().id.value ?? 0) || 0), 0) + 1;
  let total: string | null = null;
  const amounts = items.map((item) => tryParseCentavos(String(item.getFieldset().amount.value ?? "")));
  if (amounts.every((a) => a != null)) total = formatMoney(sumCentavos(amounts as number[]));
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4"
      aria-describedby={`${meta.descriptionId}${meta.errors?.length ? ` ${meta.errorId}` : ""}`}
      data-testid="payment-form-editor"
    >
      <legend className="px-1 text-sm font-medium">{label}</legend>
      <p id={meta.descriptionId} className="-mt-1 text-xs text-muted-foreground">
        {description ?? m.resource_fee_description()}
      </p>
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <PaymentLineRow key={item.key} item={item} index={index} count={items.length} listName={meta.name} siblings={items} />
        ))}
      </ol>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{m.resource_fee_empty()}</p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AddRowButton listName={meta.name} defaultValue={{ id: String(nextId), fieldId: "", label: "", amount: "0.00" }}>
          {m.resource_fee_add()}
        </AddRowButton>
        {total != null && items.length > 0 ? (
          <p className="text-sm">
            {m.resource_fee_total()} <span className="font-semibold tabular-nums">{total}</span>
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

function PaymentLineRow({
  item,
  index,
  count,
  listName,
  siblings,
}: {
  item: FieldMetadata<PaymentLineValue>;
  index: number;
  count: number;
  listName: string;
  siblings: FieldMetadata<PaymentLineValue>[];
}) {
  const fields = item.getFieldset();
  const number = index + 1;
  const rowName = fields.label.value ? `"${fields.label.value}"` : m.resource_fee_row_name({ number });
  const derive = (label: string, taken: string[]) =>
    `${PREFIX}${fieldIdFromLabel(
      label,
      taken.filter((t) => t.startsWith(PREFIX)).map((t) => t.slice(PREFIX.length)),
    )}`;

  const [idKey, idProps] = split(getInputProps(fields.id, { type: "hidden" }));
  const [pendingKey, pendingProps] = split(getInputProps(fields.isPending, { type: "hidden" }));
  const [amountKey, amountProps] = split(getInputProps(fields.amount, { type: "text" }));

  return (
    <li className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3" data-testid="payment-line-row">
      <input key={idKey} {...idProps} />
      {fields.isPending.initialValue ? <input key={pendingKey} {...pendingProps} /> : null}
      <RowControls listName={listName} index={index} count={count} heading={m.resource_fee_row({ number })} rowName={rowName} />
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_9rem]">
        <LabelAndFieldId
          listName={listName}
          item={item}
          index={index}
          siblings={siblings}
          deriveFieldId={derive}
          labelPlaceholder={m.resource_fee_label_placeholder()}
          fieldIdPlaceholder="custom_field_certification_fee"
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fields.amount.id}>
            {m.resource_fee_amount()}
            <RequiredMark />
          </Label>
          <div className="relative">
            {/* eslint-disable-next-line i18next/no-literal-string -- the peso sign, the same in both languages */}
            <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
              ₱
            </span>
            <Input
              key={amountKey}
              {...amountProps}
              inputMode="decimal"
              autoComplete="off"
              className="pl-7 text-right tabular-nums"
              placeholder="0.00"
            />
          </div>
          <FieldErrors id={fields.amount.errorId} errors={fields.amount.errors} />
        </div>
      </div>
    </li>
  );
}
