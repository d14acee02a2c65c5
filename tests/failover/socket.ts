import WebSocket from "ws";
import { cookieHeader } from "../api/notifications-socket.ts";

// A signed-in /ws socket that records the notifications pushed to it and the code it was closed
// with: the bell's side of a lost LISTEN connection (decision 213), for the failover test and
// server/http/realtime/catch-up.test.ts.

export interface RecordingSocket {
  ws: WebSocket;
  /** The notifications pushed, in order. */
  received: { id: number; title: string }[];
  /** The close code, once the server (or we) closed it. */
  closed: Promise<number>;
  /** Resolves on the server's "hello". */
  ready: Promise<void>;
}

export function openRecordingSocket(baseUrl: string, cookies: Map<string, string>): RecordingSocket {
  const ws = new WebSocket(baseUrl.replace(/^http/, "ws") + "/ws", { headers: { cookie: cookieHeader(cookies) } });
  const received: RecordingSocket["received"] = [];
  const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
  ws.on("message", (raw) => {
    const msg = JSON.parse(String(raw)) as { type?: string; notification?: { id: number; title: string } };
    if (msg.type === "notification" && msg.notification) received.push({ id: msg.notification.id, title: msg.notification.title });
  });
  const ready = new Promise<void>((resolve, reject) => {
    ws.on("message", (raw) => String(raw).includes('"hello"') && resolve());
    ws.on("error", reject);
  });
  return { ws, received, closed, ready };
}
