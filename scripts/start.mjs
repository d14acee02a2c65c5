// `npm start`: build once when there is no production build, then run the server in this process,
// or, with WEB_CONCURRENCY above 1, in that many worker processes on one port (scripts/cluster.mjs).
//
// The server (server/index.ts) runs migrations, seeds an empty database, prints the
// administrator's login on first start and handles SIGTERM/SIGINT itself (DESIGN §2). Running it
// in this same process (Node 24 strips the types) means signals and the exit code need no
// forwarding.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

// Production, always: Express prints stack traces on its error pages otherwise.
// `npm run dev` is the development server.
process.env.NODE_ENV = "production";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root); // migrations/, build/ and ./data are found from the project root

const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `The portal needs Node 24; this is Node ${process.versions.node}. ` +
      "Run it through npm (`npm start`), which uses the Node 24 that `npm install` put in node_modules/.bin.",
  );
  process.exit(1);
}

// The configuration is checked before anything is built or forked, and reported once.
const { parseEnv } = await import(pathToFileURL(path.join(root, "server/env.ts")).href);
let env;
try {
  env = parseEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const serverEntry = path.join(root, "build/server/index.js");
const clientDir = path.join(root, "build/client");

if (!fs.existsSync(serverEntry) || !fs.existsSync(clientDir)) {
  console.log("No production build found: building it first (react-router build). This happens once.");
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const devPackage = require.resolve("@react-router/dev/package.json");
  const bin = JSON.parse(fs.readFileSync(devPackage, "utf8")).bin["react-router"];
  const result = spawnSync(process.execPath, [path.join(path.dirname(devPackage), bin), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error(`The build failed (${result.signal ?? `exit code ${result.status}`}); the server was not started.`);
    process.exit(result.status || 1);
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

if (env.WEB_CONCURRENCY > 1) {
  const { runCluster } = await import("./cluster.mjs");
  await runCluster({ workers: env.WEB_CONCURRENCY, host: env.HOST });
} else {
  await import(pathToFileURL(path.join(root, "server/index.ts")).href);
}
