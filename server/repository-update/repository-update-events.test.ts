// `repository` events of PATCH /repos/{owner}/{repo}, read from the outbox:
// a repository hook subscribed to `repository` gets renamed, edited,
// privatized/publicized and archived/unarchived, in that order when one
// request changes several, each valid against GitHub's schema (the outbox
// reader checks it); a request that changes nothing GitHub reports, or is
// refused, writes none; an installed app subscribed to `repository` gets them too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';
import { createTestApp, installTestApp } from '../test-support/apps.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';

let server: TestServer;
let alice: TestUser;
let repoId: number;
let newEvents: () => Promise<QueuedEvent[]>;

const patch = (name: string, body: Record<string, unknown>) =>
  server.api(`/repos/alice/${name}`, { method: 'PATCH', token: alice.token, body });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  repoId = await hookedRepository(server, alice, 'notes', ['repository']);
  expect(
    (await server.api('/user/repos', { method: 'POST', token: alice.token, body: { name: 'taken' } })).status,
  ).toBe(201);
  newEvents = outboxReader(server, { repositoryIds: [repoId] });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

describe('repository events of an update', () => {
  it('renamed, with the old name in changes and the new one in the repository', async () => {
    expect((await patch('notes', { name: 'journal' })).status).toBe(200);
    const events = await newEvents();
    expect(actions(events)).toEqual(['repository.renamed']);
    expect(events[0]!.payload).toMatchObject({
      changes: { repository: { name: { from: 'notes' } } },
      repository: { id: repoId, name: 'journal', full_name: 'alice/journal' },
      sender: { login: 'alice' },
    });
    // A personal repository's payload names no organization.
    expect(events[0]!.payload.organization).toBeUndefined();
  });

  it('one request changing several things: each event once, in GitHub`s order', async () => {
    const res = await patch('journal', {
      description: 'Daily notes',
      default_branch: 'main',
      private: true,
      archived: true,
    });
    expect(res.status).toBe(200);
    const events = await newEvents();
    expect(actions(events)).toEqual(['repository.edited', 'repository.privatized', 'repository.archived']);
    expect(events[0]!.payload.changes).toEqual({ description: { from: null } });
    expect(events[2]!.payload.repository).toMatchObject({ private: true, archived: true });
    expect((await patch('journal', { archived: false, private: false })).status).toBe(200);
    expect(actions(await newEvents())).toEqual(['repository.publicized', 'repository.unarchived']);
  });

  it('writes nothing for a change GitHub reports nothing of, or a refused one', async () => {
    expect((await patch('journal', { description: 'Daily notes', has_wiki: false })).status).toBe(200);
    expect(await newEvents()).toEqual([]);
    expect((await patch('journal', { name: 'taken' })).status).toBe(422);
    expect(await newEvents()).toEqual([]);
  });

  it('reaches an installed app subscribed to `repository`, with its installation', async () => {
    const app = await createTestApp(server, alice.id, 'Repo Watcher', { metadata: 'read' }, ['repository']);
    await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: 'https://example.com/app-hook' }));
    const installation = await installTestApp(server, app.app, alice.id);
    expect((await patch('journal', { homepage: 'https://example.com' })).status).toBe(200);
    const events = await newEvents();
    expect(actions(events)).toEqual(['repository.edited', 'repository.edited']);
    const toApp = events.find((e) => e.payload.installation);
    expect(toApp?.payload).toMatchObject({
      changes: { homepage: { from: null } },
      installation: { id: installation.id },
    });
  });
});
