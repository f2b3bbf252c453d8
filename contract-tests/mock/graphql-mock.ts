// GraphQL on the mock, at the server's paths (POST and GET /api/graphql and
// /graphql): schema.graphql executed by graphql-yoga over
// @graphql-tools/mock's addMocksToSchema. The root fields answer from
// graphql-fixtures.ts; the mocks fill every field a fixture leaves out (and
// any field schema.graphql gains later) with realistic values instead of
// "Hello World". Requests pass the server's GraphQL door first: a credential
// is required (401 in the REST body otherwise), the API version is checked,
// the body must be JSON (yogaRequest, the server's own), the server's query
// limits apply (queryLimitPlugins: GitHub's pagination and node limits too,
// without charging points), and errors come out in GitHub's shape
// (liftErrorTypes). Loaded on the first GraphQL request (graphql-door.ts).
import { readFileSync } from 'node:fs';
import { addMocksToSchema, type IMocks } from '@graphql-tools/mock';
import { createSchema, createYoga } from 'graphql-yoga';
import { githubError, liftErrorTypes, nodeNotFound, repositoryNotFound } from '../../server/graphql/core/errors.js';
import { SCHEMA_PATH, yogaRequest } from '../../server/graphql/mount.js';
import { queryLimitPlugins } from '../../server/graphql/query-limits.js';
import { YOGA_BASE_OPTIONS } from '../../server/graphql/yoga-options.js';
import { MAX_NODE_IDS } from '../../server/graphql/node.js';
import { asApiError } from '../../server/http/domain-error-reply.js';
import type { RequestValidator } from '../../server/http/request-validator.js';
import { gitObject, HEAD_SHA, nodeFor, organization, ref, repository, user } from './graphql-fixtures.js';

const mocks: IMocks = {
  DateTime: () => '2011-01-26T19:01:12Z',
  URI: () => 'http://127.0.0.1:3000/octocat',
  String: () => 'octocat',
  Int: () => 1,
  Boolean: () => false,
  User: () => user(),
  Organization: () => organization(),
  Repository: () => repository(),
  Ref: () => ref(),
  // A fresh window's first call, as the server answers it (5,000 points an hour).
  RateLimit: () => ({ limit: 5000, cost: 1, nodeCount: 0, remaining: 4999, used: 1, resetAt: '2011-01-26T20:01:12Z' }),
  GitObjectID: () => HEAD_SHA,
  GitTimestamp: () => '2011-04-14T16:00:49Z',
  // GitHub's BigInt is a string of digits (fullDatabaseId), HTML a rendered fragment, GitSSHRemote an scp-like address.
  BigInt: () => '1',
  HTML: () => '<p>octocat</p>',
  GitSSHRemote: () => 'git@127.0.0.1:octocat/Hello-World.git',
  // GitHub's Base64String (a submodule's nameRaw and pathRaw).
  Base64String: () => 'b2N0b2NhdA==',
  Commit: () => gitObject('Commit'),
  Tree: () => gitObject('Tree'),
  Blob: () => gitObject('Blob'),
  Tag: () => gitObject('Tag'),
  GitObject: () => ({ __typename: 'Commit' }),
  // Abstract types name the concrete type; its mock above fills the fields.
  RepositoryOwner: () => ({ __typename: 'User' }),
  Node: () => ({ __typename: 'Repository' }),
};

function mockedSchema(validator: RequestValidator) {
  return addMocksToSchema({
    // Built by yoga, not with graphql's buildSchema here: a test runner may
    // load a second copy of graphql for our own imports, and the mock (like
    // yoga) refuses a schema from another copy.
    schema: createSchema({ typeDefs: readFileSync(SCHEMA_PATH, 'utf8') }),
    mocks,
    resolvers: {
      Query: {
        viewer: () => user(),
        node: (_: unknown, { id }: { id: string }) => {
          const node = nodeFor(id);
          if (node === null) throw nodeNotFound(id);
          return node;
        },
        nodes: (_: unknown, { ids }: { ids: string[] }) => {
          if (ids.length > MAX_NODE_IDS) {
            throw githubError(
              'ARGUMENT_LIMIT',
              `You may not provide more than ${MAX_NODE_IDS} node ids; you provided ${ids.length}.`,
            );
          }
          return ids.map(nodeFor);
        },
        repository: (_: unknown, { owner, name }: { owner: string; name: string }) => {
          // A name REST's path check refuses (404) names no repository here either.
          try {
            validator.pathParams('repos/get', { owner, repo: name });
          } catch (error) {
            if (asApiError(error)) throw repositoryNotFound(owner, name);
            throw error;
          }
          return repository(owner, name);
        },
      },
    },
  });
}

export function createMockYoga(validator: RequestValidator) {
  return createYoga({
    schema: mockedSchema(validator),
    ...YOGA_BASE_OPTIONS,
    logging: false,
    plugins: [...queryLimitPlugins(), liftErrorTypes()],
  });
}

export { yogaRequest };
