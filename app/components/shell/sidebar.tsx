import { X } from "lucide-react";
import * as React from "react";
import { Link, useLocation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { lazyComponent } from "~/lib/lazy-component";
import type { HasPermissions } from "@domain/permissions";
import { usePrefetchMode } from "~/lib/prefetch";
import { cn } from "~/lib/utils";
import { isActivePath, menuFor, type MenuEntry } from "./menu";
import { SIDEBAR_ID, SIDEBAR_TOGGLE_ID, useSidebar } from "./sidebar-context";
import { m } from "@domain/i18n";

/** The staff sidebar (spec §2.3): entries gated by permission, grouped, active entry highlighted. */
export function Sidebar({ user, brand }: { user: HasPermissions | null | undefined; brand: string }) {
  const { open, minimized, setOpen } = useSidebar();
  const groups = menuFor(user);
  const { pathname } = useLocation();
  const closeRef = React.useRef<HTMLAnchorElement>(null);
  const asideRef = React.useRef<HTMLElement>(null);

  // Overlay focus: into the sidebar when it opens, back to the toggle when it closes.
  const wasOpen = React.useRef(open);
  React.useEffect(() => {
    if (open && !wasOpen.current) closeRef.current?.focus();
    if (!open && wasOpen.current && asideRef.current?.contains(document.activeElement)) {
      document.getElementById(SIDEBAR_TOGGLE_ID)?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <aside
        id={SIDEBAR_ID}
        ref={asideRef}
        aria-label={m.shell_sidebar_label()}
        data-state={open ? "open" : "closed"}
        data-minimized={minimized ? "true" : "false"}
        className={cn(
          "app-sidebar no-print fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-sidebar-border bg-sidebar text-sidebar-foreground shadow-xl duration-200 ease-out motion-reduce:transition-none",
          "lg:sticky lg:top-0 lg:z-30 lg:h-svh lg:max-w-none lg:translate-x-0 lg:shadow-none lg:visible",
          // Opening shows at once (so focus can move in); closing stays visible while it slides out.
          open
            ? "visible translate-x-0 transition-[translate,width]"
            : "invisible -translate-x-full transition-[translate,width,visibility]",
          minimized ? "lg:w-16" : "lg:w-64",
        )}
      >
        <div
          className={cn(
            "flex h-14 shrink-0 items-center gap-2 border-b border-sidebar-border px-4",
            minimized && "lg:justify-center lg:px-2",
          )}
        >
          <Link
            to="/dashboard"
            className="flex min-w-0 items-center gap-2 rounded-md font-semibold focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <img src="/favicon.svg" alt="" className="size-8 shrink-0" width={32} height={32} />
            <span className={cn("flex min-w-0 flex-col leading-tight", minimized && "lg:sr-only")}>
              {/* eslint-disable-next-line i18next/no-literal-string -- the portal's name, a proper noun */}
              <span className="truncate text-sm">Barangay Portal</span>
              <span className="truncate text-xs font-normal text-muted-foreground">{brand}</span>
            </span>
          </Link>
          <a
            ref={closeRef}
            href="#main-content"
            role="button"
            aria-label={m.shell_sidebar_close()}
            className="ml-auto inline-flex size-9 shrink-0 items-center justify-center rounded-md hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none lg:hidden"
            onClick={(event) => {
              event.preventDefault();
              setOpen(false);
            }}
          >
            <X className="size-5" aria-hidden="true" />
          </a>
        </div>
        <nav aria-label={m.shell_sidebar_main_menu()} className="flex-1 overflow-y-auto overscroll-contain px-3 py-2">
          {groups.map((group, index) => (
            <section key={group.title} aria-labelledby={`menu-group-${index}`} className={cn(index > 0 && "mt-3")}>
              <h2
                id={`menu-group-${index}`}
                className={cn("px-3 pb-1 text-xs font-semibold tracking-wider text-muted-foreground uppercase", minimized && "lg:sr-only")}
              >
                {group.title}
              </h2>
              {minimized && index > 0 ? <div aria-hidden="true" className="mx-2 mb-2 hidden h-px bg-sidebar-border lg:block" /> : null}
              <ul className="flex flex-col gap-0.5">
                {group.entries.map((entry) => (
                  <li key={entry.path}>
                    <SidebarEntry entry={entry} minimized={minimized} active={isActivePath(entry.path, pathname)} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </aside>
      {/* Narrow screens: the dimmed page behind the overlay closes it. */}
      <div
        aria-hidden="true"
        className={cn(
          "sidebar-backdrop no-print fixed inset-0 z-40 bg-black/40 transition-opacity duration-200 lg:hidden",
          open ? "opacity-100" : "pointer-events-none opacity-0",
        )}
        onClick={() => setOpen(false)}
      />
    </>
  );
}

// At least a row high, not exactly one: a longer title (Filipino's "Mga Sambahayan", "Bulnerable sa
// Sakuna" beside their badge) wraps to a second line instead of losing its end to an ellipsis.
const entryClass =
  "group/entry relative flex min-h-9 items-center py-1 lg:min-h-8 gap-3 rounded-md px-3 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring";

function SidebarEntry({ entry, minimized, active }: { entry: MenuEntry; minimized: boolean; active: boolean }) {
  const prefetch = usePrefetchMode();
  const Icon = entry.icon;
  const label = (
    <>
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span data-entry-title className={cn("min-w-0 flex-1 leading-tight break-words", minimized && "lg:sr-only")}>
        {entry.title}
      </span>
      {entry.isNew ? (
        <>
          <Badge className={cn("px-1.5 text-[0.65rem] uppercase", minimized && "lg:hidden")}>{m.shell_sidebar_new()}</Badge>
          {minimized ? <span aria-hidden="true" className="absolute top-1 right-2 hidden size-2 rounded-full bg-primary lg:block" /> : null}
        </>
      ) : null}
      {entry.disabled ? (
        <Badge variant="outline" className={cn("px-1.5 text-[0.65rem] text-muted-foreground", minimized && "lg:hidden")}>
          {m.shell_sidebar_soon()}
        </Badge>
      ) : null}
    </>
  );

  const item = entry.disabled ? (
    <span
      role="link"
      aria-disabled="true"
      data-menu-entry={entry.path}
      title={m.shell_sidebar_not_available({ title: entry.title })}
      className={cn(entryClass, "cursor-not-allowed text-muted-foreground", minimized && "lg:justify-center lg:px-0")}
    >
      {label}
    </span>
  ) : (
    // A plain Link with aria-current (not NavLink): the tooltip trigger merges class names as strings.
    <Link
      to={entry.path}
      prefetch={prefetch}
      aria-current={active ? "page" : undefined}
      data-menu-entry={entry.path}
      className={cn(
        entryClass,
        minimized && "lg:justify-center lg:px-0",
        active
          ? "bg-sidebar-accent text-sidebar-accent-foreground before:absolute before:inset-y-1 before:left-0 before:w-1 before:rounded-r before:bg-primary"
          : "text-sidebar-foreground hover:bg-sidebar-accent/70 hover:text-sidebar-accent-foreground",
      )}
    >
      {label}
    </Link>
  );

  if (!minimized) return item;
  return <EntryTooltip text={tooltipOf(entry)}>{item}</EntryTooltip>;
}

/** A minimised entry's tooltip: its title, "(new)", "(not available yet)". */
function tooltipOf(entry: MenuEntry): string {
  const title = entry.isNew ? m.shell_sidebar_tooltip_new({ title: entry.title }) : entry.title;
  return entry.disabled ? m.shell_sidebar_tooltip_not_available({ title }) : title;
}

// A minimised entry's tooltip loads when the pointer or the focus first reaches it (decision 177).
const SidebarTooltip = lazyComponent(() => import("./sidebar-tooltip").then((m) => m.SidebarTooltip));

function EntryTooltip({ text, children }: { text: string; children: React.ReactElement<React.HTMLAttributes<HTMLElement>> }) {
  const [wanted, setWanted] = React.useState<null | { focus: boolean }>(null);
  if (!wanted) {
    return React.cloneElement(children, {
      onPointerEnter: () => setWanted({ focus: false }),
      onFocus: () => setWanted({ focus: true }),
    });
  }
  return (
    <React.Suspense fallback={children}>
      <SidebarTooltip text={text} focus={wanted.focus}>
        {children}
      </SidebarTooltip>
    </React.Suspense>
  );
}
