# logpaste: one container, PGlite by default (data in /data), Postgres when DATABASE_URL is set.
# Build: docker build -t logpaste .
# Run:   docker run -p 8080:8080 -v logpaste-data:/data -e PUBLIC_URL=https://logs.example.com logpaste
# With Postgres and HTTPS: compose.yaml (README, "Run it on a VPS").

# --- dependencies (production only), installed from the lockfile ---
FROM oven/bun:1.4.4 AS deps
WORKDIR /app
COPY package.json bun.lock ./
# patches/ holds our fix to the postgres driver (see README), applied by bun install.
COPY patches ./patches
# --omit peer keeps out what packages only declare as peers: TypeScript (a peer of elysia and
# @elysiajs/openapi, used only for types and `bun run typecheck`), file-type (elysia loads it only
# for t.File({ type }), which we do not use), bun-types, openapi-types. The app never imports them.
# The check fails the build if a change to the dependencies brings TypeScript back.
RUN bun install --frozen-lockfile --production --omit peer \
 && test ! -e node_modules/typescript

# --- runtime: no build step is needed, Bun runs the TypeScript sources directly ---
FROM oven/bun:1.4.4-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
COPY --from=deps /app/node_modules ./node_modules
COPY package.json bun.lock tsconfig.json ./
COPY src ./src
COPY drizzle ./drizzle
# The image's unprivileged `bun` user owns only the data folder.
RUN mkdir -p /data && chown bun:bun /data
USER bun
VOLUME ["/data"]
EXPOSE 8080
# Migrations are applied at start by the service itself (src/storage/database.ts).
# With TLS_CERT the port serves https, under a certificate for the public name, not 127.0.0.1.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["bun", "-e", "fetch((process.env.TLS_CERT ? 'https' : 'http') + '://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz', { tls: { rejectUnauthorized: false } }).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Bun's own header limit (16 KiB) would answer oversized requests with an empty 431; raised so the
# service's JSON 414/431 (MAX_URL_BYTES, MAX_HEADER_BYTES) answers them. Same as `bun run start`.
CMD ["bun", "--max-http-header-size=262144", "run", "src/index.ts"]
