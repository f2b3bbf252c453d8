// The policy's grants read the other way round, as SQL conditions on an
// account `a`: who holds a grant on a repository (review requests go only to
// them) and who holds push access there (assignees). The repository's id and
// its owner's id are values or columns of a query over many repositories.
// The user's own grants on one repository are read in granted-permissions
// form by granted-permissions.ts; these say the same of many accounts at once.
import type { Fragment } from 'postgres';
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

// Collaborator permissions that carry push access (triage does not: it manages issues and pull requests only).
const PUSH_PERMISSIONS = ['write', 'maintain', 'admin'];

/** `a` holds push access: the owner, a write, maintain or admin collaborator, an admin of the owning organization, or a member when its base permission is write or admin. */
export const holdsPushIn = (sql: Db, repositoryId: Fragment, ownerId: Fragment) => sql`
  a.kind = 'User' AND (
    a.id = ${ownerId}
    OR EXISTS (SELECT 1 FROM collaborators c WHERE c.repository_id = ${repositoryId} AND c.user_id = a.id AND c.permission = ANY(${PUSH_PERMISSIONS}))
    OR EXISTS (SELECT 1 FROM org_members m JOIN accounts o ON o.id = m.org_id WHERE m.org_id = ${ownerId} AND m.user_id = a.id
      AND (m.role = 'admin' OR o.default_repository_permission = ANY(${PUSH_PERMISSIONS}))))`;

/** `a` holds a grant: the owner, any collaborator, a member of the owning organization (its admins, or any while the base permission is not `none`). */
export const holdsGrantIn = (sql: Db, repositoryId: number, ownerId: number) => sql`
  a.kind = 'User' AND (
    a.id = ${ownerId}
    OR EXISTS (SELECT 1 FROM collaborators c WHERE c.repository_id = ${repositoryId} AND c.user_id = a.id)
    OR EXISTS (SELECT 1 FROM org_members m JOIN accounts o ON o.id = m.org_id WHERE m.org_id = ${ownerId} AND m.user_id = a.id
      AND (m.role = 'admin' OR o.default_repository_permission <> 'none')))`;
