import { Outlet } from "react-router";
import type { Route } from "./+types/guest";
import { guards } from "../../../server/http/pages/guards.server.ts";

/** Login layout (spec §2.2): shown only when logged out. */
export const middleware: Route.MiddlewareFunction[] = guards("guest");

export default function GuestLayout() {
  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-br from-amber-50 via-background to-yellow-100 p-4 dark:from-stone-950 dark:via-background dark:to-stone-900">
      <Outlet />
    </div>
  );
}
