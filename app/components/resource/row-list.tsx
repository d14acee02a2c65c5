import * as React from "react";
import { useField, type FieldMetadata } from "@conform-to/react";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { Button } from "~/components/ui/button";

// The row lists of the list editors (custom fields, fee lines). Add, move and remove are Conform
// list intents on real submit buttons, so they work without JavaScript (the server answers with
// the changed list).

/** "Add …" under the list: appends a row with `defaultValue`. */
export function AddRowButton({ listName, defaultValue, children }: { listName: string; defaultValue: Record<string, string>; children: React.ReactNode }) {
  const [, form] = useField<Record<string, string>[]>(listName);
  return (
    <Button variant="outline" size="sm" {...form.insert.getButtonProps({ name: listName, defaultValue })}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  );
}

/** The head of a row: its heading ("Field 2") and Move up, Move down and Remove. */
export function RowControls({ listName, index, count, heading, rowName }: { listName: string; index: number; count: number; heading: string; rowName: string }) {
  const [, form] = useField(listName);
  return (
    <div className="flex items-center justify-between gap-2">
      <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{heading}</span>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${rowName} up`}
          disabled={index === 0}
          {...form.reorder.getButtonProps({ name: listName, from: index, to: index - 1 })}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label={`Move ${rowName} down`}
          disabled={index === count - 1}
          {...form.reorder.getButtonProps({ name: listName, from: index, to: index + 1 })}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-8 text-destructive hover:text-destructive"
          aria-label={`Remove ${rowName}`}
          {...form.remove.getButtonProps({ name: listName, index })}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}

type RowWithFieldId = { fieldId?: string };

/**
 * The label's onInput of a row whose field id follows its label as it is typed: `deriveFieldId`
 * turns the label into an id not `taken` by the other rows. Only new rows follow their label: an
 * existing field id is referenced by saved records.
 */
export function useFieldIdFollowingLabel({
  listName,
  item,
  index,
  siblings,
  deriveFieldId,
}: {
  listName: string;
  item: FieldMetadata<RowWithFieldId>;
  index: number;
  siblings: FieldMetadata<RowWithFieldId>[];
  deriveFieldId: (label: string, taken: string[]) => string;
}): (event: React.FormEvent<HTMLInputElement>) => void {
  const [, form] = useField(listName);
  const fieldIdName = item.getFieldset().fieldId.name;
  const isNew = !(item.initialValue as RowWithFieldId | undefined)?.fieldId;
  // The field id follows the label until the user edits the id itself.
  const following = React.useRef(isNew);
  return (event) => {
    if (!following.current) return;
    const taken = siblings.filter((_, i) => i !== index).map((s) => String(s.getFieldset().fieldId.value ?? ""));
    const nextLabel = event.currentTarget.value;
    form.update({ name: fieldIdName, value: nextLabel.trim() ? deriveFieldId(nextLabel, taken) : "" });
  };
}
