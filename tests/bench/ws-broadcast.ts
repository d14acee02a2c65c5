// Issue 15 item 5: 500 signed-in sockets receiving a broadcast. Run with
//   npx tsx tests/bench/ws-broadcast.ts            (embedded PGlite)
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx tests/bench/ws-broadcast.ts
// A child process is the portal (database, realtime hub, HTTP and /ws, no pages): it makes 500 staff
// accounts with a session each and answers its memory. This process opens one socket per account,
// then asks the child for broadcasts: one notification to every staff account (what maintenance
// mode sends), written in one transaction and pushed by the hub after commit. Measured: from the
// send to each socket's receipt (p50, p95, max over every delivery), the time to the last receipt
// of each broadcast, and the portal's RSS and heap growth per connected socket. Times run from the
// start of the event's transaction (the send) to each receipt.
import { fork, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";

const SOCKETS = Number(process.env.WS_BENCH_SOCKETS ?? 500);
const BROADCASTS = Number(process.env.WS_BENCH_BROADCASTS ?? 10);

type ToChild = { op: "broadcast"; n: number } | { op: "memory" } | { op: "stop" };
type FromChild =
  | { op: "ready"; url: string; tokens: string[] }
  | { op: "broadcast"; n: number; sentAt: number; committedAt: number; rows: number }
  | { op: "memory"; rss: number; heapUsed: number };

// ---- the portal (child) ----------------------------------------------------------------------------

async function portal(): Promise<void> {
  const pino = (await import("pino")).default;
  const { createTestDatabase } = await import("../helpers/db.ts");
  const { createHttpApp } = await import("../../server/http/app.ts");
  const { attachRealtime, hub } = await import("../../server/http/realtime/hub.ts");
  const { createSession, SESSION_COOKIE } = await import("../../server/auth/sessions.ts");
  const { notify } = await import("../../server/features/notifications/service.ts");

  const started = Date.now();
  const log = (step: string) => console.error(`ws-broadcast portal: ${step} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  const database = await createTestDatabase({ seed: true });
  log("database migrated and seeded");
  const { db } = database;
  const users = await db
    .insertInto("users")
    .values(Array.from({ length: SOCKETS }, (_, i) => ({ kind: "staff" as const, username: `ws-bench-${i}` })))
    .returning("id")
    .execute();
  await db
    .insertInto("user_profiles")
    .values(users.map((u, i) => ({ user_id: u.id, firstname: "Bench", lastname: `User ${i}` })))
    .execute();
  const tokens: string[] = [];
  for (const u of users) tokens.push(`${SESSION_COOKIE}=${(await createSession(db, u.id)).token}`);

  log(`${SOCKETS} accounts with a session each`);
  await hub.start(db, database.databaseUrl, database.pglite);
  const server = http.createServer(createHttpApp({ db, logger: pino({ level: "silent" }), secureCookies: false }));
  attachRealtime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const send = (msg: FromChild) => process.send!(msg);
  send({ op: "ready", url, tokens });

  process.on("message", async (msg: ToChild) => {
    if (msg.op === "memory") {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      send({ op: "memory", rss: m.rss, heapUsed: m.heapUsed });
    } else if (msg.op === "broadcast") {
      const sentAt = performance.timeOrigin + performance.now();
      const rows = await db
        .transaction()
        .execute((trx) =>
          notify({ db: trx, user: null }, { everyone: true }, { topic: "system", type: "info", title: `Bench broadcast ${msg.n}` }),
        );
      send({ op: "broadcast", n: msg.n, sentAt, committedAt: performance.timeOrigin + performance.now(), rows });
    } else if (msg.op === "stop") {
      await hub.stop();
      server.closeAllConnections();
      server.close();
      await database.close();
      process.exit(0);
    }
  });
}

// ---- the clients and the measurement (parent) ------------------------------------------------------

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

async function main(): Promise<void> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ["--portal"], {
    execArgv: [...process.execArgv, "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting = new Map<string, (msg: FromChild) => void>();
  child.on("message", (msg: FromChild) => waiting.get(msg.op)?.(msg));
  const ask = <T extends FromChild>(op: T["op"], msg?: ToChild) =>
    new Promise<T>((resolve) => {
      waiting.set(op, (m) => resolve(m as T));
      if (msg) child.send(msg);
    });

  const ready = await ask<Extract<FromChild, { op: "ready" }>>("ready");
  const before = await ask<Extract<FromChild, { op: "memory" }>>("memory", { op: "memory" });

  const arrivals = new Map<number, number[]>(); // broadcast n → receipt times (epoch ms)
  const sockets: WebSocket[] = [];
  const wsUrl = ready.url.replace("http", "ws") + "/ws";
  for (let i = 0; i < ready.tokens.length; i += 50) {
    const batch = ready.tokens.slice(i, i + 50).map(
      (cookie) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { headers: { cookie } });
          ws.on("message", (raw) => {
            const text = String(raw);
            if (text.includes('"hello"')) return resolve(ws);
            const at = performance.timeOrigin + performance.now();
            const msg = JSON.parse(text) as { type: string; notification?: { title: string } };
            const n = Number(/^Bench broadcast (\d+)$/.exec(msg.notification?.title ?? "")?.[1]);
            if (Number.isFinite(n)) arrivals.set(n, [...(arrivals.get(n) ?? []), at]);
          });
          ws.on("error", reject);
          ws.on("unexpected-response", (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // let the sockets settle before measuring memory
  const after = await ask<Extract<FromChild, { op: "memory" }>>("memory", { op: "memory" });

  const latencies: number[] = [];
  const lastReceipt: number[] = [];
  const writeMs: number[] = [];
  for (let n = 1; n <= BROADCASTS; n++) {
    const sent = await ask<Extract<FromChild, { op: "broadcast" }>>("broadcast", { op: "broadcast", n });
    // Every staff account gets a row: the bench's accounts and the seeded administrator.
    if (sent.rows < SOCKETS) throw new Error(`broadcast ${n} wrote ${sent.rows} rows, expected at least ${SOCKETS}`);
    while ((arrivals.get(n)?.length ?? 0) < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 5));
    // From the start of the event's transaction (PGlite hands NOTIFYs over during its commit, before
    // the transaction's promise settles, so "after commit" is not a point both databases share).
    const times = arrivals.get(n)!.map((at) => at - sent.sentAt);
    latencies.push(...times);
    lastReceipt.push(Math.max(...times));
    writeMs.push(sent.committedAt - sent.sentAt);
  }

  latencies.sort((a, b) => a - b);
  lastReceipt.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  const result = {
    database: process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite",
    sockets: SOCKETS,
    broadcasts: BROADCASTS,
    delivery_ms: { p50: round(percentile(latencies, 50)), p95: round(percentile(latencies, 95)), max: round(latencies.at(-1)!) },
    last_receipt_ms: { p50: round(percentile(lastReceipt, 50)), p95: round(percentile(lastReceipt, 95)), max: round(lastReceipt.at(-1)!) },
    transaction_ms: { p50: round(percentile(writeMs.sort((a, b) => a - b), 50)), max: round(writeMs.at(-1)!) },
    rss_before_mb: round(before.rss / 2 ** 20),
    rss_after_mb: round(after.rss / 2 ** 20),
    rss_per_socket_kb: round((after.rss - before.rss) / SOCKETS / 1024),
    heap_per_socket_kb: round((after.heapUsed - before.heapUsed) / SOCKETS / 1024),
  };
  console.log(JSON.stringify(result, null, 2));
  for (const ws of sockets) ws.terminate();
  child.send({ op: "stop" } satisfies ToChild);
}

if (process.argv.includes("--portal")) void portal();
else
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
