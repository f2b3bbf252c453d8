// The GraphQL review page in `npm run bench:graphql` (issue 18): one pull
// request's 50 reviews with their comments (two each, in a thread), authors
// and places in the diff, against a bare node:http server answering the same
// body bytes. Targets: ≥ 0.15× bare, ≤ 5 SQL statements per request (also
// pinned by server/graphql/reviews/review-nodes.test.ts). The page is in the
// response cache (migration 023's generation triggers on reviews, threads
// and comments), like the issue page.
import type { Sql } from '../server/db/database.js';
import type { TargetResult } from './load.js';

export const GRAPHQL_REVIEWS_TARGET = { ratio: 0.15, statements: 5 } as const;
export const GRAPHQL_REVIEW_COUNT = 50;
/** Connections of its load (and its bare server's): at 64, requests queued behind ~40 ms pages passed autocannon's 10 s timeout. */
export const REVIEW_PAGE_CONNECTIONS = 16;

export const REVIEWS_QUERY = `query($owner: String!, $name: String!, $number: Int!) { repository(owner: $owner, name: $name) {
  pullRequest(number: $number) { reviews(first: ${GRAPHQL_REVIEW_COUNT}) { totalCount pageInfo { hasNextPage endCursor } nodes {
    id databaseId state body submittedAt author { login } authorAssociation
    comments(first: 10) { totalCount nodes { id databaseId body path line originalLine diffHunk outdated createdAt author { login } } } } } } } }`;

async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * A pull request (branch `bench-reviews` with one file) opened through REST,
 * then its reviews, threads and comments written with SQL (by the two users
 * in turn); returns the GraphQL request body and Wharf's answer.
 */
export async function seedGraphqlReviews(
  baseUrl: string,
  sql: Sql,
  token: string,
  reviewerIds: [number, number],
  owner: string,
  name: string,
): Promise<{ request: string; body: Buffer; contentType: string }> {
  const main = await call(baseUrl, token, 'GET', `/repos/${owner}/${name}/git/ref/heads/main`);
  await call(baseUrl, token, 'POST', `/repos/${owner}/${name}/git/refs`, {
    ref: 'refs/heads/bench-reviews',
    sha: main.object.sha,
  });
  const text = `${Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n')}\n`;
  await call(baseUrl, token, 'PUT', `/repos/${owner}/${name}/contents/reviewed.txt`, {
    message: 'A file to review',
    content: Buffer.from(text).toString('base64'),
    branch: 'bench-reviews',
  });
  const pull = await call(baseUrl, token, 'POST', `/repos/${owner}/${name}/pulls`, {
    title: 'Reviewed',
    head: 'bench-reviews',
    base: 'main',
  });
  const [row] = await sql<{ issue_id: number; repository_id: number; head_sha: string }[]>`
    SELECT p.issue_id, i.repository_id, p.head_sha FROM pull_requests p JOIN issues i ON i.id = p.issue_id WHERE i.id = ${pull.id}`;
  const { issue_id: issueId, repository_id: repositoryId, head_sha: head } = row!;
  for (let i = 0; i < GRAPHQL_REVIEW_COUNT; i++) {
    const userId = reviewerIds[i % 2]!;
    const line = 1 + (i % 20);
    const [review] = await sql<
      { id: number }[]
    >`INSERT INTO pull_request_reviews (issue_id, repository_id, user_id, state, body, commit_id, submitted_at)
      VALUES (${issueId}, ${repositoryId}, ${userId}, ${i % 5 ? 'COMMENTED' : 'APPROVED'}, ${`Review ${i}`}, ${head}, now()) RETURNING id`;
    const [thread] = await sql<
      { id: number }[]
    >`INSERT INTO pull_request_review_threads (issue_id, repository_id, path, side,
        original_commit_id, original_line, original_position, commit_id, line, position, diff_hunk)
      VALUES (${issueId}, ${repositoryId}, 'reviewed.txt', 'RIGHT', ${head}, ${line}, ${line}, ${head}, ${line}, ${line},
        ${`@@ -0,0 +1,20 @@\n+line ${line}`}) RETURNING id`;
    const [first] = await sql<
      { id: number }[]
    >`INSERT INTO pull_request_review_comments (thread_id, review_id, issue_id, repository_id, user_id, body)
      VALUES (${thread!.id}, ${review!.id}, ${issueId}, ${repositoryId}, ${userId}, ${`Line ${line} needs a look.`}) RETURNING id`;
    await sql`INSERT INTO pull_request_review_comments (thread_id, review_id, issue_id, repository_id, user_id, in_reply_to_id, body)
      VALUES (${thread!.id}, ${review!.id}, ${issueId}, ${repositoryId}, ${userId}, ${first!.id}, 'And the next one.')`;
  }
  const request = JSON.stringify({ query: REVIEWS_QUERY, variables: { owner, name, number: pull.number } });
  const res = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
    body: request,
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.includes('"errors"'))
    throw new Error(`GraphQL reviews: ${res.status} ${body.toString().slice(0, 300)}`);
  return { request, body, contentType: res.headers.get('content-type') ?? 'application/json' };
}

export function graphqlReviewsVerdict(bare: TargetResult, wharf: TargetResult, statements: number) {
  const ratio = wharf.requestsPerSecond / bare.requestsPerSecond;
  const met = ratio >= GRAPHQL_REVIEWS_TARGET.ratio && statements <= GRAPHQL_REVIEWS_TARGET.statements;
  return {
    ratio,
    statements,
    target: GRAPHQL_REVIEWS_TARGET,
    met,
    line:
      `GraphQL reviews (${GRAPHQL_REVIEW_COUNT} of one pull request, 2 comments each, with authors): ${ratio.toFixed(3)}× its bare server, ` +
      `${statements} SQL statements/request (targets ≥ ${GRAPHQL_REVIEWS_TARGET.ratio}×, ≤ ${GRAPHQL_REVIEWS_TARGET.statements}: ${met ? 'met' : 'MISSED'})`,
  };
}
