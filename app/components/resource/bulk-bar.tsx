import { RotateCcw, Trash2 } from "lucide-react";
import * as React from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { bulkDeleteConfirmation } from "~/resources/messages";
import type { ResourceDef } from "~/resources/types";
import type { Gates } from "./row-actions";
import { ModalShell } from "./modal-shell";
import { useHydrated } from "./use-hydrated";

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
  def: ResourceDef;
  formId: string;
  selected: number;
  /** How many of the selected rows are trashed (the ones Restore selected would bring back). */
  selectedTrashed: number;
  returnTo: string;
  gates: Gates;
}) {
  const hydrated = useHydrated();
  const [confirming, setConfirming] = React.useState(false);
  const formRef = React.useRef<HTMLFormElement>(null);
  const deleteSubmit = React.useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const canRestore = gates.restore && def.deletion !== "hard" && def.modals.includes("restore");
  if (!gates.delete && !canRestore) return null;
  const deleteLabel = def.voidWording ? "Void selected" : "Delete selected";
  const restoreLabel = def.voidWording ? "Unvoid selected" : "Restore selected";
  // Before hydration (and without JavaScript) the count is unknown: the buttons stay usable.
  const none = hydrated && selected === 0;
  return (
    <Form
      ref={formRef}
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
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" />
              {deleteLabel}
            </Button>
            <Dialog open={confirming} onOpenChange={setConfirming}>
              <DialogContent role="alertdialog" showCloseButton={false} data-testid="bulk-delete-confirm">
                <DialogHeader>
                  <DialogTitle>
                    {def.voidWording ? "Void" : "Delete"} {selected} {selected === 1 ? def.labels.singular : def.labels.plural}?
                  </DialogTitle>
                  <DialogDescription>{bulkDeleteConfirmation(def, selected)}</DialogDescription>
                </DialogHeader>
                <DialogFooter>
                  <DialogClose asChild>
                    <Button type="button" variant="outline">
                      Cancel
                    </Button>
                  </DialogClose>
                  <Button
                    type="button"
                    variant="destructive"
                    onClick={() => {
                      setConfirming(false);
                      if (deleteSubmit.current) formRef.current?.requestSubmit(deleteSubmit.current);
                    }}
                  >
                    {def.voidWording ? "Void" : "Delete"} {selected}
                  </Button>
                </DialogFooter>
              </DialogContent>
            </Dialog>
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

/**
 * The confirm step of a bulk delete without JavaScript (issue 16 item 5): the server answered
 * Delete selected with the list's address and `?modal=delete-many&ids=3,7`; this asks with the
 * count and posts the same ids again, confirmed.
 */
export function BulkDeleteConfirm({ def, closeHref }: { def: ResourceDef; closeHref: string }) {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const ids = (params.get("ids") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  params.delete("modal");
  params.delete("ids");
  const returnTo = params.toString() ? `?${params}` : "";
  const n = ids.length;
  const verb = def.voidWording ? "Void" : "Delete";
  return (
    <ModalShell
      title={`${verb} ${n} ${n === 1 ? def.labels.singular : def.labels.plural}?`}
      description={bulkDeleteConfirmation(def, n)}
      closeHref={closeHref}
      role="alertdialog"
      testId="bulk-delete-confirm"
    >
      <Form method="post" preventScrollReset className="flex flex-wrap justify-end gap-2">
        <CsrfInput />
        <input type="hidden" name="intent" value="delete-many" />
        <input type="hidden" name="confirmed" value="1" />
        <input type="hidden" name="ids" value={ids.join(",")} />
        <input type="hidden" name="_return" value={returnTo} />
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive" disabled={n === 0} data-autofocus>
          {verb} {n}
        </Button>
      </Form>
    </ModalShell>
  );
}
