import { isHubUser } from "@domain/permissions";
import * as React from "react";
import { TriangleAlert } from "lucide-react";
import { Link, useLocation, useMatches } from "react-router";
import { useClientState } from "~/lib/client-state";
import { can, SYSTEM_ADMIN_PERMISSION } from "@domain/permissions";
import type { PublicUser } from "@domain/session-user";
import { LoadingOverlay } from "./loading-overlay";
import { MaintenanceContent, useMaintenanceRecheck } from "./maintenance-screen";
import { OfflineBanner } from "./offline-banner";
import { RealtimeProvider } from "~/features/notifications/realtime";
import type { BellSummary } from "@domain/notifications/types";
import { Sidebar } from "./sidebar";
import { SidebarProvider, useSidebar } from "./sidebar-context";
import type { ResidentSearchProps } from "./resident-search";
import { TopBar } from "./top-bar";
import { lazyComponent } from "~/lib/lazy-component";
import { m } from "@domain/i18n";

const WelcomeDialog = lazyComponent(() => import("./welcome-dialog").then((m) => m.WelcomeDialog));

/**
 * The staff shell of the default layout (spec §2.2): sidebar, top bar, offline header, content
 * with a 0.3 s fade between pages, the maintenance screen in place of the content while the flag
 * is on, the "Loading..." spinner and the new-user modal.
 */
export function AppShell({
  user,
  brand,
  initialMinimized,
  search,
  bell,
  children,
}: {
  user: PublicUser;
  brand: string;
  initialMinimized: boolean;
  /** The bell's unread count and newest notifications, from the layout's loader. */
  bell?: BellSummary;
  /** The resident search's results and callbacks. */
  search?: ResidentSearchProps;
  children: React.ReactNode;
}) {
  return (
    <SidebarProvider initialMinimized={initialMinimized}>
      <RealtimeProvider initial={bell}>
        <ShellFrame user={user} brand={brand} search={search}>
          {children}
        </ShellFrame>
        <LoadingOverlay />
        {/* The welcome dialog's code (Radix dialog, tRPC) loads only for a new user (decision 177). */}
        {user.new_user ? (
          <React.Suspense fallback={null}>
            <WelcomeDialog firstname={user.user_profile.firstname} isNewUser={user.new_user} searchesResidents={!isHubUser(user)} />
          </React.Suspense>
        ) : null}
      </RealtimeProvider>
    </SidebarProvider>
  );
}

function ShellFrame({
  user,
  brand,
  search,
  children,
}: {
  user: PublicUser;
  brand: string;
  search?: ResidentSearchProps;
  children: React.ReactNode;
}) {
  const { open } = useSidebar();
  const { pathname } = useLocation();
  // A page of wide tables (a report) takes the whole window: `export const handle = { fullWidth: true }`.
  const fullWidth = useMatches().some((m) => (m.handle as { fullWidth?: boolean } | undefined)?.fullWidth);
  const maintenance = useClientState((s) => s.maintenance);
  // System administrators work through maintenance on the server too (server/http/pages/guards.server.ts); they get a notice.
  const bypasses = can(user, SYSTEM_ADMIN_PERMISSION);
  useMaintenanceRecheck(maintenance && bypasses);
  return (
    <div className="flex min-h-svh bg-muted/40 dark:bg-background">
      <a
        href="#main-content"
        className="sr-only z-[70] rounded-md bg-primary px-3 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {m.shell_skip_to_content()}
      </a>
      <Sidebar user={user} brand={brand} />
      {/* While the narrow-screen overlay is open, the page behind it is inert. */}
      <div className="flex min-w-0 flex-1 flex-col" inert={open || undefined}>
        <div className="no-print sticky top-0 z-30">
          <OfflineBanner />
          <TopBar user={user} search={search} />
          {maintenance && bypasses ? (
            <div
              role="status"
              className="no-print flex flex-wrap items-center justify-center gap-x-2 gap-y-1 border-b bg-accent px-4 py-2 text-sm text-accent-foreground"
            >
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              <span>{m.shell_maintenance_notice()}</span>
              <Link to="/test" className="font-medium underline underline-offset-4">
                {m.shell_maintenance_turn_off()}
              </Link>
            </div>
          ) : null}
        </div>
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-5 outline-none sm:px-6 lg:px-8 lg:py-6">
          <div key={pathname} className={fullWidth ? "page-enter w-full" : "page-enter mx-auto w-full max-w-7xl"}>
            {maintenance && !bypasses ? <MaintenanceContent /> : children}
          </div>
        </main>
      </div>
    </div>
  );
}
