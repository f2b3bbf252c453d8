// The policy's grants read the other way round, as SQL conditions on an
// account `a`: who holds a grant on a repository (review requests go only to
// them) and who holds push access there (assignees). The repository's id and
// its owner's id are values or columns of a query over many repositories.
// The user's own grants on one repository are read in granted-permissions
// form by granted-permissions.ts; these say the same of many accounts at once.
import type { Fragment } from 'postgres';
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

// Grant levels that carry push access (permissions.ts: write and above; triage does not).
const PUSH_PERMISSIONS = ['write', 'maintain', 'admin'];

/** `a` holds push access: the owner, a write-or-above collaborator or team member, an admin of the owning organization, or a member when its base permission is write or admin. */
export const holdsPushIn = (sql: Db, repositoryId: Fragment, ownerId: Fragment) => sql`
  a.kind = 'User' AND (
    a.id = ${ownerId}
    OR EXISTS (SELECT 1 FROM repository_grants c WHERE c.repository_id = ${repositoryId} AND c.user_id = a.id AND c.permission = ANY(${PUSH_PERMISSIONS}))
    OR EXISTS (SELECT 1 FROM org_members m JOIN accounts o ON o.id = m.org_id WHERE m.org_id = ${ownerId} AND m.user_id = a.id
      AND (m.role = 'admin' OR o.default_repository_permission = ANY(${PUSH_PERMISSIONS}))))`;

/** `a` holds a grant: the owner, any collaborator or team member, a member of the owning organization (its admins, or any while the base permission is not `none`). */
export const holdsGrantIn = (sql: Db, repositoryId: number, ownerId: number) => sql`
  a.kind = 'User' AND (
    a.id = ${ownerId}
    OR EXISTS (SELECT 1 FROM repository_grants c WHERE c.repository_id = ${repositoryId} AND c.user_id = a.id)
    OR EXISTS (SELECT 1 FROM org_members m JOIN accounts o ON o.id = m.org_id WHERE m.org_id = ${ownerId} AND m.user_id = a.id
      AND (m.role = 'admin' OR o.default_repository_permission <> 'none')))`;
