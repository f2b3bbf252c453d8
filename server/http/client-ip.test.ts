// Anonymous rate-limit buckets are per client IP; X-Forwarded-For only counts
// when the socket peer is a proxy named in WHARF_TRUST_PROXY.
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function statuses(forwardedFor: string[]) {
  const out: number[] = [];
  for (const ip of forwardedFor)
    out.push((await server!.api('/repos/x/y', { headers: { 'x-forwarded-for': ip } })).status);
  return out;
}

describe('client IP', () => {
  it('ignores X-Forwarded-For from an untrusted peer', async () => {
    server = await startTestServer({ WHARF_RATE_LIMIT_UNAUTHENTICATED: '2' });
    expect(await statuses(['1.1.1.1', '2.2.2.2', '3.3.3.3'])).toEqual([404, 404, 429]);
  });

  it('uses the right-most untrusted X-Forwarded-For address behind a trusted proxy', async () => {
    server = await startTestServer({ WHARF_RATE_LIMIT_UNAUTHENTICATED: '2', WHARF_TRUST_PROXY: '127.0.0.1' });
    expect(await statuses(['1.1.1.1', '2.2.2.2', '9.9.9.9, 1.1.1.1', '1.1.1.1'])).toEqual([404, 404, 404, 429]);
    const limited = await server.api('/repos/x/y', { headers: { 'x-forwarded-for': '1.1.1.1' } });
    expect((await limited.json()).message).toContain('1.1.1.1');
  });
});
