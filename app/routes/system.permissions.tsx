import type { Route } from "./+types/system.permissions";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { getResource } from "@domain/registry/index";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";
import { refusalsAsFlash } from "../../server/features/access/pages.server.ts";

// /system/permissions (spec §2.4): the registry's generic list page; a refused delete (a built-in
// permission, decision 050) comes back as a message on the list rather than an error page.

export function loader(args: Route.LoaderArgs) {
  return resourceLoader(args);
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.clone().formData();
  return refusalsAsFlash(args, form, () => resourceAction(args));
}

export function meta() {
  return [{ title: pageTitle("system-permissions") }];
}

export default function PermissionsPage({ loaderData }: Route.ComponentProps) {
  const def = getResource("permission");
  return <ResourcePage key={def.name} data={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
