import { LayoutGrid } from "lucide-react";
import * as React from "react";
import { NavLink, Outlet } from "react-router";
import type { Route } from "./+types/parameters";
import { allowedParameters, parameterInfo } from "~/components/resource/parameter-info";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { useRootData } from "~/lib/root-data";
import { usePrefetchMode } from "~/lib/prefetch";
import { cn } from "~/lib/utils";
import { PARAMETER_RESOURCES } from "@domain/registry/index";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { m } from "@domain/i18n";

// /system/parameters (spec §2.1): the layout of every system parameter list, with a
// sub-navigation to each child the user may manage. Gated by manage-parameter (spec §2.3).

// A child list needs its own manage-X, exactly as its REST list does: the Viewer
// reads non-residents and organizations here without holding manage-parameter. The overview needs
// manage-parameter.
const parametersGate: Route.MiddlewareFunction = (args) => {
  const path = new URL(args.request.url).pathname
    .replace(/\.data$/, "")
    .replace(/\/+$/, "")
    .toLowerCase();
  const def = PARAMETER_RESOURCES.find((d) => path === d.path.toLowerCase() || path.startsWith(`${d.path.toLowerCase()}/`));
  return requirePermission(def ? `manage-${def.name}` : "manage-parameter")(args, async () => new Response());
};

export const middleware: Route.MiddlewareFunction[] = [parametersGate];

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
    isActive ? "bg-accent font-medium text-accent-foreground" : "text-muted-foreground hover:bg-muted hover:text-foreground",
  );

export default function ParametersLayout() {
  const root = useRootData();
  const prefetch = usePrefetchMode();
  const entries = allowedParameters(root?.user);
  const navRef = React.useRef<HTMLUListElement>(null);

  // On a phone the sub-navigation scrolls sideways: bring the current entry into view.
  React.useEffect(() => {
    const list = navRef.current;
    const active = list?.querySelector<HTMLElement>("[aria-current=page]");
    if (list && active && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = active.offsetLeft - list.clientWidth / 2 + active.clientWidth / 2;
    }
  });

  return (
    <div className="flex flex-col gap-5 lg:flex-row lg:items-start lg:gap-6">
      <nav
        aria-label={m.admin_parameters_title()}
        className="-mx-4 border-b sm:-mx-6 lg:sticky lg:top-20 lg:mx-0 lg:w-56 lg:shrink-0 lg:border-b-0"
        data-testid="parameters-nav"
      >
        <p className="hidden px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase lg:block">{m.admin_parameters_title()}</p>
        <ul
          ref={navRef}
          className="flex gap-1 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] sm:px-6 lg:flex-col lg:overflow-visible lg:px-0 lg:pb-0"
        >
          <li>
            <NavLink to="/system/parameters" end prefetch={prefetch} className={linkClass}>
              <LayoutGrid className="size-4 shrink-0" aria-hidden="true" />
              {m.admin_parameters_overview()}
            </NavLink>
          </li>
          {entries.map((def) => {
            const Icon = parameterInfo(def).icon;
            return (
              <li key={def.name}>
                <NavLink to={def.path} prefetch={prefetch} className={linkClass}>
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {def.labels.title}
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}

export const ErrorBoundary = ShellErrorBoundary;
