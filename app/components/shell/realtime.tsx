import * as React from "react";
import { notify, type NotificationType } from "~/lib/notify";

// The browser end of /ws (DESIGN §1 "realtime"): one socket per signed-in tab, reconnecting with
// back-off. Messages of type "notification" become toasts and are kept for the notifications panel.

export type RealtimeStatus = "connecting" | "connected" | "disconnected";

export interface RealtimeNotification {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  receivedAt: number;
}

interface RealtimeContextValue {
  status: RealtimeStatus;
  notifications: RealtimeNotification[];
  unread: number;
  markAllRead(): void;
  clear(): void;
}

const RealtimeContext = React.createContext<RealtimeContextValue>({
  status: "disconnected",
  notifications: [],
  unread: 0,
  markAllRead: () => {},
  clear: () => {},
});

export function useRealtime(): RealtimeContextValue {
  return React.useContext(RealtimeContext);
}

const NOTIFICATION_TYPES = new Set(["delete", "restore", "invalid", "create", "success", "info", "warning"]);
const MAX_KEPT = 50;

/**
 * Reads one socket message. A notification is `{type: "notification", title, message, kind?}`;
 * the event's own severity may arrive as `kind`, `level` or `event.type`.
 */
export function parseRealtimeMessage(raw: string): Omit<RealtimeNotification, "id" | "receivedAt"> | null {
  let msg: Record<string, unknown>;
  try {
    msg = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (!msg || typeof msg !== "object") return null;
  const event = (msg.event && typeof msg.event === "object" ? msg.event : msg) as Record<string, unknown>;
  const isNotification = msg.type === "notification" || (typeof event.title === "string" && msg.type !== "hello");
  if (!isNotification || typeof event.title !== "string") return null;
  const severity = [msg.kind, msg.level, event.kind, event === msg ? undefined : event.type, msg.type].find(
    (value) => typeof value === "string" && NOTIFICATION_TYPES.has(value),
  ) as NotificationType | undefined;
  return { title: event.title, message: typeof event.message === "string" ? event.message : "", type: severity ?? "info" };
}

export function websocketUrl(loc: Pick<Location, "protocol" | "host">): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}

export function RealtimeProvider({ children }: { children: React.ReactNode }) {
  const [status, setStatus] = React.useState<RealtimeStatus>("connecting");
  const [notifications, setNotifications] = React.useState<RealtimeNotification[]>([]);
  const [unread, setUnread] = React.useState(0);

  React.useEffect(() => {
    if (typeof WebSocket === "undefined") return;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let attempts = 0;
    let stopped = false;

    const connect = () => {
      if (stopped) return;
      setStatus("connecting");
      socket = new WebSocket(websocketUrl(location));
      socket.addEventListener("open", () => {
        attempts = 0;
        setStatus("connected");
      });
      socket.addEventListener("message", (event) => {
        if (typeof event.data !== "string") return;
        const parsed = parseRealtimeMessage(event.data);
        if (!parsed) return;
        const item: RealtimeNotification = {
          ...parsed,
          id: `${Date.now()}-${Math.random().toString(36).slice(2)}`,
          receivedAt: Date.now(),
        };
        setNotifications((list) => [item, ...list].slice(0, MAX_KEPT));
        setUnread((n) => n + 1);
        notify({ title: item.title, message: item.message || undefined, type: item.type });
      });
      socket.addEventListener("close", () => {
        socket = null;
        if (stopped) return;
        setStatus("disconnected");
        attempts += 1;
        const delay = Math.min(30_000, 1_000 * 2 ** Math.min(attempts, 5));
        retry = setTimeout(connect, delay);
      });
    };

    const reconnectNow = () => {
      if (socket || stopped) return;
      if (retry) clearTimeout(retry);
      attempts = 0;
      connect();
    };

    connect();
    window.addEventListener("online", reconnectNow);
    return () => {
      stopped = true;
      window.removeEventListener("online", reconnectNow);
      if (retry) clearTimeout(retry);
      socket?.close(1000, "Page closed");
    };
  }, []);

  const value = React.useMemo<RealtimeContextValue>(
    () => ({
      status,
      notifications,
      unread,
      markAllRead: () => setUnread(0),
      clear: () => {
        setNotifications([]);
        setUnread(0);
      },
    }),
    [status, notifications, unread],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
