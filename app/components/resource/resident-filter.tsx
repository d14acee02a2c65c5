import { m } from "@domain/i18n";
import * as React from "react";
import type { PickedResident } from "~/features/people/resident-picker";
import { Input } from "~/components/ui/input";
import { lazyComponent } from "~/lib/lazy-component";
import { filterFindName, type FilterSearchStep } from "@domain/registry/list-query";
import type { FilterDef } from "@domain/registry/types";
import { useHydrated } from "./use-hydrated";
import type { Option } from "./select-options";

// A reference filter chosen by name (FilterDef `search: "resident"`): the list never loads every
// resident. With JavaScript, the resident picker's typeahead; picking or removing a resident
// applies the filter. Without, a search-then-choose step in the filter form (a GET form, so the
// name typed goes in the address): a text box, and Apply lists the residents found as choices
// beside "All" and the one chosen. The picker's code (and the form library it shares with the
// forms) loads only once the page runs, so a list's first load leaves it out (decision 177).

const ResidentPicker = lazyComponent(() => import("~/features/people/resident-picker").then((m) => m.ResidentPicker));

export function ResidentFilter({
  id,
  filter,
  value,
  choices,
  find,
}: {
  id: string;
  filter: Extract<FilterDef, { kind: "reference" }>;
  /** The chosen resident's id, from the address. */
  value: string | undefined;
  /** The chosen one (named by the loader) first, then the residents the find step found. */
  choices: readonly Option[];
  find?: FilterSearchStep;
}) {
  const hydrated = useHydrated();
  const name = `filter[${filter.key}]`;
  const chosen = value ? (choices.find((c) => c.value === value) ?? { value, label: m.resource_filter_chosen_resident() }) : null;
  const [picked, setPicked] = React.useState<PickedResident | null>(chosen ? { id: Number(chosen.value), fullname: chosen.label } : null);
  const wrapper = React.useRef<HTMLDivElement>(null);
  const applyNext = React.useRef(false);

  // The address changed (back, forward, "Clear filters"): show its choice, set while rendering.
  const shown = chosen ? `${chosen.value}:${chosen.label}` : "";
  const [seen, setSeen] = React.useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setPicked(chosen ? { id: Number(chosen.value), fullname: chosen.label } : null);
  }

  // A resident picked or removed applies the filter once the hidden field holds it.
  React.useEffect(() => {
    if (!applyNext.current) return;
    applyNext.current = false;
    wrapper.current?.closest("form")?.requestSubmit();
  }, [picked]);

  if (!hydrated) {
    const findId = `${id}-find`;
    return (
      <fieldset className="col-span-2 flex min-w-0 flex-col gap-1.5 sm:w-72" data-testid={`filter-${filter.key}`}>
        <legend className="mb-1.5 text-xs text-muted-foreground">{filter.label}</legend>
        {choices.length ? (
          <div className="flex flex-col gap-1 rounded-md border p-2 text-sm" data-testid={`filter-${filter.key}-choices`}>
            <label className="flex items-center gap-2">
              <input type="radio" name={name} value="" defaultChecked={!value} />
              {m.resource_filter_all()}
            </label>
            {choices.map((c) => (
              <label key={c.value} className="flex items-center gap-2">
                <input type="radio" name={name} value={c.value} defaultChecked={c.value === value} />
                <span className="min-w-0">{c.label}</span>
              </label>
            ))}
          </div>
        ) : null}
        {find && find.found === 0 ? (
          <p className="text-sm text-muted-foreground">{m.resource_filter_none_found({ query: find.query })}</p>
        ) : null}
        <label htmlFor={findId} className="sr-only">
          {m.resource_filter_find_label({ label: filter.label.toLowerCase() })}
        </label>
        <Input
          id={findId}
          name={filterFindName(filter.key)}
          defaultValue={find?.query ?? ""}
          placeholder={m.resource_filter_find_placeholder()}
        />
      </fieldset>
    );
  }

  return (
    <div ref={wrapper} className="col-span-2 min-w-0 sm:w-72" data-testid={`filter-${filter.key}`}>
      <React.Suspense
        fallback={
          <div className="flex flex-col gap-1.5">
            <span className="text-xs text-muted-foreground">{filter.label}</span>
            <Input disabled value={picked?.fullname ?? ""} placeholder={m.resource_filter_search_residents()} aria-label={filter.label} />
          </div>
        }
      >
        <ResidentPicker
          id={id}
          name={name}
          label={filter.label}
          labelClassName="text-xs leading-normal font-normal text-muted-foreground"
          value={picked}
          onChange={(next) => {
            applyNext.current = true;
            setPicked(next);
          }}
        />
      </React.Suspense>
    </div>
  );
}
