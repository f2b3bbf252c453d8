// A signed download URL works without a token, so its downloads are charged
// to whoever had it signed: the URL carries (signed) the signer's rate-limit
// bucket (auth/principal.ts rateLimitBucket), and each download spends one
// request of that bucket's `core` limit, as a REST call by the signer would.
// An anonymous signer's bucket is its IP address, with the anonymous limit.
import { rateHeaders } from './rate-headers.js';
import type { RateState } from '../http/rate-limiter.js';
import type { Services } from '../services.js';

export type SignerCharge =
  | { allowed: true; state: RateState }
  | { allowed: false; state: RateState; response: Response };

/** Whose limit a bucket is, for the refusal's message; an IP address is not shown to whoever holds the link. */
function subject(bucket: string): string {
  const [kind, id] = bucket.split(':', 2) as [string, string];
  return kind === 'ip'
    ? 'the IP address that signed this URL'
    : `${kind.replace('-', ' ')} ID ${id} (the signer of this URL)`;
}

/** Spends one `core` request of `bucket`; past the limit, the 429 to answer (with the limit's headers and Retry-After). */
export async function chargeSigner(services: Services, bucket: string): Promise<SignerCharge> {
  const { rateLimiter, config } = services;
  const limit = bucket.startsWith('ip:') ? config.rateLimit.unauthenticated : config.rateLimit.authenticated;
  const decision = rateLimiter.tryTake(bucket, 'core', limit) ?? (await rateLimiter.take(bucket, 'core', limit));
  if (decision.allowed) return { allowed: true, state: decision.state };
  const retryAfter = Math.max(1, decision.state.reset - Math.floor(services.now() / 1000));
  const message = `API rate limit of ${limit} requests per ${rateLimiter.windowOf('core')} seconds exceeded for ${subject(bucket)}.\n`;
  const response = new Response(message, {
    status: 429,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'retry-after': String(retryAfter),
      ...rateHeaders(decision.state),
    },
  });
  return { allowed: false, state: decision.state, response };
}
