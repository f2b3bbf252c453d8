package main

import (
	"context"
	"slices"
	"strings"

	"github.com/google/go-github/v93/github"
)

// gitDataCalls commits without a clone, as release bots do: a blob, a tree on
// the branch's tree, a commit on the branch's head, the branch moved to it
// (PATCH git/refs), an annotated tag object; each read back.
func gitDataCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	var parent *github.Commit
	var blob, tree, commit string
	l.call("get a commit object", func() error {
		head, _, err := client.Git.GetRef(ctx, owner, repo, "heads/main")
		if err != nil {
			return err
		}
		parent, _, err = client.Git.GetCommit(ctx, owner, repo, head.GetObject().GetSHA())
		return check(err, parent.GetTree().GetSHA() != "", "no tree")
	})
	l.call("create a blob", func() error {
		created, _, err := client.Git.CreateBlob(ctx, owner, repo, github.Blob{Content: "blob from go-github\n", Encoding: github.Ptr("utf-8")})
		blob = created.GetSHA()
		return err
	})
	l.call("get a blob", func() error {
		raw, _, err := client.Git.GetBlobRaw(ctx, owner, repo, blob)
		return check(err, string(raw) == "blob from go-github\n", "other content")
	})
	l.call("create a tree", func() error {
		created, _, err := client.Git.CreateTree(ctx, owner, repo, parent.GetTree().GetSHA(), []*github.TreeEntry{
			{Path: github.Ptr("compat/blob.txt"), Mode: github.Ptr("100644"), Type: github.Ptr("blob"), SHA: github.Ptr(blob)},
			{Path: github.Ptr("compat/inline.txt"), Mode: github.Ptr("100644"), Type: github.Ptr("blob"), Content: github.Ptr("inline\n")},
		})
		tree = created.GetSHA()
		return err
	})
	l.call("get a tree", func() error {
		read, _, err := client.Git.GetTree(ctx, owner, repo, tree, true)
		if err != nil {
			return err
		}
		return check(nil, slices.ContainsFunc(read.Entries, func(e *github.TreeEntry) bool { return e.GetPath() == "compat/inline.txt" }), "entry not listed")
	})
	l.call("create a commit", func() error {
		created, _, err := client.Git.CreateCommit(ctx, owner, repo, github.Commit{
			Message: github.Ptr("Commit from go-github"), Tree: &github.Tree{SHA: github.Ptr(tree)}, Parents: []*github.Commit{{SHA: parent.SHA}},
		}, nil)
		commit = created.GetSHA()
		return err
	})
	l.call("get a commit", func() error {
		read, _, err := client.Git.GetCommit(ctx, owner, repo, commit)
		return check(err, read.GetMessage() == "Commit from go-github" && read.GetVerification().GetReason() == "unsigned", "other commit")
	})
	l.call("update a ref", func() error {
		ref, _, err := client.Git.UpdateRef(ctx, owner, repo, "heads/main", github.UpdateRef{SHA: commit})
		return check(err, ref.GetObject().GetSHA() == commit, "not moved")
	})
	var tag string
	l.call("create a tag object", func() error {
		created, _, err := client.Git.CreateTag(ctx, owner, repo, github.CreateTag{Tag: prefix + "-v1", Message: "Tagged by go-github", Object: commit, Type: "commit"})
		tag = created.GetSHA()
		return err
	})
	l.call("get a tag object", func() error {
		read, _, err := client.Git.GetTag(ctx, owner, repo, tag)
		return check(err, read.GetObject().GetSHA() == commit && strings.HasPrefix(read.GetMessage(), "Tagged"), "other tag")
	})
}
