package main

import (
	"context"
	"slices"

	"github.com/google/go-github/v93/github"
)

// statusCalls: commit statuses (issue 19), a status created on the default
// branch's head commit, the commit's statuses listed and its combined status
// read, as a go-github user writes them.
func statusCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	statusContext := prefix + "/go-github"
	var sha string
	if ref, _, err := client.Git.GetRef(ctx, owner, repo, "heads/main"); err == nil {
		sha = ref.GetObject().GetSHA()
	}
	l.call("create a commit status", func() error {
		s, _, err := client.Repositories.CreateStatus(ctx, owner, repo, sha, github.RepoStatus{
			State: github.Ptr("success"), TargetURL: github.Ptr("https://ci.example.com/1"), Description: github.Ptr("made by go-github"), Context: github.Ptr(statusContext),
		})
		return check(err, s.GetState() == "success" && s.GetContext() == statusContext, "other status")
	})
	l.call("list commit statuses", func() error {
		list, _, err := client.Repositories.ListStatuses(ctx, owner, repo, sha, &github.ListOptions{PerPage: 100})
		return check(err, slices.ContainsFunc(list, func(s *github.RepoStatus) bool { return s.GetContext() == statusContext }), "not listed")
	})
	l.call("get the combined status", func() error {
		c, _, err := client.Repositories.GetCombinedStatus(ctx, owner, repo, "main", nil)
		return check(err, c.GetSHA() == sha && slices.ContainsFunc(c.Statuses, func(s *github.RepoStatus) bool { return s.GetContext() == statusContext }), "context missing")
	})
}
