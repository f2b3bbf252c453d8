// Statements per GraphQL request, counted through the in-process app: the
// figure `npm run bench:graphql` prints beside req/s, steadier than either.
import type { WharfApp } from '../server/app.js';

const COUNTED_REQUESTS = 20;

/** `connections`: under load, 64 by default (a page that takes tens of ms of CPU uses fewer, so 64 queued requests do not pass autocannon's 10 s timeout). */
export interface Query {
  name: string;
  body: string;
  connections?: number;
}

/**
 * Statements per request: sequential requests through the in-process app, the
 * statement log cleared before each. The first (not in the figures) warms the
 * token cache and the rate-limit lease, and builds the response cache's entry
 * of a cacheable query: `first` is its count; the others are hits.
 */
export async function countStatements(
  app: WharfApp,
  statements: string[],
  token: string,
  query: Query,
): Promise<{ min: number; median: number; max: number; first: number }> {
  const counts: number[] = [];
  let first = 0;
  for (let i = 0; i < COUNTED_REQUESTS + 1; i++) {
    statements.length = 0;
    const response = await app.app.fetch(
      new Request('http://127.0.0.1/api/graphql', {
        method: 'POST',
        headers: { authorization: `token ${token}`, 'content-type': 'application/json' },
        body: query.body,
      }),
    );
    const body = (await response.json()) as { errors?: unknown };
    if (response.status !== 200 || body.errors)
      throw new Error(`${query.name}: ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
    if (i > 0) counts.push(statements.length);
    else first = statements.length;
  }
  counts.sort((a, b) => a - b);
  return { min: counts[0]!, median: counts[Math.floor(counts.length / 2)]!, max: counts[counts.length - 1]!, first };
}
