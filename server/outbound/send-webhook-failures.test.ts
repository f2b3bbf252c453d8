// Attempts that get no HTTP response: sendWebhook resolves (never rejects) with
// the kind of failure, a status saying why, and statusCode 0.
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../db/free-port.js';
import { parseAllowedHosts } from './allowed-hosts.js';
import { sendWebhook, type OutboundRequest } from './send-webhook.js';
import { startReceiver, type Receiver } from '../test-support/outbound-test-receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const send = (url: string, overrides: Partial<OutboundRequest> = {}) =>
  sendWebhook({
    url,
    headers: {},
    body: Buffer.from('{}'),
    timeoutMs: 300,
    insecureSsl: false,
    allowList: parseAllowedHosts('loopback'),
    maxResponseBytes: 1 << 20,
    ...overrides,
  });

describe('sendWebhook failures', () => {
  it('times out on a receiver that never answers', async () => {
    receiver = await startReceiver(() => {});
    const result = await send(`${receiver.origin}/`);
    expect(result).toMatchObject({
      statusCode: 0,
      failure: 'timeout',
      status: 'timed out after 0.3 s',
      responseBody: '',
    });
    expect(result.durationS).toBeGreaterThanOrEqual(0.29);
    expect(result.durationS).toBeLessThan(2);
  });

  it('times out on a receiver that streams forever, within the same budget', async () => {
    receiver = await startReceiver((_request, response) => {
      response.writeHead(200);
      const drip = setInterval(() => response.write('.'), 20);
      response.on('close', () => clearInterval(drip));
    });
    const result = await send(`${receiver.origin}/`);
    expect(result).toMatchObject({
      statusCode: 0,
      failure: 'timeout',
      status: 'timed out after 0.3 s while reading the body of a 200 response',
    });
    // What arrived is kept for diagnosis.
    expect(result.responseBody).toMatch(/^\.+$/);
    expect(result.durationS).toBeLessThan(2);
  });

  it('reports a closed port as a connection failure', async () => {
    const port = await freePort();
    const result = await send(`http://127.0.0.1:${port}/`);
    expect(result).toMatchObject({ statusCode: 0, failure: 'connection' });
    expect(result.status).toContain('ECONNREFUSED');
  });

  it('reports a receiver that hangs up without answering as a connection failure', async () => {
    receiver = await startReceiver((_request, response) => response.socket?.destroy());
    const result = await send(`${receiver.origin}/`);
    expect(result).toMatchObject({ statusCode: 0, failure: 'connection' });
    expect(result.status).toMatch(/socket hang up|ECONNRESET/);
  });

  it('reports a host that does not resolve as a DNS failure', async () => {
    // .invalid is guaranteed never to resolve (RFC 6761).
    const result = await send('http://no-such-host.invalid/', { timeoutMs: 10_000 });
    expect(result).toMatchObject({ statusCode: 0, failure: 'dns' });
    expect(result.status).toMatch(/ENOTFOUND|EAI_AGAIN/);
  });

  it.each([
    ['not a url', 'invalid URL'],
    ['ftp://127.0.0.1/hook', 'unsupported URL scheme "ftp"; only http and https'],
    ['file:///etc/passwd', 'unsupported URL scheme "file"; only http and https'],
    ['http://[::1/', 'invalid URL'],
  ])('rejects %s as an invalid URL', async (url, status) => {
    expect(await send(url)).toMatchObject({ statusCode: 0, failure: 'invalid_url', status });
  });

  it('resolves, not rejects, when Node refuses a header', async () => {
    const result = await send('http://127.0.0.1:9/', { headers: { 'X-Bad': 'line\r\nbreak' } });
    expect(result.failure).toBe('connection');
    expect(result.status).toMatch(/^invalid request: .*ERR_INVALID_CHAR/);
  });

  it('stops when the shutdown signal fires, and does not start once it has', async () => {
    receiver = await startReceiver(() => {});
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const result = await send(`${receiver.origin}/`, { signal: controller.signal, timeoutMs: 10_000 });
    expect(result).toMatchObject({ statusCode: 0, failure: 'connection', status: 'aborted: shutting down' });
    expect(result.durationS).toBeLessThan(5);
    const before = receiver.requests.length;
    expect(await send(`${receiver.origin}/`, { signal: controller.signal })).toMatchObject({
      failure: 'connection',
      status: 'aborted: shutting down',
    });
    expect(receiver.requests).toHaveLength(before);
  });
});
