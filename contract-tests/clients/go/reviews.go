package main

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/google/go-github/v93/github"
)

// reviewCalls (issue 18): a pull request on a four-line file, a line comment,
// a reply, an edit, a reaction; a pending review with a line comment, submitted; the
// author refused an approval of their own pull request, another user's
// approval, read back and dismissed by the owner; a reply deleted and a
// pending review deleted.
func reviewCalls(ctx context.Context, l *callList, client, other *github.Client, owner, repo, prefix string) {
	branch, path := prefix+"-review", prefix+"/review.txt"
	sha := branchWithCommit(ctx, l, client, owner, repo, branch, path, "one\ntwo\nthree\nfour\n", "to review")
	var number int
	l.call("create a pull request to review", func() error {
		pull, _, err := client.PullRequests.Create(ctx, owner, repo, github.CreatePullRequest{Title: github.Ptr("To review"), Head: branch, Base: "main"})
		number = pull.GetNumber()
		return err
	})
	var first, reply *github.PullRequestComment
	l.call("comment on a line of a pull request", func() (err error) {
		first, _, err = client.PullRequests.CreateComment(ctx, owner, repo, number, github.CreatePullRequestCommentRequest{
			Body: "Why two?", CommitID: sha, Path: path, Line: github.Ptr(2), Side: github.Ptr("RIGHT"),
		})
		return check(err, first.GetLine() == 2 && first.GetPath() == path && strings.Contains(first.GetDiffHunk(), "+two"), "other place")
	})
	l.call("reply to a review comment", func() (err error) {
		reply, _, err = client.PullRequests.CreateCommentInReplyTo(ctx, owner, repo, number, "Because.", first.GetID())
		return check(err, reply.GetInReplyTo() == first.GetID() && reply.GetLine() == 2, "not a reply")
	})
	l.call("list the review comments of a pull request", func() error {
		comments, _, err := client.PullRequests.ListComments(ctx, owner, repo, number, nil)
		ids := []int64{}
		for _, c := range comments {
			ids = append(ids, c.GetID())
		}
		return check(err, slices.Equal(ids, []int64{first.GetID(), reply.GetID()}), "other comments")
	})
	l.call("edit a review comment", func() error {
		c, _, err := client.PullRequests.UpdateComment(ctx, owner, repo, first.GetID(), github.UpdatePullRequestCommentRequest{Body: "Why two, really?"})
		return check(err, c.GetBody() == "Why two, really?", "not edited")
	})
	l.call("react to a review comment", func() error {
		r, _, err := other.Reactions.CreatePullRequestCommentReaction(ctx, owner, repo, first.GetID(), "heart")
		if err != nil {
			return err
		}
		c, _, err := client.PullRequests.GetComment(ctx, owner, repo, first.GetID())
		return check(err, r.GetContent() == "heart" && c.GetReactions().GetHeart() == 1, "not counted")
	})
	var pending *github.PullRequestReview
	l.call("start a pending review with a line comment", func() (err error) {
		pending, _, err = client.PullRequests.CreateReview(ctx, owner, repo, number, &github.PullRequestReviewRequest{
			Comments: []*github.DraftReviewComment{{Path: github.Ptr(path), Line: github.Ptr(4), Body: github.Ptr("And four?")}},
		})
		return check(err, pending.GetState() == "PENDING", "state "+pending.GetState())
	})
	l.call("submit a pending review", func() error {
		r, _, err := client.PullRequests.SubmitReview(ctx, owner, repo, number, pending.GetID(), github.PullRequestSubmitReviewRequest{Event: "COMMENT", Body: github.Ptr("Two questions.")})
		return check(err, r.GetState() == "COMMENTED", "not submitted")
	})
	l.call("list the comments of a review", func() error {
		comments, _, err := client.PullRequests.ListReviewComments(ctx, owner, repo, number, pending.GetID(), nil)
		return check(err, len(comments) == 1 && comments[0].GetLine() == 4 && comments[0].GetBody() == "And four?", "other comments")
	})
	l.call("list reviews", func() error {
		reviews, _, err := client.PullRequests.ListReviews(ctx, owner, repo, number, nil)
		// A single comment and a reply are each a COMMENTED review of their own, as on GitHub.
		ok := slices.ContainsFunc(reviews, func(r *github.PullRequestReview) bool { return r.GetID() == pending.GetID() })
		for _, r := range reviews {
			ok = ok && r.GetState() == "COMMENTED" && r.GetUser().GetLogin() == owner
		}
		return check(err, ok, "other reviews")
	})
	l.call("refuse to approve one's own pull request", func() error {
		_, res, err := client.PullRequests.CreateReview(ctx, owner, repo, number, &github.PullRequestReviewRequest{Event: github.Ptr("APPROVE")})
		if err == nil || res == nil || res.StatusCode != 422 {
			return errors.New("not refused with 422")
		}
		return nil
	})
	var approval *github.PullRequestReview
	l.call("approve a pull request as another user", func() (err error) {
		approval, _, err = other.PullRequests.CreateReview(ctx, owner, repo, number, &github.PullRequestReviewRequest{Event: github.Ptr("APPROVE"), Body: github.Ptr("Looks good.")})
		return check(err, approval.GetState() == "APPROVED" && approval.GetCommitID() == sha, "not approved")
	})
	l.call("get a review", func() error {
		r, _, err := client.PullRequests.GetReview(ctx, owner, repo, number, approval.GetID())
		return check(err, r.GetState() == "APPROVED" && r.GetUser().GetLogin() != owner, "other review")
	})
	l.call("dismiss a review", func() error {
		r, _, err := client.PullRequests.DismissReview(ctx, owner, repo, number, approval.GetID(), github.PullRequestDismissReviewRequest{Message: "Stale."})
		return check(err, r.GetState() == "DISMISSED", "not dismissed")
	})
	l.call("delete a review comment", func() error {
		if _, err := client.PullRequests.DeleteComment(ctx, owner, repo, reply.GetID()); err != nil {
			return err
		}
		comments, _, err := client.PullRequests.ListComments(ctx, owner, repo, number, nil)
		return check(err, !slices.ContainsFunc(comments, func(c *github.PullRequestComment) bool { return c.GetID() == reply.GetID() }), "still listed")
	})
	l.call("delete a pending review", func() error {
		r, _, err := client.PullRequests.CreateReview(ctx, owner, repo, number, &github.PullRequestReviewRequest{Body: github.Ptr("Never mind")})
		if err != nil {
			return err
		}
		if _, _, err := client.PullRequests.DeletePendingReview(ctx, owner, repo, number, r.GetID()); err != nil {
			return err
		}
		reviews, _, err := client.PullRequests.ListReviews(ctx, owner, repo, number, nil)
		return check(err, !slices.ContainsFunc(reviews, func(x *github.PullRequestReview) bool { return x.GetID() == r.GetID() }), "still listed")
	})
}
