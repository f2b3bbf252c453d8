// Generated release notes on a repository with three pull requests merged
// through the merge API (merge, squash and rebase): GitHub's markdown, the
// range from the previous release's tag (or previous_tag_name) to the tag or
// target, and the 422s. The body is checked against @octokit/openapi.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBothSchemas } from '../test-support/response-schemas.js';
import { MergeTestRepo } from '../test-support/merge-test-repo.js';

let t: MergeTestRepo;
const REPO = '/repos/alice/proj';

const notes = (body: Record<string, unknown>, token = t.alice.token) =>
  t.call(`${REPO}/releases/generate-notes`, { method: 'POST', token, body });

beforeAll(async () => {
  t = await MergeTestRepo.start();
  expect(
    (await t.call(`${REPO}/releases`, { method: 'POST', token: t.alice.token, body: { tag_name: 'v0' } })).status,
  ).toBe(201);
  const methods = ['merge', 'squash', 'rebase'] as const;
  for (const [i, method] of methods.entries()) {
    await t.commitAndPush(`f${i}`, { [`f${i}.txt`]: `feature ${i}\n` }, `feature ${i}`, 'main');
    const pull = await t.open(`f${i}`, `Feature ${i}`);
    await t.computed(pull.number);
    const merged = await t.merge(pull.number, { merge_method: method });
    expect(merged.status).toBe(200);
  }
}, 120_000);
afterAll(() => t.close());

describe('generate release notes', () => {
  it('lists the three merged pull requests since the previous release, in GitHub’s markdown', async () => {
    const res = await notes({ tag_name: 'v1' });
    expect(res.status).toBe(200);
    expectBothSchemas(
      res.json,
      { path: '/repos/{owner}/{repo}/releases/generate-notes', method: 'post' },
      { operationId: 'repos/generate-release-notes' },
    );
    const url = t.server.url;
    expect(res.json).toEqual({
      name: 'v1',
      body:
        "## What's Changed\n" +
        `* Feature 0 by @alice in ${url}/alice/proj/pull/1\n` +
        `* Feature 1 by @alice in ${url}/alice/proj/pull/2\n` +
        `* Feature 2 by @alice in ${url}/alice/proj/pull/3\n\n` +
        // alice's first merged pull request in the repository is one of these.
        '## New Contributors\n' +
        `* @alice made their first contribution in ${url}/alice/proj/pull/1\n\n` +
        `**Full Changelog**: ${url}/alice/proj/compare/v0...v1`,
    });
  });

  it('starts from previous_tag_name, and from the newest release once v1 is published', async () => {
    expect(
      (await t.call(`${REPO}/releases`, { method: 'POST', token: t.alice.token, body: { tag_name: 'v1' } })).status,
    ).toBe(201);
    const again = await notes({ tag_name: 'v1', previous_tag_name: 'v0' });
    expect(again.json.body.match(/^\* Feature \d by /gm)).toHaveLength(3);
    const next = await notes({ tag_name: 'v2' });
    expect(next.json).toEqual({ name: 'v2', body: `**Full Changelog**: ${t.server.url}/alice/proj/compare/v1...v2` });
    // Without a previous release, from the first commit: GitHub's commits link.
    const first = await notes({ tag_name: 'v0', previous_tag_name: 'v0' });
    expect(first.json.body).toBe(`**Full Changelog**: ${t.server.url}/alice/proj/compare/v0...v0`);
  });

  it('create-release with generate_release_notes: the generated name, and the given body first', async () => {
    const res = await t.call(`${REPO}/releases`, {
      method: 'POST',
      token: t.alice.token,
      body: { tag_name: 'v0.5', target_commitish: 'main', body: 'Intro', generate_release_notes: true, draft: true },
    });
    expect(res.status).toBe(201);
    expect(res.json.name).toBe('v0.5');
    // The newest published release that is an ancestor of main is v1: nothing merged since.
    expect(res.json.body).toBe(`Intro\n\n**Full Changelog**: ${t.server.url}/alice/proj/compare/v1...v0.5`);
    const named = await t.call(`${REPO}/releases`, {
      method: 'POST',
      token: t.alice.token,
      body: { tag_name: 'v0.6', name: 'Mine', generate_release_notes: true, draft: true },
    });
    expect(named.json).toMatchObject({
      name: 'Mine',
      body: `**Full Changelog**: ${t.server.url}/alice/proj/compare/v1...v0.6`,
    });
  });

  it('422 for an unknown target or previous tag; 403 without push access', async () => {
    const target = await notes({ tag_name: 'v9', target_commitish: 'nope' });
    expect(target.status).toBe(422);
    expect(target.json.errors).toEqual([{ resource: 'Release', code: 'invalid', field: 'target_commitish' }]);
    expect((await notes({ tag_name: 'v9', previous_tag_name: 'nope' })).status).toBe(422);
    expect((await notes({ tag_name: 'v9' }, t.carol.token)).status).toBe(403);
  });
});
