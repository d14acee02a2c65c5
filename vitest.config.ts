import os from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit, integration and API tests (DESIGN §9). Deliberately not vite.config.ts: the React Router
// plugin there expects a React Router build, not a test run. Each test file runs in a forked
// process of its own and opens a database of its own (tests/helpers/db.ts), so files run in parallel.
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "@domain": fileURLToPath(new URL("./domain", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    include: ["tests/**/*.test.ts", "server/**/*.test.ts", "db/**/*.test.ts", "app/**/*.test.ts", "domain/**/*.test.ts"],
    exclude: ["tests/e2e/**", "tests/bench/**", "node_modules/**", "build/**"],
    globalSetup: ["tests/helpers/global-setup.ts"],
    pool: "forks",
    isolate: true,
    fileParallelism: true,
    // Vitest's default leaves one core idle: a single worker on a 2-core CI machine. Test files
    // spend much of their time waiting on the database, so use every core.
    maxWorkers: Math.max(2, os.availableParallelism()),
    // Migrating a fresh PGlite database and hashing argon2id passwords take a few seconds on a
    // busy CI machine; these are ceilings against hangs, not speed assertions.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    restoreMocks: true,
    unstubEnvs: true,
  },
});
