#!/usr/bin/env bash
# What the container image does, tested without Docker: the build output plus `npm ci --omit=dev`
# in an empty folder, started as an unprivileged user with its own data folder, must serve.
# Usage: bash tools/ci/production-install.sh   (from a checkout with its dev dependencies installed)
set -euo pipefail
cd "$(dirname "$0")/../.."
checkout="$PWD"

node tools/build/build.js --if-missing

work="$(mktemp -d /tmp/production-install.XXXXXX)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
# mktemp makes the folder private to root; the unprivileged user must be able to reach the app.
chmod 755 "$work"
app="$work/app"
data="$work/data"
mkdir -p "$app/tools" "$data"

# Exactly what the Dockerfile's runtime stage copies.
cp -p "$checkout/package.json" "$checkout/package-lock.json" "$app/"
cp -rp "$checkout/dist" "$app/dist"
rm -rf "$app/dist/.build-lock" "$app/dist"/.staging-*
cp -rp "$checkout/tools/build" "$app/tools/build"

# --omit=optional as well: better-auth's optional peers (vitest, react) make vite and vitest
# "devOptional" in the lock, which --omit=dev alone still installs. No runtime package needs an
# optional dependency (pg's is pg-cloudflare, for Cloudflare Workers only).
echo "production-install: npm ci --omit=dev --omit=optional in $app"
(cd "$app" && npm ci --omit=dev --omit=optional --prefer-offline --no-audit --no-fund --loglevel=error)
for dev_only in vite tsx typescript vitest react @mantine/core; do
  if [ -e "$app/node_modules/$dev_only" ]; then
    echo "production-install: FAILED: $dev_only (a devDependency) was installed by the production install" >&2
    exit 1
  fi
done

# As root (CI, a provisioning script), run as nobody like the image's non-root user.
as_app_user=()
if [ "$(id -u)" = 0 ]; then
  chown -R nobody:nogroup "$data"
  as_app_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups --)
fi

port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:$port"
log="$work/server.log"
export PORT="$port" HOST=127.0.0.1 DATA_DIR="$data" NODE_ENV=production \
  ADMIN_EMAIL=admin@production-install.test ADMIN_PASSWORD=production-install-password
unset DATABASE_URL

echo "production-install: npm run migrate (compiled), then node dist/server/main.js as $(id -un)${as_app_user:+ → nobody}"
(cd "$app" && env HOME="$work" "${as_app_user[@]}" npm run --silent migrate)
(cd "$app" && exec "${as_app_user[@]}" node dist/server/main.js) >"$log" 2>&1 &
server_pid=$!

ready=""
for _ in $(seq 1 120); do
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  if curl -sf "$base/readyz" >/dev/null; then ready=yes; break; fi
  sleep 0.5
done
if [ -z "$ready" ]; then
  echo "production-install: FAILED: /readyz never answered 200; server output:" >&2
  cat "$log" >&2
  exit 1
fi

fail() {
  echo "production-install: FAILED: $1; server output:" >&2
  cat "$log" >&2
  exit 1
}
expect_status() { # expected, description, curl arguments…
  local expected="$1" what="$2"
  shift 2
  local got
  got="$(curl -s -o /dev/null -w '%{http_code}' "$@")"
  [ "$got" = "$expected" ] || fail "$what answered $got, expected $expected"
  echo "production-install: $what → $got"
}
expect_status 200 "GET /login (web app from dist/web)" "$base/login"
expect_status 401 "POST /api/fn/adminCreateAccount signed out" \
  -X POST -H 'content-type: application/json' -H "origin: $base" -d '{}' "$base/api/fn/adminCreateAccount"
expect_status 200 "GET /api/docs (OpenAPI from the compiled contracts)" "$base/api/docs"
[ -n "$(find "$data" -maxdepth 1 -user nobody -print -quit 2>/dev/null)" ] || [ "$(id -u)" != 0 ] \
  || fail "the data folder holds nothing written by the unprivileged user"

kill "$server_pid"
wait "$server_pid" 2>/dev/null || true
server_pid=""
echo "production-install: passed"
