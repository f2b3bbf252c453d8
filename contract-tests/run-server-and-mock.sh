#!/usr/bin/env bash
# `npm test`'s contract step: the contract run against Wharf (run.sh) and the
# one against the mock (run.sh --mock) at the same time. Each is one
# schemathesis process talking to one server, so each keeps about one core
# busy; on CI's two cores together they take little longer than the server
# run alone. The server run prints as it goes; the mock run's output is kept
# in contract-tests/reports/mock/run.log and printed whole when both are done,
# so the two never interleave. Exits with the higher of the two statuses.
set -uo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MOCK_LOG="$HERE/reports/mock/run.log"
mkdir -p "$HERE/reports/mock"

bash "$HERE/run.sh" --mock >"$MOCK_LOG" 2>&1 &
MOCK_PID=$!
# A signal stops both runs (run.sh cleans up its own server or mock on exit).
trap 'kill "$MOCK_PID" 2>/dev/null' EXIT
printf '[contract] the mock run goes alongside; its output: %s\n' "${MOCK_LOG#"$PWD/"}" >&2

# The chains are reported, not required, here (CONTRACT_REQUIRE_CHAINS=1 to
# require them): on an idle machine every step is reached, but with the CPU
# contended the review-comment chain's run made 2 test cases in 35 s and missed
# its last step (docs/mock-and-contract-kit.md), and CI must not fail on load.
bash "$HERE/run.sh" $([ "${CONTRACT_REQUIRE_CHAINS:-0}" = 1 ] || echo --no-require-chains)
server_status=$?
wait "$MOCK_PID"
mock_status=$?
trap - EXIT

printf '[contract] the mock run (exit status %s):\n' "$mock_status" >&2
cat "$MOCK_LOG"
# Both runs' counts together, last (each run.sh printed its own above).
node "$HERE/kit/junit-summary.mjs" /dev/null server="$HERE/reports/junit-all.xml" mock="$HERE/reports/mock/junit-all.xml" || true
if [ "$mock_status" -gt "$server_status" ]; then exit "$mock_status"; fi
exit "$server_status"
