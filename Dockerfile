# HC Portal image (ADR 0036): one image for every role (`--role=api|worker|all`, docs/deploy.md).
# Build: docker build -t hc-portal .   Run with compose: compose.yaml.
# scripts/container-files.test.mjs checks this file and runs its commands outside a container.

# --- build: the repository's own install and build (package.json "build") ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci
RUN npm run build

# --- runtime: production dependencies of the server and the built apps only ---
FROM node:24-bookworm-slim AS runtime
# A young generation of 2 × 4 MB, not sized from the host's memory (ADR 0064, docs/deploy.md "Memory").
ENV NODE_ENV=production NODE_OPTIONS=--max-semi-space-size=4
WORKDIR /app
# npm ci needs every workspace's manifest to read the lockfile; only apps/server's production
# dependencies are installed (no install scripts: none of them has one).
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/console/package.json apps/console/
COPY apps/demo-game/package.json apps/demo-game/
RUN npm ci --omit=dev --workspace=apps/server --ignore-scripts && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/console/dist apps/console/dist
# DATA_DIR for the embedded database when DATABASE_URL is unset (one container only).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV HOST=0.0.0.0 PORT=8080 DATA_DIR=/app/data
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "apps/server/dist/main.js"]
