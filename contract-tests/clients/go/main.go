// The compatibility call list (contract-tests/clients/README.md) through stock
// go-github and ghinstallation, only the base URL pointing at Wharf:
// WithEnterpriseURLs for a base ending in /api/v3, WithURLs for the root.
// Settings come from the environment (clients.test.ts); prints one line per
// failing call and closes with `go-github: N/M calls pass (base …)`.
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/bradleyfalzon/ghinstallation/v2"
	"github.com/google/go-github/v93/github"
)

func main() {
	ctx := context.Background()
	base := env("WHARF_BASE_URL")
	prefix := env("COMPAT_PREFIX")
	login := env("WHARF_LOGIN")
	org := env("WHARF_ORG")
	appID := envInt("WHARF_APP_ID")
	installationID := envInt("WHARF_INSTALLATION_ID")
	appOwner, appRepo, _ := strings.Cut(env("WHARF_APP_REPO"), "/")
	key, err := os.ReadFile(env("WHARF_APP_KEY_FILE"))
	if err != nil {
		fail(err)
	}
	l := &callList{}
	client := newClient(base, github.WithAuthToken(env("WHARF_TOKEN")))
	repo := prefix + "-repo"
	hookConfig := &github.HookConfig{URL: github.Ptr(env("WHARF_HOOK_URL")), ContentType: github.Ptr("json"), Secret: github.Ptr("compat-secret")}

	var created *github.Repository
	l.call("get the authenticated user", func() error {
		u, _, err := client.Users.Get(ctx, "")
		return check(err, u.GetLogin() == login, "other login")
	})
	l.call("create a repository (auto_init)", func() (err error) {
		created, _, err = client.Repositories.Create(ctx, "", github.CreateRepositoryRequest{Name: repo, AutoInit: github.Ptr(true)})
		return err
	})
	l.call("get the repository by name", func() error {
		r, _, err := client.Repositories.Get(ctx, login, repo)
		return check(err, r.GetID() == created.GetID(), "other id")
	})
	l.call("get the repository by id", func() error {
		r, _, err := client.Repositories.GetByID(ctx, created.GetID())
		return check(err, r.GetFullName() == login+"/"+repo, "other repository")
	})
	l.call("edit the repository", func() error {
		r, _, err := client.Repositories.Edit(ctx, login, repo, &github.Repository{Description: github.Ptr("edited by go-github")})
		return check(err, r.GetDescription() == "edited by go-github", "not edited")
	})
	l.call("get a user", func() error {
		u, _, err := client.Users.Get(ctx, env("WHARF_OTHER_USER"))
		return check(err, u.GetID() > 0, "no id")
	})
	l.call("get an organisation", func() error {
		o, _, err := client.Organizations.Get(ctx, org)
		return check(err, o.GetLogin() == org, "other login")
	})
	l.call("create a repository in the organisation", func() error {
		_, _, err := client.Repositories.Create(ctx, org, github.CreateRepositoryRequest{Name: prefix + "-org-repo"})
		return err
	})

	hookCalls(ctx, l, client, login, repo, hookConfig)
	refCalls(ctx, l, client, login, repo, prefix)
	// Commits first: they expect the repository's history as created (the calls after add commits).
	commitCalls(ctx, l, client, login, repo, prefix)
	labelCalls(ctx, l, client, login, repo, prefix)
	releaseCalls(ctx, l, client, login, repo, prefix)
	statusCalls(ctx, l, client, login, repo, prefix)
	assetCalls(ctx, l, client, base, env("WHARF_TOKEN"), login, repo, prefix)
	issueCalls(ctx, l, client, login, repo)
	gitDataCalls(ctx, l, client, login, repo, prefix)
	contentCalls(ctx, l, client, login, repo, prefix)
	pullCalls(ctx, l, client, login, repo, prefix, org)
	pullMergeCalls(ctx, l, client, appOwner, appRepo, prefix, env("WHARF_OTHER_USER"), login)
	reviewCalls(ctx, l, client, newClient(base, github.WithAuthToken(env("WHARF_OTHER_TOKEN"))), login, repo, prefix)
	gistCalls(ctx, l, client, newClient(base, github.WithAuthToken(env("WHARF_OTHER_TOKEN"))), prefix)
	collaboratorCalls(ctx, l, client, newClient(base, github.WithAuthToken(env("WHARF_OTHER_TOKEN"))), login, repo, env("WHARF_OTHER_USER"))
	teamCalls(ctx, l, client, org, prefix+"-org-repo", env("WHARF_OTHER_USER"), prefix)
	protectionCalls(ctx, l, client, login, repo, prefix)
	l.call("get the rate limit", func() error {
		limits, _, err := client.RateLimit.Get(ctx)
		return check(err, limits.GetCore().Limit > 0, "no core limit")
	})
	appCalls(ctx, l, base, appID, installationID, key, appOwner, appRepo, prefix)
	archiveCalls(ctx, l, client, login, repo, prefix)
	l.call("delete the repository", func() error {
		_, err := client.Repositories.Delete(ctx, login, repo)
		return err
	})
	l.finish("go-github", base)
}

// newClient points a client at base the way its documentation says: the
// GitHub Enterprise form for …/api/v3, plain URLs for anything else.
func newClient(base string, opts ...github.ClientOptionsFunc) *github.Client {
	withBase := github.WithURLs(github.Ptr(base+"/"), github.Ptr(base+"/"))
	if strings.HasSuffix(base, "/api/v3") {
		withBase = github.WithEnterpriseURLs(base, base)
	}
	client, err := github.NewClient(append(opts, withBase)...)
	if err != nil {
		fail(err)
	}
	return client
}

func appCalls(ctx context.Context, l *callList, base string, appID, installationID int64, key []byte, owner, repo, prefix string) {
	apps, err := ghinstallation.NewAppsTransport(http.DefaultTransport, appID, key)
	if err != nil {
		fail(err)
	}
	// ghinstallation wants the API's root: the same string as the client's base.
	apps.BaseURL = base
	appClient := newClient(base, github.WithTransport(apps))
	l.call("get the app", func() error {
		app, _, err := appClient.Apps.Get(ctx, "")
		return check(err, app.GetID() == appID, "other app")
	})
	l.call("list installations", func() error {
		installations, _, err := appClient.Apps.ListInstallations(ctx, nil)
		found := false
		for _, i := range installations {
			found = found || i.GetID() == installationID
		}
		return check(err, found, "not listed")
	})
	installation := ghinstallation.NewFromAppsTransport(apps, installationID)
	l.call("create an installation token", func() error {
		_, err := installation.Token(ctx)
		return err
	})
	client := newClient(base, github.WithTransport(installation))
	l.call("list the installation's repositories", func() error {
		list, _, err := client.Apps.ListRepos(ctx, nil)
		found := false
		for _, r := range list.GetRepositories() {
			found = found || r.GetFullName() == owner+"/"+repo
		}
		return check(err, found, "repository not listed")
	})
	l.call("create a ref through the installation token", func() error {
		target, _, err := client.Repositories.Get(ctx, owner, repo)
		if err != nil {
			return err
		}
		head, _, err := client.Git.GetRef(ctx, owner, repo, "heads/"+target.GetDefaultBranch())
		if err != nil {
			return err
		}
		_, _, err = client.Git.CreateRef(ctx, owner, repo, github.CreateRef{Ref: "refs/heads/" + prefix + "-app", SHA: head.GetObject().GetSHA()})
		return err
	})
	checkCalls(ctx, l, client, owner, repo, prefix)
	l.call("revoke the installation token", func() error {
		_, err := client.Apps.RevokeInstallationToken(ctx)
		return err
	})
}

func env(name string) string {
	value := os.Getenv(name)
	if value == "" {
		fail(fmt.Errorf("%s is not set", name))
	}
	return value
}

func envInt(name string) int64 {
	value, err := strconv.ParseInt(env(name), 10, 64)
	if err != nil {
		fail(fmt.Errorf("%s: %w", name, err))
	}
	return value
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "go-github: cannot start:", err)
	os.Exit(2)
}
