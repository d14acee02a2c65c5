import { baseLocale, getLocale, m } from "@domain/i18n";
import { selectPlaceholder } from "@domain/format";
// A select's options, plain (form-field.tsx re-exports them): the list toolbar's filters use them
// without loading the form renderer (decision 177).

export type Option = { value: string; label: string };

/** A select's first, empty choice for a field: "Select a bank" (domain/format.ts), "Pumili ng bangko". */
export function selectPrompt(label: string): string {
  return getLocale() === baseLocale ? selectPlaceholder(label) : m.resource_form_select({ what: label.toLowerCase() });
}

export function SelectOptions({ placeholder, options }: { placeholder?: string; options: readonly (Option | string)[] }) {
  return (
    <>
      {placeholder != null ? <option value="">{placeholder}</option> : null}
      {options.map((o) => {
        const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}
