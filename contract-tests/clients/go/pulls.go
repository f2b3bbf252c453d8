package main

import (
	"context"
	"errors"
	"slices"
	"time"

	"github.com/google/go-github/v93/github"
)

// branchWithCommit makes a branch from the default branch's tip with one file
// commit on it (two calls) and returns that commit's sha.
func branchWithCommit(ctx context.Context, l *callList, client *github.Client, owner, repo, branch, path, content, what string) string {
	l.call("create a branch "+what, func() error {
		main, _, err := client.Git.GetRef(ctx, owner, repo, "heads/main")
		if err != nil {
			return err
		}
		_, _, err = client.Git.CreateRef(ctx, owner, repo, github.CreateRef{Ref: "refs/heads/" + branch, SHA: main.GetObject().GetSHA()})
		return err
	})
	var sha string
	l.call("commit a file to the branch "+what, func() error {
		res, _, err := client.Repositories.CreateFile(ctx, owner, repo, path, &github.RepositoryContentFileOptions{
			Message: github.Ptr("Add " + path), Content: []byte(content), Branch: github.Ptr(branch),
		})
		if res != nil {
			sha = res.Commit.GetSHA()
		}
		return err
	})
	return sha
}

// pullCalls (issue 17): a pull request opened from a branch made through the
// API, read, listed (state, head, base), edited, seen through the issues list
// (its pull_request key) and closed; a fork into the organisation, listed.
func pullCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix, org string) {
	branch := prefix + "-topic"
	branchWithCommit(ctx, l, client, owner, repo, branch, prefix+"/topic.txt", branch+"\n", "for a pull request")
	var number int
	l.call("create a pull request", func() error {
		pull, _, err := client.PullRequests.Create(ctx, owner, repo, github.CreatePullRequest{
			Title: github.Ptr("Add a topic"), Body: github.Ptr("Please pull"), Head: branch, Base: "main",
		})
		number = pull.GetNumber()
		return err
	})
	l.call("get a pull request", func() error {
		pull, _, err := client.PullRequests.Get(ctx, owner, repo, number)
		return check(err, pull.GetState() == "open" && pull.GetHead().GetRef() == branch && pull.GetBase().GetRef() == "main" && pull.GetUser().GetLogin() == owner, "other pull request")
	})
	l.call("list pull requests by head and base", func() error {
		pulls, _, err := client.PullRequests.List(ctx, owner, repo, &github.PullRequestListOptions{State: "open", Head: owner + ":" + branch, Base: "main"})
		return check(err, len(pulls) == 1 && pulls[0].GetNumber() == number, "not listed alone")
	})
	l.call("update a pull request", func() error {
		pull, _, err := client.PullRequests.Edit(ctx, owner, repo, number, &github.PullRequest{Title: github.Ptr("Add a topic, edited"), Body: github.Ptr("Please pull, edited")})
		return check(err, pull.GetTitle() == "Add a topic, edited", "not edited")
	})
	l.call("list issues shows the pull request", func() error {
		issues, _, err := client.Issues.ListByRepo(ctx, owner, repo, &github.IssueListByRepoOptions{State: "all"})
		return check(err, slices.ContainsFunc(issues, func(i *github.Issue) bool { return i.GetNumber() == number && i.IsPullRequest() }), "no pull_request key")
	})
	l.call("close a pull request", func() error {
		pull, _, err := client.PullRequests.Edit(ctx, owner, repo, number, &github.PullRequest{State: github.Ptr("closed")})
		return check(err, pull.GetState() == "closed" && !pull.GetMerged(), "not closed")
	})
	l.call("list closed pull requests", func() error {
		pulls, _, err := client.PullRequests.List(ctx, owner, repo, &github.PullRequestListOptions{State: "closed"})
		return check(err, slices.ContainsFunc(pulls, func(p *github.PullRequest) bool { return p.GetNumber() == number }), "not listed")
	})
	l.call("fork the repository into the organisation", func() error {
		fork, _, err := client.Repositories.CreateFork(ctx, owner, repo, github.CreateForkRequest{Organization: github.Ptr(org), Name: github.Ptr(prefix + "-fork")})
		// 202 Accepted, as GitHub answers a fork: go-github reports it as *AcceptedError, with the fork decoded.
		if _, accepted := errors.AsType[*github.AcceptedError](err); accepted {
			err = nil
		}
		return check(err, fork.GetFork() && fork.GetParent().GetFullName() == owner+"/"+repo, "not a fork of it")
	})
	l.call("list forks", func() error {
		forks, _, err := client.Repositories.ListForks(ctx, owner, repo, nil)
		return check(err, slices.ContainsFunc(forks, func(f *github.Repository) bool { return f.GetFullName() == org+"/"+prefix+"-fork" }), "not listed")
	})
}

// pullMergeCalls: commits, files, review requests, mergeability and merge,
// In the organisation's repository (reviewer is a member, so may be asked to
// review), into a base branch of this run's own.
func pullMergeCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix, reviewer, login string) {
	base, head := prefix+"-base", prefix+"-merge"
	l.call("create a base branch", func() error {
		main, _, err := client.Git.GetRef(ctx, owner, repo, "heads/main")
		if err != nil {
			return err
		}
		_, _, err = client.Git.CreateRef(ctx, owner, repo, github.CreateRef{Ref: "refs/heads/" + base, SHA: main.GetObject().GetSHA()})
		return err
	})
	sha := branchWithCommit(ctx, l, client, owner, repo, head, prefix+"-merge.txt", head+"\n", "to merge")
	var number int
	l.call("create a pull request to merge", func() error {
		pull, _, err := client.PullRequests.Create(ctx, owner, repo, github.CreatePullRequest{Title: github.Ptr("To merge"), Head: head, Base: base})
		number = pull.GetNumber()
		return err
	})
	l.call("list pull request commits", func() error {
		commits, _, err := client.PullRequests.ListCommits(ctx, owner, repo, number, nil)
		return check(err, len(commits) == 1 && commits[0].GetSHA() == sha, "other commits")
	})
	l.call("list pull request files", func() error {
		files, _, err := client.PullRequests.ListFiles(ctx, owner, repo, number, nil)
		return check(err, len(files) == 1 && files[0].GetFilename() == prefix+"-merge.txt" && files[0].GetStatus() == "added" && files[0].GetPatch() != "", "other files")
	})
	l.call("request a reviewer", func() error {
		pull, _, err := client.PullRequests.RequestReviewers(ctx, owner, repo, number, github.ReviewersRequest{Reviewers: []string{reviewer}})
		return check(err, slices.ContainsFunc(pull.RequestedReviewers, func(u *github.User) bool { return u.GetLogin() == reviewer }), "not requested")
	})
	l.call("remove a requested reviewer", func() error {
		if _, err := client.PullRequests.RemoveReviewers(ctx, owner, repo, number, github.ReviewersRequest{Reviewers: []string{reviewer}}); err != nil {
			return err
		}
		reviewers, _, err := client.PullRequests.ListReviewers(ctx, owner, repo, number)
		return check(err, len(reviewers.Users) == 0, "still requested")
	})
	l.call("wait until the pull request is mergeable", func() error {
		// mergeable is null until the mergeability job has run (as on GitHub): poll.
		for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			pull, _, err := client.PullRequests.Get(ctx, owner, repo, number)
			if err != nil || pull.Mergeable != nil {
				return check(err, pull.GetMergeable(), "not mergeable")
			}
			if time.Now().After(deadline) {
				return errors.New("mergeable still null after 30 s")
			}
		}
	})
	l.call("merge a pull request (squash)", func() error {
		result, _, err := client.PullRequests.Merge(ctx, owner, repo, number, "", &github.PullRequestOptions{MergeMethod: "squash", SHA: sha})
		return check(err, result.GetMerged(), "not merged")
	})
	l.call("get a merged pull request", func() error {
		pull, _, err := client.PullRequests.Get(ctx, owner, repo, number)
		return check(err, pull.GetMerged() && pull.GetState() == "closed" && pull.GetMergedBy().GetLogin() == login, "not merged")
	})
}
