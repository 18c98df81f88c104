# syntax=docker/dockerfile:1
# The portal's image: the compiled build (dist/) and the runtime dependencies only, run as the
# unprivileged `node` user with its data in /data. tools/ci/production-install.sh runs the same
# steps without Docker, in CI.
ARG NODE_IMAGE=node:22-bookworm-slim

# Compilers for better-sqlite3, for the CPUs and libcs it ships no prebuilt binary for.
FROM ${NODE_IMAGE} AS toolchain
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app

# Stage 1: everything, dev dependencies included, to build dist/server and dist/web once.
FROM toolchain AS build
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Stage 2: the runtime dependencies alone. --omit=optional too: better-auth's optional peers
# (vitest, react) would otherwise pull vite and vitest in as "devOptional".
FROM toolchain AS runtime-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --omit=optional --no-audit --no-fund && npm cache clean --force

# The image: no compiler, no dev dependency, no source.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/dist ./dist
# `npm start`, `npm run migrate` and `npm run worker` check for a build with it before running.
COPY --from=build /app/tools/build ./tools/build
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# /readyz answers 200 only while the database answers; fetch is built into Node, curl is not in slim.
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1, not npm: it receives SIGTERM and shuts down cleanly (docs/operations.md).
CMD ["node", "--enable-source-maps", "dist/server/main.js"]
