#!/usr/bin/env node
// `npm run test:failover` (decision 213): the failover test (tests/failover/portal.failover.ts)
// in Vitest, then one closing line `N passed, N failed[, N skipped]` as `npm test` prints, which
// .ci/run adds to its own. Without pg_auto_failover it says so in one line and passes, except under
// CI=true, where the packages are expected (.ci/run installs them) and their absence fails.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
const localNode = path.join(root, "node_modules/node/bin/node");
const NODE = fs.existsSync(localNode) ? localNode : process.execPath;

const installed =
  spawnSync("pg_autoctl", ["--version"], { stdio: "ignore" }).status === 0 &&
  fs.existsSync("/usr/lib/postgresql") &&
  fs.readdirSync("/usr/lib/postgresql").some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/pg_ctl`));
if (!installed) {
  const message = "test:failover: pg_auto_failover is not installed (apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli)";
  if (CI) {
    console.error(`${message}; CI expects it.`);
    console.log("0 passed, 1 failed");
    process.exit(1);
  }
  console.log(`${message}: skipped.`);
  process.exit(0);
}

const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "portal-failover-report-")), "vitest.json");
const code = await new Promise((resolve) => {
  const child = spawn(
    NODE,
    [
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      "--config",
      "scripts/failover/vitest.config.ts",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${out}`,
      ...process.argv.slice(2),
    ],
    { cwd: root, stdio: "inherit", env: { ...process.env, PORTAL_FAILOVER_TEST: "1" } },
  );
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
let report = null;
try {
  report = JSON.parse(fs.readFileSync(out, "utf8"));
} catch {
  /* no report: counted as one failure below */
}
fs.rmSync(path.dirname(out), { recursive: true, force: true });
const passed = report?.numPassedTests ?? 0;
let failed = report?.numFailedTests ?? 0;
const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
if (code !== 0 && failed === 0) failed = 1; // a file that failed outside its tests
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed ? 1 : 0);
