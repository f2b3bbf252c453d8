package main

import (
	"context"
	"slices"
	"time"

	"github.com/google/go-github/v93/github"
)

// labelCalls: a repository's labels and milestones (issue 16), create → get →
// list → update → delete, as a go-github user writes them.
func labelCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	name := prefix + "-label"
	l.call("list the default labels", func() error {
		labels, _, err := client.Issues.ListLabels(ctx, owner, repo, &github.ListOptions{PerPage: 100})
		return check(err, slices.ContainsFunc(labels, func(x *github.Label) bool { return x.GetName() == "good first issue" }), "no default labels")
	})
	l.call("create a label", func() error {
		label, _, err := client.Issues.CreateLabel(ctx, owner, repo, github.CreateIssueLabelRequest{Name: name, Color: github.Ptr("f29513"), Description: github.Ptr("made by go-github")})
		return check(err, label.GetColor() == "f29513" && !label.GetDefault(), "other label")
	})
	l.call("get a label", func() error {
		label, _, err := client.Issues.GetLabel(ctx, owner, repo, name)
		return check(err, label.GetDescription() == "made by go-github", "other description")
	})
	l.call("update a label", func() error {
		label, _, err := client.Issues.UpdateLabel(ctx, owner, repo, name, github.UpdateIssueLabelRequest{NewName: github.Ptr(name + "-2"), Color: github.Ptr("0e8a16")})
		return check(err, label.GetName() == name+"-2" && label.GetColor() == "0e8a16", "not updated")
	})
	l.call("delete a label", func() error {
		_, err := client.Issues.DeleteLabel(ctx, owner, repo, name+"-2")
		return err
	})

	var number int
	due := github.Timestamp{Time: time.Date(2030, 1, 15, 12, 0, 0, 0, time.UTC)}
	l.call("create a milestone", func() error {
		m, _, err := client.Issues.CreateMilestone(ctx, owner, repo, github.CreateMilestoneRequest{Title: prefix + " v1", Description: github.Ptr("made by go-github"), DueOn: &due})
		number = m.GetNumber()
		return check(err, m.GetState() == "open" && m.GetDueOn().Equal(due), "other milestone")
	})
	l.call("get a milestone", func() error {
		m, _, err := client.Issues.GetMilestone(ctx, owner, repo, number)
		return check(err, m.GetTitle() == prefix+" v1", "other title")
	})
	l.call("list milestones", func() error {
		list, _, err := client.Issues.ListMilestones(ctx, owner, repo, &github.MilestoneListOptions{State: "all", Sort: "due_on"})
		return check(err, slices.ContainsFunc(list, func(m *github.Milestone) bool { return m.GetNumber() == number }), "not listed")
	})
	l.call("update a milestone", func() error {
		m, _, err := client.Issues.UpdateMilestone(ctx, owner, repo, number, github.UpdateMilestoneRequest{State: github.Ptr("closed")})
		return check(err, m.GetState() == "closed" && m.ClosedAt != nil, "not closed")
	})
	l.call("delete a milestone", func() error {
		_, err := client.Issues.DeleteMilestone(ctx, owner, repo, number)
		return err
	})
}
