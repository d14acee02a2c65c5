import { lazy, Suspense, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/root";
import { csrfGuard } from "../server/http/pages/guards.server.ts";
import { inputGuard } from "../server/http/pages/input-guard.server.ts";
import { getRequestContext } from "../server/http/pages/page-kit.server.ts";
import { getBarangayInfo } from "../server/http/pages/system.server.ts";
import { toPublicUser } from "@domain/session-user.ts";
import { getLocale, m } from "@domain/i18n";
import { useRootData } from "./lib/root-data.ts";
import { useClientState } from "./lib/client-state.ts";
import { checkStatus, useSignedInSync } from "./lib/api-client.ts";
import { useHydrated } from "./components/resource/use-hydrated.ts";
import { NavigationProgress } from "./components/shell/progress-bar.tsx";
import { MaintenanceScreen } from "./components/shell/maintenance-screen.tsx";
import { ErrorPage } from "./components/shell/error-page.tsx";
import "./app.css";

// The toasts' library loads after hydration, in its own chunk (lib/notify.ts waits for it).
const Toaster = lazy(() => import("./components/ui/sonner.tsx").then((module) => ({ default: module.Toaster })));

export const middleware: Route.MiddlewareFunction[] = [csrfGuard, inputGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  return {
    user: rc.user ? toPublicUser(rc.user) : null,
    csrfToken: rc.csrfToken,
    barangay: await getBarangayInfo(rc),
    /** The request's language (server/http/locale.ts); `<html lang>` carries it to the browser's messages. */
    locale: getLocale(),
  };
}

/** The id React Router gives the public layout route (app/routes.ts). */
const PUBLIC_LAYOUT_ID = "routes/layouts/public";

/**
 * A route whose `handle` says `hydrate: false` is served as plain HTML, without a single script:
 * the sign-in page is a form that works without JavaScript, and React with the router alone would
 * be about 100 KB gzip for it (decision 175).
 */
function useHydratedPage(): boolean {
  return !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const hydrated = useHydratedPage();
  return (
    // The server's language for this request; in the browser, the language of the document it rendered
    // (domain/i18n reads <html lang> back), until a navigation brings a new one.
    <html lang={useRootData()?.locale ?? getLocale()} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#eab308" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* public/color-mode.js: applied before the first paint, without an inline script (CSP) */}
        <script src="/color-mode.js" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrated ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const root = useRootData();
  useSignedInSync(!!root?.user);
  // The status call runs on start (spec §7.1): a failure or a 503 turns maintenance mode on.
  useEffect(() => {
    void checkStatus();
  }, []);
  const maintenance = useClientState((state) => state.maintenance);
  // The staff shell shows maintenance in place of its own content; the public pages get the whole
  // screen; the sign-in page stays usable so that administrators can still sign in.
  const publicPage = useMatches().some((match) => match.id === PUBLIC_LAYOUT_ID);
  const hydrated = useHydrated();
  return (
    <>
      <NavigationProgress />
      {maintenance && publicPage ? <MaintenanceScreen /> : <Outlet />}
      {hydrated ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </>
  );
}

export function meta() {
  return [{ title: m.shell_title_portal() }];
}

/** Not-found and error pages (spec §2.2, §8); a 503 is the maintenance screen. */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 503) return <MaintenanceScreen reloadTo={location.pathname + location.search} />;
  return <ErrorPage error={error} loggedIn={!!root?.user} />;
}
