import { Link, Outlet } from "react-router";
import type { Route } from "./+types/public";
import { guards } from "../../../server/http/pages/guards.server.ts";
import { useRootData } from "~/lib/root-data";
import { m } from "@domain/i18n";

/** Public layout (spec §2.2): the home page and the verification pages. */
export const middleware: Route.MiddlewareFunction[] = guards("public");

export default function PublicLayout() {
  const root = useRootData();
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-card">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/" className="flex items-center gap-2 font-semibold">
            <img src="/favicon.svg" alt="" className="size-7" />
            <span>{m.shell_public_brand({ name: root?.barangay.name ?? m.shell_public_barangay() })}</span>
          </Link>
          {/* A signed-in user with no staff permission is a resident: their own page (decision 208).
              On one line: at 390 px the barangay's name wraps instead ("Mag-sign in" split in two read badly). */}
          <Link
            to={!root?.user ? "/login" : root.user.permissions.length ? "/dashboard" : "/my"}
            className="shrink-0 text-sm font-medium whitespace-nowrap underline-offset-4 hover:underline"
          >
            {!root?.user ? m.shell_sign_in() : root.user.permissions.length ? m.shell_public_dashboard() : m.shell_public_my_requests()}
          </Link>
        </div>
      </header>
      <main className="page-enter mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t py-4 text-center text-xs text-muted-foreground">{root?.barangay.address}</footer>
    </div>
  );
}
