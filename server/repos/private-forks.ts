// The private forks below a repository (forks of forks too, while each is
// private), and GitHub's rules for them: their readers come from their
// upstream (access/granted-permissions.ts), so a change of the upstream's grants
// changes theirs; "When you delete a private repository, all of its private
// forks are also deleted"; "If you remove a person's access to a private
// repository, any of their forks of that private repository are deleted"
// (forks in an organization stay: GitHub "Forks created in another
// organization will not be deleted when individual access is removed").
// Deleting them is repository-deletion/'s work.
import { publish, type Topic } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { stillGranted } from '../access/user-permission.js';
import { SELECT_REPOSITORY, type RepositoryRow } from './repository-row.js';

/** Past this many forks below, a change of grants drops every cached permission instead of each fork's. */
const MAX_PUBLISHED = 100;

const below = (tx: Sql | TransactionSql, id: number) => tx`
  WITH RECURSIVE below AS (
    SELECT r.id, 1 AS depth FROM repositories r WHERE r.parent_id = ${id} AND r.private
    UNION
    SELECT r.id, b.depth + 1 FROM repositories r JOIN below b ON r.parent_id = b.id WHERE r.private
  )`;

/** The private forks below `id`, nearest first (a fork comes after its parent). */
export async function privateForksBelow(tx: Sql | TransactionSql, id: number): Promise<RepositoryRow[]> {
  return tx<RepositoryRow[]>`${below(tx, id)}
    ${SELECT_REPOSITORY(tx)} JOIN below b ON b.id = r.id ORDER BY b.depth, r.id`;
}

/**
 * The grants of `id` changed (a collaborator came or went): every process
 * drops its cached permissions on the private forks below too, which inherit them.
 * Returns the topics published, for the caller to apply locally after commit.
 */
export async function publishPrivateForksBelow(tx: TransactionSql, id: number): Promise<Topic[]> {
  const rows = await tx<{ id: number }[]>`${below(tx, id)} SELECT id FROM below LIMIT ${MAX_PUBLISHED + 1}`;
  const topics: Topic[] = rows.length > MAX_PUBLISHED ? ['*'] : rows.map((row) => `repo:${row.id}` as const);
  for (const topic of topics) await publish(tx, topic);
  return topics;
}

/**
 * After the user lost a grant on `repositoryId`, in that transaction: the
 * user's own private forks below it whose parent the user can no longer
 * read, and every private fork below those (the deletion of a private
 * repository takes its private forks). Nearest first.
 */
export async function forksLostWithAccess(
  tx: TransactionSql,
  repositoryId: number,
  userId: number,
): Promise<RepositoryRow[]> {
  const forks = await privateForksBelow(tx, repositoryId);
  const own = forks.filter((fork) => fork.owner_id === userId && fork.owner_kind === 'User');
  if (own.length === 0) return [];
  const parentIds = [...new Set(own.map((fork) => fork.parent_id!))];
  const parents = await tx<RepositoryRow[]>`${SELECT_REPOSITORY(tx)} WHERE r.id = ANY(${parentIds})`;
  const readable = await stillGranted(tx, parents, userId);
  const doomed = new Set<number>();
  for (const fork of forks) {
    const lost = fork.owner_id === userId && fork.owner_kind === 'User' && !readable.has(fork.parent_id!);
    if (lost || doomed.has(fork.parent_id!)) doomed.add(fork.id);
  }
  return forks.filter((fork) => doomed.has(fork.id));
}
