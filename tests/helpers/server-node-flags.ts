/**
 * The Node flags the portal's server runs with (docs/decisions/176-server-memory.md): the V8 heap
 * sizes and optimised code compiled on the main thread. The servers the tests and the bench start
 * take them from here, so what they measure is production's; `npm start` (package.json) and the
 * Dockerfile's CMD spell the same flags, and must change with this list.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=384", "--no-concurrent-recompilation"] as const;
