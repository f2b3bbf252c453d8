"""Records the links the stateful contract run follows (loaded by stateful-run.py).

Schemathesis 4.32.5 reports only how many links the stateful phase covered,
not which, nor what they answered, so whether a chain (fork → pull request in
the fork → update / merge) was ever followed cannot be told from its output.
This records every step that followed a link, one line per call, in the file
CONTRACT_LINKS_LOG names (run.sh: reports/stateful-links.txt):

    repos/create-fork -> CreatePullInFork -> pulls/create 201 applied
    pulls/create -> UpdatePullRequest -> pulls/update 200 applied via repos/create-fork -> CreatePullInFork
    repos/create-fork -> CreatePullInFork -> pulls/create 422 applied # Validation Failed: …

`applied` when the link's values went into the request (what schemathesis
counts as covered), `unapplied` when it fell back to generated ones (a value
the link names was missing from the earlier answer, or schemathesis chose to
widen the input). `via` names the link the source step itself came by, so a
chain of three can be read from one line. run.sh summarizes the file after the run.

The link a step followed is known to the scenario's recorder only (the
`after_call` hook gets the case alone), so it is remembered by case id just
before each call (wrap-record-case.py); if a new schemathesis moves the
recorder, the file stays empty rather than the run failing.
"""
import os
import runpy
import threading

import schemathesis

LOG_PATH = os.environ.get("CONTRACT_LINKS_LOG")
# case id -> (operation id, transition or None, applied); read back by after_call.
_cases = {}
# case id -> (operation id, the link that led to it or None) of every step called so far,
# for the lines of the steps that follow from it.
_sources = {}
_lock = threading.Lock()


def _operation_id(case):
    operation = case.operation
    definition = getattr(operation, "definition", None)
    raw = getattr(definition, "raw", None)
    if isinstance(raw, dict) and raw.get("operationId"):
        return raw["operationId"]
    return operation.label


def _message(response):
    try:
        body = response.json()
    except ValueError:
        return ""
    if not isinstance(body, dict):
        return ""
    errors = body.get("errors")
    first = errors[0] if isinstance(errors, list) and errors else None
    # GitHub's errors are objects (message or code) or, for reviews, sentences.
    detail = first.get("message") or first.get("code") if isinstance(first, dict) else first if isinstance(first, str) else None
    text = f"{body.get('message', '')}{': ' + str(detail) if detail else ''}"
    return " ".join(text.split())[:160]


def _link_name(transition_id):
    # schemathesis names a link "SOURCE -> [STATUS] NAME -> TARGET" (core/errors.py format_transition).
    parts = transition_id.split(" -> ")
    if len(parts) == 3 and "] " in parts[1]:
        return parts[1].split("] ", 1)[1]
    return transition_id


def _remember(case, parent_id, transition, applied):
    with _lock:
        _cases[case.id] = (_operation_id(case), parent_id, transition, applied)
    return applied


if LOG_PATH:
    HERE = os.path.dirname(os.path.abspath(__file__))
    runpy.run_path(os.path.join(HERE, "wrap-record-case.py"))["wrap_record_case"]("stateful-links", _remember)

    @schemathesis.hook
    def after_call(context, case, response):
        with _lock:
            entry = _cases.pop(case.id, None)
            if entry is None:
                return  # not a step of the state machine (a check's own request)
            operation, parent_id, transition, applied = entry
            if transition is None:
                _sources[case.id] = (operation, None)
                return
            source, source_via = _sources.get(parent_id) or (transition.id.split(" -> ")[0], None)
            link = f"{source} -> {_link_name(transition.id)}"
            _sources[case.id] = (operation, link)
            line = f"{link} -> {operation} {response.status_code} {'applied' if applied else 'unapplied'}"
            # The step before, when it came by a link too: chains are read from these.
            if source_via:
                line += f" via {source_via}"
            # What a refusal said, to tell a refused link ("already exists") from a fuzzed field.
            if 400 <= response.status_code < 500:
                line += f" # {_message(response)}"
            with open(LOG_PATH, "a", encoding="utf-8") as log:
                log.write(line + "\n")
