// Sidebar state (spec §2.2, §4 "Sidebar", §9): open or closed below 1024 px, minimised or expanded
// at 1024 px and wider; the minimised state lives in a cookie for 365 days so the server renders
// it without a flash. Isomorphic: the layout's loader reads the cookie from the request.

export const SIDEBAR_COOKIE = "sidebar_minimized";
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** The sidebar breakpoint (spec §9); Tailwind's `lg` is the same 64rem. */
export const SIDEBAR_BREAKPOINT_PX = 1024;
export const WIDE_SCREEN_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;
/** How far a finger must travel sideways for a swipe to count. */
export const SWIPE_MIN_DISTANCE_PX = 60;

/** Reads the minimised flag from a Cookie header ("true"/"1" mean minimised). */
export function readSidebarMinimized(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    return value === "true" || value === "1";
  }
  return false;
}

/** The `document.cookie` assignment that stores the minimised flag for 365 days. */
export function sidebarCookieString(minimized: boolean, secure = false): string {
  return `${SIDEBAR_COOKIE}=${minimized ? "true" : "false"}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export type SwipeDirection = "left" | "right" | null;

/** A horizontal swipe: mostly sideways and at least SWIPE_MIN_DISTANCE_PX long. */
export function swipeDirection(dx: number, dy: number): SwipeDirection {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx > 0 ? "right" : "left";
}
