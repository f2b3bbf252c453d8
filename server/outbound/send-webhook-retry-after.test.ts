// Retry-After is honoured on 429 and 503 only, in both of its forms; the
// dispatcher uses it to schedule the next attempt.
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from './allowed-hosts.js';
import { retryAfterSeconds } from './retry-after.js';
import { sendWebhook } from './send-webhook.js';
import { reply, startReceiver, type Receiver } from '../test-support/outbound-test-receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function retryAfterOf(status: number, retryAfter: string): Promise<number | null> {
  receiver = await startReceiver(reply(status, '', { 'Retry-After': retryAfter }));
  const result = await sendWebhook({
    url: `${receiver.origin}/`,
    headers: {},
    body: Buffer.from('{}'),
    timeoutMs: 5000,
    insecureSsl: false,
    allowList: parseAllowedHosts('loopback'),
    maxResponseBytes: 1024,
  });
  expect(result.statusCode).toBe(status);
  expect(result.failure).toBeNull();
  return result.retryAfterS;
}

describe('sendWebhook Retry-After', () => {
  it('reads delay-seconds on 429', async () => {
    expect(await retryAfterOf(429, '120')).toBe(120);
  });

  it('reads an HTTP-date on 503', async () => {
    // HTTP-dates have whole seconds, so 60 s ahead reads as 59 or 60.
    const seconds = await retryAfterOf(503, new Date(Date.now() + 60_000).toUTCString());
    expect(seconds).toBeGreaterThanOrEqual(58);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('ignores Retry-After on other statuses', async () => {
    expect(await retryAfterOf(500, '120')).toBeNull();
  });

  it('ignores a malformed value', async () => {
    expect(await retryAfterOf(429, 'soon')).toBeNull();
  });
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('treats a date in the past as now', () => {
    expect(retryAfterSeconds(503, ['Wed, 31 Dec 2025 23:00:00 GMT'], now)).toBe(0);
  });

  it('reads the first header line whole, since an HTTP-date contains a comma', () => {
    expect(retryAfterSeconds(429, ['Thu, 01 Jan 2026 00:02:00 GMT', '5'], now)).toBe(120);
  });

  it('rejects negative, fractional and non-date values', () => {
    for (const value of ['-5', '1.5', '2026-01-01T00:01:00Z', ''])
      expect(retryAfterSeconds(429, [value], now)).toBeNull();
    expect(retryAfterSeconds(429, undefined, now)).toBeNull();
  });
});
