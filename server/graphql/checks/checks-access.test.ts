// Who sees a commit's checks and statuses over GraphQL: an installation the
// parts its `checks: read` and `statuses: read` cover (the rollup, suites,
// Commit.status, node(id)), and a private repository's checks those who may
// read it only.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/apps.js';
import { repositoryWithReadme, rest } from '../../test-support/graphql/pull-fixture.js';
import {
  checksFixture,
  ciToken,
  gql,
  head,
  owner,
  runs,
  server,
  stranger,
  tokenOf,
} from '../../test-support/graphql/checks-fixture.js';

checksFixture();

describe('who sees checks and statuses', () => {
  const ROLLUP = `{ repository(owner: "ci-owner", name: "proj") { object(expression: "feature") { ... on Commit {
    statusCheckRollup { state contexts(first: 10) { checkRunCount statusContextCount } } } } } }`;
  const SUITES = `{ repository(owner: "ci-owner", name: "proj") { object(expression: "feature") { ... on Commit { checkSuites(first: 5) { totalCount } } } } }`;
  const STATUS = `{ repository(owner: "ci-owner", name: "proj") { object(expression: "feature") { ... on Commit { status { state } } } } }`;

  it('an installation reads the checks with `checks: read` and the statuses with `statuses: read`', async () => {
    const checksOnly = await tokenOf(await createTestApp(server, owner.id, 'Checks Reader', { checks: 'read' }));
    const statusesOnly = await tokenOf(await createTestApp(server, owner.id, 'Status Reader', { statuses: 'read' }));
    const rollup = async (token: string) => (await gql(ROLLUP, token)).data!.repository.object.statusCheckRollup;
    // Each sees its part of the rollup, and the state of that part.
    expect(await rollup(checksOnly)).toEqual({
      state: 'PENDING',
      contexts: { checkRunCount: 3, statusContextCount: 0 },
    });
    expect(await rollup(statusesOnly)).toEqual({
      state: 'ERROR',
      contexts: { checkRunCount: 0, statusContextCount: 2 },
    });
    expect((await gql(SUITES, checksOnly)).data!.repository.object.checkSuites.totalCount).toBe(2);
    const refused = await gql(SUITES, statusesOnly);
    expect(refused.data!.repository.object.checkSuites).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' });
    expect((await gql(STATUS, checksOnly)).errors?.[0]).toMatchObject({ type: 'FORBIDDEN' });
    expect((await gql(STATUS, statusesOnly)).data!.repository.object.status).toEqual({ state: 'FAILURE' });
    // Nor does node(id) hand it a run, or a status.
    const id = (await rest(server, owner.token, 'GET', `/repos/ci-owner/proj/check-runs/${runs.build}`)).node_id;
    const nodes = `query($id: ID!) { nodes(ids: [$id]) { id } }`;
    expect((await gql(nodes, statusesOnly, { id })).data!.nodes).toEqual([null]);
    expect((await gql(nodes, checksOnly, { id })).data!.nodes).toEqual([{ id }]);
    const statusId = (await rest(server, owner.token, 'GET', `/repos/ci-owner/proj/commits/${head}/statuses`))[0]
      .node_id;
    expect((await gql(nodes, checksOnly, { id: statusId })).data!.nodes).toEqual([null]);
    expect((await gql(nodes, statusesOnly, { id: statusId })).data!.nodes).toEqual([{ id: statusId }]);
  });

  it('a private repository’s checks are seen by those who may read it only', async () => {
    await repositoryWithReadme(server, owner.token, 'ci-owner', 'secret', true);
    const sha = (await rest(server, owner.token, 'GET', '/repos/ci-owner/secret/git/ref/heads/main')).object.sha;
    await rest(server, ciToken, 'POST', '/repos/ci-owner/secret/check-runs', {
      head_sha: sha,
      name: 'hidden',
      status: 'queued',
    });
    const query = `{ repository(owner: "ci-owner", name: "secret") { object(expression: "main") { ... on Commit {
      statusCheckRollup { state contexts(first: 5) { nodes { ... on CheckRun { name } } } } } } } }`;
    const seen = await gql(query, owner.token);
    expect(seen.data!.repository.object.statusCheckRollup).toEqual({
      state: 'PENDING',
      contexts: { nodes: [{ name: 'hidden' }] },
    });
    const hidden = await gql(query, stranger.token);
    expect(hidden.data?.repository ?? null).toBeNull();
    expect(hidden.errors?.[0]?.type).toBe('NOT_FOUND');
  });
});
