# The shop's image (docs/operations.md, decision 050): one image for every role (SHOP_ROLE=all,
# web or worker). scripts/container-check.sh runs these same steps without Docker in CI.
# Stage 1 builds the web app with every dependency; stage 2 holds the production dependencies,
# the API's TypeScript (run by tsx: no build step, decision 001) and the built web app.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    WEB_DIST=/app/apps/web/dist
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY packages/contract packages/contract
COPY apps/api apps/api
COPY --from=build /app/apps/web/dist apps/web/dist
# Not root: the shop runs as the image's `node` user and writes only DATA_DIR.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready, not just alive: the database answers, migrations are applied, the catalogue index loaded.
HEALTHCHECK --interval=10s --timeout=3s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--import", "tsx", "apps/api/src/server.ts"]
