"""Schemathesis hooks of the GraphQL contract run (run.sh loads this file through SCHEMATHESIS_HOOKS).

- Authentication: the same run token as the OpenAPI run (auth.py, loaded from here;
  GraphQL answers 401 without a token).
- The check `graphql_no_unexpected_error`, which run.sh uses instead of schemathesis's
  `not_a_server_error`. That check fails on every GraphQL `errors` entry a resolver
  raised, but Wharf answers GitHub's way: a missing repository or node is `null` with
  an error `{"type": "NOT_FOUND", "path": [...]}`, and fuzzed owners, names and IDs
  almost never exist, so nearly every such query would count as a failure. Excluding
  the check alone would hide real crashes (a 5xx, or a resolver exception that yoga
  masks as "Unexpected error."), so this one still fails on those: on a 5xx, and on any
  resolver error that carries none of GitHub's error types.
"""
import os
import runpy

import schemathesis

runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "auth.py"))

# URI arguments (`resource(url:)`): schemathesis knows no strategy for GitHub's URI scalar. Wharf's own
# URL forms (an account, a repository, an issue) half of the time, any text otherwise.
from hypothesis import strategies as st  # noqa: E402
from schemathesis.graphql import nodes  # noqa: E402

schemathesis.graphql.scalar(
    "URI",
    st.one_of(
        st.sampled_from(["http://127.0.0.1/octocat", "http://127.0.0.1/octocat/Hello-World", "/octocat/Hello-World/issues/1"]),
        st.text(max_size=300),
    ).map(nodes.String),
)

# The error types Wharf raises on purpose with a `path` (server/graphql/core/errors.ts): the
# resolvers', GitHub's pagination limits (server/graphql/query-cost.ts), which refuse a
# fuzzed `first`/`last` that is missing, negative or over 100 before anything runs, and
# UNPROCESSABLE, the mutations' answer where REST answers 422 (a blank title, a label of
# another repository), which mutations with real subjects now reach.
GITHUB_ERROR_TYPES = {
    "NOT_FOUND", "FORBIDDEN", "ARGUMENT_LIMIT", "INVALID_CURSOR_ARGUMENTS", "INVALID_ARGUMENTS",
    "MISSING_PAGINATION_BOUNDARIES", "EXCESSIVE_PAGINATION", "INVALID_PAGINATION", "UNPROCESSABLE",
}


@schemathesis.check
def graphql_no_unexpected_error(ctx, response, case):
    """A 5xx, or a resolver error that is not one of GitHub's documented types, is a server bug."""
    if response.status_code >= 500:
        raise AssertionError(f"Server error: HTTP {response.status_code}")
    try:
        payload = response.json()
    except ValueError:
        return None  # a body that is not JSON is response_schema_conformance's to report
    if not isinstance(payload, dict):
        return None
    for error in payload.get("errors") or []:
        # Errors without `path` come from parsing and validation (the query was refused, not run).
        if isinstance(error, dict) and "path" in error and error.get("type") not in GITHUB_ERROR_TYPES:
            where = ".".join(str(p) for p in error["path"])
            raise AssertionError(f"Unexpected resolver error at `{where}`: {error.get('message')}")
    return None


# hypothesis-graphql (0.13.5) leaves out a field of the same name and another type in
# sibling fragments (its issue #49), but not when the two meet one level down, through a
# field both fragments select: `... on IssueComment { reactionGroups { subject { ... on
# IssueComment { pullRequest } } } }` beside the same under PullRequestReviewComment,
# whose `pullRequest` is `PullRequest!` where IssueComment's is `PullRequest` (GitHub's
# schema). Such a query breaks the GraphQL spec's "field selections merge" rule, so every
# server must refuse it (Wharf with GRAPHQL_VALIDATION_FAILED, as GitHub), and the
# positive_data_acceptance check counted that refusal as a failure (ST206). The queries
# the spec forbids are left out before they are sent; every other one still is.
from graphql import validate
from graphql.validation import OverlappingFieldsCanBeMergedRule


@schemathesis.hook
def filter_body(ctx, body):
    """Only queries whose fields can merge (what hypothesis-graphql meant to generate)."""
    return not validate(ctx.operation.schema.client_schema, body, [OverlappingFieldsCanBeMergedRule])
