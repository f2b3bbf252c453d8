// The policy's team grants read the other way round, as SQL conditions on a
// team `t`: which teams of a repository's owning organization hold a grant on
// it (review requests go only to them) and which hold push access (code
// owners, as GitHub: "must have write permissions"). A child team holds what
// its parents hold (team_ancestors, migration 040), as in `team_grants`.
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

// GitHub's team words (team_repositories) that carry push access.
const PUSH_PERMISSIONS = ['push', 'maintain', 'admin'];

/** `t` is a team of the owner `ownerId` holding any grant on the repository (itself or through a parent team). */
export const teamHoldsGrantIn = (sql: Db, repositoryId: number, ownerId: number) => sql`
  t.org_id = ${ownerId} AND EXISTS (SELECT 1 FROM team_ancestors ta JOIN team_repositories tr ON tr.team_id = ta.ancestor_id
    WHERE ta.team_id = t.id AND tr.repository_id = ${repositoryId})`;

/** `t` is a team of the owner `ownerId` holding push access to the repository (itself or through a parent team). */
export const teamHoldsPushIn = (sql: Db, repositoryId: number, ownerId: number) => sql`
  t.org_id = ${ownerId} AND EXISTS (SELECT 1 FROM team_ancestors ta JOIN team_repositories tr ON tr.team_id = ta.ancestor_id
    WHERE ta.team_id = t.id AND tr.repository_id = ${repositoryId} AND tr.permission = ANY(${PUSH_PERMISSIONS}))`;
