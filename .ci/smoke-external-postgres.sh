#!/usr/bin/env bash
# Starts a throwaway cluster of the machine's PostgreSQL 15 (installing it when
# missing), runs `wharf serve` against it through DATABASE_URL, and checks a
# create → get → delete round trip over HTTP. Cleans up whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_BIN=/usr/lib/postgresql/15/bin
if [ ! -x "$PG_BIN/postgres" ]; then
  echo "installing postgresql-15"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
fi

work=$(mktemp -d /tmp/wharf-smoke-XXXXXX)
chmod 755 "$work"
pg_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
api_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
server_pid=""
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null || true
  as_pg "$PG_BIN/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

mkdir -p "$work/pg" && [ "$(id -u)" = 0 ] && chown postgres "$work/pg"
as_pg "$PG_BIN/initdb" -D "$work/pg" -U wharf --auth=trust >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$work/pg" -o "-p $pg_port -k $work/pg -c listen_addresses=127.0.0.1" -l "$work/pg/log" -w start >/dev/null
as_pg "$PG_BIN/createdb" -h 127.0.0.1 -p "$pg_port" -U wharf wharf
echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $pg_port"

export DATABASE_URL="postgres://wharf@127.0.0.1:$pg_port/wharf" PORT="$api_port" WHARF_DATA_DIR="$work/data" WHARF_LOG_LEVEL=warn
node bin/wharf.mjs serve 2>"$work/serve.err" &
server_pid=$!
for _ in $(seq 1 100); do
  token=$(grep -m1 '^ghp_' "$work/serve.err" || true)
  [ -n "$token" ] && curl -fsS -o /dev/null "http://127.0.0.1:$api_port/user" -H "Authorization: token $token" 2>/dev/null && break
  sleep 0.2
done
[ -n "${token:-}" ] || { cat "$work/serve.err" >&2; echo "server did not start" >&2; exit 1; }

base="http://127.0.0.1:$api_port"
status() { curl -s -o /dev/null -w '%{http_code}' "$@"; }
expect() { local want=$1; shift; local got; got=$(status "$@"); [ "$got" = "$want" ] || { echo "expected $want, got $got: $*" >&2; exit 1; }; }

expect 201 -X POST "$base/user/repos" -H "Authorization: token $token" -d '{"name":"smoke","auto_init":true}'
expect 200 "$base/repos/admin/smoke" -H "Authorization: token $token"
expect 200 "$base/repos/admin/smoke/git/ref/heads/main"
expect 204 -X DELETE "$base/repos/admin/smoke" -H "Authorization: token $token"
expect 404 "$base/repos/admin/smoke" -H "Authorization: token $token"
# Admin commands share the server's database while it runs.
user_token=$(node bin/wharf.mjs admin create-user smoker >/dev/null && node bin/wharf.mjs admin create-token smoker --scopes repo)
expect 200 "$base/user" -H "Authorization: Bearer $user_token"
echo "smoke: passed against PostgreSQL 15 (external DATABASE_URL)"
