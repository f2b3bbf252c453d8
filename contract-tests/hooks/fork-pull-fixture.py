"""The fork's pull request fixture of the stateful run, reset before each CreatePullInFork (loaded by stateful-run.py).

openapi.yaml's link CreatePullInFork opens featureA → main inside the fork
repos/create-fork answers (always the same fork per account, seed.ts). Left
alone, only the first such call of a run answers 201: every later one is 422
("A pull request already exists" while it is open, "No commits between" once
it was merged), so the chain fork → pull request → update / merge had one
chance per run, and a replayed scenario that got 422 where it had got 201 ended
its suite (Hypothesis's "inconsistent data generation"). The measured runs
never went on from that one 201 (README, "Stateful links").

So, just before a step sends CreatePullInFork's body, the fork is put back as
seed.ts made it: its open featureA → main pull requests are closed, and
`main` and `featureA` point where its parent's did when the run first got
here (a merge moved `main`; delete_branch_on_merge may have deleted
`featureA`). Every CreatePullInFork then answers 201 with a new open pull
request, as on the first call, which pulls/update and pulls/merge can follow.
The reset goes through the API under test with the run's tokens (whichever
may write to the fork); a reset that fails is reported and the step goes on.
"""
import os
import sys
import threading

import requests
import schemathesis

BASE_URL = os.environ.get("CONTRACT_BASE_URL", "").rstrip("/")
# CreatePullInFork's requestBody in openapi.yaml: no generated body has this text.
LINK_BODY = "From the fork's copy of featureA"
BRANCHES = ("main", "featureA")
_tips = {}  # parent full name -> {branch: sha}, as first seen
_lock = threading.Lock()


def _call(method, path, token, body=None):
    return requests.request(
        method, f"{BASE_URL}{path}", json=body, timeout=20,
        headers={"Authorization": f"Bearer {token}", "Accept": "application/vnd.github+json"},
    )


def _writer(owner, repo):
    """A run token that may push to the fork, and the fork's body, or (None, None)."""
    for name in ("CONTRACT_TOKEN", "CONTRACT_HOOK_TOKEN"):
        token = os.environ.get(name)
        if not token:
            continue
        answer = _call("GET", f"/repos/{owner}/{repo}", token)
        if answer.status_code == 200 and (answer.json().get("permissions") or {}).get("push"):
            return token, answer.json()
    return None, None


def _tip(full_name, branch, token):
    answer = _call("GET", f"/repos/{full_name}/git/ref/heads/{branch}", token)
    return answer.json()["object"]["sha"] if answer.status_code == 200 else None


def reset(owner, repo):
    token, fork = _writer(owner, repo)
    parent = (fork or {}).get("parent", {}).get("full_name")
    if not token or not parent:
        raise RuntimeError(f"{owner}/{repo} is no fork the run's tokens may write to")
    with _lock:
        if parent not in _tips:
            _tips[parent] = {branch: _tip(parent, branch, token) for branch in BRANCHES}
        wanted = _tips[parent]
    listed = _call("GET", f"/repos/{owner}/{repo}/pulls?state=open&base=main&head={owner}:featureA&per_page=100", token)
    for pull in listed.json() if listed.status_code == 200 else []:
        _call("PATCH", f"/repos/{owner}/{repo}/pulls/{pull['number']}", token, {"state": "closed"})
    for branch, sha in wanted.items():
        if sha is None:
            continue
        current = _tip(f"{owner}/{repo}", branch, token)
        if current is None:
            _call("POST", f"/repos/{owner}/{repo}/git/refs", token, {"ref": f"refs/heads/{branch}", "sha": sha})
        elif current != sha:
            _call("PATCH", f"/repos/{owner}/{repo}/git/refs/heads/{branch}", token, {"sha": sha, "force": True})


@schemathesis.hook
def before_call(context, case, kwargs):
    operation = case.operation.definition.raw
    if not BASE_URL or operation.get("operationId") != "pulls/create":
        return
    if not isinstance(case.body, dict) or case.body.get("body") != LINK_BODY:
        return
    owner, repo = case.path_parameters.get("owner"), case.path_parameters.get("repo")
    try:
        reset(owner, repo)
    except Exception as error:  # the step still runs: its answer says what the fork was like
        print(f"[fork-pull-fixture] could not reset {owner}/{repo}: {error}", file=sys.stderr)
