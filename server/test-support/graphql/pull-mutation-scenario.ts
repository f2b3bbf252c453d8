// The set-up of the GraphQL pull request mutation tests: alice's public
// alice/proj with a README, a pull_request and issues hook, and branches
// feature (a.txt, b.txt), fix (c.txt) and develop (no change); bob and carol
// read it only. mutate answers a mutation's payload (its clientMutationId
// echoed), refused the first error of a mutation that changed nothing.
import { expect } from 'vitest';
import { graphqlOk, type GraphqlAnswer } from '../graphql-call.js';
import { startTestServer, type TestServer, type TestUser } from '../test-server.js';
import { outboxReader, type QueuedEvent } from '../webhook-outbox.js';
import { branchWith, repositoryWithReadme, rest } from './pull-fixture.js';

export const FIELDS =
  'id number title body state isDraft maintainerCanModify headRefName baseRefName author { login } commits { totalCount }';
export const CREATE = `mutation($input: CreatePullRequestInput!) { createPullRequest(input: $input) { clientMutationId pullRequest { ${FIELDS} } } }`;

export interface PullMutationScenario {
  server: TestServer;
  /** The owner. */
  alice: TestUser;
  /** Read only (a public repository): may open pull requests and edit his own. */
  bob: TestUser;
  /** Read only, not an author. */
  carol: TestUser;
  /** alice/proj's node id. */
  repoId: string;
  /** The events queued for alice/proj since the last call. */
  newEvents: () => Promise<QueuedEvent[]>;
  gql(query: string, variables?: Record<string, unknown>, token?: string): Promise<GraphqlAnswer>;
  mutate(query: string, input: Record<string, unknown>, token?: string): Promise<any>;
  refused(
    query: string,
    input: Record<string, unknown>,
    token?: string,
  ): Promise<NonNullable<GraphqlAnswer['errors']>[number]>;
}

export async function startPullMutationScenario(): Promise<PullMutationScenario> {
  const server = await startTestServer({ WHARF_WEBHOOK_DISPATCH: 'off' });
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const carol = await server.createUser('carol');
  const id = await repositoryWithReadme(server, alice.token, 'alice', 'proj');
  await rest(server, alice.token, 'POST', '/repos/alice/proj/hooks', {
    config: { url: 'https://example.com/hook' },
    events: ['pull_request', 'issues'],
  });
  await branchWith(server, alice.token, 'alice/proj', 'feature', { 'a.txt': 'a\n', 'b.txt': 'b\n' });
  await branchWith(server, alice.token, 'alice/proj', 'fix', { 'c.txt': 'c\n' });
  await branchWith(server, alice.token, 'alice/proj', 'develop', {});
  const newEvents = outboxReader(server, { repositoryIds: [id] });
  const gql = (query: string, variables: Record<string, unknown> = {}, token = alice.token) =>
    graphqlOk(server, query, variables, token);
  const repoId = (await gql('{ repository(owner: "alice", name: "proj") { id } }')).data!.repository.id;
  return {
    server,
    alice,
    bob,
    carol,
    repoId,
    newEvents,
    gql,
    async mutate(query, input, token = alice.token) {
      const body = await gql(query, { input: { clientMutationId: 'cm-1', ...input } }, token);
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      const [payload] = Object.values(body.data!);
      expect(payload.clientMutationId).toBe('cm-1');
      return payload;
    },
    async refused(query, input, token = alice.token) {
      const body = await gql(query, { input }, token);
      expect(body.data ? Object.values(body.data)[0] : null).toBeNull();
      return body.errors![0]!;
    },
  };
}
