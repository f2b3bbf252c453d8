"""Review calls (issue 18) for pygithub_calls.py, through stock PyGithub: a
pull request on a four-line file, a line comment, a reply, an edit, a reaction; a pending
review with a line comment, submitted; the author refused an approval of
their own pull request, another user's approval, read back and dismissed by
the owner; a reply deleted and a pending review deleted."""

from github import GithubException

from pulls_calls import branch_with_commit


def review_calls(call, expect, state, repo, other_gh, prefix):
    branch, path = f"{prefix}-review", f"{prefix}/review.txt"
    owner = repo.owner.login
    sha = branch_with_commit(call, state, repo, branch, path, "to review", "one\ntwo\nthree\nfour\n")
    call("create a pull request to review", lambda: repo.create_pull(base="main", head=branch, title="To review"))
    pull = state.get("create a pull request to review")

    def comment():
        created = pull.create_review_comment("Why two?", sha, path, line=2, side="RIGHT")
        return expect(created.line == 2 and created.path == path and "+two" in created.diff_hunk and created, "other place")

    call("comment on a line of a pull request", comment)
    first = state.get("comment on a line of a pull request")

    def reply():
        created = pull.create_review_comment_reply(first.id, "Because.")
        return expect(created.in_reply_to_id == first.id and created.line == 2 and created, "not a reply")

    call("reply to a review comment", reply)
    answer = state.get("reply to a review comment")
    call("list the review comments of a pull request",
         lambda: expect([c.id for c in pull.get_review_comments()] == [first.id, answer.id], "other comments"))

    def edit():
        first.edit("Why two, really?")
        return expect(pull.get_review_comment(first.id).body == "Why two, really?", "not edited")

    call("edit a review comment", edit)

    def react():
        reaction = other_gh.get_repo(repo.full_name).get_pull(pull.number).get_review_comment(first.id).create_reaction("heart")
        return expect(reaction.content == "heart" and pull.get_review_comment(first.id).reactions["heart"] == 1, "not counted")

    call("react to a review comment", react)

    def pending():
        review = pull.create_review(comments=[{"path": path, "line": 4, "body": "And four?"}])
        return expect(review.state == "PENDING" and review, f"state {review.state}")

    call("start a pending review with a line comment", pending)
    draft = state.get("start a pending review with a line comment")

    def submit():
        # PyGithub has no method for POST …/reviews/{id}/events: its requester sends it as the others.
        _headers, data = pull._requester.requestJsonAndCheck("POST", f"{pull.url}/reviews/{draft.id}/events", input={"event": "COMMENT", "body": "Two questions."})
        return expect(data["state"] == "COMMENTED", "not submitted")

    call("submit a pending review", submit)

    def review_comments():
        found = list(pull.get_single_review_comments(draft.id))
        return expect(len(found) == 1 and found[0].line == 4 and found[0].body == "And four?", "other comments")

    call("list the comments of a review", review_comments)

    def reviews():
        found = list(pull.get_reviews())
        # A single comment and a reply are each a COMMENTED review of their own, as on GitHub.
        return expect(any(r.id == draft.id for r in found) and all(r.state == "COMMENTED" and r.user.login == owner for r in found), "other reviews")

    call("list reviews", reviews)

    def refuse():
        try:
            pull.create_review(event="APPROVE")
        except GithubException as error:
            return expect(error.status == 422, f"status {error.status}")
        raise AssertionError("approved")

    call("refuse to approve one's own pull request", refuse)

    def approve():
        review = other_gh.get_repo(repo.full_name).get_pull(pull.number).create_review(event="APPROVE", body="Looks good.")
        return expect(review.state == "APPROVED" and review.commit_id == sha and review, "not approved")

    call("approve a pull request as another user", approve)
    approval = state.get("approve a pull request as another user")

    def get():
        review = pull.get_review(approval.id)
        return expect(review.state == "APPROVED" and review.user.login != owner and review, "other review")

    call("get a review", get)

    def dismiss():
        review = state.get("get a review")
        review.dismiss("Stale.")
        return expect(review.state == "DISMISSED", "not dismissed")

    call("dismiss a review", dismiss)

    def delete_comment():
        answer.delete()
        return expect(all(c.id != answer.id for c in pull.get_review_comments()), "still listed")

    call("delete a review comment", delete_comment)

    def delete_pending():
        review = pull.create_review(body="Never mind")
        review.delete()
        return expect(all(r.id != review.id for r in pull.get_reviews()), "still listed")

    call("delete a pending review", delete_pending)
