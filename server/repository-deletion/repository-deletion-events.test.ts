// Deleting a repository, seen by the apps installed on it (GitHub's behaviour:
// repository-deletion-events.ts): `installation_repositories` removed to
// every installation that reached it (selected or all), `repository` deleted
// to those that subscribe to `repository`, nothing to repository hooks, and
// nothing to installations that did not reach it. Each payload is checked
// against @octokit/openapi-webhooks (outboxReader) and our contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, installTestApp, type TestApp } from '../test-support/apps.js';
import { schemaErrors } from '../test-support/contract-schema.js';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { actions, hookedRepository, outboxReader, type QueuedEvent } from '../test-support/webhook-outbox.js';
import { setAppHook } from '../apps/app-hooks/app-hooks-store.js';

let server: TestServer;
let owner: TestUser;
let outsider: TestUser;
let newEvents: () => Promise<QueuedEvent[]>;
let watcher: TestApp;
let bystander: TestApp;
const hookOf: Record<number, string> = {};
const installationOf = { watcher: 0, bystander: 0 };
const repoIds: Record<string, number> = {};

/** The events written since the last call, each as `app: event.action`, payloads also valid against our contract. */
async function sent(): Promise<{ names: string[]; jobs: QueuedEvent[] }> {
  const jobs = await newEvents();
  for (const job of jobs) expect(schemaErrors('webhook-payload', job.payload), `${job.event}.${job.action}`).toBe('');
  return { names: jobs.map((job) => `${hookOf[job.hook_id] ?? 'repository hook'}: ${actions([job])[0]}`), jobs };
}

async function withHook(name: string, events: string[]): Promise<TestApp> {
  const app = await createTestApp(server, owner.id, name, { contents: 'read' }, events);
  const hook = await server.sql.begin((tx) => setAppHook(tx, app.app.id, { url: 'https://example.com/app-hook' }));
  hookOf[hook.id] = name;
  return app;
}

const remove = (name: string, token = owner.token) =>
  server.api(`/repos/${owner.login}/${name}`, { method: 'DELETE', token });

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  owner = await server.createUser('deleting-owner');
  outsider = await server.createUser('deleting-outsider');
  for (const name of ['selected', 'unselected', 'third'])
    repoIds[name] = await hookedRepository(server, owner, name, ['*']);
  // Subscribes to `repository`, installed on one selected repository.
  watcher = await withHook('Deletion Watcher', ['repository']);
  installationOf.watcher = (
    await installTestApp(server, watcher.app, owner.id, { repositoryIds: [repoIds.selected!] })
  ).id;
  // Subscribes to nothing, installed on all of the owner's repositories.
  bystander = await withHook('All Repos Bystander', []);
  installationOf.bystander = (await installTestApp(server, bystander.app, owner.id, { repositoryIds: null })).id;
  newEvents = outboxReader(server, { events: ['repository', 'installation_repositories', 'installation'] });
  await newEvents();
});
afterAll(() => server?.close());

describe('deleting a repository, seen by installed apps', () => {
  it('a refused deletion (a reader of a public repository: 403) writes nothing', async () => {
    expect((await remove('selected', outsider.token)).status).toBe(403);
    expect((await sent()).names).toEqual([]);
  });

  it('a selected repository: repository deleted and installation_repositories removed to the subscriber, removed to the all-repositories one', async () => {
    expect((await remove('selected')).status).toBe(204);
    const { names, jobs } = await sent();
    expect(names).toEqual([
      'Deletion Watcher: repository.deleted',
      'Deletion Watcher: installation_repositories.removed',
      'All Repos Bystander: installation_repositories.removed',
    ]);
    const [deleted, watcherRemoved, bystanderRemoved] = jobs.map((job) => job.payload);
    expect(deleted).toMatchObject({
      action: 'deleted',
      repository: { id: repoIds.selected, full_name: `${owner.login}/selected` },
      sender: { login: owner.login },
      installation: { id: installationOf.watcher },
    });
    expect(watcherRemoved).toMatchObject({
      action: 'removed',
      repository_selection: 'selected',
      repositories_added: [],
      installation: { id: installationOf.watcher },
      repositories_removed: [
        { id: repoIds.selected, full_name: `${owner.login}/selected`, name: 'selected', private: false },
      ],
      sender: { login: owner.login },
    });
    expect(bystanderRemoved).toMatchObject({
      repository_selection: 'all',
      installation: { id: installationOf.bystander },
      repositories_removed: [{ id: repoIds.selected }],
    });
    // The installation stays, now selecting nothing.
    const [row] = await server.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM installation_repositories WHERE installation_id = ${installationOf.watcher}`;
    expect(row!.n).toBe(0);
  });

  it('a repository an installation did not select: only the installations that reached it hear of it', async () => {
    expect((await remove('unselected')).status).toBe(204);
    const { names, jobs } = await sent();
    expect(names).toEqual(['All Repos Bystander: installation_repositories.removed']);
    expect(jobs[0]!.payload.repositories_removed).toMatchObject([{ id: repoIds.unselected }]);
  });

  it('with no installation reaching it, nothing', async () => {
    await server.sql`DELETE FROM installations WHERE id = ${installationOf.bystander}`;
    expect((await remove('third')).status).toBe(204);
    expect((await sent()).names).toEqual([]);
  });
});
