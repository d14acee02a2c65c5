import { Search, X } from "lucide-react";
import * as React from "react";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Input } from "~/components/ui/input";
import { trpc } from "~/lib/trpc-client";
import { cn } from "~/lib/utils";
import { PersonAvatar } from "./person-avatar";
import { RequiredMark } from "~/components/resource/field-parts";
import { useActionData } from "react-router";
import { Button } from "~/components/ui/button";
import { toPicked, type PickedResident, type PickerFound } from "@domain/people/picked-resident";
import { FIND_FIELD, findTextName } from "@domain/form-steps";
import { m } from "@domain/i18n";

// Picks a resident by name (household head and members, business owner, a receipt's payor):
// search-as-you-type over the resident search (tRPC resident.search), arrow keys and Enter to pick.
// Posts the id in a hidden field. Without JavaScript it is a search-then-choose step: type a name,
// "Find" posts the whole form (server/http/pages/picker.server.ts), and the page comes back with what was
// typed and the residents found as choices.

export type { PickedResident };
export { toPicked };

export function ResidentPicker({
  id,
  name,
  label,
  value,
  onChange,
  errors,
  required,
  exclude = [],
  hideLabel,
  labelClassName,
}: {
  id: string;
  name: string;
  label: string;
  value: PickedResident | null;
  onChange: (value: PickedResident | null) => void;
  errors?: string[];
  required?: boolean;
  exclude?: number[];
  hideLabel?: boolean;
  /** The label's look where the picker sits among other controls' (a list's filters). */
  labelClassName?: string;
}) {
  const hydrated = useHydrated();
  // Without JavaScript: the residents a "Find" step found (the server's answer to the form).
  const findStep = (useActionData() as { picker?: PickerFound } | undefined)?.picker;
  const [text, setText] = React.useState("");
  const [found, setFound] = React.useState<{ query: string; results: PickedResident[] }>({ query: "", results: [] });
  const results = text.trim() && found.query === text.trim() ? found.results : [];
  const [active, setActive] = React.useState(0);
  const [open, setOpen] = React.useState(false);
  const [loading, setLoading] = React.useState(false);
  const errorId = `${id}-error`;
  const listId = `${id}-list`;

  React.useEffect(() => {
    const query = text.trim();
    if (!query) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      setLoading(true);
      trpc.resident.search
        .query({ search: query, limit: 8 })
        .then((res) => {
          if (cancelled) return;
          setFound({ query, results: res.data.map(toPicked).filter((r) => !exclude.includes(r.id)) });
          setActive(0);
        })
        .catch(() => !cancelled && setFound({ query, results: [] }))
        .finally(() => !cancelled && setLoading(false));
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- exclude is read when results arrive
  }, [text]);

  const labelEl = (
    <label htmlFor={id} className={cn("text-sm leading-none font-medium", labelClassName, hideLabel && "sr-only")}>
      {label}
      {required ? <RequiredMark /> : null}
    </label>
  );
  const errorEl = errors?.length ? (
    <p id={errorId} className="text-sm text-destructive" data-testid="field-error">
      {errors.join(" ")}
    </p>
  ) : null;

  if (!hydrated) {
    const matches = findStep?.field === name ? findStep : null;
    const choices = matches ? matches.matches.filter((r) => !exclude.includes(r.id)) : [];
    // The one chosen stays a choice while others are listed, so nothing chosen is lost.
    const listed = value && !choices.some((r) => r.id === value.id) ? [value, ...choices] : choices;
    return (
      <div className="flex flex-col gap-1.5" data-field={name} data-testid={`${id}-find`}>
        {labelEl}
        {listed.length ? (
          <fieldset className="flex flex-col gap-1 rounded-md border p-2" aria-label={m.people_picker_choose({ label: label.toLowerCase() })}>
            {listed.map((r, i) => (
              <label key={r.id} className="flex items-center gap-2 text-sm">
                <input type="radio" name={name} value={r.id} defaultChecked={value ? r.id === value.id : i === 0} />
                <span>
                  {r.fullname}
                  {r.description ? <span className="text-muted-foreground"> · {r.description}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
        ) : value ? (
          <p className="text-sm">
            <input type="hidden" name={name} value={value.id} />
            {m.people_picker_chosen()} <strong>{value.fullname}</strong>
          </p>
        ) : null}
        {matches && matches.query && choices.length === 0 ? (
          <p className="text-sm text-muted-foreground">{m.people_picker_none_for({ query: matches.query })}</p>
        ) : null}
        <div className="flex gap-2">
          <Input
            id={id}
            name={findTextName(name)}
            defaultValue={matches?.query ?? ""}
            placeholder={m.people_picker_find_placeholder()}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
          />
          <Button type="submit" variant="outline" name={FIND_FIELD} value={name} formNoValidate>
            {m.people_picker_find()}
          </Button>
        </div>
        {errorEl}
      </div>
    );
  }

  const pick = (r: PickedResident) => {
    onChange(r);
    setText("");
    setOpen(false);
  };

  return (
    <div className="flex flex-col gap-1.5" data-field={name}>
      {labelEl}
      <input type="hidden" name={name} value={value?.id ?? ""} />
      {value ? (
        <div className="flex items-center gap-2 rounded-md border bg-muted/40 px-2 py-1.5" data-testid={`${id}-picked`}>
          <PersonAvatar person={value} className="size-8" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-medium">{value.fullname}</span>
            {value.description ? <span className="truncate text-xs text-muted-foreground">{value.description}</span> : null}
          </span>
          <button
            type="button"
            onClick={() => {
              onChange(null);
              requestAnimationFrame(() => document.getElementById(id)?.focus());
            }}
            className="flex size-8 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={m.people_picker_remove({ name: value.fullname })}
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      ) : (
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={id}
            role="combobox"
            aria-expanded={open && results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && results[active] ? `${listId}-${results[active].id}` : undefined}
            aria-invalid={errors?.length ? true : undefined}
            aria-describedby={errors?.length ? errorId : undefined}
            autoComplete="off"
            className="pl-9"
            placeholder={m.people_picker_placeholder()}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(() => setOpen(false), 150)}
            onKeyDown={(e) => {
              if (e.key === "ArrowDown") {
                e.preventDefault();
                setActive((a) => Math.min(a + 1, results.length - 1));
              } else if (e.key === "ArrowUp") {
                e.preventDefault();
                setActive((a) => Math.max(a - 1, 0));
              } else if (e.key === "Enter") {
                if (results[active]) {
                  e.preventDefault();
                  pick(results[active]);
                }
              } else if (e.key === "Escape") setOpen(false);
            }}
          />
          {open && text.trim() ? (
            <ul
              id={listId}
              role="listbox"
              aria-label={m.people_picker_matching({ text: text.trim() })}
              className="absolute top-full left-0 z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-lg"
            >
              {results.length === 0 ? (
                <li className="px-2 py-2 text-sm text-muted-foreground">{loading ? m.people_picker_searching() : m.people_picker_none()}</li>
              ) : (
                results.map((r, i) => (
                  // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keys are on the combobox input (aria-activedescendant)
                  <li
                    key={r.id}
                    id={`${listId}-${r.id}`}
                    role="option"
                    aria-selected={i === active}
                    className={cn(
                      "flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm",
                      i === active && "bg-accent text-accent-foreground",
                    )}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseEnter={() => setActive(i)}
                    onClick={() => pick(r)}
                  >
                    <PersonAvatar person={r} className="size-7" />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate">{r.fullname}</span>
                      {r.description ? <span className="truncate text-xs text-muted-foreground">{r.description}</span> : null}
                    </span>
                  </li>
                ))
              )}
            </ul>
          ) : null}
        </div>
      )}
      {errorEl}
    </div>
  );
}
