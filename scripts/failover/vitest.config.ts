import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import base from "../../vitest.config.ts";

// `npm run test:failover` only (scripts/failover/run.mjs): the failover test starts a
// pg_auto_failover formation and the portal, so it stays out of `npm test`'s suites (its file is
// not named *.test.ts) and runs alone.
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  resolve: base.resolve, // the same aliases as `npm test`
  test: {
    environment: "node",
    include: ["tests/failover/*.failover.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 240_000,
    teardownTimeout: 60_000,
  },
});
