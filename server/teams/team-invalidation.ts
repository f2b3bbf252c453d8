// Which repositories' cached permissions a team change touches, and the
// notices that drop them in every process (db/cache-invalidation.ts). A change
// of team T (its members, parent, or existence) moves the grants of the
// members of T and of every team below it on the repositories of T and of
// every team above each of those: read before and after the change, the union
// is published in the change's transaction, as collaborators/collaborators.ts does.
import { publish, type Topic } from '../db/cache-invalidation.js';
import type { TransactionSql } from '../db/database.js';
import { publishPrivateForksBelow } from '../repos/private-forks.js';

/** Past this many repositories, one notice drops every cached permission instead. */
const MAX_PUBLISHED = 100;

/** The repositories whose grants depend on team `teamId` (or its subtree). */
export async function repositoriesOfSubtree(tx: TransactionSql, teamId: number): Promise<number[]> {
  const rows = await tx<{ repository_id: number }[]>`
    SELECT DISTINCT tr.repository_id
    FROM team_ancestors sub
    JOIN team_ancestors up ON up.team_id = sub.team_id
    JOIN team_repositories tr ON tr.team_id = up.ancestor_id
    WHERE sub.ancestor_id = ${teamId}`;
  return rows.map((row) => row.repository_id);
}

/** Publishes the repositories' invalidation (and their private forks', which inherit the grants); returns the topics to apply locally. */
export async function publishRepositories(tx: TransactionSql, repositoryIds: Iterable<number>): Promise<Topic[]> {
  const ids = [...new Set(repositoryIds)];
  if (ids.length > MAX_PUBLISHED) {
    await publish(tx, '*');
    return ['*'];
  }
  const topics: Topic[] = [];
  for (const id of ids) {
    await publish(tx, `repo:${id}`);
    topics.push(`repo:${id}`, ...(await publishPrivateForksBelow(tx, id)));
  }
  return topics;
}
