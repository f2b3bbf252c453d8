// Old names of renamed repositories (migration 011), and of the repositories of
// renamed accounts (the old login with each name). A rename records the name
// it leaves in its own transaction; a lookup finds the repository an old name
// leads to, unless a repository has since taken that name (it wins, as on
// GitHub). Deleted repositories take their old names with them (ON DELETE CASCADE).
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';

/**
 * Before renaming repository `id` to `newName`: remembers its current name,
 * and forgets any old name equal to the new one (a case-only rename leaves
 * nothing to redirect; a name taken back is no longer an old name).
 */
export async function recordRename(tx: TransactionSql, id: number, newName: string): Promise<void> {
  await tx`
    INSERT INTO repository_redirects (owner_login, name, repository_id)
    SELECT a.login, r.name, r.id FROM repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE r.id = ${id} AND lower(r.name) <> lower(${newName})
    ON CONFLICT (lower(owner_login), lower(name)) DO UPDATE SET repository_id = EXCLUDED.repository_id, created_at = now()`;
  await tx`
    DELETE FROM repository_redirects rr USING repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE r.id = ${id} AND lower(rr.owner_login) = lower(a.login) AND lower(rr.name) = lower(${newName})`;
}

/**
 * Before renaming account `accountId` to `newLogin`: remembers every one of
 * its repositories under the login it leaves, as GitHub redirects a renamed
 * user's or organization's repositories. A repository later created under
 * the old login with one of those names wins, as for repository renames
 * (findRedirect); an old login's redirects of repositories named since stay.
 */
export async function recordAccountRename(tx: TransactionSql, accountId: number, newLogin: string): Promise<void> {
  await tx`
    INSERT INTO repository_redirects (owner_login, name, repository_id)
    SELECT a.login, r.name, r.id FROM repositories r JOIN accounts a ON a.id = r.owner_id
    WHERE a.id = ${accountId} AND lower(a.login) <> lower(${newLogin})
    ON CONFLICT (lower(owner_login), lower(name)) DO UPDATE SET repository_id = EXCLUDED.repository_id, created_at = now()`;
}

/**
 * A repository created as `name` under owner `ownerId` takes that name from
 * any renamed repository for good, as on GitHub: the redirect does not come
 * back if the new repository goes.
 */
export async function forgetOldName(tx: TransactionSql, ownerId: number, name: string): Promise<void> {
  await tx`
    DELETE FROM repository_redirects rr USING accounts a
    WHERE a.id = ${ownerId} AND lower(rr.owner_login) = lower(a.login) AND lower(rr.name) = lower(${name})`;
}

/** The id of the repository `owner/name` used to name, or null (never renamed from it, deleted, or the name is taken again). */
export async function findRedirect(sql: Sql, owner: string, name: string): Promise<number | null> {
  if (!canMatchText(owner) || !canMatchText(name)) return null;
  const [row] = await sql<{ repository_id: number }[]>`
    SELECT rr.repository_id FROM repository_redirects rr
    WHERE lower(rr.owner_login) = lower(${owner}) AND lower(rr.name) = lower(${name})
      AND NOT EXISTS (
        SELECT 1 FROM repositories r JOIN accounts a ON a.id = r.owner_id
        WHERE lower(a.login) = lower(${owner}) AND lower(r.name) = lower(${name}))`;
  return row ? Number(row.repository_id) : null;
}
