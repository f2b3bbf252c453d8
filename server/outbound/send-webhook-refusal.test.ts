// The allow-list is enforced on the address actually connected to: IP-literal
// hosts before connecting, host names on what they resolve to at connect time.
// A refused delivery never reaches the receiver.
import { afterEach, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from './allowed-hosts.js';
import { sendWebhook } from './send-webhook.js';
import { reply, startReceiver, type Receiver } from '../test-support/outbound-test-receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

const send = (url: string, setting: string | undefined) =>
  sendWebhook({
    url,
    headers: {},
    body: Buffer.from('{}'),
    timeoutMs: 5000,
    insecureSsl: false,
    allowList: parseAllowedHosts(setting),
    maxResponseBytes: 1024,
  });

describe('sendWebhook allow-list', () => {
  it('by default refuses 127.0.0.1 and says why', async () => {
    receiver = await startReceiver(reply(200));
    const result = await send(`http://127.0.0.1:${receiver.port}/`, undefined);
    expect(result).toMatchObject({
      statusCode: 0,
      failure: 'refused',
      status: 'address 127.0.0.1 is loopback; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS',
    });
    expect(receiver.requests).toHaveLength(0);
  });

  it('by default refuses localhost after resolving it', async () => {
    receiver = await startReceiver(reply(200));
    const result = await send(`http://localhost:${receiver.port}/`, 'external');
    expect(result.failure).toBe('refused');
    expect(result.statusCode).toBe(0);
    expect(result.status).toMatch(
      /^address (127\.0\.0\.1|::1) of localhost is loopback; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS$/,
    );
    expect(receiver.requests).toHaveLength(0);
  });

  it('refuses bracketed IPv6 literals and cloud metadata without any lookup', async () => {
    expect(await send('http://[::1]:9/', undefined)).toMatchObject({
      failure: 'refused',
      status: 'address ::1 is loopback; not allowed by WHARF_WEBHOOK_ALLOWED_HOSTS',
    });
    expect(await send('http://[::ffff:127.0.0.1]:9/', undefined)).toMatchObject({ failure: 'refused' });
    expect(await send('http://169.254.169.254/latest/meta-data/', 'private')).toMatchObject({
      failure: 'refused',
      status: expect.stringContaining('link-local'),
    });
    // The WHATWG URL parser turns these spellings into 127.0.0.1 before the check.
    expect(await send('http://0x7f.1:9/', undefined)).toMatchObject({
      failure: 'refused',
      status: expect.stringContaining('127.0.0.1'),
    });
    expect(await send('http://2130706433:9/', undefined)).toMatchObject({ failure: 'refused' });
  });

  it('loopback allows 127.0.0.1 and localhost', async () => {
    receiver = await startReceiver(reply(200, 'ok'));
    expect(await send(`http://127.0.0.1:${receiver.port}/`, 'loopback')).toMatchObject({
      statusCode: 200,
      failure: null,
      responseBody: 'ok',
    });
    expect(await send(`http://localhost:${receiver.port}/`, 'loopback')).toMatchObject({
      statusCode: 200,
      failure: null,
    });
    expect(receiver.requests).toHaveLength(2);
  });

  it('a host-name entry allows that host wherever it resolves', async () => {
    receiver = await startReceiver(reply(200));
    expect(await send(`http://localhost:${receiver.port}/`, 'localhost')).toMatchObject({
      statusCode: 200,
      failure: null,
    });
    // …but not the same address under another name.
    expect(await send(`http://127.0.0.1:${receiver.port}/`, 'localhost')).toMatchObject({ failure: 'refused' });
    expect(receiver.requests).toHaveLength(1);
  });

  it('checks the resolved address against explicit ranges', async () => {
    receiver = await startReceiver(reply(200));
    // localhost resolves to loopback, which 10.0.0.0/8 does not cover.
    const refused = await send(`http://localhost:${receiver.port}/`, '10.0.0.0/8');
    expect(refused.failure).toBe('refused');
    expect(refused.status).toContain('of localhost is loopback');
    expect(await send(`http://localhost:${receiver.port}/`, '127.0.0.0/8, ::1')).toMatchObject({ statusCode: 200 });
  });

  it('never echoes URL userinfo', async () => {
    const result = await send('http://admin:hunter2-secret@127.0.0.1:9/', undefined);
    expect(result.failure).toBe('refused');
    expect(JSON.stringify(result)).not.toMatch(/hunter2|admin/);
  });
});
