import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { guards } from "../../../server/http/pages/guards.server.ts";
import { serviceContextOf } from "../../../server/http/pages/page-kit.server.ts";
import { bellSummary } from "../../../server/features/notifications/pages.server.ts";
import { AppShell } from "~/components/shell/app-shell";
import { useRootData } from "~/lib/root-data";
import { readSidebarMinimized } from "~/lib/shell-sidebar";

/** Default layout (spec §2.2): shown when logged in; sidebar, header, new-user modal. */
export const middleware: Route.MiddlewareFunction[] = guards("auth");

/** The sidebar cookie, read here so the server renders the minimised state without a flash; the bell's start. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    sidebarMinimized: readSidebarMinimized(request.headers.get("Cookie")),
    bell: await bellSummary(serviceContextOf(context)),
  };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const user = root?.user;
  if (!user) return <Outlet />; // the auth guard makes this unreachable
  return (
    <AppShell user={user} brand={root.barangay.name} initialMinimized={loaderData.sidebarMinimized} bell={loaderData.bell}>
      <Outlet />
    </AppShell>
  );
}

/** A page without an ErrorBoundary of its own (403, 404) fails inside the shell (no dead end). */
export { LayoutErrorBoundary as ErrorBoundary } from "~/components/shell/shell-error";
