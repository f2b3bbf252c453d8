"""Archive links and renamed repositories through stock PyGithub (issue 15).

Imported by pygithub_calls.py, which gives it its `call` and `expect`; the
calls run on the list's repository and on one of their own that is renamed.
"""

import urllib.request


def archive_and_rename_calls(call, expect, gh, me, repo, prefix):
    # get_archive_link answers the 302's Location: a signed URL that needs no token.
    call("get an archive link", lambda: expect("/_archive/" in repo.get_archive_link("tarball", repo.default_branch), "no download URL"))

    def download():
        with urllib.request.urlopen(repo.get_archive_link("zipball")) as answer:  # noqa: S310 - the server under test
            return expect(answer.status == 200 and answer.read(2) == b"PK", "not a zip archive")

    call("download an archive without a token", download)

    old, new = f"{prefix}-moving", f"{prefix}-moved"
    call("rename a repository", lambda: me.create_repo(old, auto_init=True).edit(name=new))
    # PyGithub follows the 301 of an old name (GET) to /repositories/{id}.
    call("get a repository by its old name", lambda: expect(gh.get_repo(f"{me.login}/{old}").name == new, "not followed"))
    call("delete the renamed repository", lambda: gh.get_repo(f"{me.login}/{new}").delete())
