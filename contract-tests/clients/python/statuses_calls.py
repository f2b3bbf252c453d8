"""Commit statuses (issue 19) through stock PyGithub: a status created on the
default branch's head commit, the commit's statuses listed, its combined status read.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""


def status_calls(call, expect, state, repo, prefix):
    context = f"{prefix}/pygithub"
    # Read in each call (not once here): a repository that failed to appear fails the calls, not the script.
    commit = lambda: repo.get_commit(repo.default_branch)
    call("create a commit status", lambda: expect(commit().create_status("success", target_url="https://ci.example.com/1", description="made by PyGithub", context=context).state == "success", "other state"))
    call("list commit statuses", lambda: expect(any(s.context == context for s in commit().get_statuses()), "not listed"))
    call("get the combined status", lambda: expect(
        any(s.context == context and s.state == "success" for s in commit().get_combined_status().statuses), "context missing"))
