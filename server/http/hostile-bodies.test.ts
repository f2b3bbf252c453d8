// Every body reader against hostile uploads over real sockets: a declared
// length above the cap is refused before the body is read, a chunked body is
// cut off at the cap, a body of exactly the cap is read, a slow trickle is
// timed out, and a client that hangs up mid-body is not a server error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload, type UploadOptions } from '../test-support/hostile-client.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { MAX_FORM_BYTES } from '../web/web-request.js';

const CAP = 64 * 1024;
const MB = 1024 * 1024;
/** Far more than any socket buffers: a server that reads the body whole lets the client send it all. */
const HUGE = 100 * MB;

let server: TestServer;
let port: number;
let alice: TestUser;

beforeAll(async () => {
  server = await startTestServer({
    WHARF_MAX_BODY_BYTES: String(CAP),
    WHARF_BODY_TIMEOUT: '1s',
    WHARF_LOG_LEVEL: 'info',
  });
  port = Number(new URL(server.url).port);
  alice = await server.createUser('alice');
});
afterAll(() => server?.close());

const json = { 'content-type': 'application/json' };
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const send = (options: Omit<UploadOptions, 'port'>) => upload({ port, ...options });
const bodyOf = (response: string) => response.slice(response.indexOf('\r\n\r\n') + 4);

/** A JSON object padded with trailing spaces (still valid JSON) to exactly `bytes`. */
function paddedJson(value: unknown, bytes: number): string {
  const text = JSON.stringify(value);
  return text + ' '.repeat(bytes - Buffer.byteLength(text));
}

/** Sends `text` as the body (small enough to build), framed as asked. */
async function sendText(
  path: string,
  text: string,
  headers: Record<string, string>,
  framing: 'length' | 'chunked' = 'length',
) {
  const { request } = await import('node:http');
  return new Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }>(
    (resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: framing === 'length' ? { ...headers, 'content-length': String(Buffer.byteLength(text)) } : headers,
        },
        (res) => {
          let body = '';
          res
            .setEncoding('utf8')
            .on('data', (c: string) => (body += c))
            .on('end', () => resolve({ status: res.statusCode!, body, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(text);
    },
  );
}

describe('a REST JSON operation (POST /user/repos)', () => {
  const auth = () => ({ ...json, authorization: `token ${alice.token}` });

  it('refuses a Content-Length above the cap before reading the body: 413, GitHub error body, connection closed', async () => {
    const result = await send({ path: '/user/repos', headers: auth(), bytes: HUGE });
    expect(result.status).toBe(413);
    expect(JSON.parse(bodyOf(result.response))).toMatchObject({
      message: 'Payload too large',
      documentation_url: expect.any(String),
    });
    expect(result.response).toMatch(/\r\nconnection: close\r\n/i);
    expect(result.closedByServer).toBe(true);
    // Answered while the client had sent only what fits in socket buffers, not 100 MB.
    expect(result.sentBeforeResponse).toBeLessThan(16 * MB);
  });

  it('with Expect: 100-continue, answers 413 before the client sends any of the body', async () => {
    const { connect } = await import('node:net');
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.write(
      `POST /user/repos HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: token ${alice.token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${HUGE}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).not.toContain('100 Continue');
  });

  it('with Expect: 100-continue, says 100 Continue once it reads the body', async () => {
    const { connect } = await import('node:net');
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const body = JSON.stringify({ name: 'after-continue' });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer === 'HTTP/1.1 100 Continue\r\n\r\n') socket.write(body);
      if (/\r\n\r\n\{/.test(answer.slice(25))) socket.end();
    });
    socket.write(
      `POST /user/repos HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: token ${alice.token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    );
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 /);
  });

  it('cuts off a chunked body as soon as it passes the cap: 413 and the connection is closed', async () => {
    const result = await send({ path: '/user/repos', headers: auth(), bytes: HUGE, framing: 'chunked' });
    expect(result.status).toBe(413);
    expect(result.closedByServer).toBe(true);
    expect(result.sentBeforeResponse).toBeLessThan(16 * MB);
  });

  it('reads a body of exactly the cap, and refuses one byte more, with either framing', async () => {
    for (const framing of ['length', 'chunked'] as const) {
      const name = `at-cap-${framing}`;
      const ok = await sendText('/user/repos', paddedJson({ name }, CAP), auth(), framing);
      expect(ok.status, ok.body).toBe(201);
      const over = await sendText('/user/repos', paddedJson({ name: `${name}-2` }, CAP + 1), auth(), framing);
      expect(over.status).toBe(413);
    }
  });

  it('closes a connection answered (401) before its large body was read, without reading it', async () => {
    const result = await send({ path: '/user/repos', headers: json, bytes: HUGE });
    expect(result.status).toBe(401);
    expect(result.closedByServer).toBe(true);
    expect(result.sentBeforeResponse).toBeLessThan(16 * MB);
  });

  it('keeps a kept-alive connection whose small unread body had already arrived', async () => {
    const { Agent, request } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = request(
          {
            host: '127.0.0.1',
            port,
            path: '/user/repos',
            method: 'POST',
            agent,
            headers: { ...json, 'content-length': '12' },
          },
          (res) => {
            ports.push(res.socket.localPort!);
            res.resume().on('end', () => resolve());
          },
        );
        req.on('error', reject);
        req.end('{"name":"x"}');
      });
    }
    agent.destroy();
    expect(ports[0]).toBe(ports[1]);
  });
});

describe('an OAuth form endpoint (POST /login/oauth/access_token)', () => {
  it('refuses an oversized form before reading it, and reads one of exactly the cap', async () => {
    const refused = await send({
      path: '/login/oauth/access_token',
      headers: { ...form, accept: 'application/json' },
      bytes: HUGE,
    });
    expect(refused.status).toBe(413);
    expect(refused.sentBeforeResponse).toBeLessThan(16 * MB);
    const fields = 'client_id=nope&grant_type=authorization_code&code=x&pad=';
    const atCap = await sendText('/login/oauth/access_token', fields + 'a'.repeat(CAP - fields.length), {
      ...form,
      accept: 'application/json',
    });
    expect(atCap.status).toBe(200);
    expect(JSON.parse(atCap.body)).toMatchObject({ error: 'incorrect_client_credentials' });
  });

  it('cuts off a chunked form at the cap', async () => {
    const result = await send({ path: '/login/oauth/access_token', headers: form, bytes: HUGE, framing: 'chunked' });
    expect(result.status).toBe(413);
    expect(result.closedByServer).toBe(true);
  });
});

describe('GraphQL (POST /api/graphql)', () => {
  it('refuses a Content-Length above the cap and cuts off a chunked body at it', async () => {
    const headers = { ...json, authorization: `token ${alice.token}` };
    for (const framing of ['length', 'chunked'] as const) {
      const result = await send({ path: '/api/graphql', headers, bytes: HUGE, framing });
      expect(result.status).toBe(413);
      expect(
        JSON.parse(
          bodyOf(result.response)
            .replace(/^[0-9a-f]+\r\n/, '')
            .replace(/\r\n0\r\n\r\n$/, ''),
        ),
      ).toMatchObject({ message: 'Payload too large' });
      expect(result.sentBeforeResponse).toBeLessThan(16 * MB);
    }
  });

  it('reads a query of exactly the cap', async () => {
    const ok = await sendText('/api/graphql', paddedJson({ query: '{ viewer { login } }' }, CAP), {
      ...json,
      authorization: `token ${alice.token}`,
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toEqual({ data: { viewer: { login: 'alice' } } });
  });
});

describe('a web form (POST /login)', () => {
  it('answers an oversized form with a 413 page (it used to be read as an empty form)', async () => {
    for (const framing of ['length', 'chunked'] as const) {
      const result = await send({ path: '/login', headers: form, bytes: HUGE, framing });
      expect(result.status).toBe(413);
      expect(result.response).toMatch(/content-type: text\/html/i);
      expect(result.response).toContain('The form is too large.');
      expect(result.sentBeforeResponse).toBeLessThan(16 * MB);
    }
  });

  it('reads a form of exactly its 64 KiB cap', async () => {
    const fields = 'login=alice&password=wrong&pad=';
    const atCap = await sendText('/login', fields + 'a'.repeat(MAX_FORM_BYTES - fields.length), form);
    expect(atCap.status).toBe(401);
    expect(atCap.body).toContain('Incorrect username or password.');
  });
});

describe('a slow body (slowloris)', () => {
  it('is cut off with 408 once the body timeout (1 s here) has passed, and the connection closed', async () => {
    const result = await send({
      path: '/user/repos',
      headers: { ...json, authorization: `token ${alice.token}` },
      bytes: 1000,
      chunkBytes: 10,
      delayMs: 200,
    });
    expect(result.status).toBe(408);
    expect(result.closedByServer).toBe(true);
    expect(result.sentBeforeResponse).toBeLessThan(1000);
    expect(result.elapsedMs).toBeLessThan(5000);
  });
});

describe('a client that hangs up mid-body', () => {
  it('is not logged as an error, and the server keeps serving', async () => {
    const before = server.logs.length;
    for (const path of ['/user/repos', '/login/oauth/access_token', '/api/graphql', '/login']) {
      const result = await send({
        path,
        headers: { ...json, authorization: `token ${alice.token}` },
        bytes: 1_000_000,
        chunkBytes: 10_000,
        abortAfter: 10_000,
      });
      expect(result.status).toBeUndefined();
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = server.logs.slice(before).map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(lines.filter((line) => line.level === 'error' || line.level === 'warn')).toEqual([]);
    expect((await server.api('/user', { token: alice.token })).status).toBe(200);
  });
});
