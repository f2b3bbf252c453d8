"""Runs a function on each stateful step just before it is sent (loaded with runpy by stateful-links.py and chain-links.py).

The link a step followed is known to the scenario's recorder only (the
`after_call` hook gets the case alone), so schemathesis's
ScenarioRecorder.record_case, which the state machine calls with the case and
the transition just before each call, is wrapped. That is schemathesis-internal,
hence the exact pin in requirements.txt; if a new version moves it, the
wrapper warns and the hook does nothing rather than the run failing.
"""
import sys


def wrap_record_case(tag, before):
    """before(case, parent_id, transition, applied) -> applied, called before the recorder's own record_case."""
    try:
        from schemathesis.engine.recorder import ScenarioRecorder
    except ImportError as error:  # a schemathesis other than the pinned one
        print(f"[{tag}] cannot wrap the scenario recorder: {error}", file=sys.stderr)
        return
    original = ScenarioRecorder.record_case

    def record_case(self, *, case, parent_id=None, transition=None, is_transition_applied=False):
        is_transition_applied = before(case, parent_id, transition, is_transition_applied)
        return original(self, case=case, parent_id=parent_id, transition=transition, is_transition_applied=is_transition_applied)

    ScenarioRecorder.record_case = record_case
