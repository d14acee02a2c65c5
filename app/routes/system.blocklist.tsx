import type { Route } from "./+types/system.blocklist";
import { BlocklistScreen } from "~/features/access/blocklist-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { blocklistAction, blocklistLoader } from "../../server/features/access/blocklist-page.server.ts";

// /system/blocklist (spec §2.4: Name, Username, Status, Roles; modals add, delete, reset_password;
// multi-remove). Removing takes a person off the list: they can sign in again.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("manage-blocklist")];

export function loader(args: Route.LoaderArgs) {
  return blocklistLoader(args);
}

export function action(args: Route.ActionArgs) {
  return blocklistAction(args);
}

export function meta() {
  return [{ title: pageTitle("system-blocklist") }];
}

export default function BlocklistPage(props: Route.ComponentProps) {
  return <BlocklistScreen loaderData={props.loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
