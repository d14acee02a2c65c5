// Several worker processes on one port (WEB_CONCURRENCY above 1, decision 212), with node:cluster.
//
// The primary (runCluster, called by scripts/start.mjs) never opens the database: it forks worker 1,
// which migrates, seeds and listens as the single process always did; the others are forked once it
// listens, so migrations and the seed run once and the administrator's password is printed once.
// The workers share the port (the primary accepts and hands each connection to the next worker in
// turn). A worker that stops is replaced after a wait that doubles while replacements keep failing;
// SIGTERM or SIGINT is passed to every worker, which finishes its requests in flight
// (server/index.ts), and the primary exits when the last one has.
//
// This file is also each worker's entry: it marks its answers with the worker's number and runs
// server/index.ts, with the Node flags the primary was started with (npm start's memory flags).
import cluster from "node:cluster";
import diagnosticsChannel from "node:diagnostics_channel";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** The wait before a replacement: 0.5 s, doubled for each replacement that failed too, 30 s at most. */
export function restartDelayMs(failures) {
  return Math.min(30_000, 500 * 2 ** Math.max(0, failures - 1));
}
/** A worker that served this long before it stopped counts as healthy: its replacement waits the least. */
const HEALTHY_MS = 60_000;
/** How long the primary waits for the workers to finish after SIGTERM (each forces itself after 10 s). */
const STOP_TIMEOUT_MS = 15_000;

if (cluster.isWorker) {
  // Which process answered (X-Portal-Worker: 2), for the operator reading a proxy's log and for the
  // multi-process tests. Published before Express sees the request, on every answer.
  const id = String(cluster.worker.id);
  diagnosticsChannel.subscribe("http.server.request.start", ({ response }) => response.setHeader("X-Portal-Worker", id));
  await import(pathToFileURL(path.join(root, "server/index.ts")).href);
}

/**
 * Runs `workers` processes of server/index.ts on the port of the environment, until SIGTERM or SIGINT.
 * @param {{ workers: number, host: string }} options
 */
export async function runCluster({ workers, host }) {
  const startedAt = performance.now();
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), execArgv: process.execArgv });
  console.log(`Starting ${workers} worker processes on one port (WEB_CONCURRENCY=${workers}).`);

  /** One slot per worker wanted: the process in it now, and how many replacements in a row failed. */
  const slots = Array.from({ length: workers }, () => ({ worker: null, failures: 0, listeningAt: 0, timer: null }));
  let stopping = false;
  let allReady = false;
  let url = "";

  const fork = (slot) => {
    const worker = cluster.fork();
    slot.worker = worker;
    slot.listeningAt = 0;
    worker.once("listening", (address) => {
      slot.listeningAt = performance.now();
      if (!url) {
        const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host;
        url = `http://${shown}:${address.port}`;
      }
      if (slot.failures) console.log(`Worker ${worker.id} (pid ${worker.process.pid}) is serving again.`);
      if (!allReady && slots.every((s) => s.listeningAt)) {
        allReady = true;
        const pids = slots.map((s) => s.worker.process.pid).join(", ");
        console.log(`${workers} workers ready in ${Math.round(performance.now() - startedAt)} ms: ${url} (pids ${pids})`);
      }
    });
    return worker;
  };

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    for (const slot of slots) if (slot.timer) clearTimeout(slot.timer);
    const running = slots.map((s) => s.worker).filter((w) => w && w.process.exitCode === null && w.process.signalCode === null);
    console.log(`${signal}: ${running.length} workers finishing requests in flight, then stopping.`);
    let failed = false;
    const left = new Set(running);
    const done = () => {
      if (left.size) return;
      process.exit(failed ? 1 : 0);
    };
    for (const worker of running) {
      worker.once("exit", (code, sig) => {
        if (code !== 0 && sig !== "SIGTERM" && sig !== "SIGINT") failed = true;
        left.delete(worker);
        done();
      });
      worker.process.kill("SIGTERM");
    }
    const force = setTimeout(() => {
      for (const worker of left) worker.process.kill("SIGKILL");
      failed = true;
    }, STOP_TIMEOUT_MS);
    force.unref();
    done();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  // Worker 1 alone first: it migrates and seeds. If it cannot start (the database unreachable, the
  // port taken, a bad build), the portal does not start: nothing is retried in a loop.
  const first = fork(slots[0]);
  const firstStarted = await new Promise((resolve) => {
    const onExit = (code, signal) => resolve({ code, signal });
    first.once("exit", onExit);
    first.once("listening", () => {
      first.off("exit", onExit);
      resolve(null);
    });
  });
  if (firstStarted && stopping) return; // stopped while starting: stop() exits
  if (firstStarted) {
    console.error(
      `The first worker stopped before it was ready (${firstStarted.signal ?? `exit code ${firstStarted.code}`}); the portal was not started.`,
    );
    process.exit(firstStarted.code || 1);
  }
  for (const slot of slots.slice(1)) if (!stopping) fork(slot);

  cluster.on("exit", (worker, code, signal) => {
    const slot = slots.find((s) => s.worker === worker);
    if (!slot) return;
    slot.worker = null;
    if (stopping) return;
    const served = slot.listeningAt ? performance.now() - slot.listeningAt : 0;
    if (served >= HEALTHY_MS) slot.failures = 0;
    slot.failures++;
    const delay = restartDelayMs(slot.failures);
    console.error(
      `Worker ${worker.id} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}); ` +
        `another takes its place in ${(delay / 1000).toFixed(1)} s.`,
    );
    slot.timer = setTimeout(() => {
      slot.timer = null;
      if (stopping) return;
      const replacement = fork(slot);
      console.log(`Worker ${replacement.id} (pid ${replacement.process.pid}) started in place of worker ${worker.id}.`);
    }, delay);
  });
}
