import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { guards } from "../../../server/web/guards.server.ts";
import { AppShell } from "~/components/shell/app-shell";
import { useRootData } from "~/lib/root-data";
import { readSidebarMinimized } from "~/lib/shell-sidebar";

/** Default layout (spec §2.2): shown when logged in; sidebar, header, new-user modal. */
export const middleware: Route.MiddlewareFunction[] = guards("auth");

/** The sidebar cookie, read here so the server renders the minimised state without a flash. */
export function loader({ request }: Route.LoaderArgs) {
  return { sidebarMinimized: readSidebarMinimized(request.headers.get("Cookie")) };
}

export default function DefaultLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const user = root?.user;
  if (!user) return <Outlet />; // the auth guard makes this unreachable
  return (
    <AppShell user={user} brand={root.barangay.name} initialMinimized={loaderData.sidebarMinimized}>
      <Outlet />
    </AppShell>
  );
}
