// HTTPS receivers: certificates are verified unless the hook sets
// insecure_ssl, and that choice applies to its own request only.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllowedHosts } from './allowed-hosts.js';
import { sendWebhook } from './send-webhook.js';
import { reply, startReceiver, type Receiver } from '../test-support/outbound-test-receiver.js';

let dir: string;
let receiver: Receiver;
let plain: Receiver;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wharf-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  receiver = await startReceiver(reply(200, 'secure'), {
    key: readFileSync(key, 'utf8'),
    cert: readFileSync(cert, 'utf8'),
  });
  plain = await startReceiver(reply(200, 'plain'));
});

afterAll(async () => {
  await receiver?.close();
  await plain?.close();
  rmSync(dir, { recursive: true, force: true });
});

const send = (url: string, insecureSsl: boolean) =>
  sendWebhook({
    url,
    headers: {},
    body: Buffer.from('{"zen":"tls"}'),
    timeoutMs: 5000,
    insecureSsl,
    allowList: parseAllowedHosts('loopback'),
    maxResponseBytes: 1024,
  });

describe('sendWebhook over HTTPS', () => {
  it('refuses a self-signed certificate when verifying', async () => {
    const result = await send(`https://localhost:${receiver.port}/`, false);
    expect(result).toMatchObject({ statusCode: 0, failure: 'tls' });
    expect(result.status).toMatch(/^TLS error.*(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED)/);
    expect(receiver.requests).toHaveLength(0);
  });

  it('delivers when insecureSsl skips verification', async () => {
    const result = await send(`https://localhost:${receiver.port}/`, true);
    expect(result).toMatchObject({ statusCode: 200, failure: null, responseBody: 'secure' });
    expect(receiver.requests.at(-1)!.body.toString()).toBe('{"zen":"tls"}');
  });

  it('keeps verification for the next request after an insecure one', async () => {
    expect((await send(`https://127.0.0.1:${receiver.port}/`, true)).statusCode).toBe(200);
    expect((await send(`https://127.0.0.1:${receiver.port}/`, false)).failure).toBe('tls');
  });

  it('reports TLS to a plain-HTTP port as a TLS failure', async () => {
    const result = await send(`https://127.0.0.1:${plain.port}/`, true);
    // The OpenSSL reason, not its multi-line error stack.
    expect(result).toMatchObject({
      statusCode: 0,
      failure: 'tls',
      status: expect.stringMatching(/^TLS error \(\w+\): wrong version number$/),
    });
    expect(plain.requests).toHaveLength(0);
  });
});
