import { baseLocale, getLocale, m } from "@domain/i18n";
import * as React from "react";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import type { Option } from "./select-options";
import { useHydrated } from "./use-hydrated";

// A reference field's select that can be searched: with JavaScript and a long list (a voucher among
// hundreds, a bank account, a purok among forty), a box above it narrows the choices to those whose
// name has every typed word (accents and case ignored). The control stays the native select: it
// works without JavaScript, opens the phone's own picker, and keeps its keyboard type-ahead.

/** From how many choices the filter box is offered. */
export const FILTER_FROM = 8;

/** "Bank account" → "bank accounts", for the search box's hint. */
function plural(label: string): string {
  const lower = label.toLowerCase();
  return lower.endsWith("s") ? lower : `${lower}s`;
}

/** Lower case without accents: "Niño" and "nino" match. */
function folded(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The choices whose label holds every typed word, and always the one chosen. */
export function filterOptions(options: readonly Option[], typed: string, chosen: string): readonly Option[] {
  const words = folded(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((o) => o.value === chosen || words.every((w) => folded(o.label).includes(w)));
}

export function FilterableSelect({
  label,
  placeholder,
  options,
  selectProps,
}: {
  label: string;
  placeholder: string;
  options: readonly Option[];
  selectProps: React.ComponentProps<"select">;
}) {
  const hydrated = useHydrated();
  const [typed, setTyped] = React.useState("");
  const [chosen, setChosen] = React.useState(String(selectProps.defaultValue ?? selectProps.value ?? ""));
  const shown = filterOptions(options, typed, chosen);
  const filterable = hydrated && options.length >= FILTER_FROM;
  return (
    <div className="flex flex-col gap-1.5">
      {filterable ? (
        <Input
          type="search"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          // Named apart from the field, so the field's label still names only its select.
          aria-label={m.resource_form_search_list()}
          aria-controls={selectProps.id}
          placeholder={m.resource_form_search_placeholder({ what: getLocale() === baseLocale ? plural(label) : label.toLowerCase() })}
          autoComplete="off"
        />
      ) : null}
      <NativeSelect
        {...selectProps}
        onChange={(e) => {
          setChosen(e.target.value);
          selectProps.onChange?.(e);
        }}
      >
        <option value="">{placeholder}</option>
        {shown.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {filterable && typed.trim() ? (
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {m.resource_form_shown({ shown: shown.length, total: options.length })}
        </p>
      ) : null}
    </div>
  );
}
