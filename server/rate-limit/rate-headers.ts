// The `x-ratelimit-*` headers of a rate-limit state, as REST answers carry
// them; git over HTTP and the signed downloads send the same ones.
import type { RateState } from '../http/rate-limiter.js';

export function rateHeaders(state: RateState): Record<string, string> {
  return {
    'x-ratelimit-limit': String(state.limit),
    'x-ratelimit-remaining': String(state.remaining),
    'x-ratelimit-used': String(state.used),
    'x-ratelimit-reset': String(state.reset),
    'x-ratelimit-resource': state.resource,
  };
}
