package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/google/go-github/v93/github"
)

// archiveCalls: an archive's signed download link (GetArchiveLink, not
// followed) fetched without a token, and a renamed repository read by its old
// name (net/http follows the 301 to /repositories/{id}).
func archiveCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	var link string
	l.call("get an archive link", func() error {
		u, _, err := client.Repositories.GetArchiveLink(ctx, owner, repo, github.Tarball, &github.RepositoryContentGetOptions{Ref: "main"}, 0)
		if err == nil {
			link = u.String()
		}
		return check(err, strings.Contains(link, "/_archive/"), "no download URL")
	})
	l.call("download an archive without a token", func() error {
		answer, err := http.Get(link)
		if err != nil {
			return err
		}
		defer answer.Body.Close()
		head := make([]byte, 2)
		_, err = io.ReadFull(answer.Body, head)
		return check(err, answer.StatusCode == http.StatusOK && head[0] == 0x1f && head[1] == 0x8b, fmt.Sprintf("not a gzip archive (%d)", answer.StatusCode))
	})
	old, renamed := prefix+"-moving", prefix+"-moved"
	l.call("rename a repository", func() error {
		if _, _, err := client.Repositories.Create(ctx, "", github.CreateRepositoryRequest{Name: old, AutoInit: github.Ptr(true)}); err != nil {
			return err
		}
		r, _, err := client.Repositories.Edit(ctx, owner, old, &github.Repository{Name: github.Ptr(renamed)})
		return check(err, r.GetName() == renamed, "not renamed")
	})
	l.call("get a repository by its old name", func() error {
		r, _, err := client.Repositories.Get(ctx, owner, old)
		return check(err, r.GetName() == renamed, "not followed")
	})
	l.call("delete the renamed repository", func() error {
		// By the old name too: the DELETE's 307 is followed with its method.
		_, err := client.Repositories.Delete(ctx, owner, old)
		return err
	})
}
