// Typed handlers on real deliveries: a live Wharf sends issues.opened,
// issue_comment.created, pull_request.opened and push to a node:http server
// running createNodeMiddleware, and each handler sees its payload typed by
// GitHub's schema. A hook with another secret gets 401 and reaches no handler;
// a handler that throws makes the middleware answer 500, as Wharf records.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../server/test-support/test-server.js';
import { createClient, createNodeMiddleware, Webhooks, type WharfClient } from '../src/index.js';
import { until } from './support/poll.js';

const SECRET = 'handler secret';
const repo = { owner: 'alice', repo: 'typed' };
let server: TestServer;
let client: WharfClient;
let node: Server;
let hookUrl: string;

const webhooks = new Webhooks({ secret: SECRET });
/** What the handlers saw, as `<handler> <detail> <hook id>`. */
const seen: string[] = [];
const errors: string[] = [];
webhooks.on('issues.opened', ({ name, payload, hookId }) => {
  seen.push(`${name}.${payload.action} #${payload.issue.number} ${payload.issue.title} ${hookId}`);
});
webhooks.on('issue_comment.created', ({ payload, hookId }) => {
  seen.push(`comment ${payload.comment.body} on #${payload.issue.number} ${hookId}`);
});
webhooks.on('pull_request.opened', ({ payload, hookId }) => {
  seen.push(`pull ${payload.pull_request.head.ref}->${payload.pull_request.base.ref} ${hookId}`);
});
webhooks.on('push', ({ payload, hookId }) => {
  seen.push(`push ${payload.ref} ${payload.commits.length} ${hookId}`);
});
webhooks.on('issues.closed', () => {
  throw new Error('closing is not allowed here');
});
webhooks.onError((error) => errors.push(`${error.event.name} ${error.message}`));

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_ALLOWED_HOSTS: 'loopback', WHARF_WEBHOOK_RETRY_SCHEDULE: 'none' });
  const alice = await server.createUser('alice');
  client = createClient({ baseUrl: server.url, token: alice.token });
  const middleware = createNodeMiddleware(webhooks, { path: '/hooks' });
  node = createServer((req, res) => void middleware(req, res));
  await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', () => resolve()));
  hookUrl = `http://127.0.0.1:${(node.address() as { port: number }).port}/hooks`;
  expect(
    (await client.repos.createForAuthenticatedUser({ body: { name: 'typed', auto_init: true } })).response.status,
  ).toBe(201);
});
afterAll(async () => {
  node?.closeAllConnections();
  await new Promise<void>((resolve) => node?.close(() => resolve()));
  await server?.close();
});

const events = ['issues', 'issue_comment', 'pull_request', 'push'] as const;
/** The status codes Wharf recorded for a hook's deliveries (not its ping), once there are `count`. */
const statuses = (hookId: number, count: number) =>
  until(async () => {
    const deliveries = (await client.hooks.listDeliveries({ ...repo, hook_id: hookId })).data ?? [];
    const codes = deliveries.filter((d) => d.event !== 'ping').map((d) => d.status_code);
    return codes.length >= count ? codes.sort() : undefined;
  });

describe('Webhooks handlers behind createNodeMiddleware, on a live Wharf', () => {
  it('sees issues.opened, issue_comment.created, pull_request.opened and push, typed; refuses another secret', async () => {
    const good = (
      await client.hooks.create({ ...repo, body: { config: { url: hookUrl, secret: SECRET }, events: [...events] } })
    ).data!;
    const bad = (
      await client.hooks.create({
        ...repo,
        body: { config: { url: hookUrl, secret: 'not ours' }, events: [...events] },
      })
    ).data!;

    const issue = (await client.issues.create({ ...repo, body: { title: 'Typed at last' } })).data!;
    await client.issues.createComment({ ...repo, issue_number: issue.number, body: { body: 'me too' } });
    const main = (await client.git.getRef({ ...repo, ref: 'heads/main' })).data!;
    await client.git.createRef({ ...repo, body: { ref: 'refs/heads/topic', sha: main.object.sha } });
    await client.repos.createOrUpdateFileContents({
      ...repo,
      path: 'topic.txt',
      body: { message: 'Add topic', content: btoa('topic\n'), branch: 'topic' },
    });
    await client.pulls.create({ ...repo, body: { title: 'Topic', head: 'topic', base: 'main' } });

    const expected = [
      `issues.opened #${issue.number} Typed at last ${good.id}`,
      `comment me too on #${issue.number} ${good.id}`,
      `push refs/heads/topic 0 ${good.id}`,
      `push refs/heads/topic 1 ${good.id}`,
      `pull topic->main ${good.id}`,
    ];
    await until(async () => (seen.length >= expected.length ? true : undefined));
    expect([...seen].sort()).toEqual([...expected].sort());
    // Every delivery to the other-secret hook was answered 401, and none reached a handler (above).
    expect(await statuses(bad.id, expected.length)).toEqual(Array(expected.length).fill(401));
    expect(await statuses(good.id, expected.length)).toEqual(Array(expected.length).fill(200));

    // A handler that throws: the middleware answers 500 and onError sees the aggregate.
    await client.issues.update({ ...repo, issue_number: issue.number, body: { state: 'closed' } });
    await until(async () => (errors.length > 0 ? true : undefined));
    expect(errors).toEqual(['issues closing is not allowed here']);
    expect(await statuses(good.id, expected.length + 1)).toEqual([...Array(expected.length).fill(200), 500]);
  });
});
