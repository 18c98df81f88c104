#!/bin/sh
# Lighthouse (mobile, the default form factor) on /login, the signed-in dashboard, /services/hosting, /billing,
# /domains/search, /domains (the empty account), /domains/orders (empty), /domains/register, and the back
# office's domain pages (inventory, one domain's detail, bulk mapping, registrars) and its hosting pages
# (servers, hosting services, the provisioning queue, beside the orders list they are compared with),
# against the production build in dist/web served by the real server on its own data.
# Usage: npm run build && sh bench/web-lighthouse.sh [out-dir]   (default bench/.data/lighthouse)
set -eu
OUT=${1:-bench/.data/lighthouse}
PORT=${PORT:-3100}
BASE="http://localhost:$PORT"
EMAIL=perf-admin@example.com
PASSWORD=perf-admin-password-2024
mkdir -p "$OUT"
DATA=$(mktemp -d)
PORT=$PORT DATA_DIR=$DATA ADMIN_EMAIL=$EMAIL ADMIN_PASSWORD=$PASSWORD LOG_LEVEL=warn \
  node --import tsx src/server/main.ts > "$OUT/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER; rm -rf "$DATA" "$OUT/cookies.txt"' EXIT
for _ in $(seq 1 60); do curl -sf "$BASE/healthz" > /dev/null && break; sleep 0.5; done

# Sign in through the API (the bootstrap admin), give it an account so the dashboard has cards.
curl -sf -c "$OUT/cookies.txt" -H "Origin: $BASE" -H 'content-type: application/json' \
  -d "{\"email\":\"$EMAIL\",\"password\":\"$PASSWORD\"}" "$BASE/api/auth/sign-in/email" > /dev/null
curl -sf -b "$OUT/cookies.txt" -H "Origin: $BASE" -H 'content-type: application/json' \
  -d '{"data":{"accountName":"Perf Hosting"}}' "$BASE/api/fn/createAccount" > /dev/null
curl -sf -b "$OUT/cookies.txt" -H "Origin: $BASE" -H 'content-type: application/json' \
  -d '{"data":{"domain":"perf-managed.com","accountId":null,"registrar":"manual","managementMode":"manual","expiryAt":null,"autoRenewEnabled":false,"nameservers":[],"notes":null}}' \
  "$BASE/api/fn/createManagedDomain" > /dev/null
COOKIE=$(awk '$6 ~ /session_token/ { printf "%s=%s", $6, $7 }' "$OUT/cookies.txt")

FLAGS="--headless=new --no-sandbox --disable-gpu"
export CHROME_PATH=/usr/bin/chromium
# Chromium sometimes loses the trace of a load (NO_NAVSTART): each page gets three tries.
audit() {
  for try in 1 2 3; do
    npx -y lighthouse@12 "$@" --quiet --only-categories=performance,accessibility --chrome-flags="$FLAGS" && return 0
    echo "lighthouse: try $try of 3 failed for $1" >&2
  done
  return 1
}
audit "$BASE/login" --output=json --output-path="$OUT/login.json"
for PAGE in dashboard:/ hosting:/services/hosting billing:/billing domain-search:/domains/search domains:/domains domain-orders:/domains/orders domain-register:/domains/register?domain=perf-example.com \
    admin-domains:/super-admin/domains admin-domain:/super-admin/domains/perf-managed.com admin-bulk-map:/super-admin/domains/bulk-map \
    admin-registrars:/super-admin/registrars admin-orders:/super-admin/orders admin-servers:/super-admin/servers \
    admin-services:/super-admin/services admin-provisioning:/super-admin/provisioning; do
  audit "$BASE${PAGE#*:}" --extra-headers="{\"Cookie\":\"$COOKIE\"}" --output=json --output-path="$OUT/${PAGE%%:*}.json"
done

# Scores, and what the page downloaded (bytes on the wire, as sent: compressed when it was).
# The benchmark index is Lighthouse's measure of the host CPU; TBT scales with it, so compare
# runs only at similar indexes (an idle run of this machine is about 2000).
node -e '
for (const name of ["login", "dashboard", "hosting", "billing", "domain-search", "domains", "domain-orders", "domain-register",
  "admin-domains", "admin-domain", "admin-bulk-map", "admin-registrars", "admin-orders", "admin-servers", "admin-services",
  "admin-provisioning"]) {
  const r = require(require("path").resolve(process.argv[1], name + ".json"));
  const reqs = r.audits["network-requests"].details.items;
  const sum = (type) => reqs.filter((q) => q.resourceType === type).reduce((s, q) => s + q.transferSize, 0);
  const kb = (n) => (n / 1024).toFixed(1) + " KB";
  console.log(`${name} (CPU benchmark index ${Math.round(r.environment.benchmarkIndex)}): performance ${Math.round(r.categories.performance.score * 100)},` +
    ` accessibility ${Math.round(r.categories.accessibility.score * 100)},` +
    ` FCP ${r.audits["first-contentful-paint"].displayValue}, LCP ${r.audits["largest-contentful-paint"].displayValue},` +
    ` TBT ${r.audits["total-blocking-time"].displayValue}, JS ${kb(sum("Script"))}, CSS ${kb(sum("Stylesheet"))}`);
  for (const a of Object.values(r.audits)) if (a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary") console.log(`  failed: ${a.id}`);
}' "$OUT"
