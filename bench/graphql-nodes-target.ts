// `npm run bench:graphql`'s node targets: users, organizations and
// repositories (some private, some with the viewer as collaborator) written
// straight into the database, and the two queries that read them back: a
// page of mixed `nodes` and one `repository`.
import type { WharfApp } from '../server/app.js';
import type { Sql } from '../server/db/database.js';
import { encodeNodeId } from '../server/ids/node-id.js';

export const NODES_QUERY = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id
  ... on User { login name } ... on Organization { login name }
  ... on Repository { nameWithOwner isPrivate owner { login } } } }`;
export const REPOSITORY_QUERY = `query($owner: String!, $name: String!) { repository(owner: $owner, name: $name) {
  id databaseId nameWithOwner isPrivate description url createdAt updatedAt
  owner { __typename id login url } defaultBranchRef { id name prefix } } }`;

/** Users, organizations and repositories straight into the database; returns 100 node ids of mixed kinds. */
export async function seedGraphqlNodes(app: WharfApp, sql: Sql, viewerId: number): Promise<string[]> {
  const { accounts } = app.services;
  const users = [];
  for (let i = 0; i < 30; i++) users.push(await accounts.create(`bench-user-${i}`, 'User', { name: `User ${i}` }));
  const orgs = [];
  for (let i = 0; i < 5; i++) {
    const org = await accounts.create(`bench-org-${i}`, 'Organization');
    await accounts.addMember(org.id, i % 2 ? users[i]!.id : viewerId, 'member');
    orgs.push(org);
  }
  const owners = [...users, ...orgs];
  const repoIds: number[] = [];
  for (let i = 0; i < 65; i++) {
    const owner = owners[i % owners.length]!;
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO repositories (owner_id, name, private) VALUES (${owner.id}, ${`repo-${i}`}, ${i % 3 === 0}) RETURNING id`;
    if (i % 6 === 0)
      await sql`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${row!.id}, ${viewerId}, 'write')`;
    repoIds.push(row!.id);
  }
  return [
    ...users.map((u) => encodeNodeId('User', u.id)),
    ...orgs.map((o) => encodeNodeId('Organization', o.id)),
    ...repoIds.map((id) => encodeNodeId('Repository', id)),
  ];
}
