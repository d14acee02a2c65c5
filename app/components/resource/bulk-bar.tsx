import { RotateCcw, Trash2 } from "lucide-react";
import * as React from "react";
import { Form, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button } from "~/components/ui/button";
import { lazyComponent } from "~/lib/lazy-component";
import type { ListDef } from "@domain/registry/types";
import type { Gates } from "./row-actions";
import { useHydrated } from "./use-hydrated";
import { m } from "@domain/i18n";

const BulkConfirmDialog = lazyComponent(() => import("./bulk-confirm-dialog").then((m) => m.BulkConfirmDialog));

// Multi-delete and multi-restore (spec §2.4, §7.2): a real POST form; the row checkboxes belong to
// it through their `form` attribute, so the selected ids post with or without JavaScript. The
// server flashes "Successfully deleted {n} {plural}." with the count it changed. Delete selected
// first asks to confirm with the count: with JavaScript in a dialog, without it on the list's
// confirm step (?modal=delete-many&ids=…, BulkDeleteConfirm). Restore selected needs a trashed row
// among the selected; an entry deleted for good (`deletion: "hard"`) has no restore.

export function BulkBar({
  def,
  formId,
  selected,
  selectedTrashed,
  returnTo,
  gates,
}: {
  def: ListDef;
  formId: string;
  selected: number;
  /** How many of the selected rows are trashed (the ones Restore selected would bring back). */
  selectedTrashed: number;
  returnTo: string;
  gates: Gates;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = React.useState(false);
  // Mounted from the first opening on, so that closing keeps Radix's exit animation.
  const [openedOnce, setOpenedOnce] = React.useState(false);
  const formRef = React.useRef<HTMLFormElement>(null);
  const deleteSubmit = React.useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const canRestore = gates.restore && def.deletion !== "hard" && def.modals.includes("restore");
  // A cancel asks each record's own reason: there is no cancelling several at once.
  const canDelete = gates.delete && !def.cancel;
  if (!canDelete && !canRestore) return null;
  const deleteLabel = def.voidWording ? m.resource_bulk_void_selected() : m.resource_bulk_delete_selected();
  const restoreLabel = def.voidWording ? m.resource_bulk_unvoid_selected() : m.resource_bulk_restore_selected();
  // Before hydration (and without JavaScript) the count is unknown: the buttons stay usable.
  const none = hydrated && selected === 0;
  return (
    <Form
      ref={formRef}
      id={formId}
      method="post"
      preventScrollReset
      aria-label={m.resource_bulk_region({ plural: def.labels.plural })}
      className="flex min-h-12 flex-wrap items-center gap-2 border-b bg-muted/30 px-4 py-2 text-sm"
      data-testid="bulk-bar"
    >
      <CsrfInput />
      <input type="hidden" name="_return" value={returnTo} />
      <p className="mr-auto text-muted-foreground" aria-live="polite">
        {hydrated
          ? selected === 0
            ? m.resource_bulk_select_rows()
            : selected === 1
              ? m.resource_bulk_selected_one({ count: selected, singular: def.labels.singular })
              : m.resource_bulk_selected_many({ count: selected, plural: def.labels.plural })
          : m.resource_bulk_tick_rows()}
      </p>
      {canDelete ? (
        hydrated ? (
          <>
            {/* The dialog below is the confirmation: the server skips its confirm step. */}
            <input type="hidden" name="confirmed" value="1" />
            {/* The real submitter, pressed by the confirmation (the dialog is outside the form). */}
            <button ref={deleteSubmit} type="submit" name="intent" value="delete-many" hidden tabIndex={-1} />
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={none || busyIntent === "delete-many"}
              className="text-destructive hover:text-destructive"
              onClick={() => {
                setOpenedOnce(true);
                setConfirming(true);
              }}
              onPointerEnter={() => void BulkConfirmDialog.preload()}
              onFocus={() => void BulkConfirmDialog.preload()}
            >
              <Trash2 aria-hidden="true" />
              {deleteLabel}
            </Button>
            {/* The dialog's code loads when it first opens (decision 177). */}
            {openedOnce ? (
              <React.Suspense fallback={null}>
                <BulkConfirmDialog
                  def={def}
                  selected={selected}
                  open={confirming}
                  onOpenChange={setConfirming}
                  onConfirm={() => {
                    setConfirming(false);
                    if (deleteSubmit.current) formRef.current?.requestSubmit(deleteSubmit.current);
                  }}
                />
              </React.Suspense>
            ) : null}
          </>
        ) : (
          <Button
            type="submit"
            name="intent"
            value="delete-many"
            variant="outline"
            size="sm"
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
            {deleteLabel}
          </Button>
        )
      ) : null}
      {canRestore ? (
        <Button
          type="submit"
          name="intent"
          value="restore-many"
          variant="outline"
          size="sm"
          disabled={(hydrated && selectedTrashed === 0) || busyIntent === "restore-many"}
        >
          <RotateCcw aria-hidden="true" />
          {restoreLabel}
        </Button>
      ) : null}
    </Form>
  );
}
