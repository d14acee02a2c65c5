import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import type { ResourceDef } from "@domain/registry/types";
import { validatedInLanguage } from "@domain/i18n/field-messages";

// The parts every posted form of a list page starts with (the registry's form, the people, user
// and role forms): the hidden fields the page action reads, the default button, and the
// form-level error; and the form state of an entry's schema.

export { DefaultSubmit, FormAlert, HiddenFields } from "./form-basics";

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
    // The schema's English messages in the reader's language (domain/i18n/field-messages.ts).
    onValidate: ({ formData }) => validatedInLanguage(parseWithZod(formData, { schema })),
  });
}
