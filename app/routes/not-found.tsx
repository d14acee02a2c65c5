import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorInShell } from "~/components/shell/shell-error";
import { readSidebarMinimized } from "~/lib/shell-sidebar";

// Unmatched routes (spec §2.2): a 404 answer with the not-found page, inside the staff shell for a
// signed-in user (no dead end), bare with Go Back to / for a visitor.

const NOT_FOUND = { status: 404 } as const;

export function loader({ request }: Route.LoaderArgs) {
  return data({ sidebarMinimized: readSidebarMinimized(request.headers.get("Cookie")) }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <ErrorInShell error={NOT_FOUND} initialMinimized={loaderData.sidebarMinimized} />;
}
