import { isRouteErrorResponse, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import { useRootData } from "~/lib/root-data";
import { readSidebarMinimized } from "~/lib/shell-sidebar";
import { AppShell } from "./app-shell";
import { ErrorPage } from "./error-page";
import { MaintenanceScreen } from "./maintenance-screen";

// 403, 404 and other errors of a signed-in user inside the staff shell: the
// sidebar and the top bar stay, so an unknown address or a page the user may not open is never a
// dead end. Signed out, the bare error page of spec §2.2 (Go Back leads to /).

/** The id React Router gives the default layout route (app/routes.ts). */
const DEFAULT_LAYOUT_ID = "routes/layouts/default";

export function ErrorInShell({ error, initialMinimized }: { error: unknown; initialMinimized?: boolean }) {
  const root = useRootData();
  const layout = useRouteLoaderData(DEFAULT_LAYOUT_ID) as { sidebarMinimized?: boolean } | undefined;
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 503) return <MaintenanceScreen reloadTo={location.pathname + location.search} />;
  const user = root?.user;
  if (!user) return <ErrorPage error={error} loggedIn={false} />;
  const minimized =
    initialMinimized ?? layout?.sidebarMinimized ?? (typeof document === "undefined" ? false : readSidebarMinimized(document.cookie));
  return (
    <AppShell user={user} brand={root.barangay.name} initialMinimized={minimized}>
      <ErrorPage error={error} loggedIn inShell />
    </AppShell>
  );
}

/** The default layout's ErrorBoundary: a page without its own boundary fails inside the shell. */
export function LayoutErrorBoundary() {
  return <ErrorInShell error={useRouteError()} />;
}
