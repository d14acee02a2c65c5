import { Form, Link, useLocation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { bulkDeleteConfirmation } from "@domain/registry/messages";
import type { ListDef } from "@domain/registry/types";
import { ModalShell } from "./modal-shell";
import { m } from "@domain/i18n";

/**
 * The confirm step of a bulk delete without JavaScript: the server answered
 * Delete selected with the list's address and `?modal=delete-many&ids=3,7`; this asks with the
 * count and posts the same ids again, confirmed.
 */
export function BulkDeleteConfirm({ def, closeHref }: { def: ListDef; closeHref: string }) {
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
  const noun = n === 1 ? def.labels.singular : def.labels.plural;
  return (
    <ModalShell
      title={def.voidWording ? m.resource_bulk_confirm_void({ count: n, noun }) : m.resource_bulk_confirm_delete({ count: n, noun })}
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
          {m.resource_cancel()}
        </Link>
        <Button type="submit" variant="destructive" disabled={n === 0} data-autofocus>
          {def.voidWording ? m.resource_bulk_void_count({ count: n }) : m.resource_bulk_delete_count({ count: n })}
        </Button>
      </Form>
    </ModalShell>
  );
}
