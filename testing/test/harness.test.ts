// What a team's tests rely on: each server is its own empty GitHub, fixtures
// made in-process are visible over the API, and an app's installation token
// works as on GitHub.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Wharf } from '../src/index.js';
import { start } from './start.js';

let a: Wharf;
let b: Wharf;

beforeAll(async () => {
  [a, b] = await Promise.all([start(), start()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

it('gives every server its own database: the same login exists apart on each, and nothing leaks across', async () => {
  const onA = await a.createUser('mona');
  const onB = await b.createUser('mona');
  await a.createRepository(onA, 'only-on-a', { autoInit: true });

  const repoOnA = await a.client(onA.token).repos.get({ owner: 'mona', repo: 'only-on-a' });
  expect(repoOnA.data?.default_branch).toBe('main');
  const repoOnB = await b.client(onB.token).repos.get({ owner: 'mona', repo: 'only-on-a' });
  expect(repoOnB.response.status).toBe(404);
  // A token is only good on the server that issued it.
  const crossed = await fetch(`${b.url}/user`, { headers: { authorization: `Bearer ${onA.token}` } });
  expect(crossed.status).toBe(401);
});

it('serves the same API under /api/v3 and makes organizations with their admin', async () => {
  const owner = await a.createUser('octo-admin');
  const org = await a.createOrg('octo-org', owner);
  const repo = await a.createRepository(org, 'tools', { private: true });
  expect(repo).toMatchObject({ fullName: 'octo-org/tools', private: true, owner: 'octo-org' });
  const read = await fetch(`${a.apiUrl}/repos/octo-org/tools`, { headers: { authorization: `Bearer ${owner.token}` } });
  expect(await read.json()).toMatchObject({ full_name: 'octo-org/tools', private: true, permissions: { admin: true } });
});

it('installs an app whose installation token reaches the selected repositories only, acting as its bot', async () => {
  const owner = await a.createUser('app-owner');
  await a.createRepository(owner, 'picked');
  await a.createRepository(owner, 'left-out', { private: true });
  const app = await a.createApp(owner, { name: 'Triage Bot', permissions: { issues: 'write' } });
  expect(app.slug).toBe('triage-bot');
  const installationId = await a.installApp(app, owner, ['picked']);
  const token = await a.installationToken(app, installationId);
  expect(token).toMatch(/^ghs_/);

  const bot = a.client(token);
  const reached = await bot.apps.listReposAccessibleToInstallation();
  expect(reached.data?.repositories.map((r) => r.full_name)).toEqual(['app-owner/picked']);
  const issue = await bot.issues.create({ owner: 'app-owner', repo: 'picked', body: { title: 'from the app' } });
  expect(issue.response.status).toBe(201);
  expect(issue.data?.user?.login).toBe('triage-bot[bot]');
  const hidden = await bot.repos.get({ owner: 'app-owner', repo: 'left-out' });
  // Refused as Wharf refuses what an installation's grant does not cover.
  expect(hidden.data).toBeUndefined();
  expect([403, 404]).toContain(hidden.response.status);
});
