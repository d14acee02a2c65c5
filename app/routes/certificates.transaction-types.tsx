import type { Route } from "./+types/certificates.transaction-types";
import { ResourcePage } from "~/components/resource/resource-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { pageTitle } from "~/lib/titles";
import { resourceAction, resourceLoader } from "../../server/http/pages/resource-page.server.ts";

// /system/parameters/transaction_types: the registry's list of transaction types, with
// each type's certificate template editor among the row links.

export function loader(args: Route.LoaderArgs) {
  return resourceLoader(args);
}

export function action(args: Route.ActionArgs) {
  return resourceAction(args);
}

export function meta() {
  return [{ title: pageTitle("system-parameters-transaction_types") }];
}

export default function TransactionTypesPage({ loaderData }: Route.ComponentProps) {
  return <ResourcePage data={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
