"""Issue, issue-comment and reaction calls of the compatibility list, through stock PyGithub."""


def issue_calls(call, expect, state, repo, login):
    """Open an issue, read it, list it, comment, list comments, react, close it (as a PyGithub user would)."""
    call("create an issue", lambda: repo.create_issue(title="Found a bug", body="It breaks", assignees=[login]))
    issue = state.get("create an issue")
    call("get an issue", lambda: expect(repo.get_issue(issue.number).title == "Found a bug", "other title"))
    call("list issues", lambda: expect(issue.number in [i.number for i in repo.get_issues(state="open", assignee=login)], "not listed"))
    call("comment on an issue", lambda: issue.create_comment("Me too"))
    call("list issue comments", lambda: expect([c.body for c in issue.get_comments()] == ["Me too"], "other comments"))
    call("edit an issue comment", lambda: (state["comment on an issue"].edit("Me too, edited"), expect(state["comment on an issue"].body == "Me too, edited", "not edited")))
    reaction_calls(call, expect, state, repo, issue, state.get("comment on an issue"), login)
    call("close an issue", lambda: (issue.edit(state="closed", state_reason="not_planned"), expect(issue.state == "closed" and issue.closed_by.login == login, issue.state)))
    call("list issue events", lambda: expect("closed" in [e.event for e in issue.get_events()], "no closed event"))


def reaction_calls(call, expect, state, repo, issue, comment, login):
    """React to the issue and its comment, list both, take the issue's reaction back."""
    call("react to an issue", lambda: issue.create_reaction("+1"))
    call("react to an issue comment", lambda: expect(comment.create_reaction("heart").content == "heart", "other content"))
    call("list issue reactions", lambda: (
        expect([(r.content, r.user.login) for r in issue.get_reactions()] == [("+1", login)], "other reactions"),
        expect(repo.get_issue(issue.number).reactions["+1"] == 1, "not counted on the issue")))
    call("list issue comment reactions", lambda: expect([r.content for r in comment.get_reactions()] == ["heart"], "other reactions"))
    call("delete an issue reaction", lambda: (
        expect(issue.delete_reaction(state["react to an issue"].id), "not 204"),
        expect(list(issue.get_reactions()) == [], "not deleted")))
