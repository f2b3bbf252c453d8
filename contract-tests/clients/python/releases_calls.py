"""Releases (issue 19) through stock PyGithub: a draft created, published (which
creates its tag), read by id, tag and as the latest, listed, reacted to, notes
generated, deleted.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""


def release_calls(call, expect, state, repo, prefix):
    tag = f"{prefix}-v1"
    call("create a draft release", lambda: repo.create_git_release(tag, name="made by PyGithub", message="", draft=True))
    release = state.get("create a draft release")
    call("get a release", lambda: expect(repo.get_release(release.id).title == "made by PyGithub", "other name"))
    call("publish a release", lambda: expect(not release.update_release(name="made by PyGithub", message="notes", draft=False).draft, "still a draft"))
    call("get a release by tag", lambda: expect(repo.get_release(tag).id == release.id, "other release"))
    call("get the latest release", lambda: expect(repo.get_latest_release().id == release.id, "other release"))
    call("list releases", lambda: expect(release.id in [r.id for r in repo.get_releases()], "not listed"))
    call("react to a release", lambda: react_to_release(expect, repo, release))
    call("generate release notes", lambda: expect("**Full Changelog**" in repo.generate_release_notes(f"{prefix}-v2").body, "other notes"))
    call("delete a release", lambda: release.delete_release())


def react_to_release(expect, repo, release):
    # PyGithub reads a release's `reactions` but has no method for the reactions
    # endpoints: its requester is the documented way to call the rest.
    requester = release._requester
    _headers, reaction = requester.requestJsonAndCheck("POST", f"{release.url}/reactions", input={"content": "rocket"})
    _headers, listed = requester.requestJsonAndCheck("GET", f"{release.url}/reactions")
    expect(reaction["id"] in [r["id"] for r in listed], "not listed")
    expect(repo.get_release(release.id).reactions["rocket"] == 1, "not counted")
    requester.requestJsonAndCheck("DELETE", f"{release.url}/reactions/{reaction['id']}")
