package main

import (
	"context"
	"regexp"

	"github.com/google/go-github/v93/github"
)

// gistCalls: gists (issue 36), a secret gist created, read, updated (a file
// changed, one added), starred and checked, then forked by the other user,
// who comments on it; its owner lists the comments, as a go-github user
// writes them: 8 calls.
func gistCalls(ctx context.Context, l *callList, client, other *github.Client, prefix string) {
	description := prefix + " by go-github"
	var id string
	l.call("create a gist", func() error {
		g, _, err := client.Gists.Create(ctx, github.CreateGistRequest{
			Description: github.Ptr(description),
			Public:      github.Ptr(false),
			Files:       map[github.GistFilename]*github.CreateGistFile{"hello.md": {Content: "# hello\n"}},
		})
		id = g.GetID()
		return check(err, regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(id), "other gist")
	})
	l.call("get a gist", func() error {
		g, _, err := client.Gists.Get(ctx, id)
		return check(err, g.GetDescription() == description && content(g, "hello.md") == "# hello\n", "other gist")
	})
	l.call("update a gist", func() error {
		g, _, err := client.Gists.Update(ctx, id, github.UpdateGistRequest{Files: map[github.GistFilename]*github.UpdateGistFile{
			"hello.md": {Content: github.Ptr("# hello again\n")},
			"more.txt": {Content: github.Ptr("more\n")},
		}})
		return check(err, content(g, "hello.md") == "# hello again\n" && len(g.GetFiles()) == 2, "not updated")
	})
	l.call("star a gist", func() error {
		_, err := client.Gists.Star(ctx, id)
		return err
	})
	l.call("check a gist is starred", func() error {
		starred, _, err := client.Gists.IsStarred(ctx, id)
		return check(err, starred, "not starred")
	})
	l.call("fork a gist", func() error {
		g, _, err := other.Gists.Fork(ctx, id)
		return check(err, g.GetID() != id && g.GetID() != "", "not a fork")
	})
	l.call("comment on a gist", func() error {
		c, _, err := other.Gists.CreateComment(ctx, id, github.CreateGistCommentRequest{Body: prefix + " comment"})
		return check(err, c.GetBody() == prefix+" comment" && c.GetID() != 0, "no comment")
	})
	l.call("list gist comments", func() error {
		comments, _, err := client.Gists.ListComments(ctx, id, nil)
		return check(err, len(comments) == 1 && comments[0].GetBody() == prefix+" comment", "comment not listed")
	})
}

// content is a file's content in a gist answer ("" when absent or when the call failed).
func content(g *github.Gist, name github.GistFilename) string {
	file, ok := g.GetFiles()[name]
	if !ok {
		return ""
	}
	return file.GetContent()
}
