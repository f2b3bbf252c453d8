// The set-up of the GraphQL pull request query tests: alice's public
// alice/proj with #1 feature → main (adds a.txt, rewrites the README; labeled
// bug, assigned to alice), #2 a plain issue, #3 bob's draft fix → main, closed,
// #4 other → main, marked merged in the database (no merge operation), and
// alice's private alice/secret with one pull request; every SQL statement the
// server runs is pushed onto `statements`.
import { startTestServer, type TestServer, type TestUser } from '../test-server.js';
import { branchWith, openPullRequest, repositoryWithReadme, rest } from './pull-fixture.js';

export interface PullQueryScenario {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  /** The head of feature, #1's head. */
  featureSha: string;
  /** main's head, #4's merge commit. */
  mainSha: string;
  /** The statements run since a test last emptied it. */
  statements: string[];
}

export async function startPullQueryScenario(): Promise<PullQueryScenario> {
  const statements: string[] = [];
  const server = await startTestServer(
    { WHARF_WEBHOOK_DISPATCH: 'off' },
    { onStatement: (query) => void statements.push(query) },
  );
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  const mainSha = (await rest(server, alice.token, 'GET', '/repos/alice/proj/git/ref/heads/main')).object.sha;
  // #1 feature → main: adds a.txt, rewrites the README; labeled, assigned.
  const featureSha = await branchWith(server, alice.token, 'alice/proj', 'feature', {
    'a.txt': 'one\ntwo\n',
    'README.md': 'new readme\n',
  });
  await openPullRequest(server, alice.token, 'alice/proj', {
    title: 'Add a',
    body: 'Please pull',
    head: 'feature',
    base: 'main',
  });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues/1/labels', { labels: ['bug'] });
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues/1/assignees', { assignees: ['alice'] });
  // #2 a plain issue; #3 fix → main by bob, a draft, closed; #4 other → main, then "merged" (no merge operation here yet).
  await rest(server, alice.token, 'POST', '/repos/alice/proj/issues', { title: 'Just an issue' });
  await branchWith(server, alice.token, 'alice/proj', 'fix', { 'b.txt': 'b\n' });
  await openPullRequest(server, bob.token, 'alice/proj', { title: 'Fix b', head: 'fix', base: 'main', draft: true });
  await rest(server, alice.token, 'PATCH', '/repos/alice/proj/pulls/3', { state: 'closed' });
  await branchWith(server, alice.token, 'alice/proj', 'other', { 'c.txt': 'c\n' });
  await openPullRequest(server, alice.token, 'alice/proj', { title: 'Other', head: 'other', base: 'main' });
  await server.sql`UPDATE issues SET state = 'closed', closed_at = now() WHERE number = 4 AND repository_id = (SELECT id FROM repositories WHERE name = 'proj')`;
  await server.sql`UPDATE pull_requests SET merged_at = now(), merged_by_id = ${alice.id}, merge_commit_sha = ${mainSha}
    WHERE issue_id = (SELECT i.id FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE r.name = 'proj' AND i.number = 4)`;
  await repositoryWithReadme(server, alice.token, 'alice', 'secret', true);
  await branchWith(server, alice.token, 'alice/secret', 'hidden', { 'h.txt': 'h\n' });
  await openPullRequest(server, alice.token, 'alice/secret', { title: 'Hidden', head: 'hidden', base: 'main' });
  return { server, alice, bob, featureSha, mainSha, statements };
}
