import { ArrowRight, Ellipsis, Eye, History, Pencil, Printer, RotateCcw, Trash2, Zap, type LucideIcon } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { lazyComponent, useOnDemand } from "~/lib/lazy-component";
import { rowLinkHref, listCommands, type ListQuery, type ListDef, type RowLink } from "@domain/registry/types";
import { m } from "@domain/i18n";
import { cn } from "~/lib/utils";
import { listHref } from "./urls";
import { useHydrated } from "./use-hydrated";

const RowActionsDropdown = lazyComponent(() => import("./row-actions-dropdown").then((m) => m.RowActionsDropdown));

export interface Gates {
  create: boolean;
  update: boolean;
  delete: boolean;
  restore: boolean;
  /** The entry's commands the user may run, by name (DESIGN §10). */
  commands?: Record<string, boolean>;
  /** The entry's row links the user may follow (their `permission`), by key. */
  links?: Record<string, boolean>;
  /** The record's History (view-audit). */
  history?: boolean;
}

export interface RowAction {
  key: string;
  label: string;
  href: string;
  Icon: LucideIcon;
  destructive?: boolean;
  /** Opens in a new tab (print views). */
  newTab?: boolean;
}

export function isTrashed(row: Record<string, unknown>): boolean {
  return row.deleted_at != null || (row.status != null && row.status !== "Active");
}

/** The entry's row links (View, Print, View households…) this row shows to this user. */
export function rowLinksFor(def: ListDef, row: Record<string, unknown>, gates: Gates): RowLink[] {
  const trashed = isTrashed(row);
  return (def.rowLinks ?? []).filter((l) => (gates.links?.[l.key] ?? !l.permission) && (l.onTrashed || !trashed));
}

/** Where the row's main column leads: the record's own page (a row link marked `main`), if shown. */
export function mainLinkOf(def: ListDef, row: Record<string, unknown>, gates: Gates): RowLink | null {
  return rowLinksFor(def, row, gates).find((l) => l.main) ?? null;
}

function linkIcon(link: RowLink): LucideIcon {
  if (/print/.test(link.key)) return Printer;
  if (link.key === "view" || link.key === "open" || link.main) return Eye;
  return ArrowRight;
}

/**
 * The words of delete and restore (domain/registry/messages.ts's deleteVerb) in the current
 * language: a cancel's own label (`cancelLabel`, the entry's, already in the reader's language),
 * else Void and Unvoid for the void-worded entries, else Delete and Restore.
 */
export function deleteVerbs(
  def: Pick<ListDef, "voidWording" | "cancel">,
  cancelLabel = def.cancel?.label,
): { verb: string; undoVerb: string } {
  if (def.cancel) return { verb: cancelLabel ?? def.cancel.label, undoVerb: m.resource_action_restore() };
  return def.voidWording
    ? { verb: m.resource_action_void(), undoVerb: m.resource_action_unvoid() }
    : { verb: m.resource_action_delete(), undoVerb: m.resource_action_restore() };
}

/**
 * The row actions of spec §6: first the entry's row links (gated by their permission, on trashed
 * rows only with `onTrashed`), then update, delete (or void) and restore follow the update-, delete- and
 * restore- permissions; Delete only on active rows and Restore only on trashed ones.
 */
export function rowActions(def: ListDef, row: Record<string, unknown>, gates: Gates, query: ListQuery): RowAction[] {
  const { verb, undoVerb } = deleteVerbs(def);
  const trashed = isTrashed(row);
  const id = row.id as number;
  const actions: RowAction[] = rowLinksFor(def, row, gates).map((l) => ({
    key: `link-${l.key}`,
    label: l.label,
    href: rowLinkHref(l, row),
    Icon: linkIcon(l),
    newTab: l.newTab,
  }));
  if (def.modals.includes("update") && gates.update && !trashed)
    actions.push({ key: "update", label: m.resource_action_edit(), href: listHref(query, {}, { modal: "update", id }), Icon: Pencil });
  if (def.modals.includes("delete") && gates.delete && !trashed)
    actions.push({ key: "delete", label: verb, href: listHref(query, {}, { modal: "delete", id }), Icon: Trash2, destructive: true });
  if (def.modals.includes("restore") && gates.restore && trashed)
    actions.push({ key: "restore", label: undoVerb, href: listHref(query, {}, { modal: "restore", id }), Icon: RotateCcw });
  // Commands whose starting states include the row's (void, unvoid, cancel…), each a confirm modal.
  const state = def.stateColumn ? String(row[def.stateColumn] ?? "") : null;
  for (const command of listCommands(def)) {
    if (!gates.commands?.[command.name]) continue;
    if (state != null && !command.from.includes(state)) continue;
    actions.push({
      key: `command-${command.name}`,
      label: command.label,
      href: listHref(query, {}, { modal: command.name, id }),
      Icon: command.destructive ? Trash2 : Zap,
      destructive: command.destructive,
    });
  }
  // Every record's history, one page for every entry (/history/{entry}/{id}).
  if (gates.history && !def.readOnly)
    actions.push({ key: "history", label: m.resource_action_history(), href: `/history/${def.name}/${id}`, Icon: History });
  return actions;
}

const MENU_BUTTON_CLASSES =
  "flex size-8 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden";

/** The list's address with one row's menu open (`menu=<id>`): how a page without JavaScript opens it. */
export function rowMenuHref(query: ListQuery, rowId: number): string {
  const href = listHref(query);
  return `${href}${href === "?" ? "" : "&"}menu=${rowId}`;
}

/**
 * The menu of a row. With JavaScript it is a Radix dropdown (keyboard, focus return), loaded on the
 * first click. The server renders no row's links but those of the row named by `menu=<id>` in the
 * address (the fifteen menus were 46 % of the residents page's elements and its
 * rendering): without JavaScript the row's button is a link to the list with its menu open, a
 * <details> disclosure holding the same links, so every action stays reachable.
 */
export function RowActionsMenu({
  actions,
  name,
  menuHref,
  open = false,
}: {
  actions: RowAction[];
  name: string;
  menuHref: string;
  open?: boolean;
}) {
  const hydrated = useHydrated();
  if (actions.length === 0) return null;
  const label = m.resource_actions_for({ name });

  if (!hydrated && !open) {
    return (
      <a href={menuHref} aria-label={label} className={cn("inline-flex", MENU_BUTTON_CLASSES)} data-testid="row-actions">
        <Ellipsis className="size-4" aria-hidden="true" />
      </a>
    );
  }
  if (!hydrated) {
    return (
      <details open className="group relative inline-block text-left" data-testid="row-actions">
        <summary aria-label={label} className={MENU_BUTTON_CLASSES}>
          <Ellipsis className="size-4" aria-hidden="true" />
        </summary>
        {/* Opens sideways, inside the row, so the scrolling table never clips it. */}
        <ul className="absolute top-1/2 right-full z-20 mr-1 flex -translate-y-1/2 gap-1 rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          {actions.map((a) => (
            <li key={a.key}>
              <Link
                to={a.href}
                preventScrollReset
                target={a.newTab ? "_blank" : undefined}
                rel={a.newTab ? "noreferrer" : undefined}
                className={cn(
                  "flex items-center gap-1.5 rounded-sm px-2 py-1 text-sm whitespace-nowrap hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                  a.destructive && "text-destructive",
                )}
              >
                <a.Icon className="size-4" aria-hidden="true" />
                {a.label}
              </Link>
            </li>
          ))}
        </ul>
      </details>
    );
  }
  return <RowActionsButton actions={actions} label={label} open={open} />;
}

/** After hydration: a plain button until the first click mounts the Radix menu, open (decision 177). */
function RowActionsButton({ actions, label, open }: { actions: RowAction[]; label: string; open: boolean }) {
  // A menu opened by its address (clicked before the page hydrated) stays open once it has.
  const { requested, request, intent } = useOnDemand(RowActionsDropdown, open);
  const button = (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      data-testid="row-actions"
      onClick={request}
      {...intent}
    >
      <Ellipsis aria-hidden="true" />
    </Button>
  );
  if (!requested) return button;
  return (
    <React.Suspense fallback={button}>
      <RowActionsDropdown actions={actions} label={label} defaultOpen />
    </React.Suspense>
  );
}
