// Installation tokens and the pull request mutations: an installation needs
// `pull_requests: write` (not `issues: write`) on a repository of its grant,
// as GitHub's; the pull request it opens names its bot as the author.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installationTokenFor } from '../../test-support/apps.js';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../../test-support/test-server.js';
import { branchWith, repositoryWithReadme } from '../../test-support/graphql/pull-fixture.js';

let server: TestServer;
let alice: TestUser;
let repoId: string;

const CREATE =
  'mutation($input: CreatePullRequestInput!) { createPullRequest(input: $input) { pullRequest { number author { login } } } }';

const installationToken = (name: string, permissions: Record<string, 'read' | 'write'>) =>
  installationTokenFor(server, alice.id, name, permissions);

beforeAll(async () => {
  server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  alice = await server.createUser('alice');
  await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'a\n' });
  repoId = (await graphqlOk(server, '{ repository(owner: "alice", name: "proj") { id } }', {}, alice.token)).data!
    .repository.id;
});
afterAll(() => server?.close());

describe('pull request mutations with installation tokens', () => {
  it('need pull_requests: write', async () => {
    const input = { repositoryId: repoId, baseRefName: 'main', headRefName: 'feature', title: 'From a bot' };
    const issuesOnly = await installationToken('Issues Bot', { issues: 'write', contents: 'read' });
    const refused = await graphqlOk(server, CREATE, { input }, issuesOnly);
    expect(refused.errors?.[0]).toMatchObject({ type: 'FORBIDDEN', message: 'Resource not accessible by integration' });
    const pulls = await installationToken('Pulls Bot', { pull_requests: 'write', contents: 'read' });
    const opened = await graphqlOk(server, CREATE, { input }, pulls);
    expect(opened.errors).toBeUndefined();
    expect(opened.data!.createPullRequest.pullRequest).toEqual({ number: 1, author: { login: 'pulls-bot[bot]' } });
  });
});
