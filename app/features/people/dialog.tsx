import type * as React from "react";
import { Link } from "react-router";
import { ModalShell, DialogActions as ShellActions, useSubmitting } from "~/components/resource/modal-shell";
import { Button, buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The dialogs of the people pages: the list's modal shell (DESIGN §8) — open while the
// address says so (?modal=create), rendered in place (no portal) so the server renders them too,
// and closed by navigating to `closeHref` — a plain link without JavaScript.

export { useSubmitting };
export { FormAlert, HiddenFields } from "~/components/resource/form-parts";

/** Leaflet and the resident picker put their own popups inside; clicks there are not "outside". */
function keepOpenOnMapClicks(event: Event) {
  const target = event.target as HTMLElement | null;
  if (target?.closest?.(".leaflet-container")) event.preventDefault();
}

export function PeopleDialog({
  size = "md",
  ...props
}: Omit<React.ComponentProps<typeof ModalShell>, "wide" | "onInteractOutside"> & { size?: "md" | "lg" | "xl" }) {
  // "md" is the shell's default width (max-w-lg); the shell's own "md" is wider.
  return <ModalShell {...props} wide={size === "md" ? undefined : size} onInteractOutside={keepOpenOnMapClicks} />;
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
    <ShellActions className="z-10 sm:items-center">
      {children ? <div className="flex flex-wrap gap-2 sm:mr-auto">{children}</div> : null}
      <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
        {m.people_cancel()}
      </Link>
      <Button type="submit" disabled={submitting}>
        {submitting ? <Spinner size="sm" label={m.people_saving()} /> : null}
        {label}
      </Button>
    </ShellActions>
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
