import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { ADMIN, BASE_URL, HUB_ADMIN, HUB_PORT, HUB_URL, PORT } from "./tests/e2e/env";
import { SERVER_NODE_FLAGS } from "./tests/helpers/server-node-flags";

// End-to-end tests (DESIGN §9): Debian's Chromium against the production build, on a fresh
// embedded database (PGlite) per run, so e2e never touches the shared PostgreSQL. The build is made
// before Playwright starts (scripts/test.mjs runs `react-router build` first): none here.

const CI = /^(1|true|yes)$/i.test(process.env.CI ?? "");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

// This file is read by the runner and again by every worker: the database folder is chosen once, by
// the runner, and handed to the workers through the environment they inherit.
const PGLITE_DIR_ENV = "PORTAL_E2E_PGLITE_DIR";
const isRunner = process.env.TEST_WORKER_INDEX === undefined;
if (!process.env[PGLITE_DIR_ENV]) {
  const dir = path.join(os.tmpdir(), `portal-e2e-${process.pid}`);
  process.env[PGLITE_DIR_ENV] = dir;
  if (isRunner) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(`${dir}-hub`, { recursive: true, force: true });
    // Runs after the web servers have been stopped: nothing of the run stays behind.
    process.on("exit", () => {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.rmSync(`${dir}-hub`, { recursive: true, force: true });
    });
  }
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/artifacts",
  // Two cores: the server (one process on PGlite) and one browser per worker. Every test creates
  // what it needs under a unique name, so files and tests run in any order.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  retries: 0,
  timeout: 60_000,
  // Ceilings against hangs on a busy 2-core machine, not speed assertions (DESIGN §9).
  expect: { timeout: 15_000 },
  // scripts/test.mjs passes `--reporter=list,json` with PLAYWRIGHT_JSON_OUTPUT_FILE and reads the stats.
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    locale: "en-PH",
    timezoneId: "Asia/Manila",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The service worker caches pages across navigations; tests want the server's answer every
    // time (shell.spec.ts checks the registration itself in a context that allows it).
    serviceWorkers: "block",
    navigationTimeout: 20_000,
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      // Once the server is up: what every test takes for granted (tests/e2e/global.setup.ts).
      name: "setup",
      testMatch: /global\.setup\.ts$/,
      // Runs when every project that depends on "setup" has finished, whatever their results.
      teardown: "exclusive",
    },
    {
      name: "chromium",
      grepInvert: /@exclusive/,
      dependencies: ["setup"],
    },
    {
      // Tests that change what every other test sees (maintenance mode): alone, after the rest.
      name: "exclusive",
      grep: /@exclusive/,
    },
  ],
  webServer: [
    {
      // The flags `npm start` uses (decision 176).
      command: `node_modules/.bin/node ${SERVER_NODE_FLAGS.join(" ")} server/index.ts`,
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        NODE_ENV: "production",
        PORT: String(PORT),
        HOST: "127.0.0.1",
        PGLITE_DIR: process.env[PGLITE_DIR_ENV]!,
        DATABASE_URL: "",
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: "true",
        LOG_LEVEL: "warn",
        MAINTENANCE_MODE: "false",
      },
    },
    {
      // A hub of many barangays (issue 29, tests/e2e/hub.spec.ts): the same build with PORTAL_HUB=true,
      // its own port and database; it seeds the hub's administrator, no barangay.
      command: `node_modules/.bin/node ${SERVER_NODE_FLAGS.join(" ")} server/index.ts`,
      url: `${HUB_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
      env: {
        NODE_ENV: "production",
        PORT: String(HUB_PORT),
        HOST: "127.0.0.1",
        PGLITE_DIR: `${process.env[PGLITE_DIR_ENV]!}-hub`,
        DATABASE_URL: "",
        PORTAL_HUB: "true",
        ADMIN_USERNAME: HUB_ADMIN.username,
        ADMIN_PASSWORD: HUB_ADMIN.password,
        SEED_DEMO: "false",
        LOG_LEVEL: "warn",
        MAINTENANCE_MODE: "false",
      },
    },
  ],
});
