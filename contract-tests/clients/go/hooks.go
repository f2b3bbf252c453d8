package main

import (
	"context"
	"errors"
	"slices"

	"github.com/google/go-github/v93/github"
)

func hookCalls(ctx context.Context, l *callList, client *github.Client, owner, repo string, config *github.HookConfig) {
	var hook *github.Hook
	var deliveries []*github.HookDelivery
	l.call("create a hook", func() (err error) {
		hook, _, err = client.Repositories.CreateHook(ctx, owner, repo, &github.Hook{Config: config, Events: []string{"push"}, Active: github.Ptr(true)})
		return err
	})
	id := hook.GetID()
	l.call("list hooks", func() error {
		hooks, _, err := client.Repositories.ListHooks(ctx, owner, repo, nil)
		return check(err, slices.ContainsFunc(hooks, func(h *github.Hook) bool { return h.GetID() == id }), "not listed")
	})
	l.call("get a hook", func() error {
		h, _, err := client.Repositories.GetHook(ctx, owner, repo, id)
		return check(err, h.GetConfig().GetURL() == config.GetURL(), "other url")
	})
	l.call("edit a hook", func() error {
		h, _, err := client.Repositories.EditHook(ctx, owner, repo, id, &github.Hook{Events: []string{"push", "pull_request"}})
		return check(err, slices.Contains(h.Events, "pull_request"), "not edited")
	})
	l.call("ping a hook", func() error {
		_, err := client.Repositories.PingHook(ctx, owner, repo, id)
		return err
	})
	l.call("test a hook", func() error {
		_, err := client.Repositories.TestHook(ctx, owner, repo, id)
		return err
	})
	l.call("list deliveries", func() (err error) {
		deliveries, err = until(func() ([]*github.HookDelivery, error) {
			list, _, err := client.Repositories.ListHookDeliveries(ctx, owner, repo, id, nil)
			return list, err
		}, "delivery")
		return err
	})
	l.call("get a delivery", func() error {
		d, _, err := client.Repositories.GetHookDelivery(ctx, owner, repo, id, deliveries[0].GetID())
		return check(err, d.Request != nil, "no request")
	})
	l.call("redeliver a delivery", func() error {
		_, _, err := client.Repositories.RedeliverHookDelivery(ctx, owner, repo, id, deliveries[0].GetID())
		// GitHub answers 202 Accepted, which go-github reports as *AcceptedError:
		// its users check for that type, as here.
		var accepted *github.AcceptedError
		if errors.As(err, &accepted) {
			return nil
		}
		return err
	})
	l.call("delete a hook", func() error {
		_, err := client.Repositories.DeleteHook(ctx, owner, repo, id)
		return err
	})
}
