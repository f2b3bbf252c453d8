// The `release` events of each transition, exactly the actions GitHub sends,
// in order, each payload valid against @octokit/openapi-webhooks (the outbox
// reader checks every one) and against our contract's webhook payload; and
// publishing a release whose tag is new fires `create` and `push` for it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaErrors } from '../test-support/contract-schema.js';
import { startRepositoryFixture } from '../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { actions, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let newEvents: () => Promise<QueuedEvent[]>;

const REPO = '/repos/alice/evented';
const json = async (res: Response) => (await res.json()) as any;

beforeAll(async () => {
  let repo: { id: number };
  ({
    server,
    owner: alice,
    repo,
  } = await startRepositoryFixture('evented', { hookEvents: ['release', 'create', 'push'] }));
  newEvents = outboxReader(server, { repositoryIds: [repo.id] });
});
afterAll(() => server.close());

/** The events written since the last call, as `event.action`, each payload also valid against our schema. */
async function sent(): Promise<{ names: string[]; jobs: QueuedEvent[] }> {
  const jobs = await newEvents();
  for (const job of jobs) expect(schemaErrors('webhook-payload', job.payload), `${job.event} ${job.action}`).toBe('');
  return { names: actions(jobs), jobs };
}

let next = 0;
async function created(body: Record<string, unknown>) {
  const res = await server.api(`${REPO}/releases`, {
    method: 'POST',
    token: alice.token,
    body: { tag_name: `t${++next}`, ...body },
  });
  expect(res.status).toBe(201);
  return json(res);
}
const patch = async (id: number, body: Record<string, unknown>) => {
  const res = await server.api(`${REPO}/releases/${id}`, { method: 'PATCH', token: alice.token, body });
  expect(res.status).toBe(200);
  return json(res);
};

describe('release events', () => {
  it('create a draft: created (no tag yet, so no create or push)', async () => {
    await created({ draft: true });
    expect((await sent()).names).toEqual(['release.created']);
  });

  it('create a published release: the tag’s create and push, then created, published, released', async () => {
    const r = await created({});
    const { names, jobs } = await sent();
    expect(names).toEqual(['create', 'push', 'release.created', 'release.published', 'release.released']);
    expect(jobs[0]!.payload).toMatchObject({ ref: r.tag_name, ref_type: 'tag' });
    expect(jobs[2]!.payload.release).toMatchObject({ id: r.id, draft: false });
  });

  it('create a published prerelease: created, published, prereleased', async () => {
    await created({ prerelease: true });
    expect((await sent()).names).toEqual([
      'create',
      'push',
      'release.created',
      'release.published',
      'release.prereleased',
    ]);
  });

  it('draft → published: published, released; draft → published prerelease: published alone (GitHub sends no prereleased then)', async () => {
    const a = await created({ draft: true });
    const b = await created({ draft: true, prerelease: true });
    await sent();
    await patch(a.id, { draft: false });
    expect((await sent()).names).toEqual(['create', 'push', 'release.published', 'release.released']);
    await patch(b.id, { draft: false });
    expect((await sent()).names).toEqual(['create', 'push', 'release.published']);
  });

  it('prerelease → release: released; release → prerelease: prereleased; published → draft: unpublished', async () => {
    const r = await created({ prerelease: true });
    await sent();
    await patch(r.id, { prerelease: false });
    expect((await sent()).names).toEqual(['release.released']);
    await patch(r.id, { prerelease: true });
    expect((await sent()).names).toEqual(['release.prereleased']);
    const unpublished = await patch(r.id, { draft: true });
    const { names, jobs } = await sent();
    expect(names).toEqual(['release.unpublished']);
    expect(jobs[0]!.payload.release).toMatchObject({ id: unpublished.id, draft: true, published_at: null });
  });

  it('edited with changes of name, body, tag_name and make_latest; nothing for an empty change', async () => {
    const r = await created({ name: 'Old', body: 'old body', make_latest: 'false' });
    await sent();
    await patch(r.id, { name: 'Old' });
    expect((await sent()).names).toEqual([]);
    await patch(r.id, { name: 'New', body: 'new body', tag_name: 'renamed', make_latest: 'true' });
    // The new tag of a published release is created (GitHub does too); the old one stays.
    const { names, jobs } = await sent();
    expect(names).toEqual(['create', 'push', 'release.edited']);
    expect(jobs[2]!.payload.changes).toEqual({
      name: { from: 'Old' },
      body: { from: 'old body' },
      tag_name: { from: r.tag_name },
      make_latest: { to: true },
    });
    // A draft edited and published in one request: edited first, then published and released.
    const d = await created({ draft: true, name: 'Draft' });
    await sent();
    await patch(d.id, { draft: false, name: 'Final' });
    expect((await sent()).names).toEqual(['create', 'push', 'release.edited', 'release.published', 'release.released']);
  });

  it('delete: deleted, with the release as it was; nothing for a refused change', async () => {
    const r = await created({});
    await sent();
    expect(
      (await server.api(`${REPO}/releases`, { method: 'POST', token: alice.token, body: { tag_name: r.tag_name } }))
        .status,
    ).toBe(422);
    expect((await sent()).names).toEqual([]);
    expect((await server.api(`${REPO}/releases/${r.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    const { names, jobs } = await sent();
    expect(names).toEqual(['release.deleted']);
    expect(jobs[0]!.payload.release).toMatchObject({ id: r.id, tag_name: r.tag_name });
  });

  it('a release’s assets, digest included, are in its payloads (published, deleted)', async () => {
    const d = await created({ draft: true });
    const bytes = Buffer.from('asset bytes\n');
    const upload = await fetch(d.upload_url.replace('{?name,label}', '?name=tool.bin'), {
      method: 'POST',
      headers: { authorization: `token ${alice.token}` },
      body: bytes,
    });
    expect(upload.status).toBe(201);
    await sent();
    const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    await patch(d.id, { draft: false });
    const published = (await sent()).jobs.find((j) => j.event === 'release' && j.action === 'published')!;
    expect(published.payload.release.assets).toMatchObject([{ name: 'tool.bin', size: bytes.length, digest }]);
    expect((await server.api(`${REPO}/releases/${d.id}`, { method: 'DELETE', token: alice.token })).status).toBe(204);
    expect((await sent()).jobs[0]!.payload.release.assets).toMatchObject([{ name: 'tool.bin', digest }]);
  });
});
