// A select's options, plain (form-field.tsx re-exports them): the list toolbar's filters use them
// without loading the form renderer (decision 177).

export type Option = { value: string; label: string };

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
