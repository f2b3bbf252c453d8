package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"

	"github.com/google/go-github/v93/github"
)

// assetCalls: release assets (issue 19) as a go-github user handles them. The
// upload goes where GitHub Enterprise takes uploads: the client is built with
// WithEnterpriseURLs(api, upload) and the upload URL is the server's root, to
// which go-github adds `api/uploads/` (for either base of the run). Then the
// asset is listed, read, downloaded (302 to the signed URL, followed without
// the token), renamed and deleted.
func assetCalls(ctx context.Context, l *callList, client *github.Client, base, token, owner, repo, prefix string) {
	root := strings.TrimSuffix(base, "/api/v3")
	uploads, err := github.NewClient(github.WithAuthToken(token), github.WithEnterpriseURLs(root, root))
	if err != nil {
		fail(err)
	}
	content := bytes.Repeat([]byte{0, 1, 2, 254, 255, '\n'}, 50_000)
	var releaseID, assetID int64
	l.call("create a release for assets", func() error {
		r, _, err := client.Repositories.CreateRelease(ctx, owner, repo, github.CreateReleaseRequest{TagName: prefix + "-assets"})
		releaseID = r.GetID()
		return err
	})
	l.call("upload a release asset (enterprise upload URL)", func() error {
		file, err := os.CreateTemp("", "asset-*.bin")
		if err != nil {
			return err
		}
		defer os.Remove(file.Name())
		defer file.Close()
		if _, err := file.Write(content); err != nil {
			return err
		}
		if _, err := file.Seek(0, io.SeekStart); err != nil {
			return err
		}
		a, _, err := uploads.Repositories.UploadReleaseAsset(ctx, owner, repo, releaseID, &github.UploadOptions{Name: "tool.bin", Label: "The tool"}, file)
		assetID = a.GetID()
		return check(err, a.GetSize() == len(content) && a.GetState() == "uploaded" && a.GetLabel() == "The tool", "other asset")
	})
	l.call("list release assets", func() error {
		list, _, err := client.Repositories.ListReleaseAssets(ctx, owner, repo, releaseID, nil)
		return check(err, slices.ContainsFunc(list, func(a *github.ReleaseAsset) bool { return a.GetID() == assetID }), "not listed")
	})
	l.call("get a release asset", func() error {
		a, _, err := client.Repositories.GetReleaseAsset(ctx, owner, repo, assetID)
		return check(err, a.GetName() == "tool.bin" && strings.HasSuffix(a.GetBrowserDownloadURL(), "/releases/download/"+prefix+"-assets/tool.bin"), "other asset")
	})
	l.call("download a release asset", func() error {
		rc, _, err := client.Repositories.DownloadReleaseAsset(ctx, owner, repo, assetID, http.DefaultClient)
		if err != nil {
			return err
		}
		defer rc.Close()
		got, err := io.ReadAll(rc)
		return check(err, sha256.Sum256(got) == sha256.Sum256(content), "other bytes")
	})
	l.call("update a release asset", func() error {
		a, _, err := client.Repositories.UpdateReleaseAsset(ctx, owner, repo, assetID, github.UpdateReleaseAssetRequest{Name: github.Ptr("tool-v1.bin"), Label: github.Ptr("Tool v1")})
		return check(err, a.GetName() == "tool-v1.bin" && a.GetLabel() == "Tool v1", "not updated")
	})
	l.call("delete a release asset", func() error {
		_, err := client.Repositories.DeleteReleaseAsset(ctx, owner, repo, assetID)
		if err != nil {
			return err
		}
		_, resp, err := client.Repositories.GetReleaseAsset(ctx, owner, repo, assetID)
		return check(nil, err != nil && resp != nil && resp.StatusCode == http.StatusNotFound, "still there")
	})
}
