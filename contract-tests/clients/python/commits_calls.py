"""Commits, compare and branches through stock PyGithub (issue 15), for pygithub_calls.py."""


def commit_calls(call, expect, state, repo, prefix):
    """Runs on a repository with one commit on its default branch (auto_init)."""
    main = repo.default_branch
    call("list commits", lambda: expect(len(list(repo.get_commits(sha=main))) == 1, "not one commit"))
    head = getattr(state.get("list commits"), "sha", None) or repo.get_branch(main).commit.sha
    call("get a commit", lambda: expect([f.filename for f in repo.get_commit(main).files] == ["README.md"] and repo.get_commit(main).stats.total > 0, "other files"))
    call("compare two commits", lambda: expect(repo.compare(head, main).status == "identical", "not identical"))
    call("list branches", lambda: expect(main in [b.name for b in repo.get_branches()], "default branch not listed"))
    slashed = f"{prefix}/feature"
    call("create a branch with a slash", lambda: repo.create_git_ref(f"refs/heads/{slashed}", repo.get_commits()[0].sha))
    call("get a branch with a slash", lambda: expect(repo.get_branch(slashed).commit.sha == repo.get_branch(main).commit.sha, "other head"))
