import { rateLimitBucket } from '../../auth/principal.js';
import { gitLimitFor } from '../git-limit.js';
import { clientIp } from '../../http/client-ip.js';
import type { Handler } from '../../http/operation-context.js';
import { limitFor } from '../../http/pipeline.js';
import type { RateState } from '../../http/rate-limiter.js';

const body = ({ limit, remaining, reset, used }: RateState) => ({ limit, remaining, reset, used });

// The caller's state in each resource, read without spending anything (the
// route is marked uncounted, as GitHub's is). `graphql` needs a token, so an
// anonymous caller's limit there is 0, as GitHub shows it. `search`: GET
// /search/issues' own window (30 a minute signed in, 10 anonymously).
// `git`: Wharf's own resource for git over HTTP (GitHub has none to show).
export const getRateLimit: Handler<'ratelimit/get'> = async (ctx) => {
  ctx.checkScopes();
  const { services, principal } = ctx;
  const { rateLimiter, config } = services;
  const bucket = rateLimitBucket(principal, clientIp(ctx.event, config.trustProxy));
  const coreLimit = limitFor(principal, services, 'core');
  const core = body(await rateLimiter.current(bucket, 'core', coreLimit));
  const graphql =
    principal.kind === 'anonymous'
      ? { limit: 0, remaining: 0, reset: core.reset, used: 0 }
      : body(await rateLimiter.current(bucket, 'graphql', limitFor(principal, services, 'graphql')));
  const search = body(await rateLimiter.current(bucket, 'search', limitFor(principal, services, 'search')));
  const git = body(await rateLimiter.current(bucket, 'git', gitLimitFor(services, principal)));
  // no-cache as GitHub sends it: the state changes with every counted request elsewhere.
  return {
    status: 200,
    body: { resources: { core, graphql, search, git }, rate: core },
    headers: { 'cache-control': 'no-cache' },
  };
};
