"""Labels and milestones (issue 16) through stock PyGithub: create → get → list → update → delete.

Imported by pygithub_calls.py, which passes its `call`, `expect` and `state`.
"""

from datetime import date


def label_and_milestone_calls(call, expect, state, repo, prefix):
    name = f"{prefix} label"
    call("list the default labels", lambda: expect(any(label.name == "good first issue" for label in repo.get_labels()), "no default labels"))
    call("create a label", lambda: repo.create_label(name, "f29513", "made by PyGithub"))
    call("get a label", lambda: expect(repo.get_label(name).description == "made by PyGithub", "other description"))
    label = state.get("create a label")
    call("update a label", lambda: (label.edit(f"{name} 2", "0e8a16", "edited by PyGithub"), expect(label.name == f"{name} 2", label.name)))
    call("delete a label", lambda: label.delete())

    # PyGithub sends `due_on` as a date (YYYY-MM-DD), which GitHub takes as that day.
    call("create a milestone", lambda: repo.create_milestone(f"{prefix} v1", description="made by PyGithub", due_on=date(2030, 1, 15)))
    milestone = state.get("create a milestone")
    call("get a milestone", lambda: expect(repo.get_milestone(milestone.number).due_on.date() == date(2030, 1, 15), "other due date"))
    call("list milestones", lambda: expect(milestone.number in [m.number for m in repo.get_milestones(state="all")], "not listed"))
    call("update a milestone", lambda: (milestone.edit(f"{prefix} v1", state="closed"), expect(milestone.state == "closed", milestone.state)))
    call("delete a milestone", lambda: milestone.delete())
