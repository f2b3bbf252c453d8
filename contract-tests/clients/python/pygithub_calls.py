"""The compatibility call list (contract-tests/clients/README.md) through stock PyGithub.

Written as a PyGithub user would write it, with only `base_url` pointing at
Wharf. Settings come from the environment (clients.test.ts sets them); prints
one line per failing call and closes with `pygithub: N/M calls pass (base …)`.
Exit status 0 only when every call passed.
"""

import os
import sys
import time
import traceback

from github import Auth, Github, GithubIntegration
from pygithub_contents import contents_calls

from archives_calls import archive_and_rename_calls
from labels_milestones import label_and_milestone_calls
from releases_calls import release_calls
from checks_calls import check_calls
from statuses_calls import status_calls
from gists_calls import gist_calls
from access_calls import collaborator_calls, protection_calls, team_calls
from assets_calls import asset_calls
from issues_calls import issue_calls
from git_data_calls import git_data_calls
from commits_calls import commit_calls
from pulls_calls import pull_calls, pull_merge_calls
from reviews_calls import review_calls

BASE = os.environ["WHARF_BASE_URL"]
PREFIX = os.environ["COMPAT_PREFIX"]
APP_REPO = os.environ["WHARF_APP_REPO"]
INSTALLATION_ID = int(os.environ["WHARF_INSTALLATION_ID"])
with open(os.environ["WHARF_APP_KEY_FILE"], encoding="utf-8") as key_file:
    APP_KEY = key_file.read()

results = []
state = {}


def call(name, fn):
    """Runs one call of the list; a failure is reported and the run goes on."""
    started = time.monotonic()
    try:
        state[name] = fn()
        if os.environ.get("COMPAT_VERBOSE"):
            print(f"ok {name} ({time.monotonic() - started:.2f} s)", file=sys.stderr)
        results.append(True)
    except Exception as error:  # noqa: BLE001 - every failure is a finding
        results.append(False)
        # Where it was raised: PyGithub's bare asserts (a URL outside base_url) name only the URL.
        frame = traceback.extract_tb(error.__traceback__)[-1]
        where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
        print(f"FAIL {name}: {type(error).__name__} at {where}: {error}", file=sys.stderr)
        if os.environ.get("COMPAT_VERBOSE"):
            traceback.print_exc()


def until(fn, what, seconds=15.0):
    """Deliveries are recorded once sent (as on GitHub): poll for them."""
    deadline = time.monotonic() + seconds
    while True:
        value = fn()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} after {seconds:.0f} s")
        time.sleep(0.2)


def expect(value, message):
    if not value:
        raise AssertionError(message)
    return value


# PyGithub pauses 1 s before every write (seconds_between_writes), a courtesy
# to github.com's secondary rate limits: with 80-odd writes that pause was most
# of the run (88 of 120 s). Nothing of the protocol changes with it off.
PACING = {"seconds_between_requests": None, "seconds_between_writes": None}
gh = Github(base_url=BASE, auth=Auth.Token(os.environ["WHARF_TOKEN"]), **PACING)
me = gh.get_user()
repo_name = f"{PREFIX}-repo"
hook_config = {"url": os.environ["WHARF_HOOK_URL"], "content_type": "json", "secret": "compat-secret"}

# Account and repository basics.
call("get the authenticated user", lambda: expect(me.login == os.environ["WHARF_LOGIN"], f"login {me.login}"))
call("create a repository (auto_init)", lambda: me.create_repo(repo_name, auto_init=True))
repo = state.get("create a repository (auto_init)")
call("get the repository by name", lambda: expect(gh.get_repo(f"{me.login}/{repo_name}").id == repo.id, "other id"))
call("get the repository by id", lambda: expect(gh.get_repo(repo.id).full_name == repo.full_name, "other name"))
call("edit the repository", lambda: (repo.edit(description="edited by PyGithub"), expect(repo.description == "edited by PyGithub", repo.description)))
call("get a user", lambda: expect(gh.get_user(os.environ["WHARF_OTHER_USER"]).id > 0, "no id"))
call("get an organisation", lambda: gh.get_organization(os.environ["WHARF_ORG"]))
call("create a repository in the organisation", lambda: state["get an organisation"].create_repo(f"{PREFIX}-org-repo"))

# Hooks.
call("create a hook", lambda: repo.create_hook("web", hook_config, events=["push"], active=True))
hook = state.get("create a hook")
call("list hooks", lambda: expect(hook.id in [h.id for h in repo.get_hooks()], "hook not listed"))
call("get a hook", lambda: expect(repo.get_hook(hook.id).config["url"] == hook_config["url"], "other url"))
call("edit a hook", lambda: (hook.edit("web", hook_config, events=["push", "pull_request"]), expect("pull_request" in hook.events, hook.events)))
call("ping a hook", lambda: hook.ping())
call("test a hook", lambda: hook.test())
call("list deliveries", lambda: until(lambda: list(repo.get_hook_deliveries(hook.id)), "delivery"))
call("get a delivery", lambda: expect(repo.get_hook_delivery(hook.id, state["list deliveries"][0].id).request is not None, "no request"))
# PyGithub has no method for redelivery: its requester is the documented way to call the rest.
call("redeliver a delivery", lambda: gh.requester.requestJsonAndCheck("POST", f"{hook.url}/deliveries/{state['list deliveries'][0].id}/attempts"))
call("delete a hook", lambda: hook.delete())

# References.
call("get a ref", lambda: repo.get_git_ref(f"heads/{repo.default_branch}"))
head = state.get("get a ref")
call("list refs", lambda: expect(any(r.ref == head.ref for r in repo.get_git_refs()), "default branch not listed"))
call("list matching refs", lambda: expect([r.ref for r in repo.get_git_matching_refs("heads/")] == [head.ref], "other refs"))
call("create a ref", lambda: repo.create_git_ref(f"refs/heads/{PREFIX}-branch", head.object.sha))
call("delete a ref", lambda: state["create a ref"].delete())

# Commits, compare and branches, first: they expect the repository's history as created (the calls after add commits).
commit_calls(call, expect, state, repo, PREFIX)
# Labels and milestones.
label_and_milestone_calls(call, expect, state, repo, PREFIX)
# Releases.
release_calls(call, expect, state, repo, PREFIX)
# Commit statuses.
status_calls(call, expect, state, repo, PREFIX)
asset_calls(call, expect, state, repo, PREFIX)
# Issues and comments (issues_calls.py).
if repo is not None:
    issue_calls(call, expect, state, repo, me.login)
# The git data API.
git_data_calls(call, state, expect, repo, PREFIX)
pull_calls(call, expect, state, repo, PREFIX, os.environ["WHARF_ORG"])
pull_merge_calls(call, expect, state, gh.get_repo(APP_REPO), PREFIX, os.environ["WHARF_OTHER_USER"], os.environ["WHARF_LOGIN"])
other_gh = Github(base_url=BASE, auth=Auth.Token(os.environ["WHARF_OTHER_TOKEN"]), **PACING)
review_calls(call, expect, state, repo, other_gh, PREFIX)
gist_calls(call, expect, state, gh, other_gh, PREFIX)
collaborator_calls(call, expect, state, repo, other_gh, os.environ["WHARF_OTHER_USER"])
team_calls(call, expect, state, gh, state.get("get an organisation"), f"{PREFIX}-org-repo", os.environ["WHARF_OTHER_USER"], PREFIX)
protection_calls(call, expect, state, repo, PREFIX)
contents_calls(call, expect, state, repo, PREFIX)

call("get the rate limit", lambda: expect(gh.get_rate_limit().resources.core.limit > 0, "no core limit"))

# A GitHub App and its installation.
app_auth = Auth.AppAuth(int(os.environ["WHARF_APP_ID"]), APP_KEY)
integration = GithubIntegration(base_url=BASE, auth=app_auth)
call("get the app", lambda: expect(integration.get_app().id == int(os.environ["WHARF_APP_ID"]), "other app"))
call("list installations", lambda: expect(INSTALLATION_ID in [i.id for i in integration.get_installations()], "not listed"))
call("create an installation token", lambda: integration.get_access_token(INSTALLATION_ID))
installation_gh = Github(base_url=BASE, auth=Auth.Token(getattr(state.get("create an installation token"), "token", "none")), **PACING)
call("list the installation's repositories", lambda: expect(APP_REPO in [r.full_name for r in integration.get_app_installation(INSTALLATION_ID).get_repos()], "repository not listed"))


def create_ref_as_app():
    target = installation_gh.get_repo(APP_REPO)
    head = target.get_git_ref(f"heads/{target.default_branch}")
    return target.create_git_ref(f"refs/heads/{PREFIX}-app", head.object.sha)


call("create a ref through the installation token", create_ref_as_app)
check_calls(call, expect, state, installation_gh, APP_REPO, PREFIX)
# No PyGithub method revokes an installation token either.
call("revoke the installation token", lambda: installation_gh.requester.requestJsonAndCheck("DELETE", "/installation/token"))

archive_and_rename_calls(call, expect, gh, me, repo, PREFIX)

call("delete the repository", lambda: repo.delete())

passed = sum(results)
print(f"pygithub: {passed}/{len(results)} calls pass (base {BASE})")
sys.exit(0 if passed == len(results) else 1)
