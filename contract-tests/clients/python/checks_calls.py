"""Checks (issue 19) through stock PyGithub with an installation token: a check run
created on the installation's repository, completed with an annotation, found
among the commit's runs, its suite read, its annotations listed. Other runs share
the commit (one suite per sha and app): each call looks at this client's run only.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""


def check_calls(call, expect, state, installation_gh, app_repo, prefix):
    name = f"{prefix}-check"

    def create():
        target = installation_gh.get_repo(app_repo)
        sha = target.get_branch(target.default_branch).commit.sha
        run = target.create_check_run(name, sha, status="in_progress")
        expect(run.status == "in_progress", "not in progress")
        return run

    call("create a check run", create)
    run = state.get("create a check run")
    annotation = {"path": "README.md", "start_line": 1, "end_line": 1, "annotation_level": "notice", "message": "made by PyGithub"}

    def complete():
        run.edit(conclusion="success", output={"title": "Done", "summary": "All good", "annotations": [annotation]})
        expect(run.status == "completed" and run.output.annotations_count == 1, "not completed")

    call("complete a check run", complete)

    def listed():
        runs = list(installation_gh.get_repo(app_repo).get_commit(run.head_sha).get_check_runs(check_name=name))
        expect([r.id for r in runs] == [run.id], "run not listed")

    call("list check runs for a ref", listed)
    call("get a check suite", lambda: expect(installation_gh.get_repo(app_repo).get_check_suite(run.check_suite_id).head_sha == run.head_sha, "other suite"))
    call("list check run annotations", lambda: expect([a.message for a in run.get_annotations()] == ["made by PyGithub"], "other annotations"))
