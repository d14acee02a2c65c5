import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import * as React from "react";
import { Link, useNavigate } from "react-router";
import { cn } from "~/lib/utils";

// The dialogs of the access pages, in the style of the list's ResourceModal (DESIGN §8): open
// while the address says so (?modal=reset&id=7), rendered in place (no portal) so the server
// renders it too, and closed by navigating to `closeHref` — a plain link without JavaScript.

export function AccessDialog({
  title,
  description,
  closeHref,
  wide,
  role,
  children,
  testId = "access-dialog",
}: {
  title: string;
  description?: React.ReactNode;
  closeHref: string;
  wide?: "md" | "lg" | "xl";
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
        // Radix gives the content role="dialog"; pass a role only to change it (alertdialog).
        {...(role ? { role } : {})}
        aria-modal="true"
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

/** The bottom bar of a dialog's form: Cancel (a link) and the submit button. */
export function DialogActions({ children }: { children: React.ReactNode }) {
  return <div className="sticky bottom-0 z-30 flex flex-col-reverse gap-2 border-t bg-background px-5 py-3 sm:flex-row sm:justify-end">{children}</div>;
}
