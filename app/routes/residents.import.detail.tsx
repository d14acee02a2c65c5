import type { Route } from "./+types/residents.import.detail";
import { ImportScreen } from "~/features/resident-import/import-screen";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { IMPORT_PERMISSION } from "@domain/resident-import/rbi";
import { importAction, importPage } from "../../server/features/resident-import/pages.server.ts";
import { m } from "@domain/i18n";

export type { ImportActionData } from "../../server/features/resident-import/pages.server.ts";

// /manage/residents/import/{id} (issue 33 item 1, decision 217): one import — the column mapping,
// the dry run row by row, a choice per likely duplicate, "create it" for an unknown purok, the
// commit with its progress, the undo, and the error report.

export const middleware: Route.MiddlewareFunction[] = [requirePermission(IMPORT_PERMISSION)];

export function loader(args: Route.LoaderArgs) {
  return importPage(args);
}

export function action(args: Route.ActionArgs) {
  return importAction(args);
}

export const meta = () => [{ title: m.admin_import_meta() }];

export default function ResidentImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ImportScreen loaderData={loaderData} actionData={actionData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
