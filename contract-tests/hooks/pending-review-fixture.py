"""No pending review left in the way of a pending-review link (loaded by stateful-run.py in the chain runs).

openapi.yaml's links CreatePendingReview and CreatePendingReviewAfterReply
create the caller's pending review, which SubmitPendingReview then submits.
A user has at most one pending review per pull request (422 "User can only
have one pending review per pull request", as GitHub), so once a scenario
made one and went elsewhere instead of submitting it, every later pending-review
link on that pull request answered 422, SubmitPendingReview had nothing to
follow, and schemathesis's link calibration counted the 422s against the link
(using its values less and less often). In the measured runs 8 of 14
CreatePendingReviewAfterReply steps were that 422, and the chain's last step
was reached once or not at all.

So, just before each pulls/create-review step of the chain runs (the links'
and CreateReview's, whose generated body is refused alike), the caller's
pending reviews of that pull request are deleted (DELETE …/reviews/{id},
through the API under test, with the token pulls/create-review runs with:
schemathesis.toml gives it CONTRACT_HOOK_TOKEN). A scenario submits the newest
review first (see run.sh, CHAIN_MAX_STEPS), which this leaves in place. The
one-pending rule itself is tested in server/reviews/ and met by the fuzzing
phase and the all-operations stateful run, where this hook does nothing (only
with CONTRACT_RESET_PENDING_REVIEWS=1, run.sh's chain runs). A reset that fails
is reported and the step goes on.
"""
import os
import sys

import requests
import schemathesis

BASE_URL = os.environ.get("CONTRACT_BASE_URL", "").rstrip("/")
ENABLED = os.environ.get("CONTRACT_RESET_PENDING_REVIEWS") == "1"


def _call(method, path, token):
    return requests.request(
        method, f"{BASE_URL}{path}", timeout=20,
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
    )


def reset(owner, repo, number, token):
    pulls = f"/repos/{owner}/{repo}/pulls/{number}/reviews"
    listed = _call("GET", f"{pulls}?per_page=100", token)
    if listed.status_code != 200:
        return  # no such pull request: the step's own answer says so
    # A pending review is listed to its author only: every PENDING one here is the caller's.
    for review in listed.json():
        if review.get("state") == "PENDING":
            _call("DELETE", f"{pulls}/{review['id']}", token)


@schemathesis.hook
def before_call(context, case, kwargs):
    if not ENABLED or not BASE_URL or case.operation.definition.raw.get("operationId") != "pulls/create-review":
        return
    params = case.path_parameters or {}
    token = os.environ.get("CONTRACT_HOOK_TOKEN") or os.environ.get("CONTRACT_TOKEN")
    if not token:
        return
    try:
        reset(params.get("owner"), params.get("repo"), params.get("pull_number"), token)
    except Exception as error:  # the step still runs: its answer says what the pull request was like
        print(f"[pending-review-fixture] could not reset {params}: {error}", file=sys.stderr)
