"""Summary of the links the stateful phase followed (run.sh, after the stateful run).

Reads the lines hooks/stateful-links.py wrote (argument 1) and prints each link
once with how often it was followed and what it answered, then whether the
chains openapi.yaml wires were reached: a fork, the pull request inside it
(CreatePullInFork answering 201), then that pull request updated or merged;
and the review chains, pull request → pending review → submitted, and pull
request → review comment → reply → pending review → submitted. A line names
only the step before (`via`), so each chain is read as links that each came
after the one above it.
Exit status 0 always: this is evidence for the reader, not a check (a chain's
coverage depends on the time budget, see README "Stateful links").
"""
import re
import sys
from collections import Counter, defaultdict

LINE = re.compile(r"^(?P<link>\S+ -> \S+ -> \S+) (?P<status>\d{3}) (?P<applied>applied|unapplied)(?: via (?P<via>\S+ -> \S+))?(?: # .*)?$")

# (what to say, links the step's source may have come by (None: any), the step's link) — both must
# match, the step answering 2xx.
FORK_PULL = "repos/create-fork -> CreatePullInFork"
PENDING = "pulls/create -> CreatePendingReview"
REVIEW = "pulls/create -> CreateReview"
COMMENT = "pulls/create -> CreateReviewComment"
REPLY = "pulls/create-review-comment -> ReplyToReviewComment"
PENDING_AFTER_REPLY = "pulls/create-reply-for-review-comment -> CreatePendingReviewAfterReply"
SUBMIT = "pulls/create-review -> SubmitPendingReview -> pulls/submit-review"
CHAINS = [
    ("chain fork → pull request in the fork → update / merge:", [
        ("repos/create-fork -> CreatePullInFork -> pulls/create (201)", None, f"{FORK_PULL} -> pulls/create"),
        ("  … -> pulls/update (2xx)", [FORK_PULL], "pulls/create -> UpdatePullRequest -> pulls/update"),
        ("  … -> pulls/merge (2xx)", [FORK_PULL], "pulls/create -> MergePullRequest -> pulls/merge"),
    ]),
    # CreateReview's generated body has no `event` about as often as it has one: a pending review too.
    ("chain pull request → pending review → submit:", [
        ("pulls/create -> CreatePendingReview -> pulls/create-review (200)", None, f"{PENDING} -> pulls/create-review"),
        ("pulls/create -> CreateReview -> pulls/create-review (200)", None, f"{REVIEW} -> pulls/create-review"),
        ("  … -> SubmitPendingReview -> pulls/submit-review (200)", [PENDING, REVIEW], SUBMIT),
    ]),
    ("chain pull request → review comment → reply → pending review → submit:", [
        ("pulls/create -> CreateReviewComment -> pulls/create-review-comment (201)", None, f"{COMMENT} -> pulls/create-review-comment"),
        ("  … -> ReplyToReviewComment -> pulls/create-reply-for-review-comment (201)", [COMMENT], f"{REPLY} -> pulls/create-reply-for-review-comment"),
        ("  … -> CreatePendingReviewAfterReply -> pulls/create-review (200)", [REPLY], f"{PENDING_AFTER_REPLY} -> pulls/create-review"),
        ("  … -> SubmitPendingReview -> pulls/submit-review (200)", [PENDING_AFTER_REPLY], SUBMIT),
    ]),
]
# Keyed by position: two chains may end in the same link.
STEPS = [(f"{i}.{j}", *step) for i, (_title, steps) in enumerate(CHAINS) for j, step in enumerate(steps)]


def main(path):
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
        for key, _label, vias, step in STEPS:
            if link == step and match["applied"] == "applied" and (vias is None or match["via"] in vias):
                seen_chain[key][status] += 1
                if status.startswith("2"):
                    reached[key] += 1
    covered = [link for link in statuses if applied[link]]
    print(f"[contract] stateful links: {len(lines)} steps by link, {len(statuses)} distinct links, {len(covered)} applied at least once")
    for link in sorted(statuses):
        answers = ", ".join(f"{status}×{count}" for status, count in sorted(statuses[link].items()))
        note = "" if applied[link] else "  (never applied)"
        print(f"[contract]   {link}: {answers}{note}")
    for i, (title, steps) in enumerate(CHAINS):
        print(f"[contract] {title}")
        for j, (label, _vias, _step) in enumerate(steps):
            key = f"{i}.{j}"
            answers = ", ".join(f"{status}×{count}" for status, count in sorted(seen_chain[key].items())) or "never followed"
            print(f"[contract]   {'reached' if reached[key] else 'NOT reached'}: {label} [{answers}]")


if __name__ == "__main__":
    main(sys.argv[1])
