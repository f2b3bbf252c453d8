package main

import (
	"context"
	"strings"

	"github.com/google/go-github/v93/github"
)

// commitCalls: commits, compare and branches (issue 15), on a repository with
// one commit on main (auto_init).
func commitCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	head := "main"
	l.call("list commits", func() error {
		commits, _, err := client.Repositories.ListCommits(ctx, owner, repo, &github.CommitsListOptions{SHA: "main"})
		if err == nil && len(commits) == 1 {
			head = commits[0].GetSHA()
		}
		return check(err, len(commits) == 1, "not one commit")
	})
	l.call("get a commit", func() error {
		commit, _, err := client.Repositories.GetCommit(ctx, owner, repo, "main", nil)
		if err != nil {
			return err
		}
		if err := check(nil, commit.GetSHA() == head && len(commit.Files) == 1 && commit.Files[0].GetFilename() == "README.md", "other commit or files"); err != nil {
			return err
		}
		// The diff media type, through go-github's own method for it.
		diff, _, err := client.Repositories.GetCommitRaw(ctx, owner, repo, head, github.RawOptions{Type: github.Diff})
		return check(err, strings.HasPrefix(diff, "diff --git a/README.md"), "not a diff")
	})
	l.call("compare two commits", func() error {
		comparison, _, err := client.Repositories.CompareCommits(ctx, owner, repo, head, "main", nil)
		return check(err, comparison.GetStatus() == "identical", "not identical")
	})
	l.call("list branches", func() error {
		branches, _, err := client.Repositories.ListBranches(ctx, owner, repo, nil)
		found := false
		for _, b := range branches {
			found = found || b.GetName() == "main"
		}
		return check(err, found, "main not listed")
	})
	slashed := prefix + "/feature"
	l.call("create a branch with a slash", func() error {
		_, _, err := client.Git.CreateRef(ctx, owner, repo, github.CreateRef{Ref: "refs/heads/" + slashed, SHA: head})
		return err
	})
	l.call("get a branch with a slash", func() error {
		branch, _, err := client.Repositories.GetBranch(ctx, owner, repo, slashed, 0)
		return check(err, branch.GetCommit().GetSHA() == head, "other head")
	})
}
