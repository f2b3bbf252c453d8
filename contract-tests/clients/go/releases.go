package main

import (
	"context"
	"slices"
	"strings"

	"github.com/google/go-github/v93/github"
)

// releaseCalls: releases (issue 19), a draft created, published (which
// creates its tag), read by id, tag and as the latest, listed, reacted to,
// notes generated, and deleted, as a go-github user writes them.
func releaseCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	tag := prefix + "-v1"
	var id int64
	l.call("create a draft release", func() error {
		r, _, err := client.Repositories.CreateRelease(ctx, owner, repo, github.CreateReleaseRequest{TagName: tag, Name: github.Ptr("made by go-github"), Draft: github.Ptr(true)})
		id = r.GetID()
		return check(err, r.GetDraft() && r.PublishedAt == nil, "not a draft")
	})
	l.call("get a release", func() error {
		r, _, err := client.Repositories.GetRelease(ctx, owner, repo, id)
		return check(err, r.GetName() == "made by go-github", "other name")
	})
	l.call("publish a release", func() error {
		r, _, err := client.Repositories.UpdateRelease(ctx, owner, repo, id, github.UpdateReleaseRequest{Draft: github.Ptr(false), Body: github.Ptr("notes")})
		return check(err, !r.GetDraft() && r.PublishedAt != nil, "not published")
	})
	l.call("get a release by tag", func() error {
		r, _, err := client.Repositories.GetReleaseByTag(ctx, owner, repo, tag)
		return check(err, r.GetID() == id, "other release")
	})
	l.call("get the latest release", func() error {
		r, _, err := client.Repositories.GetLatestRelease(ctx, owner, repo)
		return check(err, r.GetID() == id, "other release")
	})
	l.call("list releases", func() error {
		list, _, err := client.Repositories.ListReleases(ctx, owner, repo, &github.ListOptions{PerPage: 100})
		return check(err, slices.ContainsFunc(list, func(r *github.RepositoryRelease) bool { return r.GetID() == id }), "not listed")
	})
	l.call("react to a release", func() error {
		reaction, _, err := client.Reactions.CreateReleaseReaction(ctx, owner, repo, id, "rocket")
		if err != nil {
			return err
		}
		list, _, err := client.Reactions.ListReleaseReactions(ctx, owner, repo, id, nil)
		if err := check(err, slices.ContainsFunc(list, func(r *github.Reaction) bool { return r.GetID() == reaction.GetID() }), "not listed"); err != nil {
			return err
		}
		r, _, err := client.Repositories.GetRelease(ctx, owner, repo, id)
		if err := check(err, r.GetReactions().GetRocket() == 1, "not counted"); err != nil {
			return err
		}
		_, err = client.Reactions.DeleteReleaseReaction(ctx, owner, repo, id, reaction.GetID())
		return err
	})
	l.call("generate release notes", func() error {
		notes, _, err := client.Repositories.GenerateReleaseNotes(ctx, owner, repo, github.GenerateNotesRequest{TagName: prefix + "-v2"})
		return check(err, notes.Name == prefix+"-v2" && strings.Contains(notes.Body, "**Full Changelog**"), "other notes")
	})
	l.call("delete a release", func() error {
		_, err := client.Repositories.DeleteRelease(ctx, owner, repo, id)
		return err
	})
}
