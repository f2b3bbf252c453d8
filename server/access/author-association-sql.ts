// GitHub's author_association, read from the same grants the policy decides
// with: whether the author owns the repository, holds a collaborator grant
// on it or belongs to its owning organization. Issues, comments, reviews and
// review comments select it (issues/issue-rows.ts re-exports it for them).
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

/**
 * GitHub's author_association of `userColumn` on the repository of `i`/`r`:
 * OWNER, COLLABORATOR, MEMBER (of the owning organization) or NONE. The
 * subqueries' aliases are unusual on purpose: `userColumn` is resolved inside
 * them, so an alias such as `c` would capture a caller's `c.user_id`.
 */
export const authorAssociation = (sql: Db, userColumn: string) =>
  sql.unsafe(`CASE
    WHEN ${userColumn} IS NULL THEN 'NONE'
    WHEN ${userColumn} = r.owner_id THEN 'OWNER'
    WHEN EXISTS (SELECT 1 FROM collaborators aa_c WHERE aa_c.repository_id = r.id AND aa_c.user_id = ${userColumn}) THEN 'COLLABORATOR'
    WHEN EXISTS (SELECT 1 FROM org_members aa_m WHERE aa_m.org_id = r.owner_id AND aa_m.user_id = ${userColumn}) THEN 'MEMBER'
    ELSE 'NONE' END`);
