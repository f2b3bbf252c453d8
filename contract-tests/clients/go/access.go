package main

import (
	"context"

	"github.com/google/go-github/v93/github"
)

// collaboratorCalls: collaborators and invitations (issue 37) on the run's
// own repository: the other user invited with push, the invitation listed
// and accepted by the invitee, the collaborators listed, the permission
// read, the collaborator removed: 6 calls.
func collaboratorCalls(ctx context.Context, l *callList, client, other *github.Client, owner, repo, invitee string) {
	var invitationID int64
	l.call("add a collaborator (an invitation)", func() error {
		invitation, _, err := client.Repositories.AddCollaborator(ctx, owner, repo, invitee, github.AddCollaboratorRequest{Permission: github.Ptr("push")})
		invitationID = invitation.GetID()
		return check(err, invitation.GetInvitee().GetLogin() == invitee && invitation.GetPermissions() == "write", "other invitation")
	})
	l.call("list the repository's invitations", func() error {
		invitations, _, err := client.Repositories.ListInvitations(ctx, owner, repo, nil)
		return check(err, len(invitations) == 1 && invitations[0].GetID() == invitationID, "invitation not listed")
	})
	l.call("accept the invitation as the invitee", func() error {
		_, err := other.Users.AcceptInvitation(ctx, invitationID)
		return err
	})
	l.call("list collaborators", func() error {
		users, _, err := client.Repositories.ListCollaborators(ctx, owner, repo, nil)
		found := false
		for _, u := range users {
			found = found || (u.GetLogin() == invitee && u.GetPermissions().GetPush())
		}
		return check(err, found, "collaborator not listed with push")
	})
	l.call("get a collaborator's permission", func() error {
		level, _, err := client.Repositories.GetPermissionLevel(ctx, owner, repo, invitee)
		return check(err, level.GetPermission() == "write" && level.GetUser().GetLogin() == invitee, "other permission")
	})
	l.call("remove a collaborator", func() error {
		_, err := client.Repositories.RemoveCollaborator(ctx, owner, repo, invitee)
		return err
	})
}

// teamCalls: teams (issue 37) in the organisation: a team created, the other
// user (a member of the organisation) added besides the creator (its first
// maintainer, as on GitHub), the run's organisation repository given push,
// the teams listed, the team read by slug, deleted: 6 calls.
func teamCalls(ctx context.Context, l *callList, client *github.Client, org, orgRepo, member, prefix string) {
	slug := prefix + "-team"
	l.call("create a team", func() error {
		team, _, err := client.Teams.CreateTeam(ctx, org, github.CreateTeamRequest{Name: slug, Privacy: github.Ptr("closed")})
		return check(err, team.GetSlug() == slug, "other slug")
	})
	l.call("add a team member", func() error {
		membership, _, err := client.Teams.AddTeamMembershipBySlug(ctx, org, slug, member, github.AddTeamMembershipRequest{Role: github.Ptr("member")})
		return check(err, membership.GetRole() == "member" && membership.GetState() == "active", "other membership")
	})
	l.call("add a repository to a team", func() error {
		_, err := client.Teams.AddTeamRepoBySlug(ctx, org, slug, org, orgRepo, github.AddTeamRepoRequest{Permission: github.Ptr("push")})
		return err
	})
	l.call("list teams", func() error {
		teams, _, err := client.Teams.ListTeams(ctx, org, &github.ListOptions{PerPage: 100})
		found := false
		for _, t := range teams {
			found = found || t.GetSlug() == slug
		}
		return check(err, found, "team not listed")
	})
	l.call("get a team by slug", func() error {
		team, _, err := client.Teams.GetTeamBySlug(ctx, org, slug)
		return check(err, team.GetMembersCount() == 2 && team.GetReposCount() == 1, "other counts")
	})
	l.call("delete a team", func() error {
		_, err := client.Teams.DeleteTeamBySlug(ctx, org, slug)
		return err
	})
}

// protectionCalls: branch protection (issue 37) on the run's default branch:
// protected with one required approval and a required status check, read
// back whole and its status checks alone, then unprotected (the calls after
// push to it): 4 calls.
func protectionCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	branch := "main"
	statusContext := prefix + "/ci"
	l.call("protect a branch", func() error {
		p, _, err := client.Repositories.UpdateBranchProtection(ctx, owner, repo, branch, &github.ProtectionRequest{
			RequiredStatusChecks:       &github.RequiredStatusChecks{Strict: true, Contexts: &[]string{statusContext}},
			RequiredPullRequestReviews: &github.PullRequestReviewsEnforcementRequest{DismissStaleReviews: true, RequiredApprovingReviewCount: 1},
			EnforceAdmins:              false,
		})
		return check(err, p.GetRequiredPullRequestReviews().RequiredApprovingReviewCount == 1, "no required reviews")
	})
	l.call("get a branch's protection", func() error {
		p, _, err := client.Repositories.GetBranchProtection(ctx, owner, repo, branch)
		ok := err == nil && p.GetRequiredStatusChecks().Strict && len(p.GetRequiredStatusChecks().GetContexts()) == 1 &&
			p.GetRequiredPullRequestReviews().DismissStaleReviews && !p.GetEnforceAdmins().Enabled
		return check(err, ok, "other protection")
	})
	l.call("get a branch's required status checks", func() error {
		checks, _, err := client.Repositories.GetRequiredStatusChecks(ctx, owner, repo, branch)
		return check(err, checks.Strict && len(checks.GetContexts()) == 1 && checks.GetContexts()[0] == statusContext, "other checks")
	})
	l.call("remove a branch's protection", func() error {
		_, err := client.Repositories.RemoveBranchProtection(ctx, owner, repo, branch)
		return err
	})
}
