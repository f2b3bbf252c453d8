"""Every step that follows a link uses the link's values, in the chain runs (loaded by stateful-run.py).

Schemathesis applies a link's values only now and then: each path parameter
with probability 0.96, the link's body (`merge_body: false`) 0.85 at first, and
then as often as the link's earlier steps answered 2xx or 3xx (its "link
calibration", down to 0.05). A step that fell back to generated values is a
wasted step of the chain: in the measured runs CreatePullInFork's and
CreateReviewComment's generated bodies answered 422 missing_field, a generated
X-GitHub-Api-Version 400, and each such 4xx made the next step of the chain
rarer still. The fuzzing phase and the all-operations stateful run test those
generated inputs; the chain runs (run.sh, CONTRACT_PIN_LINKS=1) exist to reach
the chains' last steps, so there every value a link names is put into the
request just before it is sent: parameters by location, the body whole
(`merge_body: false`) or over the generated one's fields. The generated parts a
link does not name (a pull request update's fields, a review's `event`) stay
generated, but for fields that can only name what does not exist
(UNLINKABLE_FIELDS), and a generated X-GitHub-Api-Version other than the one
supported is dropped (the header is optional; its 400 is tested in the other phases).

Like stateful-links.py this runs just before each step is sent
(wrap-record-case.py), loaded after it, so the line it records says `applied`.
"""
import os
import runpy
import sys

ENABLED = os.environ.get("CONTRACT_PIN_LINKS") == "1"
API_VERSION = "2022-11-28"
# Generated fields dropped from the body of a link's step: they name objects the
# link's target has not (CreateReview: a commit, diff lines of no such pull request,
# answered 422 "No commit found for SHA" in most measured steps).
UNLINKABLE_FIELDS = {"CreateReview": ("commit_id", "comments")}
_merge = {}  # (link name, target operationId) -> whether the link's body is merged into a generated one


def _merge_body(schema, name, target):
    if not _merge:
        for item in (schema.get("paths") or {}).values():
            for operation in (item or {}).values():
                responses = operation.get("responses") if isinstance(operation, dict) else None
                for response in (responses or {}).values():
                    for link_name, link in ((response or {}).get("links") or {}).items():
                        flag = (link.get("x-schemathesis") or {}).get("merge_body", True)
                        _merge[(link_name, link.get("operationId"))] = flag
    return _merge.get((name, target), True)


def _unwrap(extracted):
    from schemathesis.core.result import Ok
    from schemathesis.core.transforms import UNRESOLVABLE

    value = getattr(extracted, "value", None)
    if not isinstance(value, Ok) or value.ok() in (None, UNRESOLVABLE):
        return None
    return value.ok()


def pin(case, transition):
    """The link's parameters and body put into the case; True when the case follows the link wholly."""
    if transition is None or transition.is_inferred:
        return False
    for container, parameters in transition.parameters.items():
        values = {name: _unwrap(extracted) for name, extracted in parameters.items()}
        values = {name: value for name, value in values.items() if value is not None}
        if values:
            # A new container (not changed in place), so that the case knows it changed.
            current = getattr(case, container, None) or {}
            updated = type(current)(current)
            updated.update(values)
            setattr(case, container, updated)
    link_name = transition.id.split(" -> ")[1].split("] ", 1)[-1]
    dropped = UNLINKABLE_FIELDS.get(link_name, ())
    if dropped and isinstance(case.body, dict):
        case.body = {key: value for key, value in case.body.items() if key not in dropped}
    body = _unwrap(transition.request_body) if transition.request_body is not None else None
    if body is not None:
        operation = case.operation.definition.raw.get("operationId")
        if _merge_body(case.operation.schema.raw_schema, link_name, operation) and isinstance(case.body, dict) and isinstance(body, dict):
            case.body = {**case.body, **body}
        else:
            case.body = body
    headers = case.headers or {}
    stale = [key for key in headers if key.lower() == "x-github-api-version" and headers[key] != API_VERSION]
    if stale:
        case.headers = type(headers)({key: value for key, value in headers.items() if key not in stale})
    return True


def _pin_or_leave(case, _parent_id, transition, applied):
    try:
        return pin(case, transition) or applied
    except Exception as error:  # the step goes as schemathesis drew it
        print(f"[chain-links] could not pin {getattr(transition, 'id', '?')}: {error}", file=sys.stderr)
        return applied


if ENABLED:
    HERE = os.path.dirname(os.path.abspath(__file__))
    runpy.run_path(os.path.join(HERE, "wrap-record-case.py"))["wrap_record_case"]("chain-links", _pin_or_leave)
