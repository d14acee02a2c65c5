import { data } from "react-router";
import type { Route } from "./+types/test";
import { DiagnosticsPage } from "~/features/system/diagnostics-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { titleMeta } from "~/lib/titles";
import { isAppError, serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { diagnostics, setMaintenanceMode } from "../../server/http/pages/system.server.ts";

// /test: the administrators' diagnostics page.

export const meta = () => titleMeta("test");

/** A service's AppError becomes an error response the boundary shows (403 for non-administrators). */
function asRouteError(error: unknown): never {
  if (isAppError(error)) throw data(error.message, { status: error.status });
  throw error;
}

export async function loader({ context }: Route.LoaderArgs) {
  try {
    return await diagnostics(serviceContextOf(context));
  } catch (error) {
    asRouteError(error);
  }
}

/** Maintenance on/off as a plain form, so it works without JavaScript. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== "maintenance") throw data("Unknown action", { status: 400 });
  const on = form.get("on") === "true";
  try {
    await setMaintenanceMode(serviceContextOf(context), on);
  } catch (error) {
    asRouteError(error);
  }
  return { maintenance: on };
}

export default function TestPage(props: Route.ComponentProps) {
  return <DiagnosticsPage loaderData={props.loaderData} />;
}

/** Errors stay inside the shell: a non-administrator sees a 403 here, with the menu still around. */
export const ErrorBoundary = ShellErrorBoundary;
