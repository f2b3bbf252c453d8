package main

import (
	"context"
	"io"
	"slices"

	"github.com/google/go-github/v93/github"
)

// contentCalls: create, read, list, update, download (download_url) and delete a file, and the README (issue 15).
func contentCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	path := prefix + "/notes.txt"
	var sha string
	l.call("create a file", func() error {
		res, _, err := client.Repositories.CreateFile(ctx, owner, repo, path, &github.RepositoryContentFileOptions{Message: github.Ptr("Add notes"), Content: []byte("first\n")})
		if err == nil {
			sha = res.GetContent().GetSHA()
		}
		return err
	})
	l.call("get a file", func() error {
		file, _, _, err := client.Repositories.GetContents(ctx, owner, repo, path, nil)
		if err != nil {
			return err
		}
		text, err := file.GetContent()
		return check(err, text == "first\n", "other content")
	})
	l.call("list the root directory", func() error {
		_, entries, _, err := client.Repositories.GetContents(ctx, owner, repo, "", nil)
		return check(err, slices.ContainsFunc(entries, func(c *github.RepositoryContent) bool { return c.GetName() == prefix }), "directory not listed")
	})
	l.call("get the README", func() error {
		readme, _, err := client.Repositories.GetReadme(ctx, owner, repo, nil)
		return check(err, readme.GetName() == "README.md", "other README")
	})
	l.call("update a file", func() error {
		res, _, err := client.Repositories.UpdateFile(ctx, owner, repo, path, &github.RepositoryContentFileOptions{Message: github.Ptr("Update notes"), Content: []byte("second\n"), SHA: github.Ptr(sha)})
		if err == nil {
			sha = res.GetContent().GetSHA()
		}
		return err
	})
	// DownloadContents lists the file's directory and reads the file's download_url.
	l.call("download a file by its download_url", func() error {
		body, _, err := client.Repositories.DownloadContents(ctx, owner, repo, path, nil)
		if err != nil {
			return err
		}
		defer body.Close()
		text, err := io.ReadAll(body)
		return check(err, string(text) == "second\n", "other bytes")
	})
	l.call("delete a file", func() error {
		_, _, err := client.Repositories.DeleteFile(ctx, owner, repo, path, &github.RepositoryContentFileOptions{Message: github.Ptr("Remove notes"), SHA: github.Ptr(sha)})
		return err
	})
}
