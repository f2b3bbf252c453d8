// Who sees what in an account's lists (GraphQL's User/Organization
// `repositories`, `organizations`, `membersWithRole`), as SQL conditions so a
// page is one statement:
// - repositories `r`: exactly those a read of each would show the caller
//   (repository-permission.ts): public ones to anyone; private ones to an
//   installation on its own selected repositories, to a user through a grant
//   when the token reaches private repositories (`repo` scope), or a site admin;
// - memberships (org_members): a membership is private until its member
//   publicizes it (`public`), as on GitHub; a public one is seen by anyone, a
//   private one only by the member, by fellow members of the organization and
//   by site admins; an installation (its bot is nobody's fellow member) sees
//   the public ones.
import type { Fragment } from 'postgres';
import type { Principal } from '../auth/principal.js';
import type { Sql } from '../db/database.js';
import { readableBy } from './readable-sql.js';
import { scopesReachPrivate } from './token-scopes.js';

export function repositoriesSeenBy(sql: Sql, principal: Principal): Fragment {
  if (principal.kind !== 'token') return sql`NOT r.private`;
  const grant = principal.installation;
  if (grant) {
    const selected = grant.repositoryIds === null ? sql`TRUE` : sql`r.id = ANY(${[...grant.repositoryIds]})`;
    return sql`(NOT r.private OR (r.owner_id = ${grant.accountId} AND ${selected}))`;
  }
  if (!scopesReachPrivate(principal.scopes)) return sql`NOT r.private`;
  return principal.user.siteAdmin ? sql`TRUE` : readableBy(sql, principal.user.id);
}

/** The person whose affiliations may be shown: the signed-in user (an installation's bot is none). */
export function viewingUser(principal: Principal): { id: number; siteAdmin: boolean } | null {
  return principal.kind === 'token' && !principal.installation ? principal.user : null;
}

/** The memberships (org_id, user_id, role) the caller may see, as a subquery for `FROM (…) m`. */
export function seenMemberships(sql: Sql, principal: Principal): Fragment {
  const viewer = viewingUser(principal);
  const seen =
    viewer === null
      ? sql`m.public`
      : viewer.siteAdmin
        ? sql`TRUE`
        : sql`(m.public OR m.user_id = ${viewer.id}
          OR EXISTS (SELECT 1 FROM org_members seen_m WHERE seen_m.org_id = m.org_id AND seen_m.user_id = ${viewer.id}))`;
  return sql`SELECT m.org_id, m.user_id, m.role, m.public FROM org_members m WHERE ${seen}`;
}

export type Affiliation = 'OWNER' | 'COLLABORATOR' | 'ORGANIZATION_MEMBER';

/** `r` is affiliated with account `id` in one of the ways named. */
function affiliated(sql: Sql, id: number, kinds: readonly Affiliation[]): Fragment {
  const parts = kinds.map((kind) =>
    kind === 'OWNER'
      ? sql`r.owner_id = ${id}`
      : kind === 'COLLABORATOR'
        ? sql`EXISTS (SELECT 1 FROM collaborators oc WHERE oc.repository_id = r.id AND oc.user_id = ${id})`
        : sql`r.owner_id IN (SELECT om.org_id FROM org_members om WHERE om.user_id = ${id})`,
  );
  return sql`(${parts.reduce((all, part) => sql`${all} OR ${part}`, sql`FALSE`)})`;
}

/**
 * The repositories `r` of an account the caller sees in its list: affiliated
 * with it in each set of ways (`ownerAffiliations`, then `affiliations` when
 * any), and readable. Whom an account collaborates with, and which
 * organizations it is in, are not shown to others (REST lists a repository's
 * collaborators to pushers only): for anyone but the account's own user,
 * owned repositories only.
 */
export function accountRepositories(
  sql: Sql,
  principal: Principal,
  accountId: number,
  affiliations: readonly (readonly Affiliation[])[],
): Fragment {
  const own = viewingUser(principal)?.id === accountId;
  const shown = (kinds: readonly Affiliation[]) => (own ? kinds : kinds.filter((kind) => kind === 'OWNER'));
  return affiliations.reduce(
    (all, kinds) => sql`${all} AND ${affiliated(sql, accountId, shown(kinds))}`,
    repositoriesSeenBy(sql, principal),
  );
}
