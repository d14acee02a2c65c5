import fs from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type OpenedDatabase } from "../../db/index.ts";
import {
  ADMIN,
  createFaultDatabase,
  ensureBuild,
  FAULTS_ENABLED,
  isAlive,
  sleep,
  startCluster,
  startPortal,
  type Cluster,
  type FaultDatabase,
} from "../faults/portal.ts";
import { SERVER_NODE_FLAGS } from "../helpers/server-node-flags.ts";
import { ApiClient, createUser, type ApiResponse, type RequestOptions } from "../helpers/server.ts";
import { openNotificationSocket, type NotificationSocket } from "./notifications-socket.ts";

// Issue 30 item 1 (decision 212): `npm start` with WEB_CONCURRENCY=2 on PostgreSQL, as production
// runs it: one port, two worker processes of scripts/cluster.mjs. Every request goes over a
// connection of its own, so the primary hands it to the next worker in turn, and each answer names
// its worker (X-Portal-Worker): a step done on one worker is checked on the other one. The state
// checked: the session, the XSRF token, the login throttle, the maintenance switch (a per-process
// cache dropped by the database's notification), a notification reaching a socket on the other
// worker, a resident's photo, and a block and a sign-out ending the session there. Then the
// cluster itself: a killed worker is replaced, and SIGTERM stops every worker.
// tests/faults/notifications.test.ts and throttle.test.ts keep their two processes on two ports.

/** How long a change may take to reach the other process (NOTIFY; the caches would keep it 30 s). */
const PROPAGATION_MS = 3_000;

/** A client whose every request opens a new connection, and which notes the worker that answered. */
class WorkerClient extends ApiClient {
  override async request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    return super.request<T>(method, path, { ...options, headers: { Connection: "close", ...options.headers } });
  }

  async upload(path: string, form: FormData): Promise<ApiResponse> {
    const res = await fetch(this.baseUrl + path, {
      method: "POST",
      body: form,
      headers: {
        Connection: "close",
        Accept: "application/json",
        "X-XSRF-TOKEN": this.cookies.get("XSRF-TOKEN") ?? "",
        Cookie: [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; "),
      },
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text, setCookies: [] };
  }

  /** A file's bytes (a photo), as the browser's <img> asks for it. */
  async bytes(path: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const res = await fetch(this.baseUrl + path, {
      headers: { Connection: "close", Cookie: [...this.cookies].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("; ") },
    });
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }
}

const workerOf = (res: { headers: Headers }) => res.headers.get("x-portal-worker") ?? "";

/** Repeats a request that changes nothing until the given worker (or any but `not`) answers it. */
async function on<R extends { headers: Headers }>(target: { worker?: string; not?: string }, call: () => Promise<R>): Promise<R> {
  for (let i = 0; i < 20; i++) {
    const res = await call();
    const worker = workerOf(res);
    if (target.worker ? worker === target.worker : worker !== target.not) return res;
  }
  throw new Error(`no answer from ${target.worker ? `worker ${target.worker}` : `a worker other than ${target.not}`} in 20 requests`);
}

/** Asks a worker other than `not` until it answers `status`; the milliseconds that took. */
async function untilOther(not: string, call: () => Promise<ApiResponse>, status: number): Promise<number> {
  const started = performance.now();
  let last: ApiResponse | undefined;
  while (performance.now() - started < PROPAGATION_MS) {
    last = await on({ not }, call);
    if (last.status === status) return performance.now() - started;
    await sleep(20);
  }
  throw new Error(
    `worker ${last ? workerOf(last) : "?"} still answers ${last?.status}, not ${status}, ${PROPAGATION_MS} ms after the change`,
  );
}

describe.skipIf(!FAULTS_ENABLED)("WEB_CONCURRENCY=2: two worker processes on one port, one PostgreSQL", () => {
  let database: FaultDatabase;
  let opened: OpenedDatabase;
  let cluster: Cluster;
  let admin: WorkerClient;
  const client = () => new WorkerClient(cluster.url);
  const signIn = async (username: string, password: string) => {
    const c = client();
    const res = await c.login(username, password);
    expect(res.status, res.text).toBe(200);
    return { client: c, worker: workerOf(res) };
  };

  beforeAll(async () => {
    ensureBuild();
    database = await createFaultDatabase();
    cluster = await startCluster(database.url);
    opened = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    admin = (await signIn(ADMIN.username, ADMIN.password)).client;
  }, 300_000);

  afterAll(async () => {
    await opened?.close();
    await cluster?.portal.stop();
    await database?.drop();
  });

  test("the primary forks two workers with npm start's Node flags; worker 1 alone migrated and seeded", async () => {
    const [one, two] = cluster.workerPids;
    expect(one).not.toBe(two);
    for (const pid of cluster.workerPids) {
      const argv = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
      expect(argv).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS, expect.stringMatching(/scripts\/cluster\.mjs$/)]));
    }
    const out = cluster.portal.output();
    expect(out.match(/Applied migrations:/g)).toHaveLength(1);
    expect(out.match(/Administrator created/g)).toHaveLength(1);
    // Worker 2 starts only once worker 1 listens.
    expect(out.indexOf("Ready in")).toBeLessThan(out.lastIndexOf("Portal 0"));
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) seen.add(workerOf(await client().get("/healthz")));
    expect([...seen].sort()).toEqual(["1", "2"]);
  });

  test("a session made on one worker is served by the other", async () => {
    const user = await createUser(opened.db, { username: "mp-session", roles: ["Viewer"] });
    const { client: c, worker } = await signIn(user.username, user.password);
    const me = await on({ not: worker }, () => c.get("/backend/api/userme"));
    expect(me.status, me.text).toBe(200);
    expect(me.body.data.username).toBe("mp-session");
  });

  test("an XSRF token given by one worker is accepted by the other, and a wrong one refused there", async () => {
    // A fresh token from one worker, then a write that the other worker answers.
    let checked = false;
    for (let i = 0; i < 10 && !checked; i++) {
      admin.cookies.delete("XSRF-TOKEN");
      const given = workerOf(await admin.csrf());
      expect(admin.cookies.get("XSRF-TOKEN")).toBeTruthy();
      const res = await admin.post("/backend/api/purok", { name: `Purok ${i} of the XSRF check` });
      if (workerOf(res) === given) continue;
      expect(res.status, res.text).toBe(201);
      checked = true;
    }
    expect(checked).toBe(true);
    const token = admin.cookies.get("XSRF-TOKEN")!;
    const wrong = await admin.post("/backend/api/purok", { name: "Purok refused" }, { headers: { "X-XSRF-TOKEN": `${token}x` } });
    expect(wrong.status).toBe(419);
  });

  test("failed sign-ins are counted across both workers", async () => {
    const user = await createUser(opened.db, { username: "mp-throttled", roles: ["Viewer"] });
    // One client, its XSRF token fetched once: consecutive connections go to the workers in turn.
    const c = client();
    await c.csrf();
    const attempt = (password: string) => c.post("/backend/api/login", { username: user.username, password });
    const failed = [];
    for (let i = 0; i < 5; i++) failed.push(await attempt("wrong-password"));
    expect(failed.map((r) => r.status)).toEqual([422, 422, 422, 422, 422]);
    expect([...new Set(failed.map(workerOf))].sort()).toEqual(["1", "2"]);
    // The right password is refused now, whichever worker answers.
    const refused = [];
    for (let i = 0; i < 4; i++) refused.push(await attempt(user.password));
    expect(refused.map((r) => r.status)).toEqual([429, 429, 429, 429]);
    expect([...new Set(refused.map(workerOf))].sort()).toEqual(["1", "2"]);
  });

  test("maintenance switched through one worker closes the other to staff, and opens it again", async () => {
    const secretary = await createUser(opened.db, { username: "mp-secretary", roles: ["Secretary"] });
    const { client: staff } = await signIn(secretary.username, secretary.password);
    const list = () => staff.get("/backend/api/resident");
    // Both workers have read the switch (off) and keep it in memory.
    for (const worker of ["1", "2"]) expect((await on({ worker }, list)).status).toBe(200);
    const on1 = await admin.post("/trpc/system.setMaintenance", { on: true });
    expect(on1.status, on1.text).toBe(200);
    const closedIn = await untilOther(workerOf(on1), list, 503);
    const off = await admin.post("/trpc/system.setMaintenance", { on: false });
    expect(off.status, off.text).toBe(200);
    const openedIn = await untilOther(workerOf(off), list, 200);
    console.log(`maintenance reached the other worker in ${closedIn.toFixed(0)} ms (on) and ${openedIn.toFixed(0)} ms (off)`);
  });

  test("a notification raised through one worker reaches a socket connected to the other", async () => {
    const watcher = await createUser(opened.db, { username: "mp-watcher", permissions: ["view-blocklist"] });
    const target = await createUser(opened.db, { username: "mp-target", roles: ["Viewer"] });
    const { client: w } = await signIn(watcher.username, watcher.password);
    // Sockets on connections of their own until both workers hold at least one (the diagnostics of
    // each worker count its own sockets).
    const sockets: NotificationSocket[] = [];
    const socketsOn = async (worker: string) => {
      const res = await on({ worker }, () => admin.get(`/trpc/system.diagnostics`));
      return res.body.result.data.websocketConnections as number;
    };
    try {
      for (let i = 0; i < 8; i++) {
        sockets.push(await openNotificationSocket(cluster.url, w.cookies));
        if (sockets.length >= 2 && (await socketsOn("1")) > 0 && (await socketsOn("2")) > 0) break;
      }
      expect(await socketsOn("1")).toBeGreaterThan(0);
      expect(await socketsOn("2")).toBeGreaterThan(0);
      const res = await admin.post("/backend/api/blocklist", { user_id: target.id, reason: "multi-process" });
      expect(res.status, res.text).toBeLessThan(300);
      // Every socket, on either worker, gets it once.
      for (const socket of sockets) {
        const pushed = await socket.next((n) => n.title === "mp-target blocked");
        expect(pushed.link).toBe(`/system/blocklist/${target.id}`);
        expect(socket.received.filter((n) => n.title === "mp-target blocked")).toHaveLength(1);
      }
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  test("a resident's photo uploaded through one worker is read through the other", async () => {
    const purok = (await admin.post("/backend/api/purok", { name: "Purok Larawan" })).body.data.id;
    const created = await admin.post("/backend/api/resident", {
      user_profile: {
        lastname: "Dela Cruz",
        firstname: "Larawan",
        sex: "Female",
        date_of_birth: "1990-02-03",
        civil_status: "Single",
        purok_id: purok,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#2563eb" } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(png)], { type: "image/png" }), "larawan.png");
    const uploaded = await admin.upload(`/backend/api/resident/${id}/photo`, form);
    expect(uploaded.status, uploaded.text).toBe(200);
    const image = uploaded.body.data.image as string;
    const read = await on({ not: workerOf(uploaded) }, () => admin.bytes(image));
    expect(read.status).toBe(200);
    expect(read.headers.get("content-type")).toBe("image/webp");
    const stored = await opened.db.selectFrom("resident_photos").select("content").where("user_id", "=", id).executeTakeFirstOrThrow();
    expect(read.bytes.equals(Buffer.from(stored.content))).toBe(true);
    const profile = await on({ not: workerOf(uploaded) }, () => admin.get(`/backend/api/resident/${id}`));
    expect(profile.body.data.user_profile.image).toBe(image);
  });

  test("a block and a sign-out through one worker end the session on the other", async () => {
    const blocked = await createUser(opened.db, { username: "mp-blocked", roles: ["Viewer"] });
    const { client: b } = await signIn(blocked.username, blocked.password);
    const me = () => b.get("/backend/api/userme");
    // The session is in both workers' caches.
    for (const worker of ["1", "2"]) expect((await on({ worker }, me)).status).toBe(200);
    const block = await admin.post("/backend/api/blocklist", { user_id: blocked.id, reason: "multi-process" });
    expect(block.status, block.text).toBeLessThan(300);
    const blockedIn = await untilOther(workerOf(block), me, 401);

    const leaving = await createUser(opened.db, { username: "mp-leaving", roles: ["Viewer"] });
    const { client: l } = await signIn(leaving.username, leaving.password);
    const session = new Map(l.cookies);
    for (const worker of ["1", "2"]) expect((await on({ worker }, () => l.get("/backend/api/userme"))).status).toBe(200);
    const out = await l.post("/backend/api/logout");
    expect(out.status).toBe(204);
    // The same cookie again, as a copy kept elsewhere would send it.
    const copy = new WorkerClient(cluster.url);
    for (const [k, v] of session) copy.cookies.set(k, v);
    const signedOutIn = await untilOther(workerOf(out), () => copy.get("/backend/api/userme"), 401);
    console.log(`the block reached the other worker in ${blockedIn.toFixed(0)} ms, the sign-out in ${signedOutIn.toFixed(0)} ms`);
  });

  test("a killed worker is replaced, and SIGTERM stops every worker and the primary", async () => {
    const [, second] = cluster.workerPids;
    process.kill(second, "SIGKILL");
    const started = performance.now();
    while (!/Worker \d+ \(pid (\d+)\) is serving again/.test(cluster.portal.output()) && performance.now() - started < 30_000)
      await sleep(50);
    const replaced = /Worker (\d+) \(pid (\d+)\) is serving again/.exec(cluster.portal.output());
    expect(replaced, cluster.portal.output()).not.toBeNull();
    console.log(`a killed worker was serving again after ${(performance.now() - started).toFixed(0)} ms`);
    const [, newId, newPid] = replaced!;
    expect(newId).toBe("3");
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const res = await client().get("/healthz");
      expect(res.status).toBe(200);
      seen.add(workerOf(res));
    }
    expect([...seen].sort()).toEqual(["1", "3"]);
    // The session made before still works on the replacement.
    expect((await on({ worker: "3" }, () => admin.get("/backend/api/userme"))).status).toBe(200);

    const pids = [cluster.workerPids[0], Number(newPid)];
    const result = await cluster.portal.stop("SIGTERM");
    expect(result).toEqual({ code: 0, signal: null });
    expect(cluster.portal.output()).toMatch(/SIGTERM: 2 workers finishing requests in flight, then stopping\./);
    expect(pids.filter(isAlive)).toEqual([]);
  });
});

describe.skipIf(!FAULTS_ENABLED)("WEB_CONCURRENCY on the embedded database", () => {
  test("is refused with a message before anything opens the database", async () => {
    const dir = fs.mkdtempSync(`${process.env.TMPDIR ?? "/tmp"}/portal-mp-`);
    try {
      const portal = await startPortal({
        entry: [...SERVER_NODE_FLAGS, "scripts/start.mjs"],
        env: { PGLITE_DIR: `${dir}/data`, WEB_CONCURRENCY: "2", DATABASE_URL: undefined },
        waitReady: false,
      });
      expect(await portal.exited).toEqual({ code: 1, signal: null });
      expect(portal.output()).toContain("WEB_CONCURRENCY: several worker processes need PostgreSQL");
      expect(fs.existsSync(`${dir}/data`)).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
