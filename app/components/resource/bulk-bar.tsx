import { RotateCcw, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import type { ResourceDef } from "~/resources/types";
import type { Gates } from "./row-actions";
import { useHydrated } from "./use-hydrated";

// Multi-delete and multi-restore (spec §2.4, §7.2): a real POST form; the row checkboxes belong to
// it through their `form` attribute, so the selected ids post with or without JavaScript. The
// server flashes "Successfully deleted {n} {plural}." with the count it changed.

export function BulkBar({
  def,
  formId,
  selected,
  returnTo,
  gates,
}: {
  def: ResourceDef;
  formId: string;
  selected: number;
  returnTo: string;
  gates: Gates;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  if (!gates.delete && !gates.restore) return null;
  const deleteLabel = def.voidWording ? "Void selected" : "Delete selected";
  const restoreLabel = def.voidWording ? "Unvoid selected" : "Restore selected";
  // Before hydration (and without JavaScript) the count is unknown: the buttons stay usable.
  const none = hydrated && selected === 0;
  return (
    <Form
      id={formId}
      method="post"
      preventScrollReset
      aria-label={`Bulk actions on ${def.labels.plural}`}
      className="flex min-h-12 flex-wrap items-center gap-2 border-b bg-muted/30 px-4 py-2 text-sm"
      data-testid="bulk-bar"
    >
      <CsrfInput />
      <input type="hidden" name="_return" value={returnTo} />
      <p className="mr-auto text-muted-foreground" aria-live="polite">
        {hydrated
          ? selected === 0
            ? "Select rows for bulk actions."
            : `${selected} ${selected === 1 ? def.labels.singular : def.labels.plural} selected`
          : "Tick rows, then:"}
      </p>
      {gates.delete ? (
        <Button
          type="submit"
          name="intent"
          value="delete-many"
          variant="outline"
          size="sm"
          disabled={none || busyIntent === "delete-many"}
          className="text-destructive hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
          {deleteLabel}
        </Button>
      ) : null}
      {gates.restore ? (
        <Button
          type="submit"
          name="intent"
          value="restore-many"
          variant="outline"
          size="sm"
          disabled={none || busyIntent === "restore-many"}
        >
          <RotateCcw aria-hidden="true" />
          {restoreLabel}
        </Button>
      ) : null}
    </Form>
  );
}
