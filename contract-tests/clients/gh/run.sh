#!/usr/bin/env bash
# `npm run compat:gh`: GitHub's CLI (gh, pinned by go.mod/go.sum here) against
# a fresh `wharf serve`, only the host changed. Not part of `npm test`: gh
# speaks plain HTTP only to the host `github.localhost` (its API at
# http://api.github.localhost/), so this needs port 80 and those names in
# /etc/hosts, i.e. root; run it by hand after changing GraphQL or REST
# fields gh reads. What it checks in CI is pinned by the GraphQL tests that
# send gh's query shapes (server/graphql/gh-cli-shapes.test.ts,
# server/graphql/search/search-query.test.ts).
#
# Prints one `PASS`/`FAIL` line per command and exits non-zero on any FAIL.
set -Eeuo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BIN="$HERE/../.bin"
log() { printf '[gh] %s\n' "$*" >&2; }
die() { log "error: $1"; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root: gh talks plain HTTP only to github.localhost on port 80"
command -v go >/dev/null || die "go is required to build gh"
if ! grep -qE '^127\.0\.0\.1\s.*\bapi\.github\.localhost\b' /etc/hosts; then
  log "adding github.localhost, api.github.localhost and uploads.github.localhost to /etc/hosts"
  echo "127.0.0.1 github.localhost api.github.localhost uploads.github.localhost" >>/etc/hosts
fi
curl -s -o /dev/null --max-time 2 http://127.0.0.1:80/ && die "something already listens on port 80"

STAMP=$(cat "$HERE/go.mod" "$HERE/go.sum" | sha256sum | cut -d' ' -f1)
if [ ! -x "$BIN/gh" ] || [ "$(cat "$BIN/gh.sha256" 2>/dev/null)" != "$STAMP" ]; then
  mkdir -p "$BIN"
  log "building gh (a few minutes the first time)"
  (cd "$HERE" && go build -mod=readonly -o "$BIN/gh" github.com/cli/cli/v2/cmd/gh) || die "go build failed"
  echo "$STAMP" >"$BIN/gh.sha256"
fi

WORK=$(mktemp -d /tmp/wharf-gh.XXXXXX)
# The embedded PostgreSQL runs as its own user, which must reach the data directory inside.
chmod 755 "$WORK"
SERVER_PID=
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

export WHARF_DATA_DIR="$WORK/data" WHARF_LOG_LEVEL=warn
PORT=80 HOST=127.0.0.1 WHARF_PUBLIC_URL=http://github.localhost "$ROOT/bin/wharf.mjs" serve >"$WORK/server.out" 2>"$WORK/server.err" &
SERVER_PID=$!
for _ in $(seq 1 120); do
  curl -s -o /dev/null http://api.github.localhost/ && break
  kill -0 "$SERVER_PID" 2>/dev/null || die "wharf exited: $(tail -5 "$WORK/server.err")"
  sleep 1
done
TOKEN=$(grep -m1 '^ghp_' "$WORK/server.err") || die "no admin token printed"
"$ROOT/bin/wharf.mjs" admin create-user reviewer --email reviewer@example.com >/dev/null
# Collaborators, teams and protection (issue 37): a user to invite, with a token to accept;
# an organisation with reviewer as member and a repository; admin:org for the team calls.
"$ROOT/bin/wharf.mjs" admin create-user invitee --email invitee@example.com >/dev/null
INVITEE_TOKEN=$("$ROOT/bin/wharf.mjs" admin create-token invitee --scopes repo)
"$ROOT/bin/wharf.mjs" admin create-org demo-org --owner admin >/dev/null
"$ROOT/bin/wharf.mjs" admin add-member demo-org reviewer >/dev/null
ORG_TOKEN=$("$ROOT/bin/wharf.mjs" admin create-token admin --scopes repo,admin:org)

api() { curl -sf -H "authorization: token $TOKEN" -H 'content-type: application/json' -X "$1" "http://api.github.localhost$2" ${3:+-d "$3"} >/dev/null; }
api POST /user/repos '{"name":"demo","auto_init":true}'
"$ROOT/bin/wharf.mjs" admin add-collaborator admin/demo reviewer --permission write >/dev/null
MAIN=$(curl -s -H "authorization: token $TOKEN" http://api.github.localhost/repos/admin/demo/git/ref/heads/main | sed -n 's/.*"sha":"\([0-9a-f]\{40\}\)".*/\1/p')
for branch in feature second; do
  api POST /repos/admin/demo/git/refs "{\"ref\":\"refs/heads/$branch\",\"sha\":\"$MAIN\"}"
  api PUT "/repos/admin/demo/contents/$branch.txt" "{\"message\":\"add $branch\",\"content\":\"$(echo "$branch" | base64)\",\"branch\":\"$branch\"}"
done
head -c 4096 /dev/urandom >"$WORK/asset.bin"

export GH_HOST=github.localhost GH_TOKEN="$TOKEN" GH_CONFIG_DIR="$WORK/gh-config" GH_PROMPT_DISABLED=1 GH_PAGER=cat NO_COLOR=1 GH_NO_UPDATE_NOTIFIER=1
failures=0
# expect <text the output must contain> <gh arguments…>: gh must succeed;
# refuses <text> <gh arguments…>: gh must fail, saying that.
expect() { check 0 "$@"; }
refuses() { check 1 "$@"; }
check() {
  local should_fail=$1 want=$2 out status=0
  shift 2
  out=$(cd "$WORK" && timeout 60 "$BIN/gh" "$@" 2>&1) || status=$?
  if { [ "$should_fail" = 0 ] && [ "$status" = 0 ]; } || { [ "$should_fail" = 1 ] && [ "$status" != 0 ]; } && grep -qF -- "$want" <<<"$out"; then
    printf 'PASS gh %s\n' "$*"
  else
    printf 'FAIL gh %s (exit %s)\n%s\n' "$*" "$status" "$(sed 's/^/     /' <<<"$out" | head -8)"
    failures=$((failures + 1))
  fi
}
R=(-R admin/demo)
expect '/admin/demo/pull/1' pr create "${R[@]}" --head feature --base main -t 'Add feature' -b 'cc @reviewer'
expect '/admin/demo/pull/2' pr create "${R[@]}" --head second --base main -t 'Add second' -b 'second'
expect '/admin/demo/issues/3' issue create "${R[@]}" -t 'A bug' -b 'it breaks, @reviewer'
expect '#issuecomment-' issue comment 3 "${R[@]}" -b 'confirmed'
expect '/admin/demo/issues/3' issue edit 3 "${R[@]}" --add-label bug --title 'A real bug'
expect 'Closed issue admin/demo#3' issue close 3 "${R[@]}"
expect 'Reopened issue admin/demo#3' issue reopen 3 "${R[@]}"
expect 'A real bug' issue view 3 "${R[@]}"
expect 'confirmed' issue view 3 --comments "${R[@]}"
expect 'A real bug' issue list "${R[@]}"
expect 'A real bug' issue list --mention reviewer "${R[@]}"
expect 'Issues opened by you' issue status "${R[@]}"
expect '/admin/demo/pull/1' pr edit 1 "${R[@]}" --add-reviewer reviewer --add-label bug
expect 'reviewer (Requested)' pr view 1 "${R[@]}"
expect '#issuecomment-' pr comment 1 "${R[@]}" -b 'nice'
expect 'nice' pr view 1 --comments "${R[@]}"
expect 'Add second' pr list "${R[@]}"
expect 'Created by you' pr status "${R[@]}"
expect 'new file mode' pr diff 1 "${R[@]}"
refuses 'no checks reported' pr checks 1 "${R[@]}"
expect '' pr merge 2 --squash "${R[@]}"
expect 'MERGED' pr view 2 "${R[@]}"
refuses 'Could not resolve to a PullRequest with the number of 99' pr view 99 "${R[@]}"
expect 'admin/demo' repo view admin/demo
expect '"viewerPermission":"ADMIN"' repo view admin/demo --json name,viewerPermission,mergeCommitAllowed
expect 'releases/tag/v1.0' release create v1.0 "${R[@]}" -t First -n notes "$WORK/asset.bin"
expect 'asset.bin' release view v1.0 "${R[@]}"
expect 'First' release list "${R[@]}"
expect '' release download v1.0 "${R[@]}" -D "$WORK/download"
cmp -s "$WORK/asset.bin" "$WORK/download/asset.bin" && echo 'PASS release asset downloaded byte for byte' || { echo 'FAIL the downloaded asset differs'; failures=$((failures + 1)); }
expect 'Add feature' search prs --repo admin/demo
expect 'bug' label list "${R[@]}"
# Collaborators, teams and branch protection (issue 37) through `gh api`, as scripts call what gh has no command for.
expect '"permissions":"write"' api -X PUT repos/admin/demo/collaborators/invitee -f permission=push
INVITATION=$(cd "$WORK" && "$BIN/gh" api repos/admin/demo/invitations --jq '.[] | select(.invitee.login == "invitee") | .id')
GH_TOKEN=$INVITEE_TOKEN expect '' api -X PATCH "user/repository_invitations/${INVITATION:-0}"
expect 'invitee' api repos/admin/demo/collaborators --jq '.[].login'
expect 'write' api repos/admin/demo/collaborators/invitee/permission --jq .permission
expect '' api -X DELETE repos/admin/demo/collaborators/invitee
api POST /orgs/demo-org/repos '{"name":"tools"}' || true
GH_TOKEN=$ORG_TOKEN expect 'core' api orgs/demo-org/teams -f name=core -f privacy=closed --jq .slug
GH_TOKEN=$ORG_TOKEN expect 'active' api -X PUT orgs/demo-org/teams/core/memberships/reviewer -f role=member --jq .state
GH_TOKEN=$ORG_TOKEN expect '' api -X PUT orgs/demo-org/teams/core/repos/demo-org/tools -f permission=push
GH_TOKEN=$ORG_TOKEN expect 'core' api orgs/demo-org/teams --jq '.[].slug'
GH_TOKEN=$ORG_TOKEN expect '2 1' api orgs/demo-org/teams/core --jq '"\(.members_count) \(.repos_count)"'
GH_TOKEN=$ORG_TOKEN expect '' api -X DELETE orgs/demo-org/teams/core
echo '{"required_status_checks":{"strict":true,"contexts":["ci"]},"enforce_admins":false,"required_pull_request_reviews":{"required_approving_review_count":1},"restrictions":null}' >"$WORK/protection.json"
expect '1' api -X PUT repos/admin/demo/branches/main/protection --input "$WORK/protection.json" --jq .required_pull_request_reviews.required_approving_review_count
expect 'ci' api repos/admin/demo/branches/main/protection --jq '.required_status_checks.contexts[]'
expect 'true' api repos/admin/demo/branches/main/protection/required_status_checks --jq .strict
expect '' api -X DELETE repos/admin/demo/branches/main/protection
[ "$failures" = 0 ] || die "$failures gh command(s) failed"
log "all gh commands passed"
