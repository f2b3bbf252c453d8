"""Pull request and fork calls (issue 17) for pygithub_calls.py, through stock
PyGithub: a branch made through the API, a pull request opened, read, listed
(state, head, base), edited and closed, seen through the issues list (its
`pull_request` key), and a fork of the repository into the organisation.

`pull_merge_calls`: commits, files, review requests, mergeability and a
squash merge by `merger`, in the organisation's repository."""

import time


def branch_with_commit(call, state, repo, branch, path, what, content=None):
    """A branch from the default branch's tip with one file commit on it (`content`, else the branch's name); returns that commit's sha."""
    call(f"create a branch {what}", lambda: repo.create_git_ref(f"refs/heads/{branch}", repo.get_git_ref(f"heads/{repo.default_branch}").object.sha))
    call(f"commit a file to the branch {what}", lambda: repo.create_file(path, f"Add {path}", f"{branch}\n" if content is None else content, branch=branch)["commit"].sha)
    return state.get(f"commit a file to the branch {what}")


def pull_calls(call, expect, state, repo, prefix, org):
    branch = f"{prefix}-topic"
    login = repo.owner.login
    branch_with_commit(call, state, repo, branch, f"{prefix}/topic.txt", "for a pull request")
    call("create a pull request", lambda: repo.create_pull(base="main", head=branch, title="Add a topic", body="Please pull"))
    pull = state.get("create a pull request")
    number = getattr(pull, "number", 0)

    def get():
        got = repo.get_pull(number)
        return expect(got.state == "open" and got.head.ref == branch and got.base.ref == "main" and got.user.login == login, "other pull request")

    call("get a pull request", get)
    call("list pull requests by head and base",
         lambda: expect([p.number for p in repo.get_pulls(state="open", head=f"{login}:{branch}", base="main")] == [number], "not listed alone"))

    def update():
        pull.edit(title="Add a topic, edited", body="Please pull, edited")
        return expect(repo.get_pull(number).title == "Add a topic, edited", "not edited")

    call("update a pull request", update)
    call("list issues shows the pull request",
         lambda: expect(any(i.number == number and i.pull_request is not None and i.pull_request.html_url.endswith(f"/pull/{number}")
                            for i in repo.get_issues(state="all")), "no pull_request key"))

    def close():
        pull.edit(state="closed")
        closed = repo.get_pull(number)
        return expect(closed.state == "closed" and not closed.merged, "not closed")

    call("close a pull request", close)
    call("list closed pull requests", lambda: expect(number in [p.number for p in repo.get_pulls(state="closed")], "not listed"))

    def fork():
        forked = repo.create_fork(organization=org, name=f"{prefix}-fork")
        return expect(forked.fork and forked.parent.full_name == repo.full_name, "not a fork of it")

    call("fork the repository into the organisation", fork)
    call("list forks", lambda: expect(f"{org}/{prefix}-fork" in [f.full_name for f in repo.get_forks()], "not listed"))


def pull_merge_calls(call, expect, state, repo, prefix, reviewer, merger):
    """In the organisation's repository (`reviewer` is a member, so may be asked to review), into a base branch of this run's own."""
    base, head = f"{prefix}-base", f"{prefix}-merge"
    call("create a base branch", lambda: repo.create_git_ref(f"refs/heads/{base}", repo.get_git_ref(f"heads/{repo.default_branch}").object.sha))
    sha = branch_with_commit(call, state, repo, head, f"{prefix}-merge.txt", "to merge")
    call("create a pull request to merge", lambda: repo.create_pull(base=base, head=head, title="To merge"))
    pull = state.get("create a pull request to merge")
    call("list pull request commits", lambda: expect([c.sha for c in pull.get_commits()] == [sha], "other commits"))

    def files():
        found = list(pull.get_files())
        return expect(len(found) == 1 and found[0].filename == f"{prefix}-merge.txt" and found[0].status == "added" and found[0].patch, "other files")

    call("list pull request files", files)

    def request():
        pull.create_review_request(reviewers=[reviewer])
        users, _teams = pull.get_review_requests()
        return expect([u.login for u in users] == [reviewer], "not requested")

    call("request a reviewer", request)

    def remove():
        pull.delete_review_request(reviewers=[reviewer])
        users, _teams = pull.get_review_requests()
        return expect(list(users) == [], "still requested")

    call("remove a requested reviewer", remove)

    def mergeable():
        # mergeable is None until the mergeability job has run (as on GitHub): poll.
        deadline = time.monotonic() + 30
        while True:
            got = repo.get_pull(pull.number)
            if got.mergeable is not None:
                return expect(got.mergeable, "not mergeable")
            if time.monotonic() > deadline:
                raise AssertionError("mergeable still None after 30 s")
            time.sleep(0.2)

    call("wait until the pull request is mergeable", mergeable)
    call("merge a pull request (squash)", lambda: expect(pull.merge(merge_method="squash", sha=sha).merged, "not merged"))

    def merged():
        got = repo.get_pull(pull.number)
        return expect(got.merged and got.state == "closed" and got.merged_by.login == merger, "not merged")

    call("get a merged pull request", merged)
