import * as React from "react";
import { useLocation } from "react-router";
import { sidebarCookieString, swipeDirection, WIDE_SCREEN_QUERY } from "~/lib/shell-sidebar";

// Sidebar behaviour (spec §2.2, §4 "Sidebar"): below 1024 px the toggle opens or closes an overlay;
// at 1024 px and wider it minimises or expands the sidebar, and that choice is kept in a cookie for
// 365 days. Widening the window past 1024 px closes the overlay; swipes open and close it on narrow
// screens; opening a page closes the overlay.

export const SIDEBAR_ID = "app-sidebar";
export const SIDEBAR_TOGGLE_ID = "sidebar-toggle";

interface SidebarContextValue {
  /** Wide screens: minimised to icons. */
  minimized: boolean;
  /** Narrow screens: the overlay is open. */
  open: boolean;
  setOpen(open: boolean): void;
  setMinimized(minimized: boolean): void;
  /** The top bar's toggle: open/close below 1024 px, minimise/expand otherwise. */
  toggle(): void;
}

const SidebarContext = React.createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = React.useContext(SidebarContext);
  if (!value) throw new Error("useSidebar must be used inside <SidebarProvider>");
  return value;
}

function isWideScreen(): boolean {
  return typeof matchMedia === "function" && matchMedia(WIDE_SCREEN_QUERY).matches;
}

/** Whether a touch began inside something that scrolls sideways itself (tables, carousels). */
function startsInHorizontalScroller(target: EventTarget | null): boolean {
  let el = target instanceof Element ? target : null;
  while (el && el !== document.body) {
    if (el.closest("[data-swipe-ignore]")) return true;
    if (el instanceof HTMLElement && el.scrollWidth > el.clientWidth) {
      const overflow = getComputedStyle(el).overflowX;
      if (overflow === "auto" || overflow === "scroll") return true;
    }
    el = el.parentElement;
  }
  return false;
}

export function SidebarProvider({ initialMinimized, children }: { initialMinimized: boolean; children: React.ReactNode }) {
  const [minimized, setMinimizedState] = React.useState(initialMinimized);
  const [open, setOpen] = React.useState(false);
  const { pathname } = useLocation();

  const setMinimized = React.useCallback((value: boolean) => {
    setMinimizedState(value);
    document.cookie = sidebarCookieString(value, location.protocol === "https:");
  }, []);

  const toggle = React.useCallback(() => {
    if (isWideScreen()) setMinimized(!minimized);
    else setOpen((was) => !was);
  }, [minimized, setMinimized]);

  // Opening a page turns the sidebar on; on narrow screens the overlay gets out of the way.
  const [shownPath, setShownPath] = React.useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  // A no-JavaScript visit may have left #app-sidebar in the address (the CSS :target fallback).
  React.useEffect(() => {
    if (location.hash === `#${SIDEBAR_ID}`) history.replaceState(history.state, "", location.pathname + location.search);
  }, []);

  // Widening the window past 1024 px closes the overlay.
  React.useEffect(() => {
    if (typeof matchMedia !== "function") return;
    const query = matchMedia(WIDE_SCREEN_QUERY);
    const onChange = () => {
      if (query.matches) setOpen(false);
    };
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  // Swipe right opens, swipe left closes (narrow screens only).
  React.useEffect(() => {
    let start: { x: number; y: number } | null = null;
    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 1 || isWideScreen() || startsInHorizontalScroller(event.target)) {
        start = null;
        return;
      }
      start = { x: event.touches[0].clientX, y: event.touches[0].clientY };
    };
    const onEnd = (event: TouchEvent) => {
      if (!start) return;
      const touch = event.changedTouches[0];
      const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
      start = null;
      if (direction === "right") setOpen(true);
      else if (direction === "left") setOpen(false);
    };
    document.addEventListener("touchstart", onStart, { passive: true });
    document.addEventListener("touchend", onEnd, { passive: true });
    return () => {
      document.removeEventListener("touchstart", onStart);
      document.removeEventListener("touchend", onEnd);
    };
  }, []);

  // Escape closes the overlay.
  React.useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  const value = React.useMemo(() => ({ minimized, open, setOpen, setMinimized, toggle }), [minimized, open, setMinimized, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}
