#!/usr/bin/env node
// `npm test` (DESIGN §9): every suite, then one closing line `N passed, N failed[, N skipped]`.
//
//   1. Vitest (unit, integration, API) on the embedded database (PGlite);
//   2. Vitest again on PostgreSQL when TEST_DATABASE_URL is set;
//   3. Playwright end-to-end tests in Chromium when tests/e2e holds any, after a production build.
//      Without /usr/bin/chromium they are skipped with one line, except under CI=true, where a
//      missing browser is a failure.
//
// `npm test -- <vitest filters>` runs only the Vitest suites, with those filters.
// Exits non-zero when anything failed.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Debian's Chromium; CHROMIUM_PATH points elsewhere (playwright.config.ts reads the same variable).
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const E2E_DIR = path.join(root, "tests/e2e");
const CI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
const filters = process.argv.slice(2);
const started = Date.now();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));

// Node 24 from the `node` devDependency, whatever node started this script.
const localNode = path.join(root, "node_modules/node/bin/node");
const NODE = fs.existsSync(localNode) ? localNode : process.execPath;
const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);

const totals = { passed: 0, failed: 0, skipped: 0 };
const summaries = [];

function run(args, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(NODE, args, { cwd: root, env, stdio: "inherit" });
    child.on("error", (error) => {
      console.error(error.message);
      resolve(1);
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

function record(label, counts) {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  summaries.push(`${label}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}`);
}

async function vitest(label, env) {
  const out = path.join(tmp, `vitest-${summaries.length}.json`);
  console.log(`\n=== ${label} ===`);
  const code = await run(
    [bin("vitest", "vitest.mjs"), "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...filters],
    env,
  );
  const report = readJson(out);
  // A file that fails to load, or whose hooks fail, fails without failing a test: count it once.
  const brokenFiles = (report?.testResults ?? []).filter(
    (file) => file.status === "failed" && !(file.assertionResults ?? []).some((t) => t.status === "failed"),
  );
  for (const file of brokenFiles)
    console.error(`${label}: ${path.relative(root, file.name)} failed outside its tests: ${file.message ?? ""}`);
  const counts = {
    passed: report?.numPassedTests ?? 0,
    failed: (report?.numFailedTests ?? 0) + brokenFiles.length,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
  };
  // An unhandled error fails the run without failing a test.
  if (code !== 0 && counts.failed === 0) {
    counts.failed = Math.max(1, report?.numFailedTestSuites ?? 0);
    console.error(`${label}: vitest exited with ${code} outside any test`);
  }
  record(label, counts);
}

function e2eTestFiles() {
  if (!fs.existsSync(E2E_DIR)) return [];
  return fs.readdirSync(E2E_DIR, { recursive: true }).filter((f) => /\.(spec|test)\.[cm]?[jt]sx?$/.test(String(f)));
}

async function e2e() {
  if (e2eTestFiles().length === 0) {
    console.log("\ne2e: no tests in tests/e2e");
    return;
  }
  if (!fs.existsSync(CHROMIUM)) {
    if (CI) {
      console.error(`\ne2e: FAILED, no Chromium at ${CHROMIUM} (CI=true requires it; .ci/run installs Debian's chromium)`);
      record("e2e", { passed: 0, failed: 1, skipped: 0 });
    } else {
      console.log(`e2e: skipped, no Chromium at ${CHROMIUM} (apt-get install chromium to run them)`);
    }
    return;
  }
  console.log("\n=== e2e: production build ===");
  const built = await run([bin("@react-router/dev", "bin.cjs"), "build"]);
  if (built !== 0) {
    console.error("e2e: the build failed");
    record("e2e", { passed: 0, failed: 1, skipped: 0 });
    return;
  }
  console.log("\n=== e2e: Playwright in Chromium ===");
  const out = path.join(tmp, "playwright.json");
  const env = { ...process.env, PLAYWRIGHT_JSON_OUTPUT_FILE: out, PLAYWRIGHT_JSON_OUTPUT_NAME: out };
  const code = await run([bin("@playwright/test", "cli.js"), "test", "--reporter=list,json"], env);
  const stats = readJson(out)?.stats;
  const counts = {
    passed: (stats?.expected ?? 0) + (stats?.flaky ?? 0),
    failed: stats?.unexpected ?? 0,
    skipped: stats?.skipped ?? 0,
  };
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    console.error(`e2e: playwright exited with ${code} outside any test`);
  }
  record("e2e", counts);
}

const pgliteEnv = { ...process.env };
delete pgliteEnv.TEST_DATABASE_URL;
await vitest("vitest (PGlite)", pgliteEnv);
if (process.env.TEST_DATABASE_URL) await vitest("vitest (PostgreSQL)", process.env);
if (filters.length === 0) await e2e();

fs.rmSync(tmp, { recursive: true, force: true });
console.log("");
for (const line of summaries) console.log(`  ${line}`);
console.log(`  time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exitCode = totals.failed > 0 ? 1 : 0;
