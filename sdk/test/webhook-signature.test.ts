// sign / verifySignature / parseWebhook without a server: GitHub's documented
// test vector, rejection of every malformed header, secret rotation, form
// bodies, the unknown-event member, and both adapters.
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  parseFetchWebhook,
  parseNodeWebhook,
  parseWebhook,
  sign,
  verifySignature,
  WebhookPayloadError,
  WebhookVerificationError,
  type ParsedWebhookEvent,
} from '../src/index.js';

// From GitHub's "Validating webhook deliveries" documentation.
const GITHUB_SECRET = "It's a Secret to Everybody";
const GITHUB_BODY = 'Hello, World!';
const GITHUB_SIGNATURE = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('sign', () => {
  it("matches GitHub's test vector, for strings and bytes alike", async () => {
    expect(await sign(GITHUB_SECRET, GITHUB_BODY)).toBe(GITHUB_SIGNATURE);
    expect(await sign(GITHUB_SECRET, new TextEncoder().encode(GITHUB_BODY))).toBe(GITHUB_SIGNATURE);
  });

  it('is sha256= and the lowercase hex HMAC of the raw bytes', async () => {
    const body = new Uint8Array([0xff, 0x00, 0x80]);
    expect(await sign('k', body)).toBe(`sha256=${createHmac('sha256', 'k').update(body).digest('hex')}`);
    expect(await sign('k', 'é')).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});

describe('verifySignature', () => {
  it('accepts the right signature and rejects everything else', async () => {
    expect(await verifySignature(GITHUB_SECRET, GITHUB_BODY, GITHUB_SIGNATURE)).toBe(true);
    for (const header of [
      undefined,
      null,
      '',
      'sha256=',
      GITHUB_SIGNATURE.slice(7),
      GITHUB_SIGNATURE.replace('sha256=', 'sha1='),
      GITHUB_SIGNATURE.toUpperCase(),
      GITHUB_SIGNATURE.slice(0, -1),
      `${GITHUB_SIGNATURE}0`,
      GITHUB_SIGNATURE.replace(/7$/, '8'),
      ` ${GITHUB_SIGNATURE}`,
    ]) {
      expect(await verifySignature(GITHUB_SECRET, GITHUB_BODY, header), String(header)).toBe(false);
    }
    expect(await verifySignature('other secret', GITHUB_BODY, GITHUB_SIGNATURE)).toBe(false);
    expect(await verifySignature(GITHUB_SECRET, `${GITHUB_BODY} `, GITHUB_SIGNATURE)).toBe(false);
  });

  it('accepts any of several secrets (rotation), and none of an empty list', async () => {
    expect(await verifySignature(['new secret', GITHUB_SECRET], GITHUB_BODY, GITHUB_SIGNATURE)).toBe(true);
    expect(await verifySignature([GITHUB_SECRET, 'new secret'], GITHUB_BODY, GITHUB_SIGNATURE)).toBe(true);
    expect(await verifySignature(['a', 'b'], GITHUB_BODY, GITHUB_SIGNATURE)).toBe(false);
    expect(await verifySignature([], GITHUB_BODY, GITHUB_SIGNATURE)).toBe(false);
  });
});

async function delivery(event: string, payload: unknown, secret = 's') {
  const body = JSON.stringify(payload);
  return {
    body,
    headers: {
      'X-GitHub-Event': event,
      'X-GitHub-Delivery': 'd-1',
      'X-GitHub-Hook-ID': '9',
      'X-Hub-Signature-256': await sign(secret, body),
    },
  };
}

describe('parseWebhook', () => {
  it('returns a member discriminated by event, with the delivery id and hook id', async () => {
    const { body, headers } = await delivery('push', { ref: 'refs/heads/main', commits: [] });
    const event: ParsedWebhookEvent = await parseWebhook(headers, body, 's');
    expect(event).toMatchObject({ event: 'push', name: 'push', id: 'd-1', hookId: 9 });
    // Narrowing on `event` types the payload (a compile-time check as much as a run-time one).
    if (event.event === 'push') expect(event.payload.ref).toBe('refs/heads/main');
  });

  it("gives events GitHub's schema does not describe `event: 'unknown'` with the real name", async () => {
    const { body, headers } = await delivery('wharf_experiment', { action: 'opened' });
    expect(await parseWebhook(new Headers(headers), body, 's')).toMatchObject({
      event: 'unknown',
      name: 'wharf_experiment',
      payload: { action: 'opened' },
    });
  });

  it('throws WebhookVerificationError for a missing or wrong signature, before looking at the body', async () => {
    const { body, headers } = await delivery('ping', { zen: 'x' });
    await expect(parseWebhook(headers, body, 'wrong')).rejects.toThrow(WebhookVerificationError);
    await expect(parseWebhook({ ...headers, 'X-Hub-Signature-256': undefined }, body, 's')).rejects.toThrow(/missing/);
    await expect(
      parseWebhook({ ...headers, 'X-Hub-Signature-256': await sign('s', 'not json') }, 'not json', 'wrong'),
    ).rejects.toThrow(WebhookVerificationError);
  });

  it('throws WebhookPayloadError for a signed but malformed delivery', async () => {
    await expect(
      parseWebhook({ 'x-hub-signature-256': await sign('s', 'not json'), 'x-github-event': 'ping' }, 'not json', 's'),
    ).rejects.toThrow(WebhookPayloadError);
    await expect(parseWebhook({ 'x-hub-signature-256': await sign('s', '{}') }, '{}', 's')).rejects.toThrow(
      /X-GitHub-Event/,
    );
  });

  it('reads form deliveries (payload=<urlencoded JSON>)', async () => {
    const body = `payload=${encodeURIComponent(JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 3 }))}`;
    const headers = {
      'content-type': 'application/x-www-form-urlencoded',
      'x-github-event': 'ping',
      'x-hub-signature-256': await sign('s', body),
    };
    const event = await parseWebhook(headers, body, 's');
    expect(event.event === 'ping' && event.payload.zen).toBe('Keep it logically awesome.');
  });
});

describe('adapters', () => {
  it('reads a node:http-style request (a readable stream with headers)', async () => {
    const { body, headers } = await delivery('create', { ref: 'v1', ref_type: 'tag' });
    const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
    const request = Object.assign(Readable.from([Buffer.from(body.slice(0, 5)), Buffer.from(body.slice(5))]), {
      headers: lower,
    });
    expect(await parseNodeWebhook(request, 's')).toMatchObject({ event: 'create', payload: { ref_type: 'tag' } });
    const tooBig = Object.assign(Readable.from([Buffer.from(body)]), { headers: lower });
    await expect(parseNodeWebhook(tooBig, 's', { maxBytes: 4 })).rejects.toThrow(WebhookPayloadError);
  });

  it('reads a Fetch Request', async () => {
    const { body, headers } = await delivery('delete', { ref: 'gone', ref_type: 'branch' });
    const request = new Request('http://receiver.test/hook', { method: 'POST', headers, body });
    expect(await parseFetchWebhook(request, ['old', 's'])).toMatchObject({ event: 'delete', payload: { ref: 'gone' } });
  });
});
