import type { RowSelectionState } from "@tanstack/react-table";
import { Download, Plus } from "lucide-react";
import * as React from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { BULK_DELETE_MODAL, listQueryToSearchParams, type FilterSearchStep } from "@domain/registry/list-query";
import { listCommands, type ListQuery, type Paginated, type ListDef } from "@domain/registry/types";
import { lazyComponent } from "~/lib/lazy-component";
import { BulkBar } from "./bulk-bar";
import { DataTable, type ResourceRow } from "./data-table";
import { FlashMessage, type FlashData } from "./flash-message";
import type { Option } from "./select-options";
import { ListPagination } from "./list-pagination";
import { ListToolbar } from "./list-toolbar";
import { isTrashed, type Gates } from "./row-actions";
import { closeModalHref, listHref, listPart } from "./urls";
import { m } from "@domain/i18n";

// The generic list screen of DESIGN §4 and §8: every registry entry renders through this one
// component — heading, search and filters, bulk bar, DataTable, pagination, modal and flash.

// The address-held modals load their code when one opens (decision 177): the list's first load
// carries no form library, no zod and no registry. The server renders them complete at once.
const ResourceModal = lazyComponent(() => import("./resource-modal").then((m) => m.RegistryResourceModal));
const BulkDeleteConfirm = lazyComponent(() => import("./bulk-delete-confirm").then((m) => m.BulkDeleteConfirm));

export interface ResourcePageData {
  /** The entry as the list shows it, in the reader's language (the loader translates it: server/http/pages/resource-page.server.ts). */
  def: ListDef;
  query: ListQuery;
  page: Paginated<ResourceRow>;
  modal: string | null;
  record: ResourceRow | null;
  options: Record<string, Option[]>;
  /** The no-script find steps of searchable filters (list-toolbar's ResidentFilter). */
  filterSearch?: Record<string, FilterSearchStep>;
  flash: FlashData | null;
}

/** Spec §9 "Minimum fetch delay": the loading overlay shows only when a list fetch lasts longer. */
export const PENDING_DELAY_MS = 200;

function usePendingList(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.location;
  // Opening or closing a modal reloads the same rows: no overlay for that.
  const listChanging =
    navigation.state !== "idle" &&
    !!target &&
    target.pathname === location.pathname &&
    listPart(target.search) !== listPart(location.search) &&
    navigation.state === "loading";
  const key = listChanging && target ? `${target.pathname}${target.search}` : null;
  const [slowFor, setSlowFor] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => setSlowFor(key), PENDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key]);
  return key != null && slowFor === key;
}

/**
 * Focus return for the address-held modal: the dialog unmounts on a navigation rather than on a
 * Radix state change, so the element that opened it (or, when a menu item opened it, the row's
 * actions button; or the create button) gets the focus back when `modal` leaves the address.
 */
function useModalFocusReturn(container: React.RefObject<HTMLElement | null>, modal: string | null, recordId: number | null) {
  const opener = React.useRef<HTMLElement | null>(null);
  const previous = React.useRef<{ modal: string | null; id: number | null }>({ modal, id: recordId });
  React.useEffect(() => {
    const root = container.current;
    if (!root) return;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as HTMLElement | null)?.closest?.("a[href*='modal=']");
      if (link instanceof HTMLElement) opener.current = link;
    };
    root.addEventListener("click", onClick, true);
    return () => root.removeEventListener("click", onClick, true);
  }, [container]);
  React.useEffect(() => {
    const before = previous.current;
    previous.current = { modal, id: recordId };
    if (!before.modal || modal) return;
    const root = container.current;
    const candidates = [
      opener.current,
      before.id != null ? root?.querySelector<HTMLElement>(`[data-row-id="${before.id}"] [data-testid=row-actions]`) : null,
      root?.querySelector<HTMLElement>("[data-testid=create-button]"),
    ];
    opener.current = null;
    const target = candidates.find((el) => el && el.isConnected && el.getClientRects().length > 0);
    target?.focus({ preventScroll: true });
  }, [container, modal, recordId]);
}

export function ResourcePage({ data }: { data: ResourcePageData }) {
  const def = data.def;
  const root = useRootData();
  const user = root?.user;
  const { pathname, search } = useLocation();
  const gates: Gates = React.useMemo(
    () => ({
      create: can(user, `create-${def.name}`),
      update: can(user, `update-${def.name}`),
      delete: can(user, `delete-${def.name}`),
      restore: can(user, `restore-${def.name}`),
      history: can(user, "view-audit"),
      commands: Object.fromEntries(listCommands({ commands: def.commands }).map((c) => [c.name, can(user, `${c.permission}-${def.name}`)])),
      links: Object.fromEntries((def.rowLinks ?? []).map((l) => [l.key, !l.permission || can(user, l.permission)])),
    }),
    [user, def.name, def.commands, def.rowLinks],
  );
  const { query, page } = data;
  const rows = page.data;
  const [rowSelection, setRowSelection] = React.useState<RowSelectionState>({});
  // Every new answer of the loader (another page, a filter, the redirect after a bulk action)
  // starts with nothing selected: the same rows can come back with new statuses.
  const [selectionFor, setSelectionFor] = React.useState(page);
  if (selectionFor !== page) {
    setSelectionFor(page);
    setRowSelection({});
  }
  const selected = Object.keys(rowSelection).length;
  const selectedTrashed = rows.filter((r) => rowSelection[String(r.id)] && isTrashed(r)).length;
  const pending = usePendingList();
  const bulkFormId = gates.delete || gates.restore ? `bulk-${def.name}` : undefined;
  const exportQuery = listQueryToSearchParams({ ...query, page: 1, per_page: undefined }).toString();
  const canCreate = gates.create && def.modals.includes("create");
  const createHref = listHref(query, {}, { modal: "create" });
  const containerRef = React.useRef<HTMLDivElement>(null);
  useModalFocusReturn(containerRef, data.modal, data.record?.id ?? null);
  const filtered = !!query.search || query.status !== "all" || Object.keys(query.filter).length > 0;

  return (
    <div ref={containerRef} className="flex flex-col gap-4" data-resource={def.name}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{def.labels.title}</h1>
          <p className="text-sm text-muted-foreground" data-testid="list-total">
            {listTotal(page.meta.total, def.labels, filtered)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={`/export/${def.name}${exportQuery ? `?${exportQuery}` : ""}`}
            className={buttonVariants({ variant: "outline" })}
            download
            data-testid="export-csv"
          >
            <Download aria-hidden="true" />
            {m.resource_list_export_csv()}
          </a>
          {canCreate ? <CreateLink href={createHref} singular={def.labels.singular} testId="create-button" /> : null}
        </div>
      </div>

      <FlashMessage flash={data.flash} />

      <section aria-label={def.labels.title} className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm">
        <div className="border-b px-4 py-3">
          <ListToolbar def={def} query={query} filterOptions={filterOptionsOf(data.options)} filterSearch={data.filterSearch} />
        </div>
        {bulkFormId ? (
          <BulkBar def={def} formId={bulkFormId} selected={selected} selectedTrashed={selectedTrashed} returnTo={search} gates={gates} />
        ) : null}
        <div className="relative">
          <DataTable
            def={def}
            rows={rows}
            query={query}
            gates={gates}
            bulkFormId={bulkFormId}
            rowSelection={rowSelection}
            onRowSelectionChange={setRowSelection}
            busy={pending}
            empty={
              <div className="flex flex-col items-center gap-3" data-testid="empty-state">
                <p className="text-muted-foreground">{m.resource_list_empty({ plural: def.labels.plural })}</p>
                <div className="flex flex-wrap justify-center gap-2">
                  {filtered ? (
                    <Link to={pathname} className={buttonVariants({ variant: "outline", size: "sm" })}>
                      {m.resource_list_clear_filters()}
                    </Link>
                  ) : null}
                  {canCreate ? <CreateLink href={createHref} singular={def.labels.singular} size="sm" /> : null}
                </div>
              </div>
            }
          />
          {pending ? (
            <div
              className="absolute inset-0 z-10 flex items-start justify-center bg-background/60 pt-16 backdrop-blur-[1px]"
              data-testid="list-pending"
            >
              <span className="flex items-center gap-2 rounded-md border bg-popover px-3 py-2 text-sm shadow-sm">
                <Spinner size="sm" label={m.resource_list_loading()} showLabel />
              </span>
            </div>
          ) : null}
        </div>
        <ListPagination def={def} query={query} meta={page.meta} />
      </section>

      {data.modal ? (
        <React.Suspense fallback={null}>
          <ResourceModal def={def} modal={data.modal} record={data.record} options={data.options} query={query} gates={gates} />
          {data.modal === BULK_DELETE_MODAL && gates.delete ? (
            <BulkDeleteConfirm def={def} closeHref={closeModalHref(pathname, query, search)} />
          ) : null}
        </React.Suspense>
      ) : null}
    </div>
  );
}

/** The loader's reference-filter choices (keyed "filter:{key}") by filter key. */
/** The link that opens the create form: in the page's header, and (smaller) in the empty list. */
function CreateLink({ href, singular, size, testId }: { href: string; singular: string; size?: "sm"; testId?: string }) {
  return (
    <Link to={href} preventScrollReset className={buttonVariants({ size })} data-testid={testId}>
      <Plus aria-hidden="true" />
      {m.resource_list_create({ singular })}
    </Link>
  );
}

/** "12 residents", "1 resident matches the filters". */
function listTotal(count: number, labels: ListDef["labels"], filtered: boolean): string {
  if (filtered)
    return count === 1
      ? m.resource_list_matches_one({ count, singular: labels.singular })
      : m.resource_list_matches_many({ count, plural: labels.plural });
  return count === 1
    ? m.resource_list_total_one({ count, singular: labels.singular })
    : m.resource_list_total_many({ count, plural: labels.plural });
}

function filterOptionsOf(options: Record<string, { value: string; label: string }[]> | undefined) {
  const out: Record<string, { value: string; label: string }[]> = {};
  for (const [key, value] of Object.entries(options ?? {})) if (key.startsWith("filter:")) out[key.slice("filter:".length)] = value;
  return out;
}
