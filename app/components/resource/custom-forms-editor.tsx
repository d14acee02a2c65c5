import { m } from "@domain/i18n";
import { getInputProps, getSelectProps, getTextareaProps, useField, type FieldMetadata } from "@conform-to/react";
import { Checkbox } from "~/components/ui/checkbox";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { CUSTOM_FIELD_TYPES, fieldIdFromLabel } from "@domain/registry/fields";
import { FieldErrors, split } from "./field-parts";
import { AddRowButton, LabelAndFieldId, RowControls } from "./row-list";
import { useHydrated } from "./use-hydrated";

// The custom-fields editor: rows of {label, fieldId, type, required,
// options}. Add, move and remove are Conform list intents on real submit buttons, so they work
// without JavaScript (the server answers with the changed list); with JavaScript the field id
// follows the label as it is typed and stays unique.

type CustomFieldValue = { label?: string; fieldId?: string; type?: string; required?: string | boolean; options?: string | string[] };

export const EMPTY_CUSTOM_FIELD = { label: "", fieldId: "", type: "text", options: "" };

const TYPE_LABELS: Record<string, () => string> = {
  text: m.resource_custom_type_text,
  number: m.resource_custom_type_number,
  date: m.resource_custom_type_date,
  select: m.resource_custom_type_select,
  textarea: m.resource_custom_type_textarea,
};

export function CustomFormsEditor({ name, label, description }: { name: string; label: string; description?: string }) {
  const [meta] = useField<CustomFieldValue[]>(name);
  const items = meta.getFieldList();
  const legendId = `${meta.id}-legend`;
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4"
      aria-describedby={`${meta.descriptionId}${meta.errors?.length ? ` ${meta.errorId}` : ""}`}
      data-testid="custom-forms-editor"
    >
      <legend id={legendId} className="px-1 text-sm font-medium">
        {label}
      </legend>
      <p id={meta.descriptionId} className="-mt-1 text-xs text-muted-foreground">
        {description ?? m.resource_custom_description()}
      </p>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">{m.resource_custom_empty()}</p>
      ) : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <CustomFieldRow key={item.key} item={item} index={index} count={items.length} listName={meta.name} siblings={items} />
        ))}
      </ol>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      <div>
        <AddRowButton listName={meta.name} defaultValue={EMPTY_CUSTOM_FIELD}>
          {m.resource_custom_add()}
        </AddRowButton>
      </div>
    </fieldset>
  );
}

function CustomFieldRow({
  item,
  index,
  count,
  listName,
  siblings,
}: {
  item: FieldMetadata<CustomFieldValue>;
  index: number;
  count: number;
  listName: string;
  siblings: FieldMetadata<CustomFieldValue>[];
}) {
  const hydrated = useHydrated();
  const fields = item.getFieldset();
  const number = index + 1;
  const rowName = fields.label.value ? `"${fields.label.value}"` : m.resource_custom_row_name({ number });

  const [typeKey, typeProps] = split(getSelectProps(fields.type));
  const [reqKey, reqProps] = split(getInputProps(fields.required, { type: "checkbox" }));
  const [optKey, optProps] = split(getTextareaProps(fields.options, { ariaDescribedBy: fields.options.descriptionId }));
  const showOptions = !hydrated || fields.type.value === "select";

  return (
    <li className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3" data-testid="custom-field-row">
      <RowControls listName={listName} index={index} count={count} heading={m.resource_custom_row({ number })} rowName={rowName} />
      <div className="grid gap-3 sm:grid-cols-2">
        <LabelAndFieldId
          listName={listName}
          item={item}
          index={index}
          siblings={siblings}
          deriveFieldId={fieldIdFromLabel}
          labelPlaceholder={m.resource_custom_label_placeholder()}
          fieldIdPlaceholder="purpose_of_request"
          fieldIdHint={m.resource_custom_field_id_hint()}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fields.type.id}>{m.resource_custom_type()}</Label>
          <NativeSelect key={typeKey} {...typeProps}>
            {CUSTOM_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]?.() ?? t}
              </option>
            ))}
          </NativeSelect>
          <FieldErrors id={fields.type.errorId} errors={fields.type.errors} />
        </div>
        <div className="flex items-center gap-2 sm:pt-6">
          <Checkbox key={reqKey} {...reqProps} />
          <Label htmlFor={fields.required.id}>{m.resource_custom_required()}</Label>
        </div>
        {showOptions ? (
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <Label htmlFor={fields.options.id}>{m.resource_custom_choices()}</Label>
            <Textarea key={optKey} {...optProps} rows={3} placeholder={m.resource_custom_choices_placeholder()} />
            <p id={fields.options.descriptionId} className="text-xs text-muted-foreground">
              {m.resource_custom_choices_hint()}
            </p>
            <FieldErrors id={fields.options.errorId} errors={fields.options.errors} />
          </div>
        ) : null}
      </div>
    </li>
  );
}
