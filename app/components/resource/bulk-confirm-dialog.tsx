import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { bulkDeleteConfirmation } from "@domain/registry/messages";
import type { ListDef } from "@domain/registry/types";
import { m } from "@domain/i18n";

/** Delete selected's confirmation with JavaScript (bulk-bar.tsx); its own chunk, fetched on first opening. */
export function BulkConfirmDialog({
  def,
  selected,
  open,
  onOpenChange,
  onConfirm,
}: {
  def: ListDef;
  selected: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" showCloseButton={false} data-testid="bulk-delete-confirm">
        <DialogHeader>
          <DialogTitle>
            {(def.voidWording ? m.resource_bulk_confirm_void : m.resource_bulk_confirm_delete)({
              count: selected,
              noun: selected === 1 ? def.labels.singular : def.labels.plural,
            })}
          </DialogTitle>
          <DialogDescription>{bulkDeleteConfirmation(def, selected)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {m.resource_cancel()}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={onConfirm}>
            {(def.voidWording ? m.resource_bulk_void_count : m.resource_bulk_delete_count)({ count: selected })}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
