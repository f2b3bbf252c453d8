// A commit's checks over GraphQL, with runs and statuses made through REST by
// real apps and users (checks-fixture.ts): the rollup CI tools read (`gh pr
// checks`' query shape through a pull request's last commit), its id, state,
// counts and pages, the suites with their filters, app and branch, a suite's
// runs and a run's annotations.
import { describe, expect, it } from 'vitest';
import { rest } from '../../test-support/graphql/pull-fixture.js';
import {
  checksFixture,
  ci,
  gql,
  head,
  linter,
  lintToken,
  owner,
  runs,
  server,
  status,
  stranger,
} from '../../test-support/graphql/checks-fixture.js';

checksFixture();

const GH_PR_CHECKS = `{ repository(owner: "ci-owner", name: "proj") { pullRequest(number: 1) { commits(last: 1) { nodes { commit { oid
  statusCheckRollup { id state commit { oid } contexts(first: 100) {
    totalCount checkRunCount statusContextCount checkRunCountsByState { state count } statusContextCountsByState { state count }
    pageInfo { hasNextPage endCursor }
    nodes { __typename ... on Node { id } ... on CheckRun { name status conclusion detailsUrl databaseId } ... on StatusContext { context state targetUrl description } } } } } } } } } }`;

describe('Commit.statusCheckRollup', () => {
  it('answers the query CI tools send through a pull request’s last commit', async () => {
    const { data, errors } = await gql(GH_PR_CHECKS, stranger.token);
    expect(errors).toBeUndefined();
    const commit = data!.repository.pullRequest.commits.nodes[0].commit;
    expect(commit.oid).toBe(head);
    const rollup = commit.statusCheckRollup;
    // The latest run of each name (the failed first `test` is superseded) and each context's latest status.
    expect(rollup.contexts.nodes.map((n: any) => n.id.slice(0, 3))).toEqual(['CR_', 'CR_', 'CR_', 'SC_', 'SC_']);
    for (const node of rollup.contexts.nodes) delete node.id;
    // A stable id of the commit's rollup (not one node(id:) resolves yet).
    const repoId = (await server.services.repos.find('ci-owner', 'proj'))!.id;
    expect(rollup.id).toBe(`SCR_${Buffer.from(`${repoId}:${head}`).toString('base64url')}`);
    expect(rollup.contexts.nodes).toEqual([
      {
        __typename: 'CheckRun',
        name: 'build',
        status: 'COMPLETED',
        conclusion: 'SUCCESS',
        detailsUrl: 'https://ci.example.com/b',
        databaseId: runs.build,
      },
      {
        __typename: 'CheckRun',
        name: 'test',
        status: 'COMPLETED',
        conclusion: 'SUCCESS',
        detailsUrl: `${server.url}/ci-owner/proj/runs/${runs.test}`,
        databaseId: runs.test,
      },
      {
        __typename: 'CheckRun',
        name: 'lint',
        status: 'IN_PROGRESS',
        conclusion: null,
        detailsUrl: `${server.url}/ci-owner/proj/runs/${runs.lint}`,
        databaseId: runs.lint,
      },
      {
        __typename: 'StatusContext',
        context: 'legacy',
        state: 'SUCCESS',
        targetUrl: 'https://legacy.example.com/1',
        description: null,
      },
      { __typename: 'StatusContext', context: 'deploy', state: 'ERROR', targetUrl: null, description: 'boom' },
    ]);
    expect(rollup).toMatchObject({ state: 'ERROR', commit: { oid: head } });
    expect(rollup.contexts).toMatchObject({
      totalCount: 5,
      checkRunCount: 3,
      statusContextCount: 2,
      pageInfo: { hasNextPage: false },
      checkRunCountsByState: [
        { state: 'SUCCESS', count: 2 },
        { state: 'IN_PROGRESS', count: 1 },
      ],
      statusContextCountsByState: [
        { state: 'SUCCESS', count: 1 },
        { state: 'ERROR', count: 1 },
      ],
    });
  });

  it('answers the GitHub CLI’s queries (`gh pr checks`, `gh pr view --json statusCheckRollup`): no workflow run, nothing required', async () => {
    const prId = (
      await gql('{ repository(owner: "ci-owner", name: "proj") { pullRequest(number: 1) { id } } }', stranger.token)
    ).data!.repository.pullRequest.id;
    // The shape gh builds: the pull request by node id, its last commit's contexts, each with
    // the suite's workflow name and whether the pull request requires it.
    const query = `query PullRequestStatusChecks($id: ID!, $endCursor: String) { node(id: $id) { ... on PullRequest {
      statusCheckRollup: commits(last: 1) { nodes { commit { statusCheckRollup { contexts(first: 100, after: $endCursor) {
        nodes { __typename
          ... on StatusContext { context, state, targetUrl, createdAt, isRequired(pullRequestId: $id) }
          ... on CheckRun { name, checkSuite { workflowRun { workflow { name } } }, status, conclusion, startedAt, completedAt, detailsUrl, isRequired(pullRequestId: $id) } },
        pageInfo { hasNextPage, endCursor } } } } } } } } }`;
    const { data, errors } = await gql(query, stranger.token, { id: prId, endCursor: null });
    expect(errors).toBeUndefined();
    const nodes = data!.node.statusCheckRollup.nodes[0].commit.statusCheckRollup.contexts.nodes;
    expect(nodes.map((n: any) => n.name ?? n.context)).toEqual(['build', 'test', 'lint', 'legacy', 'deploy']);
    for (const node of nodes) expect(node.isRequired).toBe(false);
    for (const run of nodes.filter((n: any) => n.__typename === 'CheckRun'))
      expect(run.checkSuite).toEqual({ workflowRun: null });
    // By number too, as the argument GitHub also takes.
    const byNumber = await gql(
      `{ repository(owner: "ci-owner", name: "proj") { object(expression: "feature") { ... on Commit {
      statusCheckRollup { contexts(first: 1) { nodes { ... on CheckRun { isRequired(pullRequestNumber: 1) } } } } } } } }`,
      owner.token,
    );
    expect(byNumber.data!.repository.object.statusCheckRollup.contexts.nodes).toEqual([{ isRequired: false }]);
  });

  it('pages its contexts both ways', async () => {
    const page = (
      args: string,
    ) => `{ repository(owner: "ci-owner", name: "proj") { object(expression: "feature") { ... on Commit {
      statusCheckRollup { contexts(${args}) { pageInfo { hasNextPage hasPreviousPage endCursor startCursor }
        nodes { ... on CheckRun { name } ... on StatusContext { context } } } } } } } }`;
    const first = (await gql(page('first: 2'), owner.token)).data!.repository.object.statusCheckRollup.contexts;
    expect(first.nodes).toEqual([{ name: 'build' }, { name: 'test' }]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = (await gql(page(`first: 2, after: "${first.pageInfo.endCursor}"`), owner.token)).data!.repository
      .object.statusCheckRollup.contexts;
    expect(next.nodes).toEqual([{ name: 'lint' }, { context: 'legacy' }]);
    const last = (await gql(page('last: 2'), owner.token)).data!.repository.object.statusCheckRollup.contexts;
    expect(last.nodes).toEqual([{ context: 'legacy' }, { context: 'deploy' }]);
    expect(last.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const before = (await gql(page(`last: 1, before: "${last.pageInfo.startCursor}"`), owner.token)).data!.repository
      .object.statusCheckRollup.contexts;
    expect(before.nodes).toEqual([{ name: 'lint' }]);
    expect((await gql(page('first: 101'), owner.token)).errors?.[0]?.type).toBe('EXCESSIVE_PAGINATION');
  });

  it('follows the runs and statuses as they change, and is null for a commit with neither', async () => {
    const state = async (expression: string) =>
      (
        await gql(
          `{ repository(owner: "ci-owner", name: "proj") { object(expression: "${expression}") {
      ... on Commit { statusCheckRollup { state } } } } }`,
          owner.token,
        )
      ).data!.repository.object.statusCheckRollup;
    expect(await state('main')).toBeNull();
    const main = (await rest(server, owner.token, 'GET', '/repos/ci-owner/proj/git/ref/heads/main')).object.sha;
    await status({ state: 'pending', context: 'only' }, main);
    expect(await state('main')).toEqual({ state: 'PENDING' });
    await status({ state: 'success', context: 'only' }, main);
    expect(await state('main')).toEqual({ state: 'SUCCESS' });
    await rest(server, lintToken, 'POST', '/repos/ci-owner/proj/check-runs', {
      head_sha: main,
      name: 'slow',
      status: 'completed',
      conclusion: 'timed_out',
    });
    expect(await state('main')).toEqual({ state: 'FAILURE' });
  });
});

describe('Commit.checkSuites and CheckSuite', () => {
  const SUITES = `query($filter: CheckSuiteFilter, $runs: CheckRunFilter) { repository(owner: "ci-owner", name: "proj") { object(expression: "feature") {
    ... on Commit { checkSuites(first: 10, filterBy: $filter) { totalCount nodes { databaseId status conclusion branch { name prefix target { oid } }
      app { id databaseId slug name url clientId createdAt }
      checkRuns(first: 10, filterBy: $runs) { totalCount nodes { name conclusion databaseId } } } } } } } }`;
  const suites = async (variables: Record<string, unknown> = {}) => {
    const { data, errors } = await gql(SUITES, stranger.token, variables);
    expect(errors).toBeUndefined();
    return data!.repository.object.checkSuites;
  };

  it('lists the commit’s suites with their app, branch and latest runs', async () => {
    const all = await suites();
    expect(all.totalCount).toBe(2);
    // The app as REST's check-suite body has it.
    const restSuite = (
      await rest(server, owner.token, 'GET', `/repos/ci-owner/proj/check-suites/${all.nodes[0].databaseId}`)
    ).app;
    expect(all.nodes[0].app).toEqual({
      id: restSuite.node_id,
      databaseId: ci.app.id,
      slug: 'grid-ci',
      name: 'Grid CI',
      url: restSuite.html_url,
      clientId: restSuite.client_id,
      createdAt: restSuite.created_at,
    });
    expect(all.nodes[1].app.slug).toBe('lint-bot');
    expect(all.nodes[0]).toEqual({
      app: all.nodes[0].app,
      databaseId: expect.any(Number),
      status: 'COMPLETED',
      conclusion: 'SUCCESS',
      branch: { name: 'feature', prefix: 'refs/heads/', target: { oid: head } },
      checkRuns: {
        totalCount: 2,
        nodes: [
          { name: 'build', conclusion: 'SUCCESS', databaseId: runs.build },
          { name: 'test', conclusion: 'SUCCESS', databaseId: runs.test },
        ],
      },
    });
    expect(all.nodes[1]).toMatchObject({
      status: 'IN_PROGRESS',
      conclusion: null,
      checkRuns: { nodes: [{ name: 'lint', conclusion: null }] },
    });
  });

  it('filters suites by app and check name, runs by type, status and conclusion', async () => {
    expect(
      (await suites({ filter: { appId: linter.app.id } })).nodes.map((s: any) => s.checkRuns.nodes[0].name),
    ).toEqual(['lint']);
    expect((await suites({ filter: { checkName: 'test' } })).totalCount).toBe(1);
    expect((await suites({ filter: { appId: 999999 } })).totalCount).toBe(0);
    const ids = async (runsFilter: Record<string, unknown>) =>
      (await suites({ filter: { appId: ci.app.id }, runs: runsFilter })).nodes[0].checkRuns.nodes.map(
        (r: any) => r.databaseId,
      );
    expect(await ids({ checkType: 'ALL' })).toEqual([runs.build, runs.testOld, runs.test]);
    expect(await ids({ checkType: 'ALL', conclusions: ['FAILURE'] })).toEqual([runs.testOld]);
    expect(await ids({ checkName: 'test' })).toEqual([runs.test]);
    expect(await ids({ status: 'IN_PROGRESS' })).toEqual([]);
    // `statuses` overrides `status`.
    expect(await ids({ status: 'IN_PROGRESS', statuses: ['COMPLETED'] })).toEqual([runs.build, runs.test]);
  });

  it('pages a run’s annotations, GitHub’s fields', async () => {
    const query = (args: string) => `query($id: ID!) { node(id: $id) { ... on CheckRun { checkSuite { databaseId }
      annotations(${args}) { totalCount pageInfo { hasNextPage }
        nodes { path message title rawDetails annotationLevel blobUrl databaseId location { start { line column } end { line column } } } } } } }`;
    const id = (await rest(server, owner.token, 'GET', `/repos/ci-owner/proj/check-runs/${runs.lint}`)).node_id;
    const first = (await gql(query('first: 2'), stranger.token, { id })).data!.node.annotations;
    expect(first).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    expect(first.nodes[0]).toEqual({
      path: 'src/f 0.ts',
      message: 'note 0',
      title: null,
      rawDetails: null,
      annotationLevel: 'NOTICE',
      databaseId: expect.any(Number),
      blobUrl: `${server.url}/ci-owner/proj/blob/${head}/src/f%200.ts`,
      location: { start: { line: 1, column: null }, end: { line: 2, column: null } },
    });
    expect(first.nodes[1]).toMatchObject({ message: 'note 1', annotationLevel: 'FAILURE' });
    const last = (await gql(query('last: 2'), stranger.token, { id })).data!.node.annotations;
    expect(last.nodes.map((a: any) => a.message)).toEqual(['note 1', 'note 2']);
  });
});
