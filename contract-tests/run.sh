#!/usr/bin/env bash
# The schemathesis contract runs (`npm run contract`): openapi.yaml against the
# REST API, then schema.graphql against /api/graphql; see contract-tests/README.md.
#
#   bash contract-tests/run.sh                           fresh server + fixtures
#   bash contract-tests/run.sh --url URL --token TOKEN   an existing deployment
#   bash contract-tests/run.sh --mock                    our mock server (npm run mock), stateless profile
#   bash contract-tests/run.sh --url URL --token TOKEN --stateless   someone else's mock
#
# Exit status: schemathesis's own (0 pass, 1 a check failed, 2 configuration or
# schema error), the higher of the two runs' (so either failing fails the
# script; 1 too when a stateful chain step was NOT reached, unless
# --no-require-chains), or 3 when the server (or mock) could not be started or seeded.
set -Eeuo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
VENV="$HERE/.venv"
# CONTRACT_REPORTS_DIR: elsewhere than contract-tests/reports (the kit tests, which run beside CI's runs).
REPORTS=${CONTRACT_REPORTS_DIR:-$HERE/reports}
SPEC="$ROOT/openapi.yaml"
GRAPHQL_SCHEMA="$ROOT/schema.graphql"

# Knobs (defaults are what CI runs).
SEED=${CONTRACT_SEED:-1}
MAX_EXAMPLES=${CONTRACT_MAX_EXAMPLES:-500}
# GraphQL has only the fuzzing phase, one case per root field (34 cases with the
# mutations): 100 examples each took 90 s in CI; 50 keep the phase under a minute
# as mutations are added.
GRAPHQL_MAX_EXAMPLES=${CONTRACT_GRAPHQL_MAX_EXAMPLES:-50}
WORKERS=${CONTRACT_WORKERS:-1}
# The stateful phase runs in its own schemathesis run, for this many seconds.
# A stateful suite ends at the first step whose answer differs from an earlier
# run of the same step (Hypothesis replays prefixes of earlier scenarios; a
# second POST /user/repos with the same name is 422, not 201, so the rules it
# enables differ and Hypothesis stops with FlakyStrategyDefinition, which
# schemathesis counts as a clean pass). How early that happens is luck: 113
# scenarios in one run, 12 in the next. With --max-time schemathesis starts a
# new suite (new seed) whenever one ends, until the time is up. See the README.
# 45 s, and 30 s for each pull request chain run below (a chain of five steps
# needs the time more than the all-operations run, which covers 20-odd of its
# 290 links whatever its budget).
STATEFUL_SECONDS=${CONTRACT_STATEFUL_SECONDS:-45}
# Then narrowed runs over the operations of the chains the issues name (see
# below), each for CONTRACT_STATEFUL_CHAIN_SECONDS (0: none).
CHAIN_SECONDS=${CONTRACT_STATEFUL_CHAIN_SECONDS:-35}
# Only the writes of the chains: every read operation in the run is one more
# root and one more link for a step to pick instead of the next link of a
# chain (the all-operations run follows the reads' links). With 14 operations
# (the reads too) 45 s followed pull → comment → reply once and never reached
# submit. And two runs, not one: a scenario calls the rules in a fixed order
# (see CHAIN_MAX_STEPS), and with the eight operations of both in one run the
# scenario's steps ran out before pulls/submit-review, the last in that order.
# fork → pull request → update / merge, and pull request → pending review → submit:
CHAIN_OPERATIONS=repos/create-fork,pulls/create,pulls/update,pulls/merge,pulls/create-review,pulls/submit-review
# pull request → review comment → reply → pending review → submit:
REVIEW_CHAIN_OPERATIONS=repos/create-fork,pulls/create,pulls/create-review-comment,pulls/create-reply-for-review-comment,pulls/create-review,pulls/submit-review
# A third run, of its own (in the pull request run their roots and links would
# compete with the review chains' for the steps), over the chains that start at
# a commit (issue 19): a repository created → a file written in it (its commit)
# → a commit status → the commit's combined status and statuses; → a release
# tagging it → an asset uploaded → its download (302); → a check run →
# completed → its suite rerequested. 45 s over these 11 operations reached
# every step (12 scenarios, 16 of 16 links; README "Stateful links").
# CONTRACT_STATEFUL_COMMIT_CHAIN_SECONDS (0: none).
# 30 s: with the links' values used every time (hooks/chain-links.py) it ran 23
# scenarios in 45 s under load and reached each step 2 to 8 times.
COMMIT_CHAIN_SECONDS=${CONTRACT_STATEFUL_COMMIT_CHAIN_SECONDS:-30}
# Steps per scenario in the chain runs ([phases.stateful] max-steps, 20 in
# schemathesis.toml for the all-operations run). Schemathesis lets one scenario
# call an operation from the answers of another at most max(2, steps ÷ the
# operations in links) times, and the first scenario of each suite (Hypothesis's
# simplest, and on a busy machine most of what a run gets) calls the first rule
# allowed, by name (the links from pulls/create first, submit-review's last), each
# on the newest answer. So a chain's last step comes only after every other link
# of the run was followed that many times: 17 steps over 6 operations keeps it
# twice (with 40, five times, and the scenario ended before any submit).
CHAIN_MAX_STEPS=${CONTRACT_STATEFUL_CHAIN_MAX_STEPS:-17}
COMMIT_CHAIN_OPERATIONS=repos/create-for-authenticated-user,repos/create-or-update-file-contents,repos/create-commit-status,repos/get-combined-status-for-ref,repos/list-commit-statuses-for-ref,repos/create-release,repos/upload-release-asset,repos/get-release-asset,checks/create,checks/update,checks/rerequest-suite
# CONTRACT_STATEFUL_OPERATIONS (operationIds, comma-separated) narrows the
# stateful run to those operations and the links between them, e.g.
# repos/create-fork,pulls/create,pulls/update,pulls/merge,pulls/get,pulls/list
# to follow the fork → pull request chain without the other 119 operations'
# links competing for the steps (see the README, "Which links a run followed").
STATEFUL_OPERATIONS=${CONTRACT_STATEFUL_OPERATIONS:-}
# The mock run (--mock) has its own budget: the whole run (prism's start-up
# included) stays within a few minutes on 2 cores (prism answers slower as the
# contract grows). Like MAX_EXAMPLES it scales schemathesis.toml's
# per-operation budgets (below): 25 gives a twentieth of the server run's
# examples (1 to 8 per operation). The mock run checks that the mock answers as
# the spec says (status, schema, headers), the same few answers per operation
# whatever the input; the examples and coverage phases, which the budget does
# not scale, already send each operation's example and every parameter's
# boundaries. At 100 (a fifth) the REST part took 235 s in CI.
MOCK_MAX_EXAMPLES=${CONTRACT_MOCK_MAX_EXAMPLES:-25}
# schemathesis.toml's per-operation generation.max-examples are written for
# this --max-examples; see scale_budgets.
BUDGET_SCALE=500
# The mock's GraphQL answers are generated from schema.graphql: 30 examples a
# root field (100 took 82 s in CI).
MOCK_GRAPHQL_MAX_EXAMPLES=${CONTRACT_MOCK_GRAPHQL_MAX_EXAMPLES:-30}
# Checks no stateless mock can pass (any token is accepted, nothing is ever
# stored or deleted), left out with --mock and --stateless; see the README.
STATELESS_EXCLUDED_CHECKS=ignored_auth,use_after_free,ensure_resource_availability
# Left out of every run: allow_header_conformance (ST205) compares the `Allow`
# of an OPTIONS answer with the methods of the spec's path item. The path
# /repositories/{repository_id} also serves PATCH and DELETE, the generated
# aliases of repos/update and repos/delete (issue 15: every /repos/{owner}/{repo}
# route is served under /repositories/{id}, and a renamed repository's PATCH
# is redirected there), kept out of openapi.yaml on purpose, so its honest
# `Allow` cannot match. Schemathesis 4.32.5 applies no per-operation or
# per-path setting to that check's OPTIONS requests (tried both). The 405 and
# its Allow are tested in server/renames/id-aliases.test.ts and
# server/http/cross-cutting.test.ts.
ALWAYS_EXCLUDED_CHECKS=allow_header_conformance

log() { printf '[contract] %s\n' "$*" >&2; }
die() { log "error: $1"; exit "${2:-3}"; }

usage() { cat "$HERE/kit/usage.txt"; }

TARGET_URL=""
TOKEN=""
MOCK=""
STATELESS=""
SPEC_ARG=""
INCLUDE=""
EXCLUDE=""
FIXTURES=""
READ_ONLY=0
# A stateful chain step NOT reached fails the run (exit 1) unless --no-require-chains
# (CONTRACT_REQUIRE_CHAINS=0); the chains are openapi.yaml's, so another --spec requires none.
REQUIRE_CHAINS=${CONTRACT_REQUIRE_CHAINS:-1}
NO_GRAPHQL=""
# value OPTION "$@": the option's value, from `--opt VALUE` or `--opt=VALUE`; SHIFT how many words it took.
value() {
  case "$2" in
    --*=*) VALUE=${2#*=}; SHIFT=1 ;;
    *) [ $# -ge 3 ] || die "$1 needs a value" 2; VALUE=$3; SHIFT=2 ;;
  esac
}
while [ $# -gt 0 ]; do
  case "$1" in
    --spec|--spec=*) value --spec "$@"; SPEC_ARG=$VALUE; shift "$SHIFT" ;;
    # Repeatable and comma-separated alike.
    --include|--include=*) value --include "$@"; INCLUDE=${INCLUDE:+$INCLUDE,}$VALUE; shift "$SHIFT" ;;
    --exclude|--exclude=*) value --exclude "$@"; EXCLUDE=${EXCLUDE:+$EXCLUDE,}$VALUE; shift "$SHIFT" ;;
    --fixtures|--fixtures=*) value --fixtures "$@"; FIXTURES=$VALUE; shift "$SHIFT" ;;
    --read-only) READ_ONLY=1; shift ;;
    --require-chains) REQUIRE_CHAINS=1; shift ;;
    --no-require-chains) REQUIRE_CHAINS=0; shift ;;
    --no-graphql) NO_GRAPHQL=1; shift ;;
    --mock) MOCK=1; STATELESS=1; shift ;;
    --stateless) STATELESS=1; shift ;;
    --url) [ $# -ge 2 ] || die "--url needs a value" 2; TARGET_URL=$2; shift 2 ;;
    --url=*) TARGET_URL=${1#--url=}; shift ;;
    --token) [ $# -ge 2 ] || die "--token needs a value" 2; TOKEN=$2; shift 2 ;;
    --token=*) TOKEN=${1#--token=}; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; die "unknown argument: $1" 2 ;;
  esac
done
if [ -n "$MOCK" ] && [ -n "$TARGET_URL$TOKEN" ]; then die "--mock starts its own mock: no --url or --token" 2; fi
if [ -n "$TARGET_URL" ] && [ -z "$TOKEN" ]; then die "--url needs --token" 2; fi
if [ -z "$TARGET_URL" ] && [ -n "$TOKEN" ]; then die "--token needs --url" 2; fi
if [ -n "$STATELESS" ] && [ -z "$MOCK" ] && [ -z "$TARGET_URL" ]; then die "--stateless is for --url targets (--mock implies it)" 2; fi
if [ -n "$FIXTURES" ] && [ -z "$TARGET_URL" ]; then die "--fixtures is for --url targets (a fresh server gets seed.ts's)" 2; fi
if [ -n "$FIXTURES" ] && [ ! -r "$FIXTURES" ]; then die "--fixtures $FIXTURES is not readable" 2; fi
# Paths as given, from where the script was started (it works from the repository root).
[ -z "$FIXTURES" ] || FIXTURES=$(realpath "$FIXTURES")
if [ -n "$SPEC_ARG" ] && [ -e "$SPEC_ARG" ]; then SPEC_ARG=$(realpath "$SPEC_ARG"); fi
if [ -n "$MOCK" ]; then
  MAX_EXAMPLES=$MOCK_MAX_EXAMPLES
  GRAPHQL_MAX_EXAMPLES=$MOCK_GRAPHQL_MAX_EXAMPLES
  # The default run's reports stay where they are: CI keeps both.
  REPORTS="$REPORTS/mock"
fi

cd "$ROOT"
command -v python3 >/dev/null || die "python3 is required"
command -v node >/dev/null || die "node is required"
[ -d node_modules ] || die "node_modules is missing: run npm ci first"

# --- the spec and its operations --------------------------------------------
# kit/select-operations.mjs reads the spec (a URL is saved to the reports first):
# the operations --include / --exclude / --read-only select (or, with none of
# them, those to leave out: x-wharf-planned ones answer 501 until implemented),
# and those authenticated with an app JWT (`security: appJwt`: hooks/auth.py signs for them).
# Before the venv: a value naming nothing fails at once.
SELECTION=$(node "$HERE/kit/select-operations.mjs" "${SPEC_ARG:-$SPEC}" "$REPORTS" "$READ_ONLY" "$INCLUDE" "$EXCLUDE") || exit 2
SPEC=$(sed -n 's/^spec //p' <<<"$SELECTION")
mapfile -t SELECTED < <(sed -n 's/^include //p' <<<"$SELECTION")
mapfile -t LEFT_OUT < <(sed -n 's/^exclude //p' <<<"$SELECTION")
mapfile -t APP_JWT_OPERATIONS < <(sed -n 's/^appjwt //p' <<<"$SELECTION")
EXCLUDES=()
for id in "${LEFT_OUT[@]}"; do EXCLUDES+=(--exclude-operation-id "$id"); done
for id in "${SELECTED[@]}"; do EXCLUDES+=(--include-operation-id "$id"); done
log "spec ${SPEC#"$ROOT/"}: $([ ${#SELECTED[@]} -gt 0 ] && echo "${#SELECTED[@]}" || echo all) operation(s) selected${INCLUDE:+ by --include $INCLUDE}${EXCLUDE:+, --exclude $EXCLUDE}$([ "$READ_ONLY" = 1 ] && echo ', read-only: GET and HEAD only'); ${#LEFT_OUT[@]} left out: ${LEFT_OUT[*]:-none}"
# Only Wharf's own spec pairs with schema.graphql and with seed.ts's chains.
OWN_SPEC=""
if [ "$SPEC" = "$ROOT/openapi.yaml" ]; then OWN_SPEC=1; fi

# --- schemathesis, pinned, in its own venv ---------------------------------
PINNED=$(sed -n 's/^schemathesis==\([^[:space:]#]*\).*/\1/p' "$HERE/requirements.txt")
[ -n "$PINNED" ] || die "requirements.txt does not pin schemathesis"
installed_version() {
  "$VENV/bin/python" -c 'import importlib.metadata as m; print(m.version("schemathesis"))' 2>/dev/null || true
}
# The server run and the mock run may start together (run-server-and-mock.sh):
# the lock makes the second wait for the first's install rather than race it.
exec 8>"$HERE/.venv.lock"
flock 8
if [ ! -x "$VENV/bin/python" ]; then
  log "creating venv $VENV"
  python3 -m venv "$VENV"
fi
if [ "$(installed_version)" != "$PINNED" ]; then
  log "installing schemathesis==$PINNED"
  "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -r "$HERE/requirements.txt"
fi
[ "$(installed_version)" = "$PINNED" ] || die "schemathesis $PINNED did not install"
flock -u 8
exec 8>&-
log "schemathesis $PINNED ready"

# --- a fresh server (or the mock), unless one was given ---------------------
SERVER_PID=""
DATA_DIR=""
# What started (server or mock) and where its log is kept after the run.
SERVER_KIND=server
SERVER_LOG="$REPORTS/server.log"
if [ -n "$MOCK" ]; then SERVER_KIND="mock server"; SERVER_LOG="$REPORTS/mock.log"; fi
group_alive() { kill -0 -- "-$SERVER_PID" 2>/dev/null; }
stop_server() {
  # The server leads its own process group, which holds the embedded
  # PostgreSQL's postmaster (the mock: prism) too; done when nothing of the group is left.
  [ -n "$SERVER_PID" ] && group_alive || return 0
  log "stopping $SERVER_KIND (process group $SERVER_PID)"
  local t0=$SECONDS
  # serve stops the embedded PostgreSQL (the mock: prism) itself on SIGTERM: give it 10 s.
  kill -TERM "$SERVER_PID" 2>/dev/null || true
  for _ in $(seq 1 100); do group_alive || break; sleep 0.1; done
  if group_alive; then
    log "$SERVER_KIND still running after 10 s: SIGTERM to its process group, then SIGKILL"
    kill -TERM -- "-$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 50); do group_alive || break; sleep 0.1; done
    kill -KILL -- "-$SERVER_PID" 2>/dev/null || true
  fi
  log "$SERVER_KIND stopped in $((SECONDS - t0)) s"
}
ST_PID=""
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ -n "$ST_PID" ]; then kill -TERM "$ST_PID" 2>/dev/null || true; wait "$ST_PID" 2>/dev/null || true; fi
  stop_server
  if [ -n "$DATA_DIR" ] && [ -d "$DATA_DIR" ]; then
    # The server's log (warnings and errors; WHARF_LOG_LEVEL=debug adds every
    # request; the mock's: prism's line per request) stays with the reports.
    [ ! -f "$DATA_DIR/server.log" ] || cp "$DATA_DIR/server.log" "$SERVER_LOG" 2>/dev/null || true
    rm -rf "$DATA_DIR"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

mkdir -p "$REPORTS"

# --- per-operation fuzzing budgets, scaled to this run ---------------------
# An operation's own generation.max-examples in schemathesis.toml wins over
# --max-examples (schemathesis merges operation settings first), and those
# numbers are written for BUDGET_SCALE examples. A run with another budget
# (the mock's, CONTRACT_MAX_EXAMPLES=50 for a quick look) gets a copy of the
# file with each scaled in proportion, rounded up, at least 1; the REST config
# names no file by relative path, so the copy may live with the reports.
REST_CONFIG="$HERE/schemathesis.toml"
if [ "$MAX_EXAMPLES" != "$BUDGET_SCALE" ]; then
  REST_CONFIG="$REPORTS/schemathesis.scaled.toml"
  awk -v m="$MAX_EXAMPLES" -v s="$BUDGET_SCALE" -f "$HERE/scale-budgets.awk" "$HERE/schemathesis.toml" >"$REST_CONFIG"
  # Every budget line has the one shape awk rewrites, or the copy would keep a stray one unscaled.
  [ "$(grep -v '^[[:space:]]*#' "$HERE/schemathesis.toml" | grep -c 'max-examples')" = "$(grep -c '^generation\.max-examples = [0-9]*$' "$HERE/schemathesis.toml")" ] \
    || die "schemathesis.toml: write each budget as a line 'generation.max-examples = N' (run.sh scales them)" 2
  log "per-operation budgets scaled by $MAX_EXAMPLES/$BUDGET_SCALE: ${REST_CONFIG#"$ROOT/"}"
fi
# --fixtures and --read-only: a copy of the config with the fixtures pinned and
# only TRACE probed as an undeclared method (kit/kit-config.mjs says why).
if [ -n "$FIXTURES" ] || [ "$READ_ONLY" = 1 ]; then
  node "$HERE/kit/kit-config.mjs" "$REST_CONFIG" "$REPORTS/schemathesis.kit.toml" "$FIXTURES" "$READ_ONLY" || exit 2
  REST_CONFIG="$REPORTS/schemathesis.kit.toml"
  log "config for ${FIXTURES:+--fixtures $FIXTURES }$([ "$READ_ONLY" = 1 ] && echo '--read-only'): ${REST_CONFIG#"$ROOT/"}"
fi
rm -f "$SERVER_LOG"

free_port() { node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
# Waits until SERVER_PID listens on PORT (both serve and the mock open their
# port only when ready); dies with the log's tail if it exits or takes 60 s.
wait_for_port() {
  for _ in $(seq 1 240); do
    kill -0 "$SERVER_PID" 2>/dev/null || { tail -n 40 "$DATA_DIR/server.log" >&2; die "$SERVER_KIND exited during start-up"; }
    if (exec 3<>"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then return 0; fi
    sleep 0.25
  done
  tail -n 40 "$DATA_DIR/server.log" >&2
  die "$SERVER_KIND not ready after 60 s"
}

if [ -n "$MOCK" ]; then
  DATA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/wharf-contract-mock.XXXXXX")
  PORT=$(free_port)
  TARGET_URL="http://127.0.0.1:$PORT"
  log "starting mock server on $TARGET_URL"
  # setsid as for the server: prism, its child, goes with it.
  PORT=$PORT HOST=127.0.0.1 setsid node bin/run-ts.mjs contract-tests/mock/serve.ts >"$DATA_DIR/server.log" 2>&1 </dev/null &
  SERVER_PID=$!
  wait_for_port
  log "mock server ready (pid $SERVER_PID)"
  # The mock takes any well-formed credential. Every operation runs, the app
  # ones too: hooks/auth.py signs their JWTs with a throwaway key.
  TOKEN=ghp_contractMockToken000000000000000000
  HOOK_TOKEN=$TOKEN
  INSTALLATION_TOKEN=ghs_contractMockInstallation0000000000
  REVOCABLE_INSTALLATION_TOKEN=ghs_contractMockRevocable0000000000000
  CHECKS_INSTALLATION_TOKEN=$INSTALLATION_TOKEN
  APP_ID=1
  APP_KEY_FILE="$DATA_DIR/app-key.pem"
  node -e 'const { generateKeyPairSync } = require("crypto");
    process.stdout.write(generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }))' >"$APP_KEY_FILE"
elif [ -z "$TARGET_URL" ]; then
  DATA_DIR=$(mktemp -d "${TMPDIR:-/tmp}/wharf-contract.XXXXXX")
  PORT=$(free_port)
  TARGET_URL="http://127.0.0.1:$PORT"
  export PORT HOST=127.0.0.1 WHARF_DATA_DIR="$DATA_DIR"
  export WHARF_PUBLIC_URL="$TARGET_URL"
  export WHARF_RATE_LIMIT_AUTHENTICATED=1000000000 WHARF_RATE_LIMIT_UNAUTHENTICATED=1000000000
  export WHARF_RATE_LIMIT_SEARCH_AUTHENTICATED=1000000000 WHARF_RATE_LIMIT_SEARCH_UNAUTHENTICATED=1000000000
  export WHARF_LOG_LEVEL=${WHARF_LOG_LEVEL:-warn}
  # Hooks the fuzzer creates point anywhere; deliveries may only reach this
  # machine (the rest are refused and recorded, which the history operations
  # then read). No automatic retries: each attempt is one history entry.
  export WHARF_WEBHOOK_ALLOWED_HOSTS=127.0.0.1/32 WHARF_WEBHOOK_RETRY_SCHEDULE=none WHARF_WEBHOOK_TIMEOUT=2s
  unset DATABASE_URL
  log "starting server on $TARGET_URL (data dir $DATA_DIR)"
  # setsid: the server leads its own process group (PostgreSQL included), so
  # cleanup can reach everything it started, and a Ctrl-C reaches only this
  # script, which then stops the server in order.
  setsid node bin/wharf.mjs serve >"$DATA_DIR/server.log" 2>&1 </dev/null &
  SERVER_PID=$!
  # Listening means ready: serve opens its port only after migrating.
  wait_for_port
  log "server ready (pid $SERVER_PID)"

  log "seeding fixtures"
  WHARF_CONTRACT_URL="$TARGET_URL" node bin/run-ts.mjs contract-tests/seed.ts >"$DATA_DIR/token" \
    || { tail -n 20 "$DATA_DIR/server.log" >&2; die "seeding failed"; }
  TOKEN=$(sed -n 1p "$DATA_DIR/token")
  HOOK_TOKEN=$(sed -n 2p "$DATA_DIR/token")
  INSTALLATION_TOKEN=$(sed -n 3p "$DATA_DIR/token")
  APP_ID=$(sed -n 4p "$DATA_DIR/token")
  APP_KEY_FILE=$(sed -n 5p "$DATA_DIR/token")
  REVOCABLE_INSTALLATION_TOKEN=$(sed -n 6p "$DATA_DIR/token")
  CHECKS_INSTALLATION_TOKEN=$(sed -n 7p "$DATA_DIR/token")
  [[ "$TOKEN" == ghp_* ]] || die "seeding printed no token"
  [[ "$INSTALLATION_TOKEN" == ghs_* ]] || die "seeding printed no installation token"
else
  TARGET_URL=${TARGET_URL%/}
  log "running against existing deployment $TARGET_URL (no server start, no seeding${STATELESS:+; stateless profile})"
  # Hook operations need admin rights on the repositories they touch.
  HOOK_TOKEN=${CONTRACT_HOOK_TOKEN:-$TOKEN}
  INSTALLATION_TOKEN=${CONTRACT_INSTALLATION_TOKEN:-}
  REVOCABLE_INSTALLATION_TOKEN=${CONTRACT_REVOCABLE_INSTALLATION_TOKEN:-}
  # The stateful runs' check writes: a token of an installation on the token
  # user's repositories, where the commit chains write (see below).
  CHECKS_INSTALLATION_TOKEN=${CONTRACT_CHECKS_INSTALLATION_TOKEN:-$INSTALLATION_TOKEN}
  APP_ID=${CONTRACT_APP_ID:-}
  APP_KEY_FILE=${CONTRACT_APP_KEY_FILE:-}
fi

# App operations need an app's credentials: without them they are left out.
if [ -n "$APP_ID" ] && [ -n "$APP_KEY_FILE" ]; then
  [ -r "$APP_KEY_FILE" ] || die "CONTRACT_APP_KEY_FILE $APP_KEY_FILE is not readable" 2
  # hooks/auth.py mints the app's JWTs (10-minute lifetime) as the run goes.
  export CONTRACT_APP_ID=$APP_ID CONTRACT_APP_KEY_FILE=$APP_KEY_FILE
  export CONTRACT_APP_JWT_OPERATIONS=$(IFS=,; echo "${APP_JWT_OPERATIONS[*]}")
else
  unset CONTRACT_APP_ID CONTRACT_APP_KEY_FILE CONTRACT_APP_JWT_OPERATIONS
  log "no CONTRACT_APP_ID / CONTRACT_APP_KEY_FILE: leaving out ${APP_JWT_OPERATIONS[*]}"
  for id in "${APP_JWT_OPERATIONS[@]}"; do EXCLUDES+=(--exclude-operation-id "$id"); done
fi
if [ -z "$INSTALLATION_TOKEN" ]; then
  log "no CONTRACT_INSTALLATION_TOKEN: leaving out apps/list-repos-accessible-to-installation"
  EXCLUDES+=(--exclude-operation-id apps/list-repos-accessible-to-installation)
fi
# The revocation operation revokes its token: it gets one of its own.
if [ -z "$REVOCABLE_INSTALLATION_TOKEN" ]; then
  log "no CONTRACT_REVOCABLE_INSTALLATION_TOKEN: leaving out apps/revoke-installation-access-token"
  EXCLUDES+=(--exclude-operation-id apps/revoke-installation-access-token)
fi

# --- the profile -------------------------------------------------------------
# CONTRACT_PHASES narrows a run (e.g. `stateful` to check openapi.yaml's links alone).
PHASES=${CONTRACT_PHASES:-examples,coverage,fuzzing,stateful}
EXCLUDED_CHECKS=(--exclude-checks "$ALWAYS_EXCLUDED_CHECKS")
if [ -n "$STATELESS" ]; then
  # A stateless mock has no state to follow (stateful phase), accepts any
  # token (ignored_auth) and never deletes (use_after_free) nor creates
  # (ensure_resource_availability) anything. No coverage phase either: its
  # boundary values test request validation, which the mock does with the
  # server's own validator (mock/request-checks.ts), covered by the server's
  # run; examples and fuzzing check the mock's answers (105 of 190 s saved).
  PHASES=${CONTRACT_PHASES:-examples,fuzzing}
  EXCLUDED_CHECKS=(--exclude-checks "$ALWAYS_EXCLUDED_CHECKS,$STATELESS_EXCLUDED_CHECKS")
  log "stateless profile: phases $PHASES; checks left out: $STATELESS_EXCLUDED_CHECKS"
fi
if [ "$READ_ONLY" = 1 ]; then
  # Only GET and HEAD operations are selected; the stateful phase exists to follow
  # what writes create, so it is left out (CONTRACT_PHASES cannot add it back).
  PHASES=$(tr ',' '\n' <<<"$PHASES" | { grep -vx stateful || true; } | paste -sd, -)
  log "read-only: phases $PHASES, GraphQL queries only"
fi

# The stateful phase gets a run of its own (STATEFUL_SECONDS, above).
# (grep finds nothing for CONTRACT_PHASES=stateful: not an error under pipefail.)
UNIT_PHASES=$(tr ',' '\n' <<<"$PHASES" | { grep -vx stateful || true; } | paste -sd, -)
RUN_STATEFUL=""
if tr ',' '\n' <<<"$PHASES" | grep -qx stateful; then RUN_STATEFUL=1; fi

# --- schemathesis: openapi.yaml ---------------------------------------------
rm -f "$REPORTS/junit.xml" "$REPORTS/junit-stateful.xml" "$REPORTS"/junit-stateful-*chains*.xml "$REPORTS/junit-graphql.xml"
ST_COMMON=(
  run "$SPEC"
  --url "$TARGET_URL"
  --checks all
  "${EXCLUDED_CHECKS[@]}"
  --mode all
  --max-examples "$MAX_EXAMPLES"
  --seed "$SEED"
  --workers "$WORKERS"
  --generation-database none
  --report junit
  "${EXCLUDES[@]}"
)
ST_ARGS=("${ST_COMMON[@]}" --phases "$UNIT_PHASES" --report-junit-path "$REPORTS/junit.xml")
# hooks/auth.py puts the run token (and the app JWT) in the Authorization
# header; schemathesis.toml overrides it per operation (hooks, installation).
export CONTRACT_TOKEN=$TOKEN CONTRACT_HOOK_TOKEN=$HOOK_TOKEN CONTRACT_INSTALLATION_TOKEN=$INSTALLATION_TOKEN
export CONTRACT_REVOCABLE_INSTALLATION_TOKEN=$REVOCABLE_INSTALLATION_TOKEN
# The check writes (schemathesis.toml) use the installation on octocat in the
# examples, coverage and fuzzing phases (the examples name octocat/Hello-World)
# and, in the stateful runs, CHECKS_INSTALLATION_TOKEN, the installation on the
# run user's repositories, where the commit chains make the commits they check.
export CONTRACT_CHECKS_INSTALLATION_TOKEN=$INSTALLATION_TOKEN
# HTTP Basic credentials of an OAuth app for DELETE /applications/{client_id}/…:
# by default the example app seed.ts registers (the spec's client id and secret).
export CONTRACT_OAUTH_CLIENT_BASIC=${CONTRACT_OAUTH_CLIENT_BASIC:-$(printf '%s' 'Iv1.8a61f9b3a7aba766:1c6b1b4c1e5d0a2e8b2e2f4a3b9c7d6e5f4a3b2c' | base64 -w0)}

# Runs `st` in the background, so that a signal to this script is handled at
# once (cleanup stops ST_PID), and sets RUN_STATUS to its exit status.
run_st() {
  local started
  started=$(date +%s)
  log "st $*"
  "$VENV/bin/st" "$@" &
  ST_PID=$!
  RUN_STATUS=0
  wait "$ST_PID" || RUN_STATUS=$?
  ST_PID=""
  RUN_SECONDS=$(( $(date +%s) - started ))
}

status=0
NOT_REACHED=""
if [ -n "$UNIT_PHASES" ]; then
  SCHEMATHESIS_HOOKS="$HERE/hooks/auth.py" run_st --config-file "$REST_CONFIG" "${ST_ARGS[@]}"
  status=$RUN_STATUS
  log "schemathesis (OpenAPI, $UNIT_PHASES) finished in $RUN_SECONDS s with exit status $status; JUnit report: ${REPORTS#"$ROOT/"}/junit.xml"
fi
if [ -n "$RUN_STATEFUL" ]; then
  # --max-time bounds this run alone: its only phase, stateful, repeats with a
  # new seed each time a suite ends, until the time is up (--max-examples
  # caps the scenarios of one suite). The fixtures are as the first run left them.
  # hooks/stateful-run.py: auth.py, a recorder writing one line per step that
  # followed a link, with its answer, to stateful-links.txt (schemathesis itself
  # reports only how many links were covered, not which), and the reset of the
  # fork before each CreatePullInFork (hooks/fork-pull-fixture.py).
  # The chains are seed.ts's and openapi.yaml's: not for another spec or a narrowed run.
  CHAINS_APPLY=""
  if [ -n "$OWN_SPEC" ] && [ -z "$STATEFUL_OPERATIONS" ] && [ ${#SELECTED[@]} -eq 0 ]; then CHAINS_APPLY=1; fi
  # The chain runs' config: schemathesis has no option for the steps per scenario.
  CHAIN_CONFIG="$REPORTS/schemathesis.chains.toml"
  sed "s/^max-steps = [0-9]*$/max-steps = $CHAIN_MAX_STEPS/" "$REST_CONFIG" >"$CHAIN_CONFIG"
  grep -qx "max-steps = $CHAIN_MAX_STEPS" "$CHAIN_CONFIG" || die "schemathesis.toml: write [phases.stateful] as 'max-steps = N' (run.sh sets it for the chain runs)" 2
  stateful_run() { # name seconds operationIds(comma-separated, empty: all, or those --include selected) [no-require|chains [st options…]]
    local name=$1 seconds=$2 operations=$3 only=() ids id config=$REST_CONFIG chain=0 mode=() more=("${@:5}")
    [ -n "$operations" ] || operations=$(IFS=,; echo "${SELECTED[*]}")
    if [ -n "$operations" ]; then
      IFS=, read -r -a ids <<<"$operations"
      # (Not again those --include selected: schemathesis refuses a repeated --include-operation-id.)
      for id in "${ids[@]}"; do [[ " ${SELECTED[*]} " == *" $id "* ]] || only+=(--include-operation-id "$id"); done
      log "stateful run ($name) narrowed to: $operations"
    fi
    # A chain run: CHAIN_MAX_STEPS steps a scenario; every value a link names used (hooks/chain-links.py);
    # no pending review left in the way of the pending-review links (hooks/pending-review-fixture.py);
    # positive data only (a negative case is a 4xx by design, so a chain's end; the other runs send them).
    if [ "${4:-}" = chains ]; then config=$CHAIN_CONFIG; chain=1; mode=(--mode positive); fi
    rm -f "$REPORTS/$name-links.txt"
    CONTRACT_PIN_LINKS=$chain CONTRACT_RESET_PENDING_REVIEWS=$chain CONTRACT_LINKS_LOG="$REPORTS/$name-links.txt" CONTRACT_BASE_URL="$TARGET_URL" SCHEMATHESIS_HOOKS="$HERE/hooks/stateful-run.py" \
      CONTRACT_CHECKS_INSTALLATION_TOKEN="$CHECKS_INSTALLATION_TOKEN" \
      run_st --config-file "$config" "${ST_COMMON[@]}" "${only[@]}" \
      "${mode[@]}" "${more[@]}" --phases stateful --max-time "$seconds" --report-junit-path "$REPORTS/junit-$name.xml"
    log "schemathesis (OpenAPI, $name) finished in $RUN_SECONDS s with exit status $RUN_STATUS; JUnit report: ${REPORTS#"$ROOT/"}/junit-$name.xml"
    # Which links were followed, what they answered, and which steps of the chains were reached.
    # A chain step NOT reached fails the run (exit 1), unless --no-require-chains, or the spec is not
    # openapi.yaml (whose links the chains are). The all-operations run is not held to the chains
    # when the chain runs follow (they are for that).
    local require=""
    # The chain runs are held to the chains together, after the last of them (below).
    [ "$REQUIRE_CHAINS" != 1 ] || [ -z "$OWN_SPEC" ] || [ -n "${4:-}" ] || require=--require
    # The all-operations run with chain runs to follow shows its links only: the chains are theirs.
    [ "${4:-}" != no-require ] || require=--links-only
    if ! "$VENV/bin/python" "$HERE/stateful-links-summary.py" "$REPORTS/$name-links.txt" "$operations" $require >&2; then
      log "stateful run ($name): a chain step was NOT reached (--no-require-chains to report it only)"
      NOT_REACHED="$NOT_REACHED $name"
      if [ "$status" -lt 1 ]; then status=1; fi
    fi
    log "links followed, one line per step: ${REPORTS#"$ROOT/"}/$name-links.txt"
    if [ "$RUN_STATUS" -gt "$status" ]; then status=$RUN_STATUS; fi
  }
  # CONTRACT_STATEFUL_SECONDS=0 leaves the all-operations run out (to measure the chain runs alone).
  if [ "$STATEFUL_SECONDS" -gt 0 ]; then
    stateful_run stateful "$STATEFUL_SECONDS" "$STATEFUL_OPERATIONS" "${CHAINS_APPLY:+no-require}"
  fi
  # Among all 290-odd links a long chain is rarely drawn in the time: shorter
  # runs over the pull request and review operations alone follow the chains the
  # issues ask for (fork → pull request → update / merge, pull request → review →
  # comment → reply → submit), then the commit chains'.
  CHAIN_RUNS=()
  if [ -n "$CHAINS_APPLY" ] && [ "$CHAIN_SECONDS" -gt 0 ]; then
    stateful_run stateful-chains "$CHAIN_SECONDS" "$CHAIN_OPERATIONS" chains
    stateful_run stateful-review-chains "$CHAIN_SECONDS" "$REVIEW_CHAIN_OPERATIONS" chains
    CHAIN_RUNS+=(stateful-chains stateful-review-chains)
  fi
  if [ -n "$CHAINS_APPLY" ] && [ "$COMMIT_CHAIN_SECONDS" -gt 0 ]; then
    stateful_run stateful-commit-chains "$COMMIT_CHAIN_SECONDS" "$COMMIT_CHAIN_OPERATIONS" chains
    CHAIN_RUNS+=(stateful-commit-chains)
  fi
  # A chain counts as reached when one of the chain runs reached it (the pending
  # review chain's operations are in both pull request runs): their links together.
  operations_of_run() {
    case $1 in
      stateful-chains*) echo "$CHAIN_OPERATIONS" ;;
      stateful-review-chains*) echo "$REVIEW_CHAIN_OPERATIONS" ;;
      *) echo "$COMMIT_CHAIN_OPERATIONS" ;;
    esac
  }
  # chains_reached OPERATIONS [--require]: the summary of the chains of OPERATIONS
  # (comma-separated) over every chain run's links (exit 1: a step NOT reached).
  chains_reached() {
    local name
    : >"$REPORTS/stateful-chain-runs-links.txt"
    for name in "${CHAIN_RUNS[@]}"; do cat "$REPORTS/$name-links.txt" >>"$REPORTS/stateful-chain-runs-links.txt" 2>/dev/null || true; done
    "$VENV/bin/python" "$HERE/stateful-links-summary.py" "$REPORTS/stateful-chain-runs-links.txt" "$1" --chains-only ${2:-}
  }
  # A run whose chains a busy machine kept it from reaching goes once more, with
  # another seed: only then, so no time is spent when every step was reached.
  AGAIN=()
  for name in "${CHAIN_RUNS[@]}"; do
    chains_reached "$(operations_of_run "$name")" --require >/dev/null || AGAIN+=("$name")
  done
  for name in "${AGAIN[@]}"; do
    log "stateful run ($name): a chain step NOT reached; once more, with seed $((SEED + 1))"
    seconds=$CHAIN_SECONDS
    [ "$name" != stateful-commit-chains ] || seconds=$COMMIT_CHAIN_SECONDS
    stateful_run "$name-again" "$seconds" "$(operations_of_run "$name")" chains --seed "$((SEED + 1))"
    CHAIN_RUNS+=("$name-again")
  done
  if [ ${#CHAIN_RUNS[@]} -gt 0 ]; then
    log "the chain runs together (${CHAIN_RUNS[*]}):"
    ALL_OPERATIONS=$(for name in "${CHAIN_RUNS[@]}"; do operations_of_run "$name"; done | paste -sd, -)
    require=""
    [ "$REQUIRE_CHAINS" != 1 ] || require=--require
    if ! chains_reached "$ALL_OPERATIONS" $require >&2; then
      log "the chain runs: a chain step was NOT reached (--no-require-chains to report it only)"
      NOT_REACHED="$NOT_REACHED ${CHAIN_RUNS[*]}"
      if [ "$status" -lt 1 ]; then status=1; fi
    fi
  fi
fi

# --- schemathesis: schema.graphql --------------------------------------------
# Only with Wharf's own spec (schema.graphql is Wharf's), unless --no-graphql.
graphql_status=0
if [ -n "$NO_GRAPHQL" ] || [ -z "$OWN_SPEC" ]; then
  if [ -n "$NO_GRAPHQL" ]; then log "GraphQL run left out (--no-graphql)"; else log "GraphQL run left out (schema.graphql goes with openapi.yaml, not --spec)"; fi
else
  GRAPHQL_EXCLUDED_NAMES='^Query\.(securityAdvisor|securityVulnerabilit|marketplace|enterprise|sponsorables|relay$)'
  # --read-only: no mutation is sent.
  if [ "$READ_ONLY" = 1 ]; then GRAPHQL_EXCLUDED_NAMES="^Mutation\.|$GRAPHQL_EXCLUDED_NAMES"; fi
  # GraphQL is served at {base}/api/graphql; a REST base given as …/api/v3 (where
  # Octokit users point) has the same origin.
  GRAPHQL_URL="${TARGET_URL%/api/v3}/api/graphql"
  GRAPHQL_ARGS=(
    run "$GRAPHQL_SCHEMA"
    --url "$GRAPHQL_URL"
    --checks all
    # Wharf answers a missing repository or node GitHub's way, `null` plus an
    # error of type NOT_FOUND, which not_a_server_error counts as a server error
    # (and fuzzed owners, names and IDs almost never exist). hooks/graphql-run.py
    # replaces it with a check that still fails on a 5xx and on any resolver error
    # that is not one of GitHub's error types (a crash yoga masks as "Unexpected error.").
    # The stateless profile leaves out its checks here too.
    --exclude-checks "not_a_server_error${STATELESS:+,$STATELESS_EXCLUDED_CHECKS}"
    --mode all
    # The only phase schemathesis 4 has for GraphQL (examples and coverage are
    # OpenAPI-only; stateful needs links, which a GraphQL schema has not).
    --phases fuzzing
    --max-examples "$GRAPHQL_MAX_EXAMPLES"
    # Root fields of features Wharf does not have answer constants (null, an
    # empty connection: server/graphql/core/absent-feature.ts, tested there and
    # in the coverage tests), while their arguments are GitHub's widest inputs:
    # schemathesis spent 35.8 s on 5 queries of securityAdvisories and 34.6 s on
    # marketplaceListings, generating alone. `relay` is Query again, fuzzed as
    # itself. Left out of the fuzzing, not of the schema.
    --exclude-name-regex "$GRAPHQL_EXCLUDED_NAMES"
    --seed "$SEED"
    --workers "$WORKERS"
    --generation-database none
    --report junit
    --report-junit-path "$REPORTS/junit-graphql.xml"
  )
  # Real owners, names and node IDs for the fuzzer to mix in (schemathesis-graphql.toml).
  # schemathesis resolves from-file against the config's folder, without environment
  # variables; each run reads its own target's dictionaries from a copy of the config in
  # its reports folder (the mock run and the server run may go at the same time).
  node bin/run-ts.mjs "$HERE/graphql-dictionaries.ts" "$TARGET_URL" "$REPORTS/graphql-dictionaries" \
    || die "could not read the GraphQL run's dictionaries from $TARGET_URL"
  GRAPHQL_CONFIG="$REPORTS/schemathesis-graphql.toml"
  sed 's|^from-file = "reports/graphql-dictionaries/|from-file = "graphql-dictionaries/|' "$HERE/schemathesis-graphql.toml" >"$GRAPHQL_CONFIG"
  # hooks/graphql-run.py loads auth.py (the run token: GraphQL is 401 without one)
  # and defines the check above.
  SCHEMATHESIS_HOOKS="$HERE/hooks/graphql-run.py" run_st --config-file "$GRAPHQL_CONFIG" "${GRAPHQL_ARGS[@]}"
  graphql_status=$RUN_STATUS
  log "schemathesis (GraphQL) finished in $RUN_SECONDS s with exit status $graphql_status; JUnit report: ${REPORTS#"$ROOT/"}/junit-graphql.xml"
fi

# Either run failing fails the script; a configuration error (2) outranks a failed check (1).
if [ "$graphql_status" -gt "$status" ]; then status=$graphql_status; fi

# One JUnit file of every run (the runs' own stay, CI's summary reads them) and
# the counts of each and of all, with each failed case named.
node "$HERE/kit/junit-summary.mjs" "$REPORTS/junit-all.xml" openapi="$REPORTS/junit.xml" \
  stateful="$REPORTS/junit-stateful.xml" stateful-chains="$REPORTS/junit-stateful-chains.xml" \
  stateful-review-chains="$REPORTS/junit-stateful-review-chains.xml" \
  stateful-chains-again="$REPORTS/junit-stateful-chains-again.xml" \
  stateful-review-chains-again="$REPORTS/junit-stateful-review-chains-again.xml" \
  stateful-commit-chains-again="$REPORTS/junit-stateful-commit-chains-again.xml" \
  stateful-commit-chains="$REPORTS/junit-stateful-commit-chains.xml" graphql="$REPORTS/junit-graphql.xml" || true
[ -z "$NOT_REACHED" ] || log "  FAILED stateful chains NOT reached in:$NOT_REACHED"
log "exit status $status"
exit "$status"
