import { Outlet } from "react-router";
import type { Route } from "./+types/hall";
import { guards } from "../../../server/http/pages/guards.server.ts";

/**
 * The hall's own screens (decision 206): the kiosk a visitor taps and the TV's display. Public (no
 * sign-in) and without the portal's header: a visitor has nothing to sign in to here, and the
 * screens show ticket codes only.
 */
export const middleware: Route.MiddlewareFunction[] = guards("public");

export default function HallLayout() {
  return (
    <div className="min-h-screen bg-background text-foreground">
      <Outlet />
    </div>
  );
}
