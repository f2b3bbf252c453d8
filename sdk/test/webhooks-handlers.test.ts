// The Webhooks class without a server: which handlers run for a delivery, how
// their errors aggregate, verifyAndReceive's checks, and both middlewares'
// answers (path, method, signature, malformed body, failing handler).
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  createNodeMiddleware,
  createWebMiddleware,
  sign,
  Webhooks,
  WebhookPayloadError,
  WebhookVerificationError,
  type WebhookHandlerError,
} from '../src/index.js';

const opened = { action: 'opened', issue: { number: 7 } };

function recorder() {
  const webhooks = new Webhooks({ secret: 's' });
  const calls: string[] = [];
  webhooks.on('issues', ({ name }) => void calls.push(`issues:${name}`));
  webhooks.on('issues.opened', ({ payload }) => void calls.push(`issues.opened:${payload.issue.number}`));
  webhooks.on(['push', 'issues.closed'], ({ name }) => void calls.push(`list:${name}`));
  webhooks.onAny(({ name }) => void calls.push(`any:${name}`));
  return { webhooks, calls };
}

describe('Webhooks.receive', () => {
  it('runs the handlers of the event, of event.action and onAny, and no others', async () => {
    const { webhooks, calls } = recorder();
    await webhooks.receive({ id: '1', name: 'issues', payload: opened });
    expect(calls.sort()).toEqual(['any:issues', 'issues.opened:7', 'issues:issues']);
    calls.length = 0;
    await webhooks.receive({ id: '2', name: 'push', payload: { ref: 'refs/heads/main' } });
    await webhooks.receive({ id: '3', name: 'issues', payload: { action: 'closed' } });
    await webhooks.receive({ id: '4', name: 'not_documented', payload: {} });
    expect(calls.sort()).toEqual([
      'any:issues',
      'any:not_documented',
      'any:push',
      'issues:issues',
      'list:issues',
      'list:push',
    ]);
  });

  it('stops calling a handler once removed (by the names it was added under, or * for onAny)', async () => {
    const webhooks = new Webhooks({ secret: 's' });
    let count = 0;
    const handler = () => void count++;
    webhooks.on(['issues.opened', 'push'], handler);
    webhooks.onAny(handler);
    webhooks.removeListener(['issues.opened', 'push'], handler);
    webhooks.removeListener('*', handler);
    await webhooks.receive({ id: '1', name: 'issues', payload: opened });
    await webhooks.receive({ id: '2', name: 'push', payload: {} });
    expect(count).toBe(0);
  });

  it('runs every handler even when some throw, then rejects with one AggregateError after onError', async () => {
    const webhooks = new Webhooks({ secret: 's' });
    const ran: string[] = [];
    webhooks.on('issues', () => {
      throw new Error('first');
    });
    webhooks.on('issues.opened', async () => {
      await Promise.resolve();
      throw new Error('second');
    });
    webhooks.onAny(() => void ran.push('any'));
    let reported: WebhookHandlerError | undefined;
    webhooks.onError((error) => {
      reported = error;
      throw new Error('an error handler failing changes nothing');
    });
    const rejection = await webhooks.receive({ id: 'd', name: 'issues', payload: opened }).catch((e: unknown) => e);
    expect(rejection).toBeInstanceOf(AggregateError);
    expect(rejection).toBe(reported);
    expect(ran).toEqual(['any']);
    const aggregate = rejection as WebhookHandlerError;
    expect(aggregate.errors.map((e: Error) => e.message).sort()).toEqual(['first', 'second']);
    expect(aggregate.event).toMatchObject({ id: 'd', name: 'issues' });
    expect((aggregate.errors[0] as { event?: unknown }).event).toBe(aggregate.event);
  });
});

describe('Webhooks.verifyAndReceive', () => {
  it('receives a delivery signed with any of the secrets, and refuses others before parsing', async () => {
    const webhooks = new Webhooks({ secret: ['new', 'old'] });
    const numbers: number[] = [];
    webhooks.on('issues.opened', ({ payload }) => void numbers.push(payload.issue.number));
    const payload = JSON.stringify(opened);
    for (const secret of ['new', 'old'])
      await webhooks.verifyAndReceive({ id: '1', name: 'issues', payload, signature: await sign(secret, payload) });
    expect(numbers).toEqual([7, 7]);
    expect(await webhooks.sign(payload)).toBe(await sign('new', payload));
    await expect(
      webhooks.verifyAndReceive({ id: '1', name: 'issues', payload, signature: await sign('other', payload) }),
    ).rejects.toThrow(WebhookVerificationError);
    await expect(
      webhooks.verifyAndReceive({ id: '1', name: 'issues', payload: 'nope', signature: await sign('new', 'nope') }),
    ).rejects.toThrow(WebhookPayloadError);
    expect(numbers).toEqual([7, 7]);
  });

  it('needs a secret', () => {
    expect(() => new Webhooks({ secret: '' })).toThrow(TypeError);
    expect(() => new Webhooks({ secret: [] })).toThrow(TypeError);
  });
});

async function signedRequest(path: string, body: string, secret = 's', event = 'issues') {
  return new Request(`http://receiver.test${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': 'abc',
      'x-hub-signature-256': await sign(secret, body),
    },
    body,
  });
}

describe('createWebMiddleware (Fetch)', () => {
  it('answers 200 after the handlers ran, 401, 400, 500, 404 and 405 as octokit does', async () => {
    const { webhooks, calls } = recorder();
    webhooks.on('issues.closed', () => {
      throw new Error('no');
    });
    const handle = createWebMiddleware(webhooks, { path: '/hooks' });
    const body = JSON.stringify(opened);
    const ok = await handle(await signedRequest('/hooks?x=1', body));
    expect([ok.status, await ok.text()]).toEqual([200, 'ok\n']);
    expect(calls).toContain('issues.opened:7');
    expect((await handle(await signedRequest('/hooks', body, 'wrong'))).status).toBe(401);
    expect((await handle(await signedRequest('/hooks', '[1]'))).status).toBe(400);
    const failing = await handle(await signedRequest('/hooks', JSON.stringify({ action: 'closed' })));
    expect([failing.status, await failing.text()]).toEqual([500, 'a webhook handler failed\n']);
    expect((await handle(await signedRequest('/elsewhere', body))).status).toBe(404);
    const get = await handle(new Request('http://receiver.test/hooks'));
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });

  it('reads headers by the vendor word given to Webhooks', async () => {
    const webhooks = new Webhooks({ secret: 's', vendor: 'Acme' });
    const names: string[] = [];
    webhooks.onAny(({ name }) => void names.push(name));
    const body = JSON.stringify(opened);
    const request = new Request('http://receiver.test/api/github/webhooks', {
      method: 'POST',
      headers: { 'x-acme-event': 'issues', 'x-acme-delivery': 'd', 'x-hub-signature-256': await sign('s', body) },
      body,
    });
    expect((await createWebMiddleware(webhooks)(request)).status).toBe(200);
    expect(names).toEqual(['issues']);
  });
});

describe('createNodeMiddleware', () => {
  function response() {
    const result = { status: 0, body: '' };
    return {
      result,
      writeHead: (status: number) => void (result.status = status),
      end: (body?: string) => void (result.body = body ?? ''),
    };
  }
  const nodeRequest = async (path: string, body: string, secret = 's') => {
    const fetchRequest = await signedRequest(path, body, secret);
    return Object.assign(Readable.from([Buffer.from(body)]), {
      method: 'POST',
      url: path,
      headers: Object.fromEntries(fetchRequest.headers),
    });
  };

  it('handles its path, and off it calls next or answers 404', async () => {
    const { webhooks, calls } = recorder();
    const middleware = createNodeMiddleware(webhooks);
    const body = JSON.stringify(opened);
    const ok = response();
    expect(await middleware(await nodeRequest('/api/github/webhooks', body), ok)).toBe(true);
    expect(ok.result).toEqual({ status: 200, body: 'ok\n' });
    expect(calls).toContain('issues.opened:7');
    const denied = response();
    await middleware(await nodeRequest('/api/github/webhooks', body, 'wrong'), denied);
    expect(denied.result.status).toBe(401);
    let nextCalled = false;
    const passed = response();
    expect(await middleware(await nodeRequest('/other', body), passed, () => (nextCalled = true))).toBe(false);
    expect([nextCalled, passed.result.status]).toEqual([true, 0]);
    const missing = response();
    await middleware(await nodeRequest('/other', body), missing);
    expect(missing.result.status).toBe(404);
  });
});
