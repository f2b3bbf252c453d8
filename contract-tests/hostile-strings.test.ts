// Hostile strings in every string parameter of every operation (issue 32,
// finding 7): each path, query and top-level JSON body string of each
// operation of the route table is sent, one at a time, as a lone surrogate,
// a NUL, `..`, `../x` and an over-long value, the other parameters naming
// real data (hostile-strings-fixture.ts) and the body otherwise the spec's
// example. No answer may be a 5xx (nor a dropped connection). Schemathesis
// draws such values only by chance; here each one is sent to each place.
//
// In URLs the values are bytes as a client sends them: the lone surrogate as
// its (invalid) UTF-8 bytes %ED%A0%80, NUL as %00, `..` raw (node:http, as
// fetch would resolve dot segments away), and two lengths: 7 KB, under the
// request-line cap so the handler sees it, and 12 KB, over it (414, so once
// per operation) yet under Node's 16 KB header limit so Wharf answers. In
// bodies they are JSON: `"\ud800"`, `"\u0000"`, and 100 KB.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { routeTable } from '../server/generated/routes.js';
import { startHostileFixture, type HostileFixture } from './hostile-strings-fixture.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const URL_VALUES: [string, string][] = [
  ['a lone surrogate', '%ED%A0%80'],
  ['NUL', '%00'],
  ['..', '..'],
  ['../x', '../x'],
  ['7 KB', 'a'.repeat(7_000)],
];
/** Refused before routing whatever it holds: sent once per operation, in its first string parameter. */
const OVER_CAP: [string, string] = ['12 KB', 'a'.repeat(12_000)];
const BODY_VALUES: [string, string][] = [
  ['a lone surrogate', '\ud800'],
  ['NUL', '\u0000'],
  ['..', '..'],
  ['../x', '../x'],
  ['100 KB', 'a'.repeat(100_000)],
];
/** Requests in flight at once (each operation's requests go one after another). */
const CONCURRENCY = 8;

type Schema = Record<string, any>;
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}
interface Case {
  operationId: string;
  what: string;
  method: string;
  path: string;
  body?: string;
  contentType?: string;
}

const spec = parse(readFileSync(join(HERE, '..', 'openapi.yaml'), 'utf8'));
const deref = (node: any): any => {
  while (node?.$ref)
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((at: any, key: string) => at[key.replace(/~1/g, '/')], spec);
  return node;
};
const isString = (schema: Schema | undefined): boolean => {
  const s = deref(schema);
  if (!s) return false;
  if (s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'))) return true;
  return [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].some(isString);
};
/** The string properties of a body schema (its allOf/oneOf/anyOf branches too). */
const stringProperties = (schema: Schema | undefined): string[] => {
  const s = deref(schema);
  if (!s) return [];
  const own = Object.entries<Schema>(s.properties ?? {})
    .filter(([, v]) => isString(v))
    .map(([k]) => k);
  return [
    ...new Set([...own, ...[...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(stringProperties)]),
  ];
};
const plainValue = (p: Parameter) =>
  String(p.example ?? deref(p.schema)?.example ?? deref(p.schema)?.default ?? deref(p.schema)?.enum?.[0] ?? 'x');

/** Every case of one operation: its request with each string parameter made hostile in turn. */
function parametersOf(operationId: keyof typeof routeTable): Parameter[] {
  const row = routeTable[operationId];
  const item = spec.paths[row.path];
  const op = item[row.method.toLowerCase()];
  return [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref);
}

/** The string parameters of an operation's URL, which each get every hostile value. */
const urlStringsOf = (operationId: keyof typeof routeTable) =>
  parametersOf(operationId).filter((p) => isString(p.schema) && (p.in === 'path' || p.in === 'query'));

function casesOf(fixture: HostileFixture, operationId: keyof typeof routeTable): Case[] {
  const row = routeTable[operationId];
  const op = spec.paths[row.path][row.method.toLowerCase()];
  const params = parametersOf(operationId);
  const pathValues = new Map(
    params.filter((p) => p.in === 'path').map((p) => [p.name, fixture.paramValue(operationId, row.path, p.name)]),
  );
  const baseQuery = params
    .filter((p) => p.in === 'query' && p.required)
    .map((p) => [p.name, encodeURIComponent(plainValue(p))] as const);
  const url = (paths: Map<string, string>, query: (readonly [string, string])[]) =>
    row.path.replace(/\{([^}]+)\}/g, (_, name: string) => paths.get(name)!) +
    (query.length ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '');
  const media = deref(op.requestBody)?.content?.['application/json'];
  const example = media ? (media.example ?? deref(Object.values<any>(media.examples ?? {})[0])?.value) : undefined;
  const exampleObject = example && typeof example === 'object' && !Array.isArray(example) ? example : undefined;
  const base = (): Pick<Case, 'body' | 'contentType'> => {
    if (row.rawBody) return { body: 'bytes', contentType: 'application/octet-stream' };
    return example === undefined ? {} : { body: JSON.stringify(example), contentType: 'application/json' };
  };
  // The request as the fixture and the example make it, but for a DELETE: the fixture is not to lose what it names.
  const cases: Case[] =
    row.method === 'DELETE'
      ? []
      : [{ operationId, what: 'the example', method: row.method, path: url(pathValues, baseQuery), ...base() }];
  const urlStrings = urlStringsOf(operationId);
  for (const p of urlStrings) {
    for (const [label, value] of p === urlStrings[0] ? [...URL_VALUES, OVER_CAP] : URL_VALUES) {
      const what = `${p.in} ${p.name} = ${label}`;
      const path =
        p.in === 'path'
          ? url(new Map([...pathValues, [p.name, value]]), baseQuery)
          : url(pathValues, [...baseQuery.filter(([k]) => k !== p.name), [p.name, value]]);
      cases.push({ operationId, what, method: row.method, path, ...base() });
    }
  }
  if (exampleObject && !row.rawBody) {
    for (const field of stringProperties(media.schema)) {
      for (const [label, value] of BODY_VALUES) {
        cases.push({
          operationId,
          what: `body ${field} = ${label}`,
          method: row.method,
          path: url(pathValues, baseQuery),
          body: JSON.stringify({ ...exampleObject, [field]: value }),
          contentType: 'application/json',
        });
      }
    }
  }
  return cases;
}

let fixture: HostileFixture;
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

// Some 40 requests and an app: more than the default hook time on a busy machine.
beforeAll(async () => {
  fixture = await startHostileFixture();
}, 180_000);
afterAll(async () => {
  agent.destroy();
  await fixture?.server.close();
});

/** The status of one case's answer (its body read and dropped), or the error that ended it. */
function send(c: Case, token: string): Promise<{ status: number; body: string } | { error: string }> {
  const { port } = new URL(fixture.server.url);
  return new Promise((resolve) => {
    const headers: Record<string, string> = { accept: 'application/vnd.github+json', authorization: `Bearer ${token}` };
    if (c.contentType) headers['content-type'] = c.contentType;
    if (c.body !== undefined) headers['content-length'] = String(Buffer.byteLength(c.body));
    // A body the server may leave unread (an early 404) ends its connection (http-server.ts): not one to reuse.
    const fresh = c.body !== undefined && c.body.length > 64 * 1024;
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: c.method,
        path: c.path,
        headers,
        agent: fresh ? false : agent,
        timeout: 30_000,
      },
      (res) => {
        let body = '';
        res
          .setEncoding('utf8')
          .on('data', (chunk: string) => void (body.length < 500 && (body += chunk)))
          .on('end', () => resolve({ status: res.statusCode!, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
    req.on('error', (error) => resolve({ error: error.message }));
    req.end(c.body);
  });
}

describe('hostile strings in every string parameter of every operation', () => {
  it('never answer 5xx', { timeout: 300_000 }, async () => {
    const operations = (Object.keys(routeTable) as (keyof typeof routeTable)[]).filter(
      (id) => routeTable[id].planned === null,
    );
    const queue = operations.map((id) => casesOf(fixture, id));
    const total = queue.reduce((n, cases) => n + cases.length, 0);
    // Every operation with a string path or query parameter ({owner} at least) gets cases beyond its
    // example; those without one (GET /, /meta, /user/emails, ids only…) may have nothing to vary.
    const unvaried = operations.filter(
      (id, i) => urlStringsOf(id).length > 0 && !queue[i]!.some((c) => c.what !== 'the example'),
    );
    expect(unvaried).toEqual([]);
    expect(operations.filter((id) => urlStringsOf(id).length > 0).length).toBeGreaterThan(operations.length * 0.8);
    const failures: string[] = [];
    const worker = async () => {
      for (let cases = queue.shift(); cases; cases = queue.shift()) {
        for (const c of cases) {
          const token =
            routeTable[c.operationId as keyof typeof routeTable].auth === 'app-jwt'
              ? fixture.appToken
              : fixture.owner.token;
          const answer = await send(c, token);
          if ('error' in answer) failures.push(`${c.operationId} (${c.what}): ${answer.error}`);
          else if (answer.status >= 500)
            failures.push(`${c.operationId} (${c.what}): ${answer.status} ${answer.body.slice(0, 200)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const errors = fixture.server.logs
      .filter((line) => line.includes('"level":"error"'))
      .slice(0, 10)
      .map((line) => line.slice(0, 600));
    expect(failures, `${failures.length} of ${total} requests failed; server errors:\n${errors.join('\n')}`).toEqual(
      [],
    );
    expect(total).toBeGreaterThan(2_000);
    // The fixture outlived them (`DELETE …/contents/..` once reached DELETE /repos/{owner}/{repo}).
    expect((await fixture.server.api('/repos/octocat/Hello-World', { token: fixture.owner.token })).status).toBe(200);
  });
});
