#!/usr/bin/env bash
# The unit and integration tier under Node.js 22, in a copy of the checkout: better-sqlite3 is a native
# addon built for one Node ABI, so Node 22 gets its own node_modules and the checkout's stays Node 20's.
# The type check, lint and the browser tier do not depend on the server's Node version and ran under
# Node 20; the contract fuzzer runs a fifth of its random cases here (decision "CI under Node 22").
# Usage: bash tools/ci/test-node22.sh   (TEST_DATABASE_URL as for npm test; NODE22_COPY to choose the copy's folder)
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="$(bash tools/ci/node22.sh)"
copy="${NODE22_COPY:-/tmp/provider-portal-node22}"
rm -rf "$copy"
mkdir -p "$copy"
# The working tree as it is (committed or not), without what each Node builds for itself.
tar --exclude=./node_modules --exclude=./dist --exclude=./data --exclude=./.test-data --exclude=./bench/.data \
  -cf - . | tar -xf - -C "$copy"
cd "$copy"
export PATH="$bin:$PATH"
# node-gyp compiles against these headers, not the system Node's (an ~/.npmrc may name /usr).
export npm_config_nodedir="${bin%/bin}"
echo "test-node22: $(node --version) in $copy"
npm ci --no-audit --no-fund --prefer-offline --loglevel=error
node -e "require('better-sqlite3')(':memory:').close()"
FUZZ_SCALE="${FUZZ_SCALE:-0.2}" npm run test:unit
