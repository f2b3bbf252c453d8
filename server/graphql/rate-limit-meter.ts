// GraphQL's point-based rate limit (issue 16; docs/graphql.md, "GraphQL resource
// limits"): each call is charged what its query costs (query-cost.ts) in the
// `graphql` resource of the shared rate limiter, per user, before it runs.
// The pipeline leaves the charge to this meter (`counted: 'by-handler'`) and
// sends the state it ends with as the X-RateLimit-* headers.
//
// - A query that runs is charged its cost once its document is known to be
//   valid (resource-limits.ts calls `charge`); `rateLimit { … }` then reads
//   what this call cost and what is left after it.
// - `rateLimit(dryRun: true)` prices the query without running or charging it.
// - A call that never runs (not parsed, not valid, over a resource limit) costs
//   the minimum, 1 point, as GitHub's minimum call.
// - Out of points: 429 (GitHub answers 200 or 403 there; the issue asks 429)
//   with a GraphQL body whose error is RATE_LIMITED, and Retry-After.
import type { GraphQLError } from 'graphql';
import { rateLimitBucket, type Principal } from '../auth/principal.js';
import { jsonReply, type Reply } from '../http/json-response.js';
import { limitFor, rateLimitSubject, type RequestScope } from '../http/pipeline.js';
import type { RateState } from '../http/rate-limiter.js';
import type { Services } from '../services.js';
import { githubError } from './core/errors.js';
import type { RateLimit } from './generated/resolvers-types.js';
import type { QueryCost } from './query-cost.js';

/** What a call that never ran is charged: GitHub's minimum. */
const MINIMUM: QueryCost = { nodeCount: 0, requests: 0, cost: 1, dryRun: false };

function whose(principal: Principal, ip: string): string {
  if (principal.kind === 'token')
    return principal.installation ? `installation ID ${principal.installation.id}` : `user ID ${principal.user.id}`;
  return rateLimitSubject(principal, ip);
}

export class GraphqlRateMeter {
  /** The state the response's headers and `rateLimit` show. */
  state: RateState;
  /** The priced query, once charged (the response cache keeps it to charge its hits). */
  priced: QueryCost | undefined;
  /** The call was refused for want of points. */
  refused = false;
  private readonly bucket: string;
  private readonly limit: number;

  constructor(
    private readonly services: Services,
    private readonly scope: RequestScope,
  ) {
    this.bucket = rateLimitBucket(scope.principal, scope.ip);
    this.limit = limitFor(scope.principal, services, 'graphql');
    this.state = services.rateLimiter.peek(this.bucket, 'graphql', this.limit);
  }

  /** No points left, as this process knows (its lease is spent and the window had no more): refuse before any work. */
  get exhausted(): boolean {
    return this.state.remaining === 0;
  }

  /** Charges a priced query (nothing for a dry run); the RATE_LIMITED error when the points do not cover it. */
  async charge(cost: QueryCost): Promise<GraphQLError | undefined> {
    this.priced = cost;
    const { rateLimiter } = this.services;
    if (cost.dryRun) {
      this.state = await rateLimiter.current(this.bucket, 'graphql', this.limit);
      return undefined;
    }
    const decision =
      rateLimiter.tryTake(this.bucket, 'graphql', this.limit, cost.cost) ??
      (await rateLimiter.take(this.bucket, 'graphql', this.limit, cost.cost));
    this.state = decision.state;
    if (decision.allowed) return undefined;
    this.refused = true;
    return this.refusal();
  }

  /** Charges the minimum to a call that was never priced (it did not run). */
  async chargeUnpriced(): Promise<void> {
    if (!this.priced) await this.charge(MINIMUM);
  }

  /** `Query.rateLimit`: this call's cost and the points left after it. */
  rateLimit(): RateLimit {
    const { limit, remaining, used, reset } = this.state;
    const { cost, nodeCount } = this.priced ?? MINIMUM;
    return { cost, nodeCount, limit, remaining, used, resetAt: new Date(reset * 1000).toISOString() };
  }

  refusal(): GraphQLError {
    const already = this.state.remaining === 0 ? 'already ' : '';
    return githubError(
      'RATE_LIMITED',
      `API rate limit ${already}exceeded for ${whose(this.scope.principal, this.scope.ip)}.`,
    );
  }

  /** The 429 of a refused call, with the state in the headers (the pipeline adds X-RateLimit-*). */
  refusedReply(): Reply {
    this.refused = true;
    this.scope.rate = this.state;
    const retryAfter = Math.max(1, this.state.reset - Math.floor(this.services.now() / 1000));
    const headers = { ...this.scope.headers, 'retry-after': String(retryAfter) };
    const error = this.refusal();
    return jsonReply(429, { errors: [{ type: 'RATE_LIMITED', message: error.message }] }, headers);
  }
}
