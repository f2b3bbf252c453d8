"""Gists (issue 36) through stock PyGithub: a secret gist created, read,
updated (a file changed, one added), starred and checked, then forked by the
other user, who comments on it; its owner lists the comments: 8 calls.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""
import re

from github import InputFileContent


def gist_calls(call, expect, state, gh, other_gh, prefix):
    description = f"{prefix} by PyGithub"
    call("create a gist", lambda: gh.get_user().create_gist(False, {"hello.md": InputFileContent("# hello\n")}, description))
    gist = lambda: state.get("create a gist")
    call("get a gist", lambda: expect(re.fullmatch(r"[0-9a-f]{32}", gh.get_gist(gist().id).id) is not None and gh.get_gist(gist().id).description == description, "other gist"))

    def update():
        g = gh.get_gist(gist().id)
        g.edit(files={"hello.md": InputFileContent("# hello again\n"), "more.txt": InputFileContent("more\n")})
        expect(g.files["hello.md"].content == "# hello again\n" and len(g.history) == 2, "not updated")

    call("update a gist", update)
    call("star a gist", lambda: gh.get_gist(gist().id).set_starred())
    call("check a gist is starred", lambda: expect(gh.get_gist(gist().id).is_starred(), "not starred"))
    call("fork a gist", lambda: expect(other_gh.get_gist(gist().id).create_fork().id != gist().id, "not a fork"))
    call("comment on a gist", lambda: expect(other_gh.get_gist(gist().id).create_comment(f"{prefix} comment").body == f"{prefix} comment", "no comment"))
    call("list gist comments", lambda: expect([c.body for c in gh.get_gist(gist().id).get_comments()] == [f"{prefix} comment"], "comment not listed"))
