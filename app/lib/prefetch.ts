import { useSyncExternalStore } from "react";

// Link prefetch (spec §9): skipped on 2g connections, in data-saver mode, and when offline.
// The UI passes usePrefetchMode() to React Router's <Link prefetch={…}>.

export type PrefetchMode = "intent" | "none";

interface NetworkInformationLike extends Partial<Pick<EventTarget, "addEventListener" | "removeEventListener">> {
  effectiveType?: string;
  saveData?: boolean;
}

export interface NavigatorLike {
  onLine?: boolean;
  connection?: NetworkInformationLike;
}

/** Whether links may be prefetched on this connection. Unknown connection details allow it. */
export function shouldPrefetch(nav: NavigatorLike | undefined = typeof navigator !== "undefined" ? navigator : undefined): boolean {
  if (!nav) return true;
  if (nav.onLine === false) return false;
  const connection = nav.connection;
  if (connection?.saveData === true) return false;
  if (typeof connection?.effectiveType === "string" && connection.effectiveType.includes("2g")) return false; // "2g", "slow-2g"
  return true;
}

export function prefetchMode(nav?: NavigatorLike): PrefetchMode {
  return shouldPrefetch(nav) ? "intent" : "none";
}

type Listenable = Pick<EventTarget, "addEventListener" | "removeEventListener">;

/** Calls `onChange` when the answer of shouldPrefetch may have changed (online/offline, connection change). */
export function subscribePrefetchConditions(
  onChange: () => void,
  win: Listenable | undefined = typeof window !== "undefined" ? window : undefined,
  nav: NavigatorLike | undefined = typeof navigator !== "undefined" ? navigator : undefined,
): () => void {
  win?.addEventListener("online", onChange);
  win?.addEventListener("offline", onChange);
  const connection = nav?.connection;
  connection?.addEventListener?.("change", onChange);
  return () => {
    win?.removeEventListener("online", onChange);
    win?.removeEventListener("offline", onChange);
    connection?.removeEventListener?.("change", onChange);
  };
}

/**
 * "intent" or "none" for <Link prefetch={usePrefetchMode()}>, kept up to date when the browser
 * goes offline or the connection changes. The server renders "intent" (no markup difference).
 */
export function usePrefetchMode(): PrefetchMode {
  return useSyncExternalStore(
    (onChange) => subscribePrefetchConditions(onChange),
    () => prefetchMode(),
    () => "intent",
  );
}
