import * as React from "react";
import { useRevalidator } from "react-router";
import { reconnectDelay } from "~/features/notifications/realtime";

// The queue's live events over /ws/queue (decision 206): a ticket issued, called, recalled, done,
// skipped or transferred. Every event reloads the page's data; `onCall` hears the calls, so the
// display can chime and read the number aloud. The socket reconnects with back-off, and reloads
// once on each (re)connect for what it missed.

export interface QueueEvent {
  type: "queue";
  event: "issued" | "called" | "recalled" | "skipped" | "done" | "transferred";
  code: string;
  window: string | null;
  lane: string;
}

export function parseQueueEvent(raw: string): QueueEvent | null {
  try {
    const msg = JSON.parse(raw) as Partial<QueueEvent>;
    return msg?.type === "queue" && typeof msg.code === "string" ? (msg as QueueEvent) : null;
  } catch {
    return null;
  }
}

export function useQueueEvents(onCall?: (event: QueueEvent) => void): "live" | "connecting" {
  const revalidator = useRevalidator();
  const [status, setStatus] = React.useState<"live" | "connecting">("connecting");
  const latest = React.useRef({ revalidator, onCall });
  React.useEffect(() => {
    latest.current = { revalidator, onCall };
  });
  React.useEffect(() => {
    let closed = false;
    let attempts = 0;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    const connect = () => {
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/queue`);
      socket = ws;
      ws.onopen = () => {
        attempts = 0;
        setStatus("live");
        void latest.current.revalidator.revalidate();
      };
      ws.onmessage = (message) => {
        const event = parseQueueEvent(String(message.data));
        if (!event) return;
        if (event.event === "called" || event.event === "recalled") latest.current.onCall?.(event);
        void latest.current.revalidator.revalidate();
      };
      ws.onclose = () => {
        setStatus("connecting");
        if (closed) return;
        attempts++;
        retry = setTimeout(connect, reconnectDelay(attempts));
      };
    };
    connect();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.close();
    };
  }, []);
  return status;
}
