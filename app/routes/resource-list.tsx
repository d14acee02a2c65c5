import type { Route } from "./+types/resource-list";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle, pageTitleOf } from "~/lib/titles";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";

// The one list route of every registry entry (DESIGN §4; app/routes.ts gives each entry an id
// `resource-<name>`). The engine checks permissions: a list the user may not open throws 403.

export function loader(args: Route.LoaderArgs) {
  return resourceLoader(args);
}

export function action(args: Route.ActionArgs) {
  return resourceAction(args);
}

/** Spec §2.1: the last dash-separated segment of the route name, in capitalised words ("Bank Accounts | Portal"). */
export function meta({ loaderData }: Route.MetaArgs) {
  const def = loaderData?.def;
  if (!def) return [{ title: pageTitleOf("") }];
  return [{ title: pageTitle(def.path.replace(/^\//, "").replace(/\//g, "-")) }];
}

export default function ResourceList({ loaderData }: Route.ComponentProps) {
  // The entry's list part comes with the data (decision 177): the registry stays out of the page's first load.
  const def = loaderData.def;
  return <ResourcePage key={def.name} data={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
