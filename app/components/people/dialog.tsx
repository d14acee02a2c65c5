import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";

// The dialogs of the people pages (issue 4), in the style of the list's ResourceModal (DESIGN §8):
// open while the address says so (?modal=create), rendered in place (no portal) so the server
// renders them too, and closed by navigating to `closeHref` — a plain link without JavaScript.

export function PeopleDialog({
  title,
  description,
  closeHref,
  size = "md",
  role,
  children,
  testId = "resource-modal",
}: {
  title: string;
  description?: React.ReactNode;
  closeHref: string;
  size?: "md" | "lg" | "xl";
  role?: "alertdialog";
  children: React.ReactNode;
  testId?: string;
}) {
  const navigate = useNavigate();
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : navigate(closeHref, { preventScrollReset: true }))}>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        data-testid={testId}
        role={role ?? "dialog"}
        aria-modal="true"
        // Leaflet and the resident picker put their own popups inside; clicks there are not "outside".
        onInteractOutside={(event) => {
          const target = event.target as HTMLElement | null;
          if (target?.closest?.(".leaflet-container")) event.preventDefault();
        }}
        onOpenAutoFocus={(event) => {
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
          size === "xl" ? "max-w-5xl" : size === "lg" ? "max-w-3xl" : "max-w-lg",
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
            aria-label="Close"
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

/** The hidden fields every people form posts: CSRF token, intent, record id and the list address. */
export function HiddenFields({ intent, id, returnTo }: { intent: string; id?: number | null; returnTo: string }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {id != null ? <input type="hidden" name="id" value={String(id)} /> : null}
      <input type="hidden" name="_return" value={returnTo} />
    </>
  );
}

export function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** The bottom bar of a dialog's form: Cancel (a link) and the submit button. */
export function DialogActions({
  closeHref,
  submitting,
  label,
  children,
}: {
  closeHref: string;
  submitting: boolean;
  label: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="sticky bottom-0 z-10 flex flex-col-reverse gap-2 border-t bg-background px-5 py-3 sm:flex-row sm:items-center sm:justify-end">
      {children ? <div className="flex flex-wrap gap-2 sm:mr-auto">{children}</div> : null}
      <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        Cancel
      </Link>
      <Button type="submit" disabled={submitting}>
        {submitting ? <Spinner size="sm" label="Saving…" /> : null}
        {label}
      </Button>
    </div>
  );
}

/** A group of fields with a heading, for the long forms (the RBI record). */
export function FieldSection({ title, children, className }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <fieldset className={cn("flex flex-col gap-3", className)}>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

/** The form-level error of a submission (the duplicate warning, a refused check). */
export function FormAlert({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {children}
    </div>
  );
}
