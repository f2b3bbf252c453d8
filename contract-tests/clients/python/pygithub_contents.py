"""Repository contents calls (issue 15) for pygithub_calls.py: create, read,
list, update, download (download_url) and delete a file, and the README,
through stock PyGithub."""

import urllib.request


def contents_calls(call, expect, state, repo, prefix):
    path = f"{prefix}/notes.txt"
    call("create a file", lambda: repo.create_file(path, "Add notes", "first\n"))
    call("get a file", lambda: expect(repo.get_contents(path).decoded_content == b"first\n", "other content"))
    call("list the root directory", lambda: expect(prefix in [c.name for c in repo.get_contents("")], "directory not listed"))
    call("get the README", lambda: expect(repo.get_readme().name == "README.md", "other README"))

    def update():
        current = repo.get_contents(path)
        result = repo.update_file(path, "Update notes", "second\n", current.sha)
        expect(repo.get_contents(path).decoded_content == b"second\n", "not updated")
        return result

    call("update a file", update)

    def download():
        # download_url needs no token (a private repository's is signed).
        with urllib.request.urlopen(repo.get_contents(path).download_url) as answer:  # noqa: S310 - the server under test
            return expect(answer.read() == b"second\n", "other bytes")

    call("download a file by its download_url", download)
    call("delete a file", lambda: repo.delete_file(path, "Remove notes", state["update a file"]["content"].sha))
