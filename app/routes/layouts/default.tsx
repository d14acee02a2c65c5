import { Outlet } from "react-router";
import type { Route } from "./+types/default";
import { guards } from "../../../server/web/guards.ts";

/** Default layout (spec §2.2): shown when logged in; sidebar, header, new-user modal. */
export const middleware: Route.MiddlewareFunction[] = guards("auth");

export default function DefaultLayout() {
  return (
    <div className="min-h-screen">
      <main className="page-enter p-4">
        <Outlet />
      </main>
    </div>
  );
}
