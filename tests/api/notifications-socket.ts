import WebSocket from "ws";
import type { NotificationView } from "../../domain/notifications/types.ts";

// A signed-in /ws socket for the notification tests (issue 15): it keeps every pushed notification,
// in order, and answers the next one that matches.

export interface NotificationSocket {
  ws: WebSocket;
  received: NotificationView[];
  /** The first notification (already received or still to come) that matches. */
  next(match: (n: NotificationView) => boolean): Promise<NotificationView>;
  close(): void;
}

export function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ");
}

export function openNotificationSocket(baseUrl: string, cookies: Map<string, string>): Promise<NotificationSocket> {
  const ws = new WebSocket(baseUrl.replace(/^http/, "ws") + "/ws", { headers: { cookie: cookieHeader(cookies) } });
  const received: NotificationView[] = [];
  const waiters: { match: (n: NotificationView) => boolean; resolve: (n: NotificationView) => void }[] = [];
  ws.on("message", (raw) => {
    const msg = JSON.parse(String(raw)) as { type?: string; notification?: NotificationView };
    if (msg.type !== "notification" || !msg.notification) return;
    received.push(msg.notification);
    for (const w of [...waiters])
      if (w.match(msg.notification)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(msg.notification);
      }
  });
  const socket: NotificationSocket = {
    ws,
    received,
    next(match) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    close: () => ws.close(),
  };
  return new Promise((resolve, reject) => {
    ws.on("message", (raw) => String(raw).includes('"hello"') && resolve(socket));
    ws.on("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on("error", reject);
  });
}
