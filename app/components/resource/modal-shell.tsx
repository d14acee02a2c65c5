import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The modal dialog of DESIGN §8, used by the list's ResourceModal and the access pages' dialogs.
// Its state is the address (?modal=update&id=7), so the server renders it open on a reload and
// without JavaScript. The dialog is rendered in place, not in a portal (a portal renders nothing on
// the server); Radix traps and returns focus when JavaScript runs. Closing is a navigation to
// `closeHref` — a plain link when JavaScript is off.

export function ModalShell({
  title,
  description,
  closeHref,
  wide,
  role,
  testId = "resource-modal",
  onInteractOutside,
  children,
}: {
  title: string;
  /** Shown under the title; without it, screen readers get the title as the description. */
  description?: React.ReactNode;
  closeHref: string;
  wide?: "md" | "lg" | "xl";
  role?: "alertdialog";
  testId?: string;
  /** E.g. to keep the dialog open on clicks in a Leaflet map's popups (the people pages). */
  onInteractOutside?: React.ComponentProps<typeof DialogPrimitive.Content>["onInteractOutside"];
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : navigate(closeHref, { preventScrollReset: true }))}>
      {/* No Portal: the server must render the dialog (DESIGN §8). */}
      <DialogPrimitive.Overlay data-slot="dialog-overlay" className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        data-slot="dialog-content"
        data-testid={testId}
        role={role ?? "dialog"}
        aria-modal="true"
        onInteractOutside={onInteractOutside}
        // There is no Radix trigger to return the focus to: the list gives it back itself when the
        // modal leaves the address (ResourcePage).
        onCloseAutoFocus={(event) => event.preventDefault()}
        onOpenAutoFocus={(event) => {
          // Focus the first field (or the confirm button), not the close link.
          const target = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>(
            "[data-autofocus], form input:not([type=hidden]):not([tabindex='-1']):not([disabled]), form select, form textarea",
          );
          if (target) {
            event.preventDefault();
            target.focus();
          }
        }}
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100svh-2rem)] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-lg border bg-background shadow-lg outline-none data-[state=open]:animate-zoom-in",
          wide === "xl" ? "max-w-5xl" : wide === "lg" ? "max-w-3xl" : wide === "md" ? "max-w-xl" : "max-w-lg",
        )}
      >
        <div className="flex items-start justify-between gap-4 border-b px-5 py-4">
          <div className="flex min-w-0 flex-col gap-1.5">
            <DialogPrimitive.Title className="text-lg leading-tight font-semibold">{title}</DialogPrimitive.Title>
            {description ? (
              <DialogPrimitive.Description className="text-sm text-muted-foreground">{description}</DialogPrimitive.Description>
            ) : (
              <DialogPrimitive.Description className="sr-only">{title}</DialogPrimitive.Description>
            )}
          </div>
          <Link
            to={closeHref}
            preventScrollReset
            aria-label={m.resource_modal_close()}
            className="-mt-1 -mr-2 flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden="true" />
          </Link>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** The bottom bar of a dialog's form: Cancel (a link) and the submit button. */
export function DialogActions({ className, children }: { className?: string; children: React.ReactNode }) {
  return (
    <div
      className={cn(
        "sticky bottom-0 z-30 flex flex-col-reverse gap-2 border-t bg-background px-5 py-3 sm:flex-row sm:justify-end",
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Whether the form that posts this `intent` is being sent. */
export function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The bottom bar of a create or update form: Cancel and "Save" (create) or "Save changes" (update). */
export function SaveActions({ intent, closeHref }: { intent: "create" | "update"; closeHref: string }) {
  const submitting = useSubmitting(intent);
  return (
    <DialogActions>
      <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        {m.resource_cancel()}
      </Link>
      <Button type="submit" disabled={submitting}>
        {submitting ? <Spinner size="sm" label={m.resource_form_saving()} /> : null}
        {intent === "create" ? m.resource_form_save() : m.resource_form_save_changes()}
      </Button>
    </DialogActions>
  );
}
