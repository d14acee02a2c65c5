import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from "react-router";
import type { Route } from "./+types/root";
import { csrfGuard } from "../server/web/guards.ts";
import { getRequestContext } from "../server/web/context.ts";
import { getBarangayInfo } from "../server/services/settings.ts";
import { toPublicUser } from "./lib/session-user.ts";
import { useRootData } from "./lib/root-data.ts";
import "./app.css";

export const middleware: Route.MiddlewareFunction[] = [csrfGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const rc = getRequestContext(context);
  return {
    user: rc.user ? toPublicUser(rc.user) : null,
    csrfToken: rc.csrfToken,
    barangay: await getBarangayInfo(rc),
  };
}


// Colour mode (spec §4): system, light or dark, stored locally; applied before first paint.
const THEME_SCRIPT = `(function(){try{var p=localStorage.getItem("portal-color-mode")||"system";var d=p==="dark"||(p==="system"&&matchMedia("(prefers-color-scheme: dark)").matches);document.documentElement.classList.toggle("dark",d);document.documentElement.dataset.colorMode=p}catch(e){}})()`;

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#eab308" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta() {
  return [{ title: "Portal" }];
}

/** Not-found and error pages (spec §2.2, §8). */
export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRootData();
  const loggedIn = !!root?.user;
  let status = 500;
  let detail: string | null = null;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    detail = typeof error.data === "string" ? error.data : null;
  }
  if (status === 503) return <MaintenanceScreen />;
  const heading = status === 404 ? "Oh no! We couldn’t find the page you were looking for." : "An error occurred";
  const sub =
    status === 404
      ? "This page could not be found."
      : status === 403
        ? (detail ?? "You are not authorized to view this page.")
        : status === 419
          ? "Your session expired. Reload the page and try again."
          : (detail ?? "Refresh the page or contact the system administrator for an assistance");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${status === 404 ? "Not Found" : "Error"} | Portal`}</title>
      <p className="text-7xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="max-w-xl text-2xl font-semibold">{heading}</h1>
      <p className="text-muted-foreground" data-testid="error-detail">
        {sub}
      </p>
      <Link
        to={loggedIn ? "/dashboard" : "/"}
        className="rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow hover:bg-primary/90 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        Go Back
      </Link>
    </main>
  );
}

export function MaintenanceScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center" data-testid="maintenance">
      <title>Maintenance | Portal</title>
      <h1 className="text-2xl font-semibold">We’ll be back shortly</h1>
      <p className="max-w-md text-muted-foreground">The portal is under maintenance. Please try again in a few minutes.</p>
    </main>
  );
}


