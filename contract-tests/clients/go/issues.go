package main

import (
	"context"

	"github.com/google/go-github/v93/github"
)

// issueCalls opens an issue, reads and lists it, comments, lists the
// comments, reacts (reactions.go), closes it and lists its events, as a
// go-github user would.
func issueCalls(ctx context.Context, l *callList, client *github.Client, owner, repo string) {
	var issue *github.Issue
	l.call("create an issue", func() (err error) {
		issue, _, err = client.Issues.Create(ctx, owner, repo, github.CreateIssueRequest{Title: "Found a bug", Body: github.Ptr("It breaks"), Assignees: []string{owner}})
		return err
	})
	l.call("get an issue", func() error {
		got, _, err := client.Issues.Get(ctx, owner, repo, issue.GetNumber())
		return check(err, got.GetTitle() == "Found a bug", "other title")
	})
	l.call("list issues", func() error {
		list, _, err := client.Issues.ListByRepo(ctx, owner, repo, &github.IssueListByRepoOptions{State: "open", Assignee: owner})
		return check(err, len(list) == 1 && list[0].GetNumber() == issue.GetNumber(), "not listed")
	})
	var comment *github.IssueComment
	l.call("comment on an issue", func() (err error) {
		comment, _, err = client.Issues.CreateComment(ctx, owner, repo, issue.GetNumber(), github.IssueCommentRequest{Body: "Me too"})
		return err
	})
	l.call("list issue comments", func() error {
		list, _, err := client.Issues.ListComments(ctx, owner, repo, issue.GetNumber(), nil)
		return check(err, len(list) == 1 && list[0].GetBody() == "Me too", "other comments")
	})
	l.call("edit an issue comment", func() error {
		edited, _, err := client.Issues.UpdateComment(ctx, owner, repo, comment.GetID(), github.IssueCommentRequest{Body: "Me too, edited"})
		return check(err, edited.GetBody() == "Me too, edited", "not edited")
	})
	reactionCalls(ctx, l, client, owner, repo, issue.GetNumber(), comment.GetID())
	l.call("close an issue", func() error {
		closed, _, err := client.Issues.Update(ctx, owner, repo, issue.GetNumber(), github.UpdateIssueRequest{State: github.Ptr("closed"), StateReason: github.Ptr("not_planned")})
		return check(err, closed.GetState() == "closed" && closed.GetStateReason() == "not_planned", "not closed")
	})
	l.call("list issue events", func() error {
		events, _, err := client.Issues.ListIssueEvents(ctx, owner, repo, issue.GetNumber(), nil)
		return check(err, len(events) > 0 && events[len(events)-1].GetEvent() == "closed", "no closed event")
	})
}
