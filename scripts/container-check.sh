#!/usr/bin/env bash
# The Dockerfile's steps without Docker (no engine runs in CI), in a clean temporary folder: the
# files the build context holds (git's tracked files minus .dockerignore's), stage 1 (`npm ci`,
# `npm run build`), stage 2 (`npm ci --omit=dev`, the API, the built web app), then the image's
# command with the image's environment (production, embedded database in a fresh DATA_DIR), until
# `/readyz` answers 200; then SIGTERM, which must end the process cleanly. Exit 0 when all did.
# Usage: scripts/container-check.sh [port]   (default 8452)
set -euo pipefail
cd "$(dirname "$0")/.."
port="${1:-${CONTAINER_CHECK_PORT:-8452}}"
started=$SECONDS
work="$(mktemp -d "${TMPDIR:-/tmp}/shop-container-check.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then kill -KILL "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
step() { echo "[container-check $((SECONDS - started)) s] $*"; }

# The build context: tracked files (and new ones not ignored), as `COPY . .` would see them.
step "context → $work/build"
mkdir -p "$work/build" "$work/app" "$work/data"
git ls-files -z --cached --others --exclude-standard | grep -zv -e '^\.git' -e '^data/' -e '^test-results/' |
  xargs -0 tar --ignore-failed-read -cf - 2>/dev/null | tar -xf - -C "$work/build"

# Stage 1: every dependency, the web app built.
step "stage 1: npm ci"
(cd "$work/build" && npm ci --no-audit --no-fund --prefer-offline >/dev/null)
step "stage 1: npm run build"
(cd "$work/build" && npm run build >/dev/null)
test -f "$work/build/apps/web/dist/index.html"

# Stage 2: the manifests, production dependencies only, the API's sources and the built app.
step "stage 2: npm ci --omit=dev"
for f in package.json package-lock.json packages/contract/package.json apps/api/package.json apps/web/package.json; do
  mkdir -p "$work/app/$(dirname "$f")" && cp "$work/build/$f" "$work/app/$f"
done
(cd "$work/app" && npm ci --omit=dev --no-audit --no-fund --prefer-offline >/dev/null)
cp -r "$work/build/packages/contract/." "$work/app/packages/contract/"
cp -r "$work/build/apps/api/." "$work/app/apps/api/"
mkdir -p "$work/app/apps/web" && cp -r "$work/build/apps/web/dist" "$work/app/apps/web/dist"
# What the runtime image must not have.
for dev in vitest eslint @playwright/test playwright; do
  if [ -e "$work/app/node_modules/$dev" ]; then echo "container-check: dev dependency $dev in the runtime stage" >&2; exit 1; fi
done

# The image's CMD with its ENV (and the production settings an operator must give).
step "start: node --import tsx apps/api/src/server.ts on :$port"
(
  cd "$work/app"
  exec env -i PATH="$PATH" HOME="$work" NODE_ENV=production HOST=127.0.0.1 PORT="$port" DATA_DIR="$work/data" \
    WEB_DIST="$work/app/apps/web/dist" BOT_TOKEN=7000000001:container-check-made-up-token \
    JWT_SECRET=container-check-jwt-secret-0123456789abcdef \
    DATA_KEY=0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef \
    PUBLIC_URL=https://shop.example.test TRUST_PROXY=false PAYMENT_PROVIDER=sandbox ALLOW_SANDBOX_PAYMENTS=1 \
    SHUTDOWN_DELAY_MS=0 LOG_LEVEL=warn node --import tsx apps/api/src/server.ts
) >"$work/server.log" 2>&1 &
server_pid=$!
ready=""
for _ in $(seq 1 600); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if body="$(curl -fsS "http://127.0.0.1:$port/readyz" 2>/dev/null)"; then ready="$body"; break; fi
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "container-check: the shop never answered /readyz 200; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
step "/readyz: $ready"
# A 503 is the server shedding load (@fastify/under-pressure: its event loop lagged past 1 s, as it
# may in its first minute on a busy machine) and says to come back: asked again, as a client would,
# for at most a minute. Any other answer is judged at once.
home=""
for _ in $(seq 1 60); do
  code="$(curl -sS -o "$work/home.html" -w '%{http_code}' "http://127.0.0.1:$port/" || true)"
  home="$(cat "$work/home.html" 2>/dev/null || true)"
  [ "$code" = "503" ] || break
  sleep 1
done
if ! grep -q 'id="root"' <<<"$home" || ! grep -q '/assets/' <<<"$home"; then
  echo "container-check: / is not the built web app; it answered:" >&2
  head -c 600 <<<"$home" >&2
  exit 1
fi
kill -TERM "$server_pid"
if ! wait "$server_pid"; then
  echo "container-check: the shop did not stop cleanly on SIGTERM; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi
server_pid=""
step "passed"
