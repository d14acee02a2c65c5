import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

export type RootData = Awaited<ReturnType<typeof loader>>;

/** The root loader's data: signed-in user, CSRF token, barangay name. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}
