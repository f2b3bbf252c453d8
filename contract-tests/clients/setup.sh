#!/usr/bin/env bash
# Installs what the client compatibility suite (clients.test.ts) runs, from the
# project's own pins, and does nothing when it is already there:
#   contract-tests/clients/.venv       PyGithub as pinned in python/requirements.txt
#   contract-tests/clients/.bin/go-clients   go/ built with go.mod and go.sum's modules
# Octokit comes with npm ci (package.json devDependencies).
# Exits non-zero with a message naming what is missing (python3-venv, go).
set -Eeuo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
VENV="$HERE/.venv"
BIN="$HERE/.bin"
log() { printf '[clients] %s\n' "$*" >&2; }
die() { log "error: $1"; exit 1; }

# --- PyGithub, pinned, in its own venv ---------------------------------------
PINNED=$(sed -n 's/^PyGithub==\([^[:space:]#]*\).*/\1/p' "$HERE/python/requirements.txt")
[ -n "$PINNED" ] || die "python/requirements.txt does not pin PyGithub"
installed_version() {
  "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("PyGithub"))' 2>/dev/null || true
}
if [ "$(installed_version)" != "$PINNED" ]; then
  command -v python3 >/dev/null || die "python3 is required (PyGithub runs in a venv)"
  if [ ! -x "$VENV/bin/pip" ]; then
    rm -rf "$VENV"
    log "creating venv $VENV"
    python3 -m venv "$VENV" || die "python3 -m venv failed: install python3-venv (Debian: apt-get install python3-venv)"
  fi
  log "installing PyGithub==$PINNED"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$HERE/python/requirements.txt"
  [ "$(installed_version)" = "$PINNED" ] || die "PyGithub $PINNED did not install"
fi

# --- go-github and ghinstallation, pinned by go.mod and go.sum --------------
command -v go >/dev/null || die "go is required (go-github runs as a Go program): install Go 1.26 or newer"
# The binary is rebuilt only when a source or the pins changed.
STAMP=$(cd "$HERE/go" && cat go.mod go.sum ./*.go | sha256sum | cut -d' ' -f1)
if [ ! -x "$BIN/go-clients" ] || [ "$(cat "$BIN/go-clients.sha256" 2>/dev/null)" != "$STAMP" ]; then
  mkdir -p "$BIN"
  log "building go/ (go-github, ghinstallation)"
  # -mod=readonly: the build uses go.sum's pins or fails, never re-resolves.
  (cd "$HERE/go" && go build -mod=readonly -o "$BIN/go-clients" .) || die "go build failed"
  echo "$STAMP" >"$BIN/go-clients.sha256"
fi
log "PyGithub $PINNED and go-clients ready"
