# syntax=docker/dockerfile:1
# Barangay Portal: multi-stage image (DESIGN §1). The runtime stage holds only what `npm start`'s
# path reads at run time (see docs/decisions/006-migrations-loaded-from-disk.md):
#
#   package.json       version and "type": "module"
#   node_modules/      production dependencies only (npm ci --omit=dev)
#   build/             the React Router build: build/server/index.js bundles server/app.ts, the
#                      routes, server/ and db/; build/client is served as static files
#   scripts/start.mjs  what `npm start` runs: checks the configuration (server/env.ts, zod), then
#                      runs server/index.ts, or with WEB_CONCURRENCY above 1 forks that many
#                      workers through scripts/cluster.mjs (decision 212)
#   server/env.ts      the configuration's check, read by scripts/start.mjs before anything starts
#   server/index.ts    the bootstrap, run directly by Node 24 (types stripped)
#   migrations/        loaded from disk by Kysely's FileMigrationProvider at start
#   server/features/psgc/psgc-*.json.gz
#                      the shipped PSGC list (npm run psgc:build), read from disk on first use
#
# Start migrates, seeds an empty database and listens on PORT (3000). Without DATABASE_URL it
# uses the embedded database in /app/data: mount a volume there
# (docker run -v portal-data:/app/data ...), or its data goes with the container.

ARG NODE_IMAGE=node:24-slim

# 1. All dependencies, for the build.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund

# 2. The production build (react-router build).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Production dependencies only: no Vite, no test tools, no pinned `node` package (the image's
#    own Node 24 runs the server).
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund

# 4. Runtime: non-root, code owned by root and read-only to the app; only /app/data is writable.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    PGLITE_DIR=/app/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/build ./build
COPY --from=build /app/scripts/start.mjs /app/scripts/cluster.mjs ./scripts/
COPY --from=build /app/server/env.ts /app/server/index.ts ./server/
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/server/features/psgc/psgc-*.json.gz ./server/features/psgc/
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
# The V8 heap sizes of decision 176 (issue 17 item 6): the young generation at 8 MiB a half instead
# of 64, the old generation at most 384 MiB, so that it grows in smaller steps; optimised code
# compiled on the main thread. The same list as tests/helpers/server-node-flags.ts and `npm start`;
# with WEB_CONCURRENCY above 1 the workers are forked with the same flags. Node itself is the
# container's process (not npm), so SIGTERM reaches scripts/start.mjs, which drains every worker.
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=384", "--no-concurrent-recompilation", "scripts/start.mjs"]
