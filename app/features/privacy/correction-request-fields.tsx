import { getInputProps, useField } from "@conform-to/react";
import { FormField, split } from "~/components/resource/form-field";
import type { FieldDef } from "@domain/registry/types";
import { CORRECTION_CHANNELS } from "@domain/privacy/schemas";
import { m } from "@domain/i18n";

// The optional part of a person's edit form that says the change is
// a correction the person asked for — when, how, and the office's reference. Posted with the edit;
// the server records it with the change in the same transaction. Works without JavaScript (a
// <details> that is open when the box was ticked or a field was refused).

const FIELDS: FieldDef[] = [
  { name: "correction.requested_on", label: "Date of the request", kind: "date" },
  { name: "correction.channel", label: "How the person asked", kind: "enum", options: CORRECTION_CHANNELS },
  {
    name: "correction.reference",
    label: "Reference",
    kind: "text",
    maxLength: 200,
    placeholder: "Letter no., logbook entry, e-mail subject…",
  },
];

export function CorrectionRequestFields() {
  const [flag] = useField<string>("correction.requested");
  const [date] = useField<string>("correction.requested_on");
  const [channel] = useField<string>("correction.channel");
  const [reference] = useField<string>("correction.reference");
  const refused = [date, channel, reference].some((m) => m.errors?.length);
  const [key, checkbox] = split(getInputProps(flag, { type: "checkbox", value: "on" }));
  return (
    <details
      open={refused || flag.initialValue === "on"}
      className="group rounded-md border px-3 py-2 open:pb-3"
      data-testid="correction-request"
    >
      <summary className="cursor-pointer text-sm font-medium">{m.admin_correction_title()}</summary>
      <div className="mt-2 flex flex-col gap-3">
        <p className="text-xs text-muted-foreground">{m.admin_correction_hint()}</p>
        <label className="flex items-center gap-2 text-sm" htmlFor={flag.id}>
          <input key={key} {...checkbox} className="size-4 rounded border-input accent-primary" />
          {m.admin_correction_asked()}
        </label>
        <div className="grid gap-3 sm:grid-cols-3">
          {FIELDS.map((field) => (
            <FormField key={field.name} field={field} intent="update" />
          ))}
        </div>
      </div>
    </details>
  );
}
