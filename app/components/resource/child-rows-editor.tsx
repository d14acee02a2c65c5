import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";
import { useField } from "@conform-to/react";
import type { ChildDef } from "@domain/registry/types";
import { FieldErrors, FormField, type Option } from "./form-field";
import { AddRowButton, RowControls } from "./row-list";

// The child rows of a record (DESIGN §10: receipt and voucher lines, fee lines) in the entry's
// form: one fieldset per row with the child's fields, and Add, Move and Remove as Conform list
// intents on real submit buttons, so the editor works without JavaScript too.

export function ChildRowsEditor({
  child,
  options,
  intent,
}: {
  child: ChildDef;
  options: Record<string, Option[]>;
  intent: "create" | "update";
}) {
  const [meta] = useField<Record<string, unknown>[]>(child.key);
  const items = meta.getFieldList();
  const singular = term(child.labels.singular);
  const plural = term(child.labels.plural);
  const capital = singular.charAt(0).toUpperCase() + singular.slice(1);
  const blank = Object.fromEntries(child.fields.map((f) => [f.name, ""]));
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4" data-testid={`child-rows-${child.key}`}>
      <legend className="px-1 text-sm font-medium">{plural.charAt(0).toUpperCase() + plural.slice(1)}</legend>
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => (
          <li key={item.key} className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3" data-testid="child-row">
            <RowControls
              listName={meta.name}
              index={index}
              count={items.length}
              heading={m.resource_form_row_heading({ noun: capital, number: index + 1 })}
              rowName={m.resource_form_row_heading({ noun: singular, number: index + 1 })}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              {child.fields.map((field) => (
                <FormField
                  key={field.name}
                  field={{ ...field, name: `${child.key}[${index}].${field.name}` }}
                  options={options[`${child.key}.${field.name}`]}
                  intent={intent}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
      {items.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {m.resource_form_rows_empty({ plural })}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
      {child.max == null || items.length < child.max ? (
        <div>
          <AddRowButton listName={meta.name} defaultValue={blank}>
            {m.resource_form_add_row({ singular })}
          </AddRowButton>
        </div>
      ) : null}
    </fieldset>
  );
}
