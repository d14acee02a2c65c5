import type { Route } from "./+types/queue.kiosk";
import { KioskScreen } from "~/features/queue/kiosk-screen";
import { titleMeta } from "~/lib/titles";
import { kioskIssue, kioskPage } from "../../server/features/queue/pages.server.ts";

// /queue/kiosk (decision 206): public; a visitor picks a lane and a service and gets a ticket. One
// HTML form, so it works without JavaScript on a cheap tablet.

export function loader(args: Route.LoaderArgs) {
  return kioskPage(args);
}

export async function action(args: Route.ActionArgs) {
  return kioskIssue(args, await args.request.formData());
}

export const meta = () => titleMeta("queue-kiosk");

export default function QueueKiosk({ loaderData, actionData }: Route.ComponentProps) {
  return <KioskScreen services={loaderData.services} paper={loaderData.paper} error={actionData?.error ?? null} />;
}
