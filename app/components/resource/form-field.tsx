import { getInputProps, getSelectProps, getTextareaProps, useField, type FieldMetadata } from "@conform-to/react";
import * as React from "react";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ResidentPicker, type PickedResident } from "~/features/people/resident-picker";
import type { FieldDef } from "@domain/registry/types";
import { CustomFormsEditor } from "./custom-forms-editor";
import { PaymentFormEditor } from "./payment-form-editor";
import { useHydrated } from "./use-hydrated";
import { Checkbox } from "~/components/ui/checkbox";
import { m } from "@domain/i18n";
import { translatedField } from "@domain/i18n/terms";

// The form renderer of DESIGN §4: one control per field kind, with its label, description and
// errors tied together (aria-describedby), for every registry entry.

import { SelectOptions, selectPrompt, type Option } from "./select-options";
import { FilterableSelect } from "./filterable-select";

export { SelectOptions, type Option };
// The small parts of every form live in field-parts.tsx (the editors and pickers this renderer
// uses import them from there, so nothing loops back here); named here too for the forms.
export { FieldErrors, LabeledField, RequiredMark, split } from "./field-parts";
import { FieldErrors, RequiredMark, split } from "./field-parts";

function ariaFor(meta: FieldMetadata<unknown>, description?: string) {
  return description ? { ariaDescribedBy: meta.descriptionId } : {};
}

/** A resident's id picked by name with the resident picker (a record picker's residents). */
function ResidentIdField({ field, picker }: { field: FieldDef; picker: { label: string; nameField?: string } }) {
  const [meta] = useField<unknown>(field.name);
  const [nameMeta] = useField<unknown>(picker.nameField ?? field.name);
  // Kept across a refused save (the form is not remounted); at first the record's (or the posted) id.
  const [value, setValue] = React.useState<PickedResident | null>(() => {
    const id = Number(meta.initialValue);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    const name = picker.nameField && typeof nameMeta.initialValue === "string" ? nameMeta.initialValue.trim() : "";
    return { id, fullname: name || m.resource_form_picked_resident({ id }) };
  });
  return (
    <ResidentPicker
      id={meta.id}
      name={field.name}
      label={picker.label}
      value={value}
      onChange={setValue}
      errors={meta.errors}
      required={field.required}
    />
  );
}

/**
 * A record's id whose entry another field chooses (a voucher's payee), picked by name: a resident
 * with the resident picker, another entry's record from its list (searchable); without JavaScript a
 * "Find" step over the entry chosen when the form was posted (server/http/pages/picker.server.ts).
 */
function RecordPickerField({
  field,
  picker,
  allOptions,
}: {
  field: FieldDef;
  picker: NonNullable<FieldDef["recordPicker"]>;
  allOptions: Record<string, Option[]>;
}) {
  const [meta] = useField<unknown>(field.name);
  const [kindMeta] = useField<unknown>(picker.kindField);
  const [nameMeta] = useField<unknown>(picker.nameField ?? field.name);
  const hydrated = useHydrated();
  const entry = picker.entries[String(kindMeta.value ?? kindMeta.initialValue ?? "")];
  if (!entry) return null; // a typed payee ("Other"): no record to pick
  if (hydrated && entry === "resident") return <ResidentIdField field={field} picker={picker} />;
  if (hydrated) {
    const [key, props] = split(getSelectProps(meta));
    return (
      <div className="flex flex-col gap-1.5" data-field={field.name}>
        <Label htmlFor={meta.id}>
          {picker.label}
          <RequiredMark />
        </Label>
        <FilterableSelect
          key={`${entry}-${key}`}
          label={picker.label}
          placeholder={selectPrompt(picker.label)}
          options={allOptions[`${field.name}:${entry}`] ?? []}
          selectProps={props}
        />
        <FieldErrors id={meta.errorId} errors={meta.errors} />
      </div>
    );
  }
  // Without JavaScript: the search-then-choose step, its choices the server's answer to "Find".
  const initial = Number(meta.initialValue);
  const name = typeof nameMeta.initialValue === "string" && picker.nameField ? nameMeta.initialValue.trim() : "";
  return (
    <ResidentPicker
      id={meta.id}
      name={field.name}
      label={picker.label}
      value={Number.isSafeInteger(initial) && initial > 0 ? { id: initial, fullname: name || m.resource_form_picked_record() } : null}
      onChange={() => undefined}
      errors={meta.errors}
      required
    />
  );
}

/** A yes/no flag: a native checkbox (posted as "on" when ticked, also without JavaScript) beside its label. */
function CheckboxField({ field }: { field: FieldDef }) {
  const [meta] = useField<string>(field.name);
  const [key, props] = split(getInputProps(meta, { type: "checkbox", ...ariaFor(meta, field.description) }));
  return (
    <div className="flex flex-col gap-1.5" data-field={field.name}>
      <label className="flex items-center gap-2 text-sm" htmlFor={meta.id}>
        <Checkbox key={key} {...props} />
        {field.label}
      </label>
      {field.description ? (
        <p id={meta.descriptionId} className="text-xs text-muted-foreground">
          {field.description}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** A field of a registry entry, by kind; `name` may be dotted (user_profile.firstname). */
export function FormField({
  field: english,
  options,
  intent,
  allOptions = {},
}: {
  field: FieldDef;
  options?: Option[];
  intent: "create" | "update";
  /** Every choice list of the form, for a field whose choices depend on another (a record picker). */
  allOptions?: Record<string, Option[]>;
}) {
  // The registry's field in the reader's language (its terms, domain/i18n/terms.ts); name and options stay.
  const field = translatedField(english);
  const [meta] = useField<unknown>(field.name);
  if (field.recordPicker) return <RecordPickerField field={field} picker={field.recordPicker} allOptions={allOptions} />;
  if (field.kind === "custom-forms") return <CustomFormsEditor name={field.name} label={field.label} description={field.description} />;
  if (field.kind === "custom-payment-form")
    return <PaymentFormEditor name={field.name} label={field.label} description={field.description} />;

  if (field.kind === "checkbox") return <CheckboxField field={field} />;

  // "Leave empty to keep the current password." only makes sense when there is one.
  const description =
    field.kind === "password" && intent === "create" && english.description?.startsWith("Leave empty") ? undefined : field.description;
  const aria = ariaFor(meta, description);
  let control: React.ReactNode;
  switch (field.kind) {
    case "textarea": {
      const [key, props] = split(getTextareaProps(meta, aria));
      control = <Textarea key={key} {...props} placeholder={field.placeholder} rows={3} />;
      break;
    }
    case "enum": {
      const [key, props] = split(getSelectProps(meta, aria));
      control = (
        <NativeSelect key={key} {...props}>
          <option value="">{m.resource_form_select_short()}</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {field.optionLabels?.[o] ?? o}
            </option>
          ))}
        </NativeSelect>
      );
      break;
    }
    case "reference": {
      // Another record, picked by its name: a long list can be searched (filterable-select.tsx).
      const [key, props] = split(getSelectProps(meta, aria));
      control = (
        <FilterableSelect
          key={key}
          label={field.label}
          placeholder={selectPrompt(field.label)}
          options={options ?? []}
          selectProps={props}
        />
      );
      break;
    }
    case "money": {
      const [key, props] = split(getInputProps(meta, { type: "text", ...aria }));
      control = (
        <div className="relative">
          {/* eslint-disable-next-line i18next/no-literal-string -- the peso sign, the same in both languages */}
          <span aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-muted-foreground">
            ₱
          </span>

          <Input key={key} {...props} inputMode="decimal" autoComplete="off" className="pl-7 tabular-nums" placeholder="0.00" />
        </div>
      );
      break;
    }
    default: {
      const type =
        field.kind === "email"
          ? "email"
          : field.kind === "password"
            ? "password"
            : field.kind === "number"
              ? "number"
              : field.kind === "date"
                ? "date"
                : "text";
      const [key, props] = split(getInputProps(meta, { type, ...aria }));
      control = (
        <Input
          key={key}
          {...props}
          placeholder={field.placeholder}
          autoComplete={field.kind === "password" ? "new-password" : field.kind === "email" ? "email" : "off"}
        />
      );
    }
  }
  return (
    <div className="flex flex-col gap-1.5" data-field={field.name}>
      <Label htmlFor={meta.id}>
        {field.label}
        {field.required ? <RequiredMark /> : null}
      </Label>
      {control}
      {description ? (
        <p id={meta.descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
