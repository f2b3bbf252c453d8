// `X-Hub-Signature-256`: `sha256=` and the lowercase hex HMAC-SHA256 of the
// raw body with the hook's secret. Verification compares in constant time so
// a forger learns nothing from how long a wrong guess took.
import { createHmac, timingSafeEqual } from 'node:crypto';

const PREFIX = 'sha256=';

export function sign(secret: string, rawBody: string | Uint8Array): string {
  return PREFIX + createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * True when `header` is the signature of `rawBody` under the secret, or under
 * any of the secrets (so a receiver accepts old and new during a rotation).
 * False for a missing header, one without `sha256=`, a wrong length or any
 * mismatch. Every secret is tried, matching or not, to keep the time even.
 */
export function verifySignature(
  secret: string | readonly string[],
  rawBody: string | Uint8Array,
  header: string | null | undefined,
): boolean {
  if (typeof header !== 'string' || !header.startsWith(PREFIX)) return false;
  const given = Buffer.from(header, 'utf8');
  const secrets = typeof secret === 'string' ? [secret] : secret;
  let matched = false;
  for (const candidate of secrets) {
    const expected = Buffer.from(sign(candidate, rawBody), 'utf8');
    // timingSafeEqual throws on unequal lengths; the length is public anyway.
    if (expected.length === given.length && timingSafeEqual(expected, given)) matched = true;
  }
  return matched;
}
