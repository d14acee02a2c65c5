import type { Route } from "./+types/queue.display";
import { DisplayScreen } from "~/features/queue/display-screen";
import { titleMeta } from "~/lib/titles";
import { displayPage } from "../../server/features/queue/pages.server.ts";

// /queue/display (decision 206): the hall's TV. Public, codes only; live over /ws/queue, and
// without JavaScript it reloads itself every ten seconds.

export function loader(args: Route.LoaderArgs) {
  return displayPage(args);
}

export const meta = () => titleMeta("queue-display");

export default function QueueDisplay({ loaderData }: Route.ComponentProps) {
  return <DisplayScreen board={loaderData.board} />;
}
