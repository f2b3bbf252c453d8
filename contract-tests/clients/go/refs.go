package main

import (
	"context"
	"slices"

	"github.com/google/go-github/v93/github"
)

func refCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	var head *github.Reference
	hasHead := func(refs []*github.Reference) bool {
		return slices.ContainsFunc(refs, func(r *github.Reference) bool { return r.GetRef() == head.GetRef() })
	}
	l.call("get a ref", func() (err error) {
		head, _, err = client.Git.GetRef(ctx, owner, repo, "heads/main")
		return err
	})
	l.call("list refs", func() error {
		// go-github lists every ref as matching refs with an empty prefix (its documented way).
		refs, _, err := client.Git.ListMatchingRefs(ctx, owner, repo, "")
		return check(err, hasHead(refs), "default branch not listed")
	})
	l.call("list matching refs", func() error {
		refs, _, err := client.Git.ListMatchingRefs(ctx, owner, repo, "heads/")
		return check(err, len(refs) == 1 && hasHead(refs), "other refs")
	})
	branch := "refs/heads/" + prefix + "-branch"
	l.call("create a ref", func() error {
		_, _, err := client.Git.CreateRef(ctx, owner, repo, github.CreateRef{Ref: branch, SHA: head.GetObject().GetSHA()})
		return err
	})
	l.call("delete a ref", func() error {
		_, err := client.Git.DeleteRef(ctx, owner, repo, branch)
		return err
	})
}
