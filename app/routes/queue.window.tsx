import type { Route } from "./+types/queue.window";
import { WindowScreen } from "~/features/queue/window-screen";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { titleMeta } from "~/lib/titles";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { windowAction, windowPage } from "../../server/features/queue/pages.server.ts";

// /queue (spec §2.3: manage-queue; decision 206): the staff's window. Pick the window, then call
// the next ticket and recall, skip, finish or transfer it; each button a recorded command.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("manage-queue")];

export function loader(args: Route.LoaderArgs) {
  return windowPage(args);
}

export async function action(args: Route.ActionArgs) {
  return windowAction(args, await args.request.formData());
}

export const meta = () => titleMeta("queue");

export default function QueueWindow({ loaderData }: Route.ComponentProps) {
  return <WindowScreen data={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
