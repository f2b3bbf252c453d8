// Direct collaborator grants on a repository (read / triage / write / maintain / admin). Each
// change publishes the repository's invalidation in its own transaction, so
// every server process drops the cached permission when it commits, whether
// the change came from a server or from `wharf admin` in another process; the
// private forks below it inherit its grants (access/granted-permissions.ts), so theirs go too.
// The topics published are returned: the server that made the change applies
// them at once after commit (applyTopicsLocally), before its own notice comes back.
import { publish, type Topic } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { publishPrivateForksBelow } from '../repos/private-forks.js';
import type { Permission } from '../access/permissions.js';

/** Writes a direct grant in the caller's transaction and tells every process (the private forks below inherit it). */
export async function writeGrant(
  tx: TransactionSql,
  repositoryId: number,
  userId: number,
  permission: Permission,
): Promise<Topic[]> {
  await tx`INSERT INTO collaborators (repository_id, user_id, permission) VALUES (${repositoryId}, ${userId}, ${permission})
           ON CONFLICT (repository_id, user_id) DO UPDATE SET permission = EXCLUDED.permission`;
  return publishGrantsOf(tx, repositoryId);
}

async function publishGrantsOf(tx: TransactionSql, repositoryId: number): Promise<Topic[]> {
  await publish(tx, `repo:${repositoryId}`);
  return [`repo:${repositoryId}`, ...(await publishPrivateForksBelow(tx, repositoryId))];
}

/** The grant in a transaction of its own (`wharf admin add-collaborator`). */
export async function setCollaborator(
  sql: Sql,
  repositoryId: number,
  userId: number,
  permission: Permission,
): Promise<void> {
  await sql.begin((tx) => writeGrant(tx, repositoryId, userId, permission));
}

/**
 * False when the user was not a collaborator. `afterRemoval` runs in the
 * removal's transaction (the user's forks that go with the access: server/repos/private-forks.ts).
 */
export async function removeCollaborator(
  sql: Sql,
  repositoryId: number,
  userId: number,
  afterRemoval?: (tx: TransactionSql) => Promise<unknown>,
): Promise<boolean> {
  return sql.begin(async (tx) => {
    if (!(await deleteGrant(tx, repositoryId, userId))) return false;
    await afterRemoval?.(tx);
    return true;
  });
}

/** Deletes a direct grant in the caller's transaction and tells every process; null when there was none. */
export async function deleteGrant(tx: TransactionSql, repositoryId: number, userId: number): Promise<Topic[] | null> {
  const deleted = await tx`DELETE FROM collaborators WHERE repository_id = ${repositoryId} AND user_id = ${userId}`;
  if (deleted.count === 0) return null;
  return publishGrantsOf(tx, repositoryId);
}

/** The repository's id by `owner/name` (case-insensitive, as URLs are), or null. */
export async function repositoryIdByFullName(sql: Sql, fullName: string): Promise<number | null> {
  const [owner, name, ...rest] = fullName.split('/');
  if (!owner || !name || rest.length) return null;
  const [row] = await sql<{ id: number }[]>`SELECT r.id FROM repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE lower(a.login) = lower(${owner}) AND lower(r.name) = lower(${name})`;
  return row?.id ?? null;
}
