"""Summary of the links the stateful phase followed (run.sh, after the stateful run).

Reads the lines hooks/stateful-links.py wrote (argument 1) and prints each link
once with how often it was followed and what it answered, then whether the
chains openapi.yaml wires were reached: a fork, the pull request inside it
(CreatePullInFork answering 201), then that pull request updated or merged;
the review chains, pull request → pending review → submitted, and pull
request → review comment → reply → pending review → submitted; and the chains
that start at a commit (a file written): release → asset uploaded → download
(302), commit status → combined status / statuses, check run →
completed, and its suite → rerequested. A line names only the step before
(`via`), so each chain is read as links that each came after the one above it.
Argument 2 (optional): the run's operationIds, comma-separated, when it was
narrowed; then only the chains whose every step is among them are shown.
`--chains-only`: the chains alone, not each link (run.sh's summary of the
chain runs together, after each run's own). `--links-only`: each link, not the
chains (the all-operations run when dedicated chain runs follow: its chains are
judged there, so a step it happened not to draw is no finding).
Exit status 0, unless `--require` is given (run.sh --require-chains) and a step
shown is NOT reached: then 1. Without it this is evidence for the reader, not a
check (a chain's coverage depends on the time budget, see README "Stateful links").
"""
import re
import sys
from collections import Counter, defaultdict

LINE = re.compile(r"^(?P<link>\S+ -> \S+ -> \S+) (?P<status>\d{3}) (?P<applied>applied|unapplied)(?: via (?P<via>\S+ -> \S+))?(?: # .*)?$")

# (what to say, links the step's source may have come by (None: any), the step's link[, the answer's
# status prefix, "2" when left out]) — both links must match, the answer that status.
FORK_PULL = "repos/create-fork -> CreatePullInFork"
PENDING = "pulls/create -> CreatePendingReview"
REVIEW = "pulls/create -> CreateReview"
COMMENT = "pulls/create -> CreateReviewComment"
REPLY = "pulls/create-review-comment -> ReplyToReviewComment"
PENDING_AFTER_REPLY = "pulls/create-reply-for-review-comment -> CreatePendingReviewAfterReply"
SUBMIT = "pulls/create-review -> SubmitPendingReview -> pulls/submit-review"
FILE = "repos/create-or-update-file-contents"
RELEASE = f"{FILE} -> CreateReleaseOfCommit"
UPLOAD = "repos/create-release -> UploadReleaseAsset"
STATUS = f"{FILE} -> CreateStatusOfCommit"
CHECK_RUN = f"{FILE} -> CreateCheckRunOfCommit"
CHAINS = [
    ("chain fork → pull request in the fork → update / merge:", [
        ("repos/create-fork -> CreatePullInFork -> pulls/create (201)", None, f"{FORK_PULL} -> pulls/create"),
        ("  … -> pulls/update (2xx)", [FORK_PULL], "pulls/create -> UpdatePullRequest -> pulls/update"),
        ("  … -> pulls/merge (2xx)", [FORK_PULL], "pulls/create -> MergePullRequest -> pulls/merge"),
    ]),
    # A submit after CreateReview counts too: its generated body has no `event` about as often as it has
    # one (a pending review then). CreateReview itself is no step of the chain: it shares schemathesis's
    # per-scenario cap of pulls/create → pulls/create-review with CreatePendingReview, which a scenario
    # follows first (run.sh, CHAIN_MAX_STEPS), so it is followed only in the scenarios a busy machine
    # may never get to; the list of links above shows its answers.
    ("chain pull request → pending review → submit:", [
        ("pulls/create -> CreatePendingReview -> pulls/create-review (200)", None, f"{PENDING} -> pulls/create-review"),
        ("  … -> SubmitPendingReview -> pulls/submit-review (200)", [PENDING, REVIEW], SUBMIT),
    ]),
    ("chain pull request → review comment → reply → pending review → submit:", [
        ("pulls/create -> CreateReviewComment -> pulls/create-review-comment (201)", None, f"{COMMENT} -> pulls/create-review-comment"),
        ("  … -> ReplyToReviewComment -> pulls/create-reply-for-review-comment (201)", [COMMENT], f"{REPLY} -> pulls/create-reply-for-review-comment"),
        ("  … -> CreatePendingReviewAfterReply -> pulls/create-review (200)", [REPLY], f"{PENDING_AFTER_REPLY} -> pulls/create-review"),
        ("  … -> SubmitPendingReview -> pulls/submit-review (200)", [PENDING_AFTER_REPLY], SUBMIT),
    ]),
    ("chain file written (commit) → release → asset upload → download:", [
        (f"{RELEASE} -> repos/create-release (201)", None, f"{RELEASE} -> repos/create-release"),
        ("  … -> UploadReleaseAsset -> repos/upload-release-asset (201)", [RELEASE], f"{UPLOAD} -> repos/upload-release-asset"),
        ("  … -> DownloadReleaseAsset -> repos/get-release-asset (302 to the signed URL)", [UPLOAD],
         "repos/upload-release-asset -> DownloadReleaseAsset -> repos/get-release-asset", "302"),
    ]),
    ("chain file written (commit) → commit status → combined status / statuses:", [
        (f"{STATUS} -> repos/create-commit-status (201)", None, f"{STATUS} -> repos/create-commit-status"),
        ("  … -> GetCombinedStatus -> repos/get-combined-status-for-ref (200)", [STATUS],
         "repos/create-commit-status -> GetCombinedStatus -> repos/get-combined-status-for-ref"),
        ("  … -> ListCommitStatuses -> repos/list-commit-statuses-for-ref (200)", [STATUS],
         "repos/create-commit-status -> ListCommitStatuses -> repos/list-commit-statuses-for-ref"),
    ]),
    ("chain file written (commit) → check run → update; its suite → rerequest:", [
        (f"{CHECK_RUN} -> checks/create (201)", None, f"{CHECK_RUN} -> checks/create"),
        # The update by the link's body (UpdateCheckRun's generated one is mostly 422, and is listed above).
        ("  … -> CompleteCheckRun -> checks/update (200)", [CHECK_RUN], "checks/create -> CompleteCheckRun -> checks/update"),
        ("  … -> RerequestCheckSuite -> checks/rerequest-suite (201)", [CHECK_RUN],
         "checks/create -> RerequestCheckSuite -> checks/rerequest-suite"),
    ]),
]
# Keyed by position: two chains may end in the same link.
STEPS = [(f"{i}.{j}", label, vias, step, rest[0] if rest else "2")
         for i, (_title, steps) in enumerate(CHAINS) for j, (label, vias, step, *rest) in enumerate(steps)]


def operations_of(steps):
    """Every operation a chain calls: each step's link's source and target."""
    return {op for _label, _vias, step, *_ in steps for op in (step.split(" -> ")[0], step.split(" -> ")[-1])}


def main(path, narrowed="", require=False, chains_only=False, links_only=False):
    only = {op for op in narrowed.split(",") if op}
    try:
        with open(path, encoding="utf-8") as handle:
            lines = [line.rstrip("\n") for line in handle if line.strip()]
    except FileNotFoundError:
        lines = []
    statuses = defaultdict(Counter)
    applied = Counter()
    reached = Counter()
    seen_chain = defaultdict(Counter)
    for line in lines:
        match = LINE.match(line)
        if not match:
            continue
        link, status = match["link"], match["status"]
        statuses[link][status] += 1
        if match["applied"] == "applied":
            applied[link] += 1
        for key, _label, vias, step, ok in STEPS:
            if link == step and match["applied"] == "applied" and (vias is None or match["via"] in vias):
                seen_chain[key][status] += 1
                if status.startswith(ok):
                    reached[key] += 1
    covered = [link for link in statuses if applied[link]]
    print(f"[contract] stateful links: {len(lines)} steps by link, {len(statuses)} distinct links, {len(covered)} applied at least once")
    for link in [] if chains_only else sorted(statuses):
        answers = ", ".join(f"{status}×{count}" for status, count in sorted(statuses[link].items()))
        note = "" if applied[link] else "  (never applied)"
        print(f"[contract]   {link}: {answers}{note}")
    missing = 0
    if links_only:
        print("[contract] chains: judged by the chain runs below, not by this run")
        return 0
    for i, (title, steps) in enumerate(CHAINS):
        if only and not operations_of(steps) <= only:
            continue
        print(f"[contract] {title}")
        for j, (label, *_) in enumerate(steps):
            key = f"{i}.{j}"
            answers = ", ".join(f"{status}×{count}" for status, count in sorted(seen_chain[key].items())) or "never followed"
            print(f"[contract]   {'reached' if reached[key] else 'NOT reached'}: {label} [{answers}]")
            missing += 0 if reached[key] else 1
    return 1 if require and missing else 0


if __name__ == "__main__":
    flags = {"--require", "--chains-only", "--links-only"}
    args = [arg for arg in sys.argv[1:] if arg not in flags]
    sys.exit(main(args[0], args[1] if len(args) > 1 else "", "--require" in sys.argv[1:], "--chains-only" in sys.argv[1:], "--links-only" in sys.argv[1:]))
