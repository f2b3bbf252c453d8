#!/usr/bin/env bash
# Installs semantic-release and @semantic-release/github into
# semantic-release/node_modules from package-lock.json, and the Node 24 they run
# on through node24/setup.sh; does nothing when both installs are current
# (stamped with the lock's hash).
set -Eeuo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
bash "$HERE/../node24/setup.sh"
STAMP_FILE="$HERE/node_modules/.wharf-lock.sha256"
STAMP=$(sha256sum "$HERE/package-lock.json" | cut -d' ' -f1)
if [ "$(cat "$STAMP_FILE" 2>/dev/null)" != "$STAMP" ]; then
  printf '[semantic-release] npm ci (semantic-release, @semantic-release/github)\n' >&2
  (cd "$HERE" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  echo "$STAMP" >"$STAMP_FILE"
fi
