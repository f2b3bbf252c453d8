// What a delivery records about the receiver's answer: code, reason, headers,
// and a body that is capped in bytes without ever splitting a character.
import { createServer, type Server } from 'node:net';
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
    body: Buffer.from('{}'),
    timeoutMs: 5000,
    insecureSsl: false,
    allowList: parseAllowedHosts('loopback'),
    maxResponseBytes: 1024,
    ...overrides,
  });

describe('sendWebhook response', () => {
  it('captures status code, reason phrase, headers and body', async () => {
    receiver = await startReceiver((_request, response) => {
      response.statusMessage = 'Accepted For Later';
      response.writeHead(202, {
        'X-Custom': 'yes',
        'Set-Cookie': ['a=1', 'b=2'],
        'Content-Type': 'text/plain; charset=utf-8',
      });
      response.end('queued ✓');
    });
    const result = await send(`${receiver.origin}/`);
    expect(result).toMatchObject({
      statusCode: 202,
      status: 'Accepted For Later',
      failure: null,
      responseBody: 'queued ✓',
      responseTruncated: false,
      retryAfterS: null,
    });
    expect(result.responseHeaders['x-custom']).toBe('yes');
    expect(result.responseHeaders['set-cookie']).toBe('a=1, b=2');
    expect(result.responseHeaders['content-type']).toBe('text/plain; charset=utf-8');
    expect(Object.keys(result.responseHeaders).every((name) => name === name.toLowerCase())).toBe(true);
    expect(result.durationS).toBeGreaterThan(0);
    expect(result.durationS).toBeLessThan(5);
  });

  it('uses the standard reason phrase when the receiver sends none', async () => {
    // node:http always sends a phrase, so answer with a raw status line.
    const raw: Server = createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 404 \r\nContent-Length: 0\r\nConnection: close\r\n\r\n'));
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    try {
      const port = (raw.address() as { port: number }).port;
      const result = await send(`http://127.0.0.1:${port}/`);
      expect(result).toMatchObject({ statusCode: 404, status: 'Not Found', failure: null });
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it('keeps at most maxResponseBytes of the body and flags the rest as truncated', async () => {
    receiver = await startReceiver(reply(200, 'x'.repeat(5000)));
    const capped = await send(`${receiver.origin}/`, { maxResponseBytes: 100 });
    expect(capped).toMatchObject({
      statusCode: 200,
      failure: null,
      responseBody: 'x'.repeat(100),
      responseTruncated: true,
    });
    const exact = await send(`${receiver.origin}/`, { maxResponseBytes: 5000 });
    expect(exact.responseBody).toHaveLength(5000);
    expect(exact.responseTruncated).toBe(false);
  });

  it('cuts a capped body on a character boundary', async () => {
    // "é" is two bytes, "😀" four: a 5-byte cap lands inside the emoji.
    receiver = await startReceiver(reply(200, 'éé😀tail'));
    const result = await send(`${receiver.origin}/`, { maxResponseBytes: 5 });
    expect(result.responseBody).toBe('éé');
    expect(result.responseTruncated).toBe(true);
  });

  it('stops reading at the cap, so an endless body still gives a result', async () => {
    receiver = await startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'y'.repeat(16_384);
      const pump = () => {
        while (response.write(chunk));
      };
      response.on('drain', pump);
      pump();
    });
    // The stream never ends: only stopping at the cap can finish before the timeout.
    const result = await send(`${receiver.origin}/`, { maxResponseBytes: 1000, timeoutMs: 10_000 });
    expect(result).toMatchObject({ statusCode: 200, failure: null, responseTruncated: true });
    expect(result.responseBody).toBe('y'.repeat(1000));
    expect(result.durationS).toBeLessThan(5);
  });

  it('stores NUL and invalid UTF-8 as U+FFFD, still within the byte cap', async () => {
    receiver = await startReceiver((_request, response) => {
      response.writeHead(500);
      response.end(Buffer.from([0x61, 0x00, 0xff, 0x62]));
    });
    const wide = await send(`${receiver.origin}/`);
    expect(wide.responseBody).toBe('a\uFFFD\uFFFDb');
    expect(wide.responseTruncated).toBe(false);
    // Four bytes received, but their text is eight bytes: the cap applies to the text.
    const narrow = await send(`${receiver.origin}/`, { maxResponseBytes: 6 });
    expect(narrow.responseBody).toBe('a\uFFFD');
    expect(Buffer.byteLength(narrow.responseBody)).toBeLessThanOrEqual(6);
    expect(narrow.responseTruncated).toBe(true);
  });
});
