import type { Route } from "./+types/residents.import";
import { ImportsScreen } from "~/features/resident-import/imports-screen";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { IMPORT_PERMISSION } from "@domain/resident-import/rbi";
import { importsPage } from "../../server/features/resident-import/pages.server.ts";
import { m } from "@domain/i18n";

// /manage/residents/import (issue 33 item 1, decision 217): upload the barangay's RBI spreadsheet
// (XLSX or CSV) and the recent imports. Whoever may create residents.

export const middleware: Route.MiddlewareFunction[] = [requirePermission(IMPORT_PERMISSION)];

export function loader(args: Route.LoaderArgs) {
  return importsPage(args);
}

export const meta = () => [{ title: m.admin_import_meta() }];

export default function ResidentImportsPage({ loaderData }: Route.ComponentProps) {
  return <ImportsScreen loaderData={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
