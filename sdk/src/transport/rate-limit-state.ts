// The `X-RateLimit-*` headers every Wharf (and GitHub) answer carries, read
// into the state the client exposes, and how long a rate-limited answer asks
// the caller to wait.

export interface RateLimitState {
  limit: number;
  remaining: number;
  used: number;
  /** When the window resets, in epoch seconds. */
  reset: number;
  /** The bucket the request counted against (`core`, `graphql`, `oauth`, …). */
  resource: string;
}

function int(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  return Number(value);
}

/** The rate-limit state of an answer, or undefined when it carries none (a proxy's error page, a stub). */
export function readRateLimit(headers: Headers): RateLimitState | undefined {
  const limit = int(headers.get('x-ratelimit-limit'));
  const remaining = int(headers.get('x-ratelimit-remaining'));
  const reset = int(headers.get('x-ratelimit-reset'));
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return {
    limit,
    remaining,
    reset,
    used: int(headers.get('x-ratelimit-used')) ?? limit - remaining,
    resource: headers.get('x-ratelimit-resource') ?? 'core',
  };
}

/** Slack added to a reset-based wait: the reset is in whole seconds and clocks differ a little. */
const RESET_MARGIN_MS = 250;

/**
 * How long a rate-limited answer asks us to wait (ms), or undefined when the
 * answer is not a rate limit. A 429, or GitHub's primary-limit 403 with
 * `X-RateLimit-Remaining: 0`; `Retry-After` wins over `X-RateLimit-Reset`.
 */
export function rateLimitWaitMs(response: Response, nowMs: number): number | undefined {
  const { headers } = response;
  const exhausted = response.status === 403 && headers.get('x-ratelimit-remaining') === '0';
  if (response.status !== 429 && !exhausted) return undefined;
  const retryAfter = headers.get('retry-after');
  if (retryAfter !== null) {
    const seconds = int(retryAfter);
    if (seconds !== undefined) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (!Number.isNaN(date)) return Math.max(0, date - nowMs);
  }
  const reset = int(headers.get('x-ratelimit-reset'));
  if (reset !== undefined) return Math.max(0, reset * 1000 - nowMs) + RESET_MARGIN_MS;
  return undefined;
}
