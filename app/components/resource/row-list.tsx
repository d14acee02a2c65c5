import { m } from "@domain/i18n";
import * as React from "react";
import { getInputProps, useField, type FieldMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FieldErrors, RequiredMark, split } from "./field-parts";

// The row lists of the list editors (custom fields, fee lines). Add, move and remove are Conform
// list intents on real submit buttons, so they work without JavaScript (the server answers with
// the changed list).

/** "Add …" under the list: appends a row with `defaultValue`. */
export function AddRowButton({
  listName,
  defaultValue,
  children,
}: {
  listName: string;
  defaultValue: Record<string, string>;
  children: React.ReactNode;
}) {
  const [, form] = useField(listName);
  return (
    <Button variant="outline" size="sm" {...form.insert.getButtonProps<Record<string, string>[]>({ name: listName, defaultValue })}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

/** The head of a row: its heading ("Field 2") and Move up, Move down and Remove. */
export function RowControls({
  listName,
  index,
  count,
  heading,
  rowName,
}: {
  listName: string;
  index: number;
  count: number;
  heading: string;
  rowName: string;
}) {
  const [, form] = useField(listName);
  return (
    <div className="flex items-center justify-between gap-2">
      <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</span>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={m.resource_form_move_up({ row: rowName })}
          disabled={index === 0}
          {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={m.resource_form_move_down({ row: rowName })}
          disabled={index === count - 1}
          {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:text-destructive"
          aria-label={m.resource_form_remove({ row: rowName })}
          {...form.remove.getButtonProps({ name: listName, index })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

type RowWithFieldId = { label?: string; fieldId?: string };

/**
 * A row's Label and Field id inputs. On a new row the field id follows the label as it is typed
 * (`deriveFieldId` makes it from the label and the ids the other rows have `taken`); an existing
 * field id is referenced by saved records, so it stays.
 */
export function LabelAndFieldId({
  listName,
  item,
  index,
  siblings,
  deriveFieldId,
  labelPlaceholder,
  fieldIdPlaceholder,
  fieldIdHint,
}: {
  listName: string;
  item: FieldMetadata<RowWithFieldId>;
  index: number;
  siblings: FieldMetadata<RowWithFieldId>[];
  deriveFieldId: (label: string, taken: string[]) => string;
  labelPlaceholder: string;
  fieldIdPlaceholder: string;
  /** Shown under the field id (and named by its aria-describedby). */
  fieldIdHint?: string;
}) {
  const [, form] = useField(listName);
  const fields = item.getFieldset();
  const isNew = !(item.initialValue as RowWithFieldId | undefined)?.fieldId;
  const [labelKey, labelProps] = split(getInputProps(fields.label, { type: "text" }));
  const [idKey, idProps] = split(
    getInputProps(fields.fieldId, { type: "text", ariaDescribedBy: fieldIdHint ? fields.fieldId.descriptionId : undefined }),
  );

  // The field id follows the label until the user edits the id itself.
  const following = React.useRef(isNew);
  function onLabelInput(event: React.FormEvent<HTMLInputElement>) {
    if (!following.current) return;
    const taken = siblings.filter((_, i) => i !== index).map((s) => String(s.getFieldset().fieldId.value ?? ""));
    const nextLabel = event.currentTarget.value;
    form.update({ name: fields.fieldId.name, value: nextLabel.trim() ? deriveFieldId(nextLabel, taken) : "" });
  }

  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fields.label.id}>
          {m.resource_form_label()}
          <RequiredMark />
        </Label>
        <Input key={labelKey} {...labelProps} onInput={onLabelInput} placeholder={labelPlaceholder} autoComplete="off" />
        <FieldErrors id={fields.label.errorId} errors={fields.label.errors} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={fields.fieldId.id}>
          {m.resource_form_field_id()}
          <RequiredMark />
        </Label>
        <Input
          key={idKey}
          {...idProps}
          required
          placeholder={fieldIdPlaceholder}
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
        />
        {fieldIdHint ? (
          <p id={fields.fieldId.descriptionId} className="text-xs text-muted-foreground">
            {fieldIdHint}
          </p>
        ) : null}
        <FieldErrors id={fields.fieldId.errorId} errors={fields.fieldId.errors} />
      </div>
    </>
  );
}
