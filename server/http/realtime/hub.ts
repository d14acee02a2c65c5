import type { PGlite } from "@electric-sql/pglite";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { sql } from "kysely";
import pg from "pg";
import { WebSocketServer, type WebSocket } from "ws";
import type { DB } from "../../../db/index.ts";
import { databaseClient } from "../../../db/multi-host.ts";
import { SESSION_COOKIE, validateSessionToken } from "../../auth/sessions.ts";
import { inBarangay, inScope } from "../../../db/tenant.ts";
import { parseCookies } from "../cookies.ts";
import { toNotificationView } from "../../features/notifications/service.ts";
import type { NotificationMessage } from "../../../domain/notifications/types.ts";
// Sent by the queue's commands at commit (decision 206).
import { QUEUE_CHANNEL } from "../../features/queue/steps.ts";

// Realtime at /ws (DESIGN §1): the session cookie authenticates the upgrade; a ping every 30 s
// drops dead sockets. Stored notifications reach the sockets through the database: the
// `notifications` table's trigger sends pg_notify('portal_notifications', row) at commit, and every
// process listens (PostgreSQL: a dedicated LISTEN connection; PGlite: pglite.listen, one process)
// and pushes each row to its user's sockets. A rolled-back event therefore pushes nothing.

/** Sent by the notifications trigger at commit (migration 20261201000000). */
const NOTIFICATIONS_CHANNEL = "portal_notifications";
/** Sent by the database when sessions are deleted or a user is blocked or deleted (migration 20261124140000). */
const SESSIONS_CHANNEL = "portal_sessions";
/** Sent when anything a session check reads changes (migration 20261205020000, decision 173). */
const AUTH_CHANNEL = "portal_auth";
const PING_MS = 30_000;
/** Close code for a socket whose session was revoked (logout, password change, blocklist, user deleted). */
export const SESSION_REVOKED_CODE = 4001;
/**
 * Close code asking a socket to come back: sent when this process listens again after losing its
 * LISTEN connection (a restart or a failover to the standby, decision 213). Whatever was notified
 * meanwhile never reached it; the bell (app/features/notifications/realtime.tsx) and the queue's
 * displays read what they missed on every (re)connect, so closing the sockets is the catch-up.
 */
export const CATCH_UP_CODE = 1012;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

interface SocketInfo {
  userId: number;
  sessionId: string;
  /** The user's barangay (decision 209); absent: the process's default. */
  barangayId?: number;
}

class Hub {
  private sockets = new Map<WebSocket, SocketInfo>();
  private wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  private listener: pg.Client | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;
  private unlistenPglite: (() => Promise<void>)[] = [];
  private databaseUrl: string | undefined;
  private stopped = false;
  /** The LISTEN connection was lost since the sockets last heard everything. */
  private missedNotifications = false;
  private db: DB | null = null;
  private log: (message: string) => void = (message) => console.error(message);
  private authListeners = new Set<() => void>();
  /**
   * The hall's displays (/ws/queue): no session, since the TV shows only ticket codes and window
   * names (decision 206); they hear the queue's events and nothing else.
   */
  private displays = new Set<WebSocket>();

  /**
   * Calls `listener` whenever what a session check reads may have changed in the database, and
   * whenever this process stopped or started listening (it may have missed a change).
   */
  onAuthChanged(listener: () => void): () => void {
    this.authListeners.add(listener);
    return () => this.authListeners.delete(listener);
  }

  private authChanged(): void {
    for (const listener of this.authListeners) listener();
  }

  async start(db: DB, databaseUrl?: string, pglite?: PGlite): Promise<void> {
    this.db = db;
    this.stopped = false;
    this.databaseUrl = databaseUrl;
    if (databaseUrl) {
      await this.listen();
    } else if (pglite) {
      this.unlistenPglite = [
        await pglite.listen(AUTH_CHANNEL, () => this.authChanged()),
        await pglite.listen(SESSIONS_CHANNEL, (payload) => this.sessionsChanged(payload)),
        await pglite.listen(NOTIFICATIONS_CHANNEL, (payload) => this.notificationCreated(payload)),
        await pglite.listen(QUEUE_CHANNEL, (payload) => this.queueChanged(payload)),
      ];
    }
    this.pingTimer = setInterval(() => this.ping(), PING_MS);
    this.pingTimer.unref();
  }

  /** Opens the dedicated LISTEN connection; on loss it reconnects with backoff and subscribes again. */
  private async listen(): Promise<void> {
    // Several servers in DATABASE_URL (decision 213): the writable one, found again on every reconnect.
    const client = databaseClient(this.databaseUrl ?? "");
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.listener === client) this.listener = null;
      this.authChanged();
      client.end().catch(() => {});
      if (this.stopped) return;
      this.missedNotifications = true;
      this.log(`realtime: LISTEN connection lost${error ? `: ${error.message}` : ""}; reconnecting`);
      this.scheduleReconnect();
    };
    client.on("error", onLost);
    client.on("end", () => onLost());
    client.on("notification", (msg) => {
      if (msg.channel === AUTH_CHANNEL) return this.authChanged();
      if (msg.channel === SESSIONS_CHANNEL) return this.sessionsChanged(msg.payload ?? "");
      if (msg.channel === NOTIFICATIONS_CHANNEL) this.notificationCreated(msg.payload ?? "");
      if (msg.channel === QUEUE_CHANNEL) this.queueChanged(msg.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${NOTIFICATIONS_CHANNEL}`);
      await client.query(`LISTEN ${SESSIONS_CHANNEL}`);
      await client.query(`LISTEN ${AUTH_CHANNEL}`);
      await client.query(`LISTEN ${QUEUE_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      throw error;
    }
    this.listener = client;
    this.authChanged();
    this.reconnectDelay = RECONNECT_MIN_MS;
    // Sessions may have been revoked while we were not listening.
    void this.revalidate().catch(() => {});
    if (this.missedNotifications) this.askToCatchUp();
  }

  /** Closes every socket with CATCH_UP_CODE: each reconnects and reads what it missed. */
  private askToCatchUp(): void {
    this.missedNotifications = false;
    const sockets = [...this.sockets.keys(), ...this.displays];
    if (sockets.length === 0) return;
    this.log(`realtime: listening again; ${sockets.length} socket(s) asked to reconnect and catch up`);
    for (const ws of sockets) ws.close(CATCH_UP_CODE, "Reconnect to catch up");
  }

  private scheduleReconnect(): void {
    if (this.reconnectTimer || this.stopped) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch(() => {}); // a failure schedules the next attempt itself
    }, delay);
    this.reconnectTimer.unref();
  }

  /** True while the LISTEN connection is up (PostgreSQL), or always on the embedded database. */
  listening(): boolean {
    if (!this.db || this.stopped) return false;
    return !this.databaseUrl || this.listener !== null;
  }

  private sessionsChanged(payload: string): void {
    let users: number[] | null = null;
    try {
      const parsed = JSON.parse(payload || "{}") as { users?: unknown };
      if (Array.isArray(parsed.users)) users = parsed.users.map(Number);
    } catch {
      /* check every socket */
    }
    if (users && users.length === 0) return;
    void this.revalidate(users ?? undefined).catch(() => {});
  }

  /** Closes the sockets whose session no longer exists or whose user is blocked or deleted. */
  async revalidate(userIds?: number[]): Promise<void> {
    if (!this.db) return;
    const wanted = new Set(userIds ?? []);
    const candidates = [...this.sockets].filter(([, info]) => !userIds || wanted.has(info.userId));
    if (candidates.length === 0) return;
    const ids = [...new Set(candidates.map(([, info]) => info.sessionId))];
    // The sockets may be of several barangays' users: read as portal_auth (decision 209).
    const db = this.db;
    const live = await inScope({ kind: "auth" }, () =>
      db
        .selectFrom("sessions")
        .innerJoin("users", "users.id", "sessions.user_id")
        .select("sessions.id")
        .where("sessions.id", "in", ids)
        .where("sessions.expires_at", ">", sql<Date>`now()`)
        .where("users.blocked_at", "is", null)
        .where("users.deleted_at", "is", null)
        .execute(),
    );
    const alive = new Set(live.map((row) => row.id));
    for (const [ws, info] of candidates) {
      if (alive.has(info.sessionId)) continue;
      this.sockets.delete(ws);
      ws.close(SESSION_REVOKED_CODE, "Session ended");
    }
  }

  /** Handles an HTTP upgrade for /ws: 403 from another origin, 401 without a valid session. */
  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    if (!sameOrigin(req)) {
      socket.write("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroy();
      return;
    }
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
      this.sockets.set(ws, { userId: valid.user.id, sessionId: valid.session.id, barangayId: valid.user.barangayId });
      ws.on("error", () => ws.terminate());
      ws.on("pong", () => (alive.isAlive = true));
      ws.on("close", () => this.sockets.delete(ws));
      ws.on("message", (raw) => {
        if (raw.toString() === "ping") ws.send("pong");
      });
      ws.send(JSON.stringify({ type: "hello", userId: valid.user.id }));
    });
  }

  /**
   * A display's upgrade at /ws/queue: same origin only, no session. It receives the queue's events
   * (`{type: "queue", event, code, window, lane}`) and sends nothing but "ping".
   */
  upgradeDisplay(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!sameOrigin(req)) {
      socket.write("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const alive = ws as WebSocket & { isAlive?: boolean };
      alive.isAlive = true;
      this.displays.add(ws);
      ws.on("error", () => ws.terminate());
      ws.on("pong", () => (alive.isAlive = true));
      ws.on("close", () => this.displays.delete(ws));
      ws.on("message", (raw) => {
        if (raw.toString() === "ping") ws.send("pong");
      });
      ws.send(JSON.stringify({ type: "hello" }));
    });
  }

  /** A ticket moved (a command committed): tell every display of this process. */
  private queueChanged(payload: string): void {
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return;
    }
    const text = JSON.stringify({ type: "queue", event: event.event, code: event.code, window: event.window, lane: event.lane });
    for (const ws of this.displays) ws.send(text);
  }

  /** A notifications row committed (the trigger's payload): push it to its user's sockets here. */
  private notificationCreated(payload: string): void {
    let row: Record<string, unknown>;
    try {
      row = JSON.parse(payload) as Record<string, unknown>;
    } catch {
      return;
    }
    const userId = Number(row.user_id);
    if (!Number.isFinite(userId) || this.socketsOf(userId) === 0) return;
    if (typeof row.title === "string") {
      this.sendTo(userId, row);
      return;
    }
    // Too long for a NOTIFY payload: the trigger sent only the id; read the row, in its user's barangay.
    const db = this.db;
    if (!db) return;
    const barangayId = [...this.sockets.values()].find((info) => info.userId === userId)?.barangayId;
    const read = () => db.selectFrom("notifications").selectAll().where("id", "=", Number(row.id)).executeTakeFirst();
    void (barangayId === undefined ? read() : inBarangay(barangayId, read))
      .then((stored) => stored && this.sendTo(userId, stored))
      .catch((error: Error) => this.log(`realtime: notification ${String(row.id)} not read: ${error.message}`));
  }

  private sendTo(userId: number, row: Parameters<typeof toNotificationView>[0]): void {
    const message: NotificationMessage = { type: "notification", notification: toNotificationView(row) };
    const text = JSON.stringify(message);
    for (const [ws, info] of this.sockets) if (info.userId === userId) ws.send(text);
  }

  /** How many sockets of this user this process holds. */
  socketsOf(userId: number): number {
    let n = 0;
    for (const info of this.sockets.values()) if (info.userId === userId) n++;
    return n;
  }

  private ping(): void {
    for (const ws of this.displays) {
      const alive = ws as WebSocket & { isAlive?: boolean };
      if (alive.isAlive === false) {
        ws.terminate();
        this.displays.delete(ws);
        continue;
      }
      alive.isAlive = false;
      ws.ping();
    }
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
    // A safety net for revocations missed while the LISTEN connection was down.
    void this.revalidate().catch(() => {});
  }

  connectionCount(): number {
    return this.sockets.size;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.authChanged();
    if (this.pingTimer) clearInterval(this.pingTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    for (const ws of this.sockets.keys()) ws.close(1001, "Server shutting down");
    this.sockets.clear();
    for (const ws of this.displays) ws.close(1001, "Server shutting down");
    this.displays.clear();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => {});
    for (const unlisten of this.unlistenPglite) await unlisten().catch(() => {});
    this.unlistenPglite = [];
  }
}

export const hub = new Hub();

/**
 * The upgrade must come from the portal's own pages: a browser always sends
 * Origin, and its host must be the Host the request was sent to. Clients that send no Origin
 * (not browsers) still need a valid session cookie.
 */
export function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const forwarded = req.headers["x-forwarded-host"];
  const allowed = [req.headers.host, ...(typeof forwarded === "string" ? forwarded.split(",").map((h) => h.trim()) : [])];
  return allowed.some((h) => !!h && h.toLowerCase() === host.toLowerCase());
}

export function attachRealtime(server: Server): void {
  server.on("upgrade", (req, socket, head) => {
    if (req.headers["sec-websocket-protocol"] === "vite-hmr") return; // Vite's own socket in development
    const path = (req.url ?? "").split("?")[0];
    if (path === "/ws/queue") {
      hub.upgradeDisplay(req, socket, head);
      return;
    }
    if (path !== "/ws") {
      socket.destroy();
      return;
    }
    hub.upgrade(req, socket, head).catch(() => socket.destroy());
  });
}
