import { ChevronLeft, ChevronRight } from "lucide-react";
import { Form, Link, useSubmit } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { cn } from "~/lib/utils";
import { listQueryToSearchParams, PER_PAGE_OPTIONS } from "@domain/registry/list-query";
import type { ListQuery, Paginated, ListDef } from "@domain/registry/types";
import { cleanParams } from "./list-toolbar";
import { listHref } from "./urls";
import { m } from "@domain/i18n";

// Pagination of a list (DESIGN §7): page links built from the list query, a page size select
// (15/25/50/100) and "Showing X to Y of Z".

export function ListPagination({ def, query, meta }: { def: ListDef; query: ListQuery; meta: Paginated<unknown>["meta"] }) {
  const submit = useSubmit();
  const current = meta.current_page;
  const last = meta.last_page;
  const pages = meta.links.slice(1, -1);
  const hidden = listQueryToSearchParams({ ...query, page: 1, per_page: undefined });
  const id = `${def.name}-per-page`;
  const linkClass = (active = false) =>
    cn(buttonVariants({ variant: active ? "default" : "ghost", size: "sm" }), "min-w-8 px-2 tabular-nums", active && "pointer-events-none");
  return (
    <div className="flex flex-col gap-3 border-t px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <p className="text-muted-foreground" aria-live="polite" data-testid="list-summary">
        {meta.total === 0
          ? m.resource_list_none({ plural: def.labels.plural })
          : m.resource_list_showing({ from: meta.from ?? 0, to: meta.to ?? 0, total: meta.total })}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Form
          method="get"
          preventScrollReset
          className="flex items-center gap-2"
          onChange={(e) => submit(cleanParams(e.currentTarget), { method: "get", preventScrollReset: true })}
        >
          {[...hidden].map(([key, value]) => (
            <input key={key} type="hidden" name={key} value={value} />
          ))}
          <Label htmlFor={id} className="font-normal whitespace-nowrap text-muted-foreground">
            {m.resource_list_rows_per_page()}
          </Label>
          <NativeSelect id={id} name="per_page" defaultValue={String(query.per_page)} key={query.per_page} wrapperClassName="w-20">
            {PER_PAGE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
          <noscript>
            <Button type="submit" variant="secondary" size="sm">
              {m.resource_list_go()}
            </Button>
          </noscript>
        </Form>
        {last > 1 ? (
          <nav aria-label={m.resource_list_pages({ plural: def.labels.plural })} className="flex items-center gap-1">
            {current > 1 ? (
              <Link
                to={listHref(query, { page: current - 1 })}
                className={linkClass()}
                aria-label={m.resource_list_previous_page()}
                rel="prev"
              >
                <ChevronLeft aria-hidden="true" />
              </Link>
            ) : (
              <span className={cn(linkClass(), "opacity-40")} aria-hidden="true">
                <ChevronLeft />
              </span>
            )}
            <span className="px-2 text-muted-foreground sm:hidden">{m.resource_list_page_of({ current, last })}</span>
            <ul className="hidden items-center gap-1 sm:flex">
              {pages.map((link, i) =>
                link.label === "..." ? (
                  <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
                    …
                  </li>
                ) : (
                  <li key={link.label}>
                    <Link
                      to={listHref(query, { page: Number(link.label) })}
                      className={linkClass(link.active)}
                      aria-label={m.resource_list_page({ page: link.label })}
                      aria-current={link.active ? "page" : undefined}
                    >
                      {link.label}
                    </Link>
                  </li>
                ),
              )}
            </ul>
            {current < last ? (
              <Link to={listHref(query, { page: current + 1 })} className={linkClass()} aria-label={m.resource_list_next_page()} rel="next">
                <ChevronRight aria-hidden="true" />
              </Link>
            ) : (
              <span className={cn(linkClass(), "opacity-40")} aria-hidden="true">
                <ChevronRight />
              </span>
            )}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
