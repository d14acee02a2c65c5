// The process (DESIGN §2): a thin bootstrap. Run with Node 24 (type stripping), e.g. `npm start`.
import compression from "compression";
import express from "express";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { StartedApp } from "./app.ts";

const DEV = process.argv.includes("--dev") || process.env.NODE_ENV === "development";
// Express's own error pages print stack traces unless NODE_ENV is production.
if (!DEV && process.env.NODE_ENV !== "test") process.env.NODE_ENV = "production";
const root = process.cwd();
const version = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).version as string;
const startedAt = performance.now();

async function main(): Promise<void> {
  const outer = express();
  outer.disable("x-powered-by");
  let app: StartedApp;

  if (DEV) {
    process.env.NODE_ENV = "development";
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    outer.use(viteServer.middlewares);
    const mod = (await viteServer.ssrLoadModule("./server/app.ts")) as typeof import("./app.ts");
    app = await mod.startApp({ version });
  } else {
    const buildEntry = path.join(root, "build/server/index.js");
    if (!fs.existsSync(buildEntry)) {
      console.error("No production build found. Run `npm run build` first (npm start does this for you).");
      process.exit(1);
    }
    const mod = (await import(pathToFileURL(buildEntry).href)) as typeof import("./app.ts");
    app = await mod.startApp({ version });
    outer.use(app.beforeStatic); // 405 for TRACE and the like, and the security headers, on static files too
    // Hashed files never change: cache for a year. Everything else revalidates. Only an address
    // whose last segment names a file (every file in build/client has an extension) is looked up
    // on disk: a page or API call skips the static layer's stat() and its compression wrapper,
    // which the profile of a list request at 32 clients showed at 4 % of the server's CPU.
    const files = express.Router();
    files.use(compression());
    files.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y", index: false }));
    files.use(express.static(path.join(root, "build/client"), { maxAge: 0, index: false }));
    outer.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  }
  outer.use(app.handler);
  outer.use(app.errorHandler); // spec §8 shapes, never a stack trace

  const server = http.createServer(outer);
  // An idle kept-alive connection is closed by the server only after its clients have stopped reusing
  // it: Node's default of 5 s let a client (a proxy's pool, Playwright's request context after a pause)
  // send on a socket the server was closing at that instant, and the request failed with ECONNRESET.
  // Caddy keeps idle upstream connections for 2 minutes, so the server waits longer than that.
  server.keepAliveTimeout = 130_000;
  server.headersTimeout = 131_000; // must exceed keepAliveTimeout, or Node may cut a slow request's headers first
  app.attach(server);
  const port = app.env.PORT;
  const host = app.env.HOST;
  // A busy port (or one we may not use) stops the server with a clear message, and the database and
  // its data-folder lock are released first.
  server.once("error", (error: NodeJS.ErrnoException) => {
    const where = `${host}:${port}`;
    const reason =
      error.code === "EADDRINUSE"
        ? `Port ${port} on ${host} is already in use by another program. Stop it, or set PORT to a free port.`
        : error.code === "EACCES"
          ? `Not allowed to listen on ${where}. Ports below 1024 need special rights: set PORT to 1024 or above.`
          : `Cannot listen on ${where}: ${error.message}`;
    console.error(reason);
    app
      .close()
      .catch(() => {})
      .finally(() => process.exit(1));
  });
  server.listen(port, host, () => {
    const address = server.address();
    const actualPort = typeof address === "object" && address ? address.port : port;
    const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
    console.log(`Portal ${version} on ${app.database.kind === "pglite" ? "the embedded database" : "PostgreSQL"}`);
    if (app.migrated.length) console.log(`Applied migrations: ${app.migrated.join(", ")}`);
    if (app.seedResult.adminCreated) {
      const user = app.env.ADMIN_USERNAME;
      const pass = app.seedResult.generatedAdminPassword ?? "(the ADMIN_PASSWORD you set)";
      console.log(`\nAdministrator created. Sign in as:\n  username: ${user}\n  password: ${pass}\nThis password is shown only once.\n`);
    }
    console.log(`Ready in ${Math.round(performance.now() - startedAt)} ms: http://${shown}:${actualPort}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping.`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await app.close();
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
