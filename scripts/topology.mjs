// `npm run topology`: compose.yaml's set on this machine, without containers (issue 30 item 1).
//
//   PostgreSQL   the local server, a database of its own (TOPOLOGY_DATABASE_URL, by default
//                postgres://postgres@127.0.0.1:5432/portal_topology, created when missing)
//   app 1, app 2 two `npm start` processes (scripts/start.mjs) on two loopback ports (PORT=0), each with
//                WEB_CONCURRENCY workers (default 1); app 2 starts once app 1 listens, because app 1
//                applies the migrations and the seed alone, as compose's app2 waits for app1
//   the proxy    Caddy with compose's own deploy/caddy/Caddyfile, round robin over both apps,
//                on TOPOLOGY_PORT (default 8080; 0 picks a free port), the bell's /ws included
//
// The apps trust the proxy's X-Forwarded-For (TRUST_PROXY=loopback), as compose's trust theirs.
// Every line a process prints is prefixed with its name. Ctrl-C (SIGINT) or SIGTERM stops the proxy
// and lets both apps finish their requests in flight; a stopped app is reported and the proxy sends
// its requests to the other one. Prints, once everything answers:
//   Topology ready in N ms: http://127.0.0.1:8080 (app 1 http://127.0.0.1:A, app 2 http://127.0.0.1:B)
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const startedAt = performance.now();
const CADDYFILE = path.join(root, "deploy/caddy/Caddyfile");
const START_TIMEOUT_MS = 180_000;

const databaseUrl = process.env.TOPOLOGY_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/portal_topology";
const caddy = process.env.CADDY || findOnPath("caddy");
if (!caddy) fail("Caddy is not installed: apt-get install -y caddy (or set CADDY to its path).");

function findOnPath(name) {
  for (const dir of (process.env.PATH ?? "").split(":").concat(["/usr/bin", "/usr/local/bin"])) {
    const file = path.join(dir, name);
    if (dir && fs.existsSync(file)) return file;
  }
  return null;
}

function fail(message) {
  console.error(`topology: ${message}`);
  process.exit(1);
}

/** Creates the topology's database when it does not exist yet (the server's `postgres` database is asked). */
async function ensureDatabase(url) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    fail(`TOPOLOGY_DATABASE_URL must name a database of lowercase letters, digits and _ (got "${name}").`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!found.rowCount) {
      await client.query(`create database ${name}`);
      console.log(`topology: created the database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** A port nobody listens on now (for TOPOLOGY_PORT=0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const children = [];
let stopping = false;
/** Caddy's data and configuration folder (it writes its autosave there), removed at the end. */
let caddyHome = null;

/** Starts a process whose lines are printed with its name; resolves its first match of `ready`. */
function run(name, command, args, env, ready) {
  const child = spawn(command, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  const entry = { name, child, exited: new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal }))) };
  children.push(entry);
  let text = "";
  let settle;
  const found = new Promise((resolve, reject) => (settle = { resolve, reject }));
  const onData = (chunk) => {
    const lines = chunk.toString();
    for (const line of lines.split("\n")) if (line) console.log(`[${name}] ${line}`);
    if (!ready) return;
    text += lines;
    const m = ready.exec(text);
    if (m) settle.resolve(m);
  };
  child.stdout.on("data", onData);
  child.stderr.on("data", onData);
  void entry.exited.then(({ code, signal }) => {
    settle.reject(new Error(`${name} exited (${signal ?? `exit code ${code}`}) before it was ready`));
    if (stopping) return;
    if (name === "proxy") {
      console.error(`topology: the proxy stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
      void stop("proxy stopped", 1);
    } else {
      console.error(`topology: ${name} stopped (${signal ?? `exit code ${code}`}); the proxy sends its requests to the other app.`);
      if (children.filter((c) => c.name !== "proxy").every((c) => c.child.exitCode !== null || c.child.signalCode !== null))
        void stop("no app left", 1);
    }
  });
  const timer = setTimeout(() => settle.reject(new Error(`${name} was not ready in ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
  const readied = found.finally(() => clearTimeout(timer));
  readied.catch(() => {}); // a process without `ready` (the proxy) is awaited by nobody
  return { child, ready: readied };
}

async function stop(reason, exitCode = 0) {
  if (stopping) return;
  stopping = true;
  console.log(`topology: ${reason}: stopping the proxy, then the apps.`);
  // The proxy first, so that nothing new reaches an app that is finishing its requests.
  const order = [...children].sort((a, b) => (a.name === "proxy" ? -1 : b.name === "proxy" ? 1 : 0));
  let clean = exitCode === 0;
  for (const { child, exited, name } of order) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    const kill = setTimeout(() => child.kill("SIGKILL"), 20_000);
    const { code, signal } = await exited;
    clearTimeout(kill);
    // An app that stopped on its own earlier already counted; the proxy may end on the signal.
    if (name !== "proxy" && (code !== 0 || signal)) clean = false;
  }
  if (caddyHome) fs.rmSync(caddyHome, { recursive: true, force: true });
  process.exit(clean ? 0 : 1);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));

try {
  await ensureDatabase(databaseUrl);
} catch (error) {
  fail(`cannot reach PostgreSQL at ${databaseUrl.replace(/\/\/[^@]*@/, "//…@")}: ${error.message}`);
}

// Each app is `npm start` itself (its Node flags, its configuration check, its cluster).
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ["npm"];
const appEnv = () => ({
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: databaseUrl,
  HOST: "127.0.0.1",
  PORT: "0",
  TRUST_PROXY: "loopback",
  // Never the topology's own settings.
  TOPOLOGY_DATABASE_URL: undefined,
  TOPOLOGY_PORT: undefined,
});
const READY = /(?:Ready in \d+ ms|\d+ workers ready in \d+ ms): (http:\/\/\S+)/;
const startApp = (n) => run(`app ${n}`, npm[0], [...npm.slice(1), "start", "--silent"], clean(appEnv()), READY);

function clean(env) {
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return env;
}

try {
  const app1 = startApp(1);
  const url1 = (await app1.ready)[1];
  const app2 = startApp(2);
  const url2 = (await app2.ready)[1];
  const requested = Number(process.env.TOPOLOGY_PORT ?? 8080);
  const port = requested === 0 ? await freePort() : requested;
  const upstreams = [url1, url2].map((u) => new URL(u).host).join(" ");
  const home = (caddyHome = fs.mkdtempSync(path.join(os.tmpdir(), "portal-topology-caddy-")));
  const proxyUrl = `http://127.0.0.1:${port}`;
  run(
    "proxy",
    caddy,
    ["run", "--config", CADDYFILE, "--adapter", "caddyfile"],
    { ...process.env, PROXY_ADDRESS: proxyUrl, PORTAL_UPSTREAMS: upstreams, XDG_DATA_HOME: home, XDG_CONFIG_HOME: home, HOME: home },
    null,
  );
  // Ready when the proxy answers /healthz through each app.
  const seen = new Set();
  const deadline = performance.now() + 30_000;
  while (seen.size < 2) {
    if (performance.now() > deadline) throw new Error(`the proxy on ${proxyUrl} did not reach both apps in 30 s`);
    try {
      const res = await fetch(`${proxyUrl}/healthz`);
      if (res.ok) seen.add(res.headers.get("x-portal-replica"));
    } catch {
      /* not listening yet */
    }
    if (seen.size < 2) await new Promise((r) => setTimeout(r, 100));
  }
  console.log(`Topology ready in ${Math.round(performance.now() - startedAt)} ms: ${proxyUrl} (app 1 ${url1}, app 2 ${url2})`);
} catch (error) {
  console.error(`topology: ${error.message}`);
  await stop("start-up failed", 1);
}
