package main

import (
	"context"

	"github.com/google/go-github/v93/github"
)

// reactionCalls reacts to an issue and one of its comments, lists both, sees
// the issue's rollup and takes the issue's reaction back (issue 16), as a
// go-github user would.
func reactionCalls(ctx context.Context, l *callList, client *github.Client, owner, repo string, number int, commentID int64) {
	var reaction *github.Reaction
	l.call("react to an issue", func() (err error) {
		reaction, _, err = client.Reactions.CreateIssueReaction(ctx, owner, repo, number, "+1")
		return check(err, reaction.GetContent() == "+1", "other content")
	})
	l.call("react to an issue comment", func() error {
		r, _, err := client.Reactions.CreateIssueCommentReaction(ctx, owner, repo, commentID, "heart")
		return check(err, r.GetContent() == "heart", "other content")
	})
	l.call("list issue reactions", func() error {
		list, _, err := client.Reactions.ListIssueReactions(ctx, owner, repo, number, &github.ListReactionOptions{Content: "+1"})
		if err = check(err, len(list) == 1 && list[0].GetUser().GetLogin() == owner, "other reactions"); err != nil {
			return err
		}
		issue, _, err := client.Issues.Get(ctx, owner, repo, number)
		return check(err, issue.GetReactions().GetPlusOne() == 1 && issue.GetReactions().GetTotalCount() == 1, "not counted on the issue")
	})
	l.call("list issue comment reactions", func() error {
		list, _, err := client.Reactions.ListIssueCommentReactions(ctx, owner, repo, commentID, nil)
		return check(err, len(list) == 1 && list[0].GetContent() == "heart", "other reactions")
	})
	l.call("delete an issue reaction", func() error {
		if _, err := client.Reactions.DeleteIssueReaction(ctx, owner, repo, number, reaction.GetID()); err != nil {
			return err
		}
		list, _, err := client.Reactions.ListIssueReactions(ctx, owner, repo, number, nil)
		return check(err, len(list) == 0, "not deleted")
	})
}
