// The GraphQL issue page in `npm run bench:graphql` (issue 16): 50 issues of
// one repository with their labels, authors (two people) and comment counts,
// against a bare node:http server answering the same body bytes. Targets:
// ≥ 0.25× bare, ≤ 3 SQL statements per request (also pinned by
// server/graphql/issues/issues-query.test.ts).
import type { TargetResult } from './load.js';

export const GRAPHQL_ISSUES_TARGET = { ratio: 0.25, statements: 3 } as const;
export const GRAPHQL_ISSUE_COUNT = 50;

export const ISSUES_QUERY = `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
  issues(first: ${GRAPHQL_ISSUE_COUNT}) { totalCount pageInfo { hasNextPage endCursor } nodes {
    id number title state createdAt author { login } labels(first: 10) { nodes { name color } } comments { totalCount } } } } }`;

/** Opens the issues, authored in turn by the two tokens' users; returns the GraphQL request body and Wharf's answer. */
export async function seedGraphqlIssues(
  baseUrl: string,
  tokens: [string, string],
  owner: string,
  name: string,
): Promise<{ request: string; body: Buffer; contentType: string }> {
  for (let i = 0; i < GRAPHQL_ISSUE_COUNT; i++) {
    const res = await fetch(`${baseUrl}/repos/${owner}/${name}/issues`, {
      method: 'POST',
      headers: { authorization: `token ${tokens[i % 2]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `GraphQL bench issue ${i}`, body: `Part ${i} misbehaves.` }),
    });
    if (res.status !== 201) throw new Error(`POST /repos/${owner}/${name}/issues: ${res.status} ${await res.text()}`);
  }
  const request = JSON.stringify({ query: ISSUES_QUERY, variables: { owner, name } });
  const res = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { authorization: `token ${tokens[0]}`, 'content-type': 'application/json' },
    body: request,
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.includes('"errors"'))
    throw new Error(`GraphQL issues: ${res.status} ${body.toString().slice(0, 300)}`);
  return { request, body, contentType: res.headers.get('content-type') ?? 'application/json' };
}

export function graphqlIssuesVerdict(bare: TargetResult, wharf: TargetResult, statements: number) {
  const ratio = wharf.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= GRAPHQL_ISSUES_TARGET.ratio && statements <= GRAPHQL_ISSUES_TARGET.statements;
  return {
    ratio,
    statements,
    target: GRAPHQL_ISSUES_TARGET,
    met,
    line:
      `GraphQL issues (${GRAPHQL_ISSUE_COUNT} with labels, authors, comment counts): ${ratio.toFixed(3)}× its bare server, ${statements} SQL statements/request ` +
      `(targets ≥ ${GRAPHQL_ISSUES_TARGET.ratio}×, ≤ ${GRAPHQL_ISSUES_TARGET.statements}: ${met ? 'met' : 'MISSED'})`,
  };
}
