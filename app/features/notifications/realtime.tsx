import * as React from "react";
import { useLocation, useRevalidator } from "react-router";
import { notify } from "@domain/notify";
import { m } from "@domain/i18n";
import { BELL_LATEST, type BellSummary, type NotificationView } from "@domain/notifications/types";

// The browser end of /ws (DESIGN §1 "realtime"): one socket per signed-in tab. The bell
// starts from the layout loader's summary (unread count, newest few, last id); a pushed notification
// becomes a toast and joins the bell. The socket reconnects with back-off, and every (re)connect asks
// the server for what came after the last id this tab saw, so nothing sent while it was away is lost.

export type RealtimeStatus = "connecting" | "connected" | "disconnected";

interface RealtimeContextValue {
  status: RealtimeStatus;
  notifications: NotificationView[];
  unread: number;
  markAllRead(): Promise<void>;
  markRead(id: number): void;
}

/** The tRPC client loads with the first call, after the page is up (decision 177). */
const loadTrpc = () => import("~/lib/trpc-client").then((m) => m.trpc);

const EMPTY: BellSummary = { unread: 0, latest: [], lastId: 0 };

const RealtimeContext = React.createContext<RealtimeContextValue>({
  status: "disconnected",
  notifications: [],
  unread: 0,
  markAllRead: async () => {},
  markRead: () => {},
});

export function useRealtime(): RealtimeContextValue {
  return React.useContext(RealtimeContext);
}

/** Reads one socket message: a stored notification, or null for anything else (hello, pong). */
export function parseNotificationMessage(raw: string): NotificationView | null {
  try {
    const msg = JSON.parse(raw) as { type?: unknown; notification?: NotificationView };
    if (msg?.type !== "notification" || !msg.notification || typeof msg.notification.id !== "number") return null;
    return msg.notification;
  } catch {
    return null;
  }
}

export function websocketUrl(loc: Pick<Location, "protocol" | "host">): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}

/** The reconnect delay after `attempts` failures: 1 s, 2 s, 4 s … up to 30 s, with a little jitter. */
export function reconnectDelay(attempts: number): number {
  const base = Math.min(30_000, 1_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** A toast for a notification (spec §3/§4: its type, its timeout; hidden in print by app.css). */
function toast(item: NotificationView): void {
  notify({ title: item.title, message: item.message || undefined, type: item.type, timeout: item.timeout ?? undefined });
}

/** The newest first, each id once, the bell's few. */
function merge(current: NotificationView[], added: NotificationView[]): NotificationView[] {
  const byId = new Map<number, NotificationView>();
  for (const item of [...added, ...current]) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => b.id - a.id).slice(0, BELL_LATEST);
}

const MAX_CATCH_UP_TOASTS = 3;

export function RealtimeProvider({ initial, children }: { initial?: BellSummary; children: React.ReactNode }) {
  const seed = initial ?? EMPTY;
  const [status, setStatus] = React.useState<RealtimeStatus>("connecting");
  const [notifications, setNotifications] = React.useState<NotificationView[]>(seed.latest);
  const [unread, setUnread] = React.useState(seed.unread);
  const lastId = React.useRef(seed.lastId);
  // The notifications page follows what the socket brings (its loader reads the list again).
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const onPage = React.useRef(false);
  // A ref, so the socket's callbacks stay the same and never reconnect for a re-render.
  const refreshPage = React.useRef(() => {});
  React.useEffect(() => {
    onPage.current = pathname === "/notifications";
    refreshPage.current = () => {
      if (onPage.current) void revalidate();
    };
  }, [pathname, revalidate]);

  // The layout's loader runs again after every action: its answer is the server's truth.
  React.useEffect(() => {
    if (!initial || initial.lastId < lastId.current) return;
    lastId.current = initial.lastId;
    setNotifications(initial.latest);
    setUnread(initial.unread);
  }, [initial]);

  const received = React.useCallback((item: NotificationView) => {
    if (item.id <= lastId.current) return;
    lastId.current = item.id;
    setNotifications((list) => merge(list, [item]));
    setUnread((n) => n + 1);
    toast(item);
    refreshPage.current();
  }, []);

  const catchUp = React.useCallback(async () => {
    const answer = await (await loadTrpc()).notifications.since.query({ after: lastId.current });
    const missed = answer.missed.filter((item) => item.id > lastId.current);
    lastId.current = Math.max(lastId.current, answer.lastId);
    setNotifications(answer.latest);
    setUnread(answer.unread);
    if (missed.length > MAX_CATCH_UP_TOASTS)
      notify({ title: m.office_notifications_missed({ count: missed.length }), message: m.office_notifications_missed_message(), type: "info" });
    else missed.forEach(toast);
    if (missed.length) refreshPage.current();
  }, []);

  React.useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      setStatus("connecting");
      const ws = new WebSocket(websocketUrl(location));
      socket = ws;
      ws.addEventListener("open", () => {
        attempts = 0;
        setStatus("connected");
        // What was sent while this tab had no socket (or before its first one opened).
        catchUp().catch(() => {});
      });
      ws.addEventListener("message", (event) => {
        if (typeof event.data !== "string") return;
        const item = parseNotificationMessage(event.data);
        if (item) received(item);
      });
      ws.addEventListener("close", () => {
        if (socket === ws) socket = null;
        if (stopped) return;
        setStatus("disconnected");
        attempts += 1;
        retry = setTimeout(connect, reconnectDelay(attempts));
      });
    };

    // Back online, or the tab shown again: try at once instead of waiting out the back-off.
    const reconnectNow = () => {
      if (socket || stopped) return;
      if (retry) clearTimeout(retry);
      attempts = 0;
      connect();
    };
    const onVisible = () => document.visibilityState === "visible" && reconnectNow();

    connect();
    window.addEventListener("online", reconnectNow);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      window.removeEventListener("online", reconnectNow);
      document.removeEventListener("visibilitychange", onVisible);
      if (retry) clearTimeout(retry);
      socket?.close(1000, "Page closed");
    };
  }, [catchUp, received]);

  const value = React.useMemo<RealtimeContextValue>(
    () => ({
      status,
      notifications,
      unread,
      markAllRead: async () => {
        await (await loadTrpc()).notifications.markAllRead.mutate();
        setUnread(0);
        setNotifications((list) => list.map((item) => ({ ...item, read: true })));
        refreshPage.current();
      },
      markRead: (id: number) => {
        const item = notifications.find((n) => n.id === id);
        if (!item || item.read) return;
        setUnread((n) => Math.max(0, n - 1));
        setNotifications((list) => list.map((n) => (n.id === id ? { ...n, read: true } : n)));
        void loadTrpc()
          .then((trpc) => trpc.notifications.markRead.mutate({ id }))
          .catch(() => {});
      },
    }),
    [status, notifications, unread],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
