import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import WebSocket from "ws";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import type { NotificationView } from "../../domain/notifications/types.ts";
import { cookieHeader } from "../api/notifications-socket.ts";
import { ADMIN, createFaultDatabase, ensureBuild, FAULTS_ENABLED, NODE, ROOT, sleep, type FaultDatabase } from "../faults/portal.ts";
import { ApiClient, createUser, type ApiResponse } from "../helpers/server.ts";

// Issue 30 item 1: `npm run topology` (scripts/topology.mjs) is compose.yaml's set without
// containers: two app processes on two ports behind Caddy with compose's own Caddyfile, on the
// local PostgreSQL. Everything here goes through the proxy, over real HTTP: requests land on both
// apps (Caddy's X-Portal-Replica names the one that answered), a session made on one is valid on
// the other, the client's address reaching the apps is the proxy's X-Forwarded-For, and the bell's
// WebSocket works through the proxy, a notification raised through one app reaching sockets held by
// both.

const CADDY = ["/usr/bin/caddy", "/usr/local/bin/caddy"].find((f) => fs.existsSync(f));
if (FAULTS_ENABLED && !CADDY && !process.env.CI)
  console.log("tests/ops/topology.test.ts skipped: Caddy is not installed (apt-get install -y caddy)");

const replicaOf = (res: { headers: Headers }) => res.headers.get("x-portal-replica") ?? "";

/** Repeats a request that changes nothing until an app other than `not` answers it. */
async function onOther(not: string, call: () => Promise<ApiResponse>): Promise<ApiResponse> {
  for (let i = 0; i < 10; i++) {
    const res = await call();
    if (replicaOf(res) !== not) return res;
  }
  throw new Error(`only ${not} answered 10 requests`);
}

interface ProxiedSocket {
  received: NotificationView[];
  ws: WebSocket;
}

/** The bell's socket through the proxy, keeping what it is sent. */
function openSocket(baseUrl: string, cookies: Map<string, string>): Promise<ProxiedSocket> {
  const ws = new WebSocket(baseUrl.replace(/^http/, "ws") + "/ws", { headers: { cookie: cookieHeader(cookies) } });
  const socket: ProxiedSocket = { received: [], ws };
  ws.on("message", (raw) => {
    const msg = JSON.parse(String(raw)) as { type?: string; notification?: NotificationView };
    if (msg.type === "notification" && msg.notification) socket.received.push(msg.notification);
  });
  return new Promise((resolve, reject) => {
    ws.on("message", (raw) => String(raw).includes('"hello"') && resolve(socket));
    ws.on("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on("error", reject);
  });
}

describe.skipIf(!FAULTS_ENABLED || (!CADDY && !process.env.CI))("npm run topology: two apps behind Caddy, one PostgreSQL", () => {
  let database: FaultDatabase;
  let opened: OpenedDatabase;
  let topology: ChildProcess;
  let exited: Promise<number | null>;
  let output = "";
  let proxyUrl = "";
  let apps: string[] = [];

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    topology = spawn(NODE, ["scripts/topology.mjs"], {
      cwd: ROOT,
      env: {
        ...process.env,
        TOPOLOGY_DATABASE_URL: database.url,
        TOPOLOGY_PORT: "0",
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        TEST_DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    topology.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    topology.stderr!.on("data", (d: Buffer) => (output += d.toString()));
    exited = new Promise((resolve) => topology.once("exit", (code) => resolve(code)));
    const started = performance.now();
    while (performance.now() - started < 150_000 && topology.exitCode === null) {
      const m = /Topology ready in (\d+) ms: (http:\/\/\S+) \(app 1 (http:\/\/\S+), app 2 (http:\/\/\S+)\)/.exec(output);
      if (m) {
        proxyUrl = m[2];
        apps = [m[3], m[4]].map((u) => new URL(u).host).sort();
        console.log(`the topology was ready in ${m[1]} ms`);
        break;
      }
      await sleep(100);
    }
    if (!proxyUrl) throw new Error(`the topology did not start:\n${output}`);
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
  }, 200_000);

  afterAll(async () => {
    await opened?.close();
    if (topology && topology.exitCode === null) {
      topology.kill("SIGTERM");
      const timer = setTimeout(() => topology.kill("SIGKILL"), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await database?.drop();
  }, 60_000);

  test("a session signed in through the proxy is valid on both apps; the apps see the proxy's X-Forwarded-For", async () => {
    const user = await createUser(opened.db, { username: "topo-viewer", roles: ["Viewer"] });
    const client = new ApiClient(proxyUrl);
    await client.csrf();
    // A client cannot choose the address the apps record: Caddy replaces X-Forwarded-For.
    const forged = { headers: { "X-Forwarded-For": "203.0.113.9" } };
    const login = await client.post("/backend/api/login", { username: user.username, password: user.password }, forged);
    expect(login.status, login.text).toBe(200);
    const answered = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const me = await client.get("/backend/api/userme");
      expect(me.status, me.text).toBe(200);
      expect(me.body.data.username).toBe("topo-viewer");
      answered.add(replicaOf(me));
    }
    expect([...answered].sort()).toEqual(apps);
    // The sign-in's audit row names the client's address as Caddy saw it (loopback), not the proxy's
    // nor the forged one: the apps believe X-Forwarded-For from the proxy only (TRUST_PROXY).
    const signIn = await opened.db.selectFrom("sessions").select("ip").where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(signIn.ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
  });

  test("an XSRF token and a write made through one app are accepted and read through the other", async () => {
    const admin = new ApiClient(proxyUrl);
    expect((await admin.login(ADMIN.username, ADMIN.password)).status).toBe(200);
    const created = await admin.post("/backend/api/purok", { name: "Purok Topology" });
    expect(created.status, created.text).toBe(201);
    const read = await onOther(replicaOf(created), () => admin.get(`/backend/api/purok/${created.body.data.id}`));
    expect(read.status, read.text).toBe(200);
    expect(read.body.data.name).toBe("Purok Topology");
  });

  test("the bell's socket works through the proxy: a notification raised through one app reaches sockets on both", async () => {
    const admin = new ApiClient(proxyUrl);
    expect((await admin.login(ADMIN.username, ADMIN.password)).status).toBe(200);
    const sockets: ProxiedSocket[] = [];
    // Each app's diagnostics count the sockets it holds (Caddy names no app on a 101 answer).
    const socketsOn = async (app: string) => {
      for (let i = 0; i < 10; i++) {
        const res = await admin.get("/trpc/system.diagnostics");
        if (replicaOf(res) === app) return res.body.result.data.websocketConnections as number;
      }
      throw new Error(`${app} answered none of 10 requests`);
    };
    try {
      for (let i = 0; i < 8; i++) {
        sockets.push(await openSocket(proxyUrl, admin.cookies));
        if (sockets.length >= 2 && (await socketsOn(apps[0])) > 0 && (await socketsOn(apps[1])) > 0) break;
      }
      for (const app of apps) expect(await socketsOn(app)).toBeGreaterThan(0);
      // The /test page's notification to oneself: stored, then pushed by every app that holds a socket of the user.
      const sent = await admin.post("/trpc/system.sendTestNotification", {});
      expect(sent.status, sent.text).toBe(200);
      const deadline = performance.now() + 5_000;
      const got = (s: ProxiedSocket) => s.received.filter((n) => n.title === "Test notification").length;
      while (performance.now() < deadline && !sockets.every((s) => got(s) > 0)) await sleep(50);
      // Every socket, through whichever app it was proxied to, gets it once.
      expect(sockets.map(got)).toEqual(sockets.map(() => 1));
    } finally {
      for (const s of sockets) s.ws.close();
    }
  });

  test("SIGTERM stops the proxy and both apps cleanly", async () => {
    topology.kill("SIGTERM");
    const code = await exited;
    expect(code, output).toBe(0);
    expect(output).toMatch(/SIGTERM: stopping the proxy, then the apps/);
    expect(output.match(/SIGTERM: finishing requests in flight/g)).toHaveLength(2);
  }, 40_000);
});
