import type * as React from "react";
import { CsrfInput } from "~/components/csrf-input";

// The plain parts of a list page's posted forms (form-parts.tsx re-exports them): no form library,
// so a page can show them without loading one (decision 177).

/** CSRF token, intent, record id and the list's address (where the action returns). */
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

/** The default button: Enter in a field saves, rather than pressing the first list button (Add, Move). */
export function DefaultSubmit() {
  return <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

/** The form-level error of a submission (a duplicate warning, a refused check); `id` is where aria-describedby points. */
export function FormAlert({ id, children }: { id?: string; children: React.ReactNode }) {
  return (
    <div id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {children}
    </div>
  );
}
