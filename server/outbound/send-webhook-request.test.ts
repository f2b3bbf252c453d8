// What the receiver gets: the signed bytes and the caller's headers unchanged,
// as one POST with a Content-Length, and nothing followed on its behalf.
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from './allowed-hosts.js';
import { sendWebhook, type OutboundRequest } from './send-webhook.js';
import { reply, startReceiver, type Receiver } from '../test-support/outbound-test-receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const send = (url: string, overrides: Partial<OutboundRequest> = {}) =>
  sendWebhook({
    url,
    headers: {},
    body: Buffer.alloc(0),
    timeoutMs: 5000,
    insecureSsl: false,
    allowList: parseAllowedHosts('loopback'),
    maxResponseBytes: 1024,
    ...overrides,
  });

describe('sendWebhook request', () => {
  it('delivers the exact body bytes and headers as a POST', async () => {
    receiver = await startReceiver(reply(200));
    // Every byte value, so any re-encoding (UTF-8, latin1) would show.
    const body = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'GitHub-Hookshot/wharf',
      'X-GitHub-Event': 'push',
      'X-GitHub-Delivery': '72d3162e-cc78-11e3-81ab-4c9367dc0958',
      'X-Hub-Signature-256': 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17',
    };
    const result = await send(`${receiver.origin}/hooks/ci?token=abc`, { headers, body });
    expect(result.failure).toBeNull();
    expect(receiver.requests).toHaveLength(1);
    const received = receiver.requests[0]!;
    expect(received.method).toBe('POST');
    expect(received.url).toBe('/hooks/ci?token=abc');
    expect(received.body.equals(body)).toBe(true);
    expect(received.headers['content-length']).toBe('512');
    expect(received.headers['transfer-encoding']).toBeUndefined();
    // Header names go out spelled as the caller gave them.
    for (const [name, value] of Object.entries(headers)) {
      const at = received.rawHeaders.indexOf(name);
      expect(at, name).toBeGreaterThanOrEqual(0);
      expect(received.rawHeaders[at + 1]).toBe(value);
    }
  });

  it('sends URL userinfo as Basic authentication', async () => {
    receiver = await startReceiver(reply(204));
    const result = await send(`http://ci:s%3Acret@127.0.0.1:${receiver.port}/`);
    expect(result.statusCode).toBe(204);
    expect(receiver.requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from('ci:s:cret').toString('base64')}`);
  });

  it('does not follow redirects: a 3xx is the result', async () => {
    receiver = await startReceiver((request, response) => {
      response.writeHead(request.url === '/start' ? 302 : 200, { location: '/elsewhere' });
      response.end();
    });
    const result = await send(`${receiver.origin}/start`);
    expect(result.statusCode).toBe(302);
    expect(result.status).toBe('Found');
    expect(result.responseHeaders.location).toBe('/elsewhere');
    expect(receiver.requests.map((request) => request.url)).toEqual(['/start']);
  });
});
