// Git requests count in their own `git` rate-limit resource with their own
// limits (a NAT full of CI machines must not run out of clones after REST's
// anonymous 60): git over HTTP spends them, GET /rate_limit shows them.
import type { Principal } from '../auth/principal.js';
import type { Services } from '../services.js';

/** The caller's limit in the `git` resource. */
export function gitLimitFor(services: Pick<Services, 'config'>, principal: Principal): number {
  const { authenticated, unauthenticated } = services.config.git.rateLimit;
  return principal.kind === 'anonymous' ? unauthenticated : authenticated;
}
