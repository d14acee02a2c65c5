import { Search, SlidersHorizontal } from "lucide-react";
import * as React from "react";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { DEFAULT_PER_PAGE, type FilterSearchStep } from "@domain/registry/list-query";
import { filterKeys, type FilterDef, type ListQuery, type ListDef } from "@domain/registry/types";
import { ResidentFilter } from "./resident-filter";
import { m } from "@domain/i18n";
import { SelectOptions } from "./select-options";

// Search and filters of a list (spec §2.4): a GET form to the list's own address, so it works
// without JavaScript (Apply button); with JavaScript the search is debounced and a changed filter
// applies at once. Changing them goes back to page 1.

export const SEARCH_DEBOUNCE_MS = 300;

/** The two ends of a range filter, as its parameters name them (`filter[key_from]`, `filter[key_to]`). */
const RANGE_ENDS = ["from", "to"] as const;

/** The GET parameters of the form without empty values and defaults, so addresses stay short. */
export function cleanParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    const text = String(value).trim();
    if (!text) continue;
    if (key === "status" && text === "all") continue;
    if (key === "per_page" && text === String(DEFAULT_PER_PAGE)) continue;
    params.append(key, text);
  }
  return params;
}

export function ListToolbar({
  def,
  query,
  filterOptions,
  filterSearch,
}: {
  def: ListDef;
  query: ListQuery;
  /** The choices of reference filters, by filter key. */
  filterOptions?: Record<string, { value: string; label: string }[]>;
  /** What the find step of a searchable filter answered without JavaScript, by filter key. */
  filterSearch?: Record<string, FilterSearchStep>;
}) {
  const submit = useSubmit();
  const formRef = React.useRef<HTMLFormElement>(null);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = `${def.name}-list`;

  const apply = React.useCallback(() => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    submit(cleanParams(form), { method: "get", replace: true, preventScrollReset: true });
  }, [submit]);

  React.useEffect(() => () => clearTimeout(timer.current), []);

  // Back/forward or a link changed the query: show it in the controls, except the one in use.
  const filterKey = JSON.stringify(query.filter);
  React.useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const wanted: Record<string, string> = { search: query.search, status: query.status };
    for (const f of def.filters ?? []) for (const key of filterKeys(f)) wanted[`filter[${key}]`] = query.filter[key] ?? "";
    for (const [name, value] of Object.entries(wanted)) {
      const control = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      if (control && document.activeElement !== control && control.value !== value) control.value = value;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for query.filter
  }, [def, query.search, query.status, filterKey]);

  const trashedLabel = def.voidWording ? m.resource_list_status_void() : (def.trashedLabel ?? m.resource_list_status_trashed());

  return (
    <Form
      ref={formRef}
      method="get"
      role="search"
      aria-label={m.resource_list_search_region({ plural: def.labels.plural })}
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
      onChange={(event) => {
        const target = event.target as HTMLElement;
        if (target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === "date")) apply();
      }}
    >
      {/* The list state the form does not change: page size and sort. */}
      {query.per_page !== DEFAULT_PER_PAGE ? <input type="hidden" name="per_page" value={query.per_page} /> : null}
      {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
      {query.sort ? <input type="hidden" name="order" value={query.order} /> : null}
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:min-w-56">
        <Label htmlFor={`${id}-search`} className="sr-only">
          {m.resource_list_search_label({ plural: def.labels.plural })}
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={`${id}-search`}
            type="search"
            name="search"
            defaultValue={query.search}
            placeholder={m.resource_list_search_placeholder({ plural: def.labels.plural })}
            autoComplete="off"
            className="pl-9"
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(apply, SEARCH_DEBOUNCE_MS);
            }}
          />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 empty:hidden sm:flex sm:flex-wrap sm:items-end">
        {/* An entry deleted for good has no trashed rows: no status to filter by. */}
        {def.deletion === "hard" ? null : (
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-status`} className="text-xs text-muted-foreground">
              {m.resource_list_status()}
            </Label>
            <NativeSelect id={`${id}-status`} name="status" defaultValue={query.status} wrapperClassName="sm:w-36">
              <option value="all">{m.resource_list_status_all()}</option>
              <option value="active">{m.resource_list_status_active()}</option>
              <option value="trashed">{trashedLabel}</option>
            </NativeSelect>
          </div>
        )}
        {(def.filters ?? []).map((filter) => (
          <FilterControl
            key={filter.key}
            id={`${id}-filter-${filter.key}`}
            filter={filter}
            query={query}
            options={filterOptions?.[filter.key]}
            find={filterSearch?.[filter.key]}
          />
        ))}
      </div>
      <ApplyWithoutScript />
    </Form>
  );
}

/** The filters' Apply button, for a browser without JavaScript (with it, a changed filter applies itself). */
export function ApplyWithoutScript() {
  return (
    <noscript>
      <Button type="submit" variant="secondary">
        <SlidersHorizontal aria-hidden="true" />
        {m.resource_list_apply()}
      </Button>
    </noscript>
  );
}

/** One filter's control by kind (DESIGN §10): a select, a yes/no select, or a from–to pair (also the reports' filters). */
export function FilterControl({
  id,
  filter,
  query,
  options,
  find,
}: {
  id: string;
  filter: FilterDef;
  query: Pick<ListQuery, "filter">;
  options?: { value: string; label: string }[];
  find?: FilterSearchStep;
}) {
  if (filter.kind === "reference" && filter.search) {
    return <ResidentFilter id={id} filter={filter} value={query.filter[filter.key]} choices={options ?? []} find={find} />;
  }
  if (filter.kind === "date-range" || filter.kind === "amount-range") {
    const type = filter.kind === "date-range" ? "date" : "text";
    return (
      // A from–to pair takes the whole row on a phone; beside the other filters from sm up.
      <fieldset className="col-span-2 flex min-w-0 flex-col gap-1.5" data-testid={`filter-${filter.key}`}>
        <legend className="mb-1.5 text-xs text-muted-foreground">{filter.label}</legend>
        <div className="flex items-center gap-1.5">
          {RANGE_ENDS.map((end) => (
            <React.Fragment key={end}>
              <Label htmlFor={`${id}-${end}`} className="sr-only">
                {end === "from" ? m.resource_list_range_from({ label: filter.label }) : m.resource_list_range_to({ label: filter.label })}
              </Label>
              <Input
                id={`${id}-${end}`}
                type={type}
                inputMode={filter.kind === "amount-range" ? "decimal" : undefined}
                placeholder={
                  filter.kind === "amount-range"
                    ? end === "from"
                      ? m.resource_list_amount_from()
                      : m.resource_list_amount_to()
                    : undefined
                }
                name={`filter[${filter.key}_${end}]`}
                defaultValue={query.filter[`${filter.key}_${end}`] ?? ""}
                className="min-w-0 flex-1 sm:w-36 sm:flex-none"
              />
            </React.Fragment>
          ))}
        </div>
      </fieldset>
    );
  }
  const choices =
    filter.kind === "boolean"
      ? [
          { value: "1", label: m.resource_list_yes() },
          { value: "0", label: m.resource_list_no() },
        ]
      : filter.kind === "reference"
        ? (options ?? [])
        : filter.options;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {filter.label}
      </Label>
      <NativeSelect id={id} name={`filter[${filter.key}]`} defaultValue={query.filter[filter.key] ?? ""} wrapperClassName="sm:w-44">
        <SelectOptions placeholder={m.resource_list_filter_all()} options={choices} />
      </NativeSelect>
    </div>
  );
}
