// The set-up of the GraphQL-over-HTTP tests: alice (named Alice Liddell) and
// bob, the organisation acme, alice's hello (public, initialised, described),
// empty and secret (private), and bob's private bob-secret; gql POSTs a query
// (as alice unless told) and answers its status, headers and body.
import { startTestServer, type TestServer, type TestUser } from '../test-server.js';

export interface GraphqlError {
  message: string;
  type?: string;
  locations?: { line: number; column: number }[];
  path?: (string | number)[];
}
export interface GraphqlBody {
  data?: Record<string, any> | null;
  errors?: GraphqlError[];
}

export interface NodeVisibilityScenario {
  server: TestServer;
  alice: TestUser;
  bob: TestUser;
  org: { id: number; login: string };
  /** Database ids by name: hello, empty, secret, bobSecret. */
  repoIds: Record<string, number>;
  gql(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string; path?: string },
  ): Promise<{ status: number; headers: Headers; body: GraphqlBody }>;
}

export async function startNodeVisibilityScenario(): Promise<NodeVisibilityScenario> {
  const repoIds: Record<string, number> = {};
  const server = await startTestServer();
  const createRepo = async (user: TestUser, body: { name: string } & Record<string, unknown>) =>
    (await server.createRepo(user.token, body)).id;
  const alice = await server.createUser('alice');
  const bob = await server.createUser('bob');
  const org = await server.createOrg('acme', alice.id);
  await server.services.sql`UPDATE accounts SET name = 'Alice Liddell' WHERE id = ${alice.id}`;
  repoIds.hello = await createRepo(alice, { name: 'hello', auto_init: true, description: 'Hi' });
  repoIds.empty = await createRepo(alice, { name: 'empty' });
  repoIds.secret = await createRepo(alice, { name: 'secret', private: true });
  repoIds.bobSecret = await createRepo(bob, { name: 'bob-secret', private: true });
  return {
    server,
    alice,
    bob,
    org,
    repoIds,
    async gql(query, variables, options = {}) {
      const response = await server.api(options.path ?? '/api/graphql', {
        method: 'POST',
        token: options.token ?? alice.token,
        body: { query, variables },
      });
      return { status: response.status, headers: response.headers, body: (await response.json()) as GraphqlBody };
    },
  };
}
