// Retry-After (RFC 9110 §10.2.3) on 429 and 503 responses: delay-seconds or an
// HTTP-date. Other statuses ignore it, as GitHub's own retry logic does not
// apply it to them either.
const DELAY_SECONDS = /^\d+$/;

/**
 * `values` are the Retry-After header lines as received (an HTTP-date contains
 * a comma, so they must not be split on ","). Null when absent, malformed or
 * not a 429/503; a date in the past gives 0.
 */
export function retryAfterSeconds(
  statusCode: number,
  values: readonly string[] | undefined,
  now = Date.now(),
): number | null {
  if (statusCode !== 429 && statusCode !== 503) return null;
  const value = values?.[0]?.trim();
  if (!value) return null;
  if (DELAY_SECONDS.test(value)) {
    const seconds = Number(value);
    return Number.isSafeInteger(seconds) ? seconds : null;
  }
  // Date.parse accepts more than IMF-fixdate; require a day name, as all three
  // HTTP-date forms (IMF-fixdate, RFC 850, asctime) have one.
  if (!/^[a-z]{3}/i.test(value)) return null;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}
