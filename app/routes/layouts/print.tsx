import { Outlet } from "react-router";
import type { Route } from "./+types/print";
import { guards } from "../../../server/http/pages/guards.server.ts";

/** Print views (DESIGN §8): signed-in pages without the shell, laid out for paper. */
export const middleware: Route.MiddlewareFunction[] = guards("auth");

export default function PrintLayout() {
  return (
    <main className="min-h-screen bg-stone-200 py-6 print:bg-white print:py-0 dark:bg-stone-900">
      <Outlet />
    </main>
  );
}

/**
 * A print view that fails without a boundary of its own (the receipt preview refused with 403, or an
 * unknown record's 404) fails inside the staff shell, as the page it is printed from does: the
 * sidebar and the top bar stay, so the refusal is never a dead end.
 */
export { LayoutErrorBoundary as ErrorBoundary } from "~/components/shell/shell-error";
