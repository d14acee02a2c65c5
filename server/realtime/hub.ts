import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import pg from "pg";
import { WebSocketServer, type WebSocket } from "ws";
import type { DB } from "../../db/index.ts";
import { SESSION_COOKIE, validateSessionToken } from "../auth/sessions.ts";
import { parseCookies } from "../http/cookies.ts";

// Realtime at /ws (DESIGN §1): the session cookie authenticates the upgrade; a ping every 30 s
// drops dead sockets. With PostgreSQL, events go through LISTEN/NOTIFY so every server process
// fans them out to its own sockets; the embedded database has one process and delivers directly.

export interface RealtimeEvent {
  title: string;
  message: string;
  type: "info" | "success" | "warning" | "invalid";
  data?: unknown;
}

const CHANNEL = "portal_events";
const PING_MS = 30_000;

interface Envelope {
  userId: number | null; // null: everyone
  event: RealtimeEvent;
}

class Hub {
  private sockets = new Map<WebSocket, number>();
  private wss = new WebSocketServer({ noServer: true });
  private listener: pg.Client | null = null;
  private notifyPool: pg.Pool | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private db: DB | null = null;

  async start(db: DB, databaseUrl?: string): Promise<void> {
    this.db = db;
    if (databaseUrl) {
      this.listener = new pg.Client({ connectionString: databaseUrl });
      await this.listener.connect();
      await this.listener.query(`LISTEN ${CHANNEL}`);
      this.listener.on("notification", (msg) => {
        if (msg.payload) this.deliver(JSON.parse(msg.payload) as Envelope);
      });
      this.notifyPool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    }
    this.pingTimer = setInterval(() => this.ping(), PING_MS);
    this.pingTimer.unref();
  }

  /** Handles an HTTP upgrade for /ws; answers 401 without a valid session. */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const token = parseCookies(req.headers.cookie)[SESSION_COOKIE];
    const valid = token && this.db ? await validateSessionToken(this.db, token) : null;
    if (!valid) {
      socket.write("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const alive = ws as WebSocket & { isAlive?: boolean };
      alive.isAlive = true;
      this.sockets.set(ws, valid.user.id);
      ws.on("pong", () => (alive.isAlive = true));
      ws.on("close", () => this.sockets.delete(ws));
      ws.on("message", (raw) => {
        if (raw.toString() === "ping") ws.send("pong");
      });
      ws.send(JSON.stringify({ type: "hello", userId: valid.user.id }));
    });
  }

  async publish(envelope: Envelope): Promise<number> {
    if (this.notifyPool) {
      await this.notifyPool.query("select pg_notify($1, $2)", [CHANNEL, JSON.stringify(envelope)]);
      return this.countFor(envelope.userId);
    }
    return this.deliver(envelope);
  }

  private countFor(userId: number | null): number {
    let n = 0;
    for (const id of this.sockets.values()) if (userId == null || id === userId) n++;
    return n;
  }

  private deliver(envelope: Envelope): number {
    let n = 0;
    const text = JSON.stringify({ ...envelope.event, type: "notification", level: envelope.event.type });
    for (const [ws, id] of this.sockets) {
      if (envelope.userId != null && id !== envelope.userId) continue;
      ws.send(text);
      n++;
    }
    return n;
  }

  private ping(): void {
    for (const ws of this.sockets.keys()) {
      const alive = ws as WebSocket & { isAlive?: boolean };
      if (alive.isAlive === false) {
        ws.terminate();
        this.sockets.delete(ws);
        continue;
      }
      alive.isAlive = false;
      ws.ping();
    }
  }

  connectionCount(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    if (this.pingTimer) clearInterval(this.pingTimer);
    for (const ws of this.sockets.keys()) ws.close(1001, "Server shutting down");
    this.sockets.clear();
    await this.listener?.end().catch(() => {});
    await this.notifyPool?.end().catch(() => {});
    this.listener = null;
    this.notifyPool = null;
  }
}

export const hub = new Hub();

export function attachRealtime(server: Server): void {
  server.on("upgrade", (req, socket, head) => {
    if (req.headers["sec-websocket-protocol"] === "vite-hmr") return; // Vite's own socket in development
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/ws") {
      socket.destroy();
      return;
    }
    hub.upgrade(req, socket, head).catch(() => socket.destroy());
  });
}

export function notifyUser(userId: number, event: RealtimeEvent): Promise<number> {
  return hub.publish({ userId, event });
}
