"""The git data calls of the compatibility list in PyGithub (run by pygithub_calls.py).

Commits without a clone, as release bots do: a blob, a tree on the branch's
tree, a commit on the branch's head, the branch moved to it (PATCH
git/refs), an annotated tag object; each read back.
"""

import base64

from github import InputGitTreeElement


def git_data_calls(call, state, expect, repo, prefix):
    ref = repo.get_git_ref(f"heads/{repo.default_branch}")
    call("get a commit object", lambda: repo.get_git_commit(ref.object.sha))
    parent = state.get("get a commit object")
    call("create a blob", lambda: repo.create_git_blob("blob from PyGithub\n", "utf-8"))
    blob = state.get("create a blob")
    call("get a blob", lambda: expect(base64.b64decode(repo.get_git_blob(blob.sha).content) == b"blob from PyGithub\n", "other content"))
    call("create a tree", lambda: repo.create_git_tree([
        InputGitTreeElement("compat/blob.txt", "100644", "blob", sha=blob.sha),
        InputGitTreeElement("compat/inline.txt", "100644", "blob", content="inline\n"),
    ], base_tree=parent.tree))
    tree = state.get("create a tree")
    call("get a tree", lambda: expect("compat/inline.txt" in [e.path for e in repo.get_git_tree(tree.sha, recursive=True).tree], "entry not listed"))
    call("create a commit", lambda: repo.create_git_commit("Commit from PyGithub", tree, [parent]))
    commit = state.get("create a commit")
    call("get a commit", lambda: expect(repo.get_git_commit(commit.sha).message == "Commit from PyGithub", "other message"))
    call("update a ref", lambda: (ref.edit(commit.sha), expect(ref.object.sha == commit.sha, "not moved")))
    call("create a tag object", lambda: repo.create_git_tag(f"{prefix}-v1", "Tagged by PyGithub", commit.sha, "commit"))
    call("get a tag object", lambda: expect(repo.get_git_tag(state["create a tag object"].sha).object.sha == commit.sha, "other object"))
