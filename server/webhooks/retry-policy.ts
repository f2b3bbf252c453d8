// When a failed delivery is tried again. The schedule (WHARF_WEBHOOK_RETRY_SCHEDULE,
// default 10s, 1m, 5m, 30m, 2h, 6h) gives the delay before retry n; each
// delay is spread by ±20 % so that many hooks failing together do not retry
// in lockstep. A receiver's Retry-After (on 429 and 503) is a floor.
const JITTER = 0.2;
/** Retry-After beyond this is treated as this, so a bad header cannot park a delivery for months. */
const MAX_RETRY_AFTER_S = 24 * 3600;

/**
 * Delay in ms before the next attempt, or null when no retry is left.
 * `attemptsMade` counts attempts so far (1 after the first failure).
 */
export function retryDelayMs(
  attemptsMade: number,
  scheduleMs: readonly number[],
  retryAfterS: number | null,
  random: () => number = Math.random,
): number | null {
  const base = scheduleMs[attemptsMade - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * random()));
  const floor = retryAfterS === null ? 0 : Math.min(retryAfterS, MAX_RETRY_AFTER_S) * 1000;
  return Math.max(jittered, floor);
}

/** Success for history filters and retries: a 2xx (GitHub counts redirects as failures too). */
export function isSuccess(statusCode: number): boolean {
  return statusCode >= 200 && statusCode < 300;
}
