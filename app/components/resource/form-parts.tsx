import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import type { ResourceDef } from "~/resources/types";
import { CsrfInput } from "~/components/csrf-input";

// The parts every posted form of a list page starts with (the registry's form, the people, user
// and role forms): the hidden fields the page action reads, the default button, and the
// form-level error; and the form state of an entry's schema.

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

/**
 * Conform's form state for a registry entry's create or update schema, validated as the server
 * validates it: on blur, then again on every input once a field was wrong.
 */
export function useEntityForm(
  def: ResourceDef,
  intent: "create" | "update",
  { id, lastResult, defaultValue }: { id: string; lastResult?: SubmissionResult<string[]>; defaultValue?: Record<string, unknown> },
) {
  const schema = intent === "create" ? def.schema.create : def.schema.update;
  const constraint = React.useMemo(() => getZodConstraint(schema), [schema]);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema is the registry entry's, known at run time
  return useForm<Record<string, any>>({
    id,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
