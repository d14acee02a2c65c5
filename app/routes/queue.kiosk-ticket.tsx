import type { Route } from "./+types/queue.kiosk-ticket";
import { KioskTicketScreen } from "~/features/queue/kiosk-ticket";
import { titleMeta } from "~/lib/titles";
import { kioskTicket, paperOf } from "../../server/features/queue/pages.server.ts";

// /queue/kiosk/ticket/{id} (decision 206): the ticket on screen and its slip for a 58 or 80 mm
// receipt printer (`?paper=58`); the kiosk returns to its start by itself.

export async function loader(args: Route.LoaderArgs) {
  const paper = paperOf(new URL(args.request.url).searchParams.get("paper"));
  return { ticket: await kioskTicket(args, args.params.ticket_id), paper };
}

export const meta = () => titleMeta("queue-ticket");

export default function QueueKioskTicket({ loaderData }: Route.ComponentProps) {
  return <KioskTicketScreen ticket={loaderData.ticket} paper={loaderData.paper} />;
}
