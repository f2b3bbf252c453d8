"""Collaborators, teams and branch protection (issue 37) through stock PyGithub: 16 calls.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""


def collaborator_calls(call, expect, state, repo, other_gh, invitee):
    """On the run's own repository: the other user invited with push, the
    invitation listed and accepted by the invitee, the collaborators listed,
    the permission read, the collaborator removed: 6 calls."""
    call("add a collaborator (an invitation)", lambda: expect(repo.add_to_collaborators(invitee, "push"), "no invitation"))
    invitation = lambda: state.get("add a collaborator (an invitation)")
    call("list the repository's invitations", lambda: expect([i.id for i in repo.get_pending_invitations()] == [invitation().id] and invitation().invitee.login == invitee, "invitation not listed"))
    call("accept the invitation as the invitee", lambda: other_gh.get_user().accept_invitation(invitation()))
    call("list collaborators", lambda: expect(any(u.login == invitee and u.permissions.push for u in repo.get_collaborators()), "collaborator not listed with push"))
    call("get a collaborator's permission", lambda: expect(repo.get_collaborator_permission(invitee) == "write", "other permission"))
    call("remove a collaborator", lambda: repo.remove_from_collaborators(invitee))


def team_calls(call, expect, state, gh, org, org_repo, member, prefix):
    """In the organisation: a team created, the other user (a member of the
    organisation) added besides its creator (its first maintainer, as on
    GitHub), the run's organisation repository given push, the teams listed,
    the team read by slug, deleted: 6 calls."""
    slug = f"{prefix}-team"
    call("create a team", lambda: expect(org.create_team(slug, privacy="closed"), "no team"))
    team = lambda: state.get("create a team")
    call("add a team member", lambda: team().add_membership(gh.get_user(member), "member"))
    call("add a repository to a team", lambda: expect(team().update_team_repository(f"{org.login}/{org_repo}", "push"), "not added"))
    call("list teams", lambda: expect(slug in [t.slug for t in org.get_teams()], "team not listed"))
    call("get a team by slug", lambda: expect((lambda t: t.members_count == 2 and t.repos_count == 1)(org.get_team_by_slug(slug)), "other counts"))
    call("delete a team", lambda: team().delete())


def protection_calls(call, expect, state, repo, prefix):
    """On the run's default branch: protected with one required approval and
    a required status check, read back whole and its status checks alone,
    then unprotected (the calls after push to it): 4 calls."""
    context = f"{prefix}/ci"
    branch = lambda: repo.get_branch(repo.default_branch)
    call("protect a branch", lambda: expect(branch().edit_protection(strict=True, contexts=[context], enforce_admins=False, dismiss_stale_reviews=True, required_approving_review_count=1).required_pull_request_reviews.required_approving_review_count == 1, "no required reviews"))

    def get_protection():
        protection = branch().get_protection()
        checks = protection.required_status_checks
        expect(checks.strict and checks.contexts == [context] and protection.required_pull_request_reviews.dismiss_stale_reviews and not protection.enforce_admins, "other protection")

    call("get a branch's protection", get_protection)
    call("get a branch's required status checks", lambda: expect((lambda c: c.strict and c.contexts == [context])(branch().get_required_status_checks()), "other checks"))
    call("remove a branch's protection", lambda: branch().remove_protection())
