package main

import (
	"context"

	"github.com/google/go-github/v93/github"
)

// checkCalls: checks (issue 19) with an installation token, a check run
// created on the installation's repository, completed with an annotation,
// found among the commit's runs, its suite read, its annotations listed. Other
// runs share the commit (one suite per sha and app): each call looks at this
// client's run only.
func checkCalls(ctx context.Context, l *callList, client *github.Client, owner, repo, prefix string) {
	name := prefix + "-check"
	var run *github.CheckRun
	l.call("create a check run", func() error {
		target, _, err := client.Repositories.Get(ctx, owner, repo)
		if err != nil {
			return err
		}
		branch, _, err := client.Repositories.GetBranch(ctx, owner, repo, target.GetDefaultBranch(), 1)
		if err != nil {
			return err
		}
		run, _, err = client.Checks.CreateCheckRun(ctx, owner, repo, github.CreateCheckRunOptions{Name: name, HeadSHA: branch.GetCommit().GetSHA(), Status: github.Ptr("in_progress")})
		return check(err, run.GetStatus() == "in_progress" && run.GetCheckSuite().GetID() != 0, "not in progress")
	})
	l.call("complete a check run", func() error {
		annotation := &github.CheckRunAnnotation{Path: github.Ptr("README.md"), StartLine: github.Ptr(1), EndLine: github.Ptr(1), AnnotationLevel: github.Ptr("notice"), Message: github.Ptr("made by go-github")}
		r, _, err := client.Checks.UpdateCheckRun(ctx, owner, repo, run.GetID(), github.UpdateCheckRunOptions{
			Name: name, Conclusion: github.Ptr("success"),
			Output: &github.CheckRunOutput{Title: github.Ptr("Done"), Summary: github.Ptr("All good"), Annotations: []*github.CheckRunAnnotation{annotation}},
		})
		return check(err, r.GetStatus() == "completed" && r.GetOutput().GetAnnotationsCount() == 1, "not completed")
	})
	l.call("list check runs for a ref", func() error {
		list, _, err := client.Checks.ListCheckRunsForRef(ctx, owner, repo, run.GetHeadSHA(), &github.ListCheckRunsOptions{CheckName: github.Ptr(name)})
		return check(err, list.GetTotal() == 1 && list.CheckRuns[0].GetID() == run.GetID(), "run not listed")
	})
	l.call("get a check suite", func() error {
		suite, _, err := client.Checks.GetCheckSuite(ctx, owner, repo, run.GetCheckSuite().GetID())
		return check(err, suite.GetHeadSHA() == run.GetHeadSHA() && suite.GetApp().GetID() != 0, "other suite")
	})
	l.call("list check run annotations", func() error {
		list, _, err := client.Checks.ListCheckRunAnnotations(ctx, owner, repo, run.GetID(), nil)
		return check(err, len(list) == 1 && list[0].GetMessage() == "made by go-github", "other annotations")
	})
}
