import * as React from "react";
import { Checkbox } from "~/components/ui/checkbox";
import { useHydrated } from "~/components/resource/use-hydrated";
import { actionLabel, columnIds, rowIds, toggleAll, type PermissionMatrix } from "@domain/permission-matrix";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The role form's permission matrix: entities down, actions across; a row's or a
// column's header ticks or clears the whole row or column. Native checkboxes named `permissions`
// post with the form, so the matrix works without JavaScript (the headers then do nothing).

export function PermissionMatrixField({
  matrix,
  initial,
  readOnly,
  name = "permissions",
}: {
  matrix: PermissionMatrix;
  initial: readonly number[];
  readOnly?: boolean;
  name?: string;
}) {
  const hydrated = useHydrated();
  const [selected, setSelected] = React.useState<Set<number>>(() => new Set(initial));
  const [filter, setFilter] = React.useState("");
  const total = matrix.permissions.length;
  const rows = filter
    ? matrix.rows.filter((r) => r.label.toLowerCase().includes(filter.toLowerCase()) || r.entity.includes(filter.toLowerCase()))
    : matrix.rows;
  const toggle = (ids: number[]) => setSelected((s) => toggleAll(s, ids));
  const state = (ids: number[]) => {
    const n = ids.filter((id) => selected.has(id)).length;
    return { all: n > 0 && n === ids.length, some: n > 0 && n < ids.length };
  };
  const headerButton =
    "rounded px-1 py-0.5 text-left font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none";

  return (
    <fieldset className="flex min-w-0 flex-col gap-2" data-field={name} data-testid="permission-matrix">
      <legend className="mb-1 flex w-full flex-wrap items-baseline justify-between gap-2 text-sm font-medium">
        <span>{m.admin_matrix_permissions()}</span>
        <span className="text-xs font-normal text-muted-foreground" aria-live="polite" data-testid="matrix-count">
          {m.admin_matrix_count({ selected: selected.size, total })}
        </span>
      </legend>
      {readOnly ? (
        <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm text-muted-foreground">
          {m.admin_matrix_administrator()}
        </p>
      ) : (
        <input type="hidden" name={name} value="none" />
      )}
      {hydrated ? (
        <div className="flex flex-wrap items-center gap-2">
          <label className="sr-only" htmlFor="matrix-filter">
            {m.admin_matrix_filter()}
          </label>
          <input
            id="matrix-filter"
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={m.admin_matrix_filter_placeholder()}
            className="h-8 w-full max-w-56 rounded-md border border-input bg-background px-2 text-sm"
          />
          {!readOnly ? (
            <>
              <button
                type="button"
                className="text-xs underline-offset-2 hover:underline"
                onClick={() => setSelected(new Set(matrix.permissions.map((p) => p.id)))}
              >
                {m.admin_select_all_short()}
              </button>
              <button type="button" className="text-xs underline-offset-2 hover:underline" onClick={() => setSelected(new Set())}>
                {m.admin_clear()}
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="max-h-[55svh] overflow-auto rounded-md border">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">{m.admin_matrix_caption()}</caption>
          <thead className="sticky top-0 z-10 bg-muted">
            <tr>
              <th scope="col" className="sticky left-0 z-20 border-b bg-muted px-2 py-2 text-left text-xs font-semibold">
                {m.admin_matrix_entity()}
              </th>
              {matrix.actions.map((action) => {
                const ids = columnIds(matrix, action);
                const s = state(ids);
                return (
                  <th key={action} scope="col" className="border-b px-1 py-2 text-center text-xs font-semibold">
                    {hydrated && !readOnly ? (
                      <button
                        type="button"
                        className={cn(headerButton, "text-center")}
                        onClick={() => toggle(ids)}
                        aria-label={s.all ? m.admin_matrix_clear_column({ action }) : m.admin_matrix_select_column({ action })}
                        title={s.all ? m.admin_matrix_clear_column_title() : m.admin_matrix_select_column_title()}
                      >
                        {actionLabel(action)}
                      </button>
                    ) : (
                      actionLabel(action)
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const ids = rowIds(matrix, row.entity);
              const s = state(ids);
              return (
                <tr key={row.entity} className="odd:bg-background even:bg-muted/30">
                  <th scope="row" className="sticky left-0 z-10 border-b bg-inherit px-2 py-1.5 text-left font-normal whitespace-nowrap">
                    {hydrated && !readOnly ? (
                      <button
                        type="button"
                        className={cn(headerButton, s.all && "text-primary-ink")}
                        onClick={() => toggle(ids)}
                        aria-label={s.all ? m.admin_matrix_clear_row({ entity: row.label }) : m.admin_matrix_select_row({ entity: row.label })}
                        title={s.all ? m.admin_matrix_clear_row_title() : m.admin_matrix_select_row_title()}
                      >
                        {row.label}
                      </button>
                    ) : (
                      row.label
                    )}
                  </th>
                  {matrix.actions.map((action) => {
                    const p = row.cells[action];
                    return (
                      <td key={action} className="border-b px-1 py-1.5 text-center">
                        {p ? (
                          <Checkbox
                            name={readOnly ? undefined : name}
                            value={String(p.id)}
                            checked={readOnly ? true : selected.has(p.id)}
                            disabled={readOnly}
                            onChange={() => toggle([p.id])}
                            aria-label={p.name}
                            title={p.description ?? p.name}
                            className="mx-auto"
                          />
                        ) : (
                          <span aria-hidden="true" className="text-muted-foreground/50">
                            ·
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {/* Rows hidden by the filter still post their ticked boxes. */}
      {filter && !readOnly
        ? matrix.permissions
            .filter((p) => selected.has(p.id) && !rows.some((r) => Object.values(r.cells).some((c) => c.id === p.id)))
            .map((p) => <input key={p.id} type="hidden" name={name} value={String(p.id)} />)
        : null}
    </fieldset>
  );
}
