// Git requests count in their own `git` rate-limit resource, per caller as
// REST does (user, installation, or client IP), with their own limits
// (rate-limit/git-limit.ts); a refusal is git's own answer (a 429 git prints).
import { rateLimitBucket, type Principal } from '../auth/principal.js';
import type { RateState } from '../http/rate-limiter.js';
import { gitLimitFor } from '../rate-limit/git-limit.js';
import { rateHeaders } from '../rate-limit/rate-headers.js';
import type { Services } from '../services.js';
import { GitAnswer } from './git-answer.js';

/** Spends one git request of the caller's bucket; throws 429 (git prints the text) when none is left. */
export async function takeGitRequest(services: Services, principal: Principal, ip: string): Promise<RateState> {
  const limit = gitLimitFor(services, principal);
  const bucket = rateLimitBucket(principal, ip);
  const decision =
    services.rateLimiter.tryTake(bucket, 'git', limit) ?? (await services.rateLimiter.take(bucket, 'git', limit));
  if (!decision.allowed) {
    const retryAfter = Math.max(1, decision.state.reset - Math.floor(services.now() / 1000));
    throw new GitAnswer(
      429,
      `Git rate limit of ${limit} requests per ${services.config.rateLimit.windowSeconds} seconds exceeded.`,
      {
        'retry-after': String(retryAfter),
        ...rateHeaders(decision.state),
      },
    );
  }
  return decision.state;
}
