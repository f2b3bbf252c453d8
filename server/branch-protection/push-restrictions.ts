// Push restrictions (a rule's `restrictions`: users, teams, apps): only those
// listed may move the branch, on every path (git push, the refs and contents
// APIs, merges). A team's members and the members of its child teams count
// (GitHub's nested teams inherit); an app counts through its installation
// tokens. Admins pass only where `enforce_admins` is off: the caller finds
// the holding rule for the caller's permission first (ref-guard.ts).
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { ActorLists } from './protections-store.js';

/** Who moves the ref: a person, or an app through an installation token. */
export interface PushActor {
  userId: number | null;
  appId: number | null;
}

export const RESTRICTED_MESSAGE =
  "You're not authorized to push to this branch. Visit https://docs.github.com/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches for more information.";

export function pushActorOf(principal: Principal): PushActor {
  if (principal.kind !== 'token') return { userId: null, appId: null };
  if (principal.installation) return { userId: null, appId: principal.installation.appId };
  return { userId: principal.user.id, appId: null };
}

/** Whether `lists` lets `actor` push (a rule without restrictions lets everyone). */
export async function mayPushUnder(
  sql: Sql | TransactionSql,
  lists: ActorLists | null,
  actor: PushActor,
): Promise<boolean> {
  return lists === null || isListed(sql, lists, actor);
}

/**
 * Whether `actor` is one of `lists`: the app itself, the user, or a member of
 * a listed team or of a team below one (team_ancestors holds each team as its
 * own ancestor too). Push restrictions, review bypass allowances and dismissal
 * restrictions all ask this.
 */
export async function isListed(sql: Sql | TransactionSql, lists: ActorLists, actor: PushActor): Promise<boolean> {
  if (actor.appId !== null) return lists.apps.includes(actor.appId);
  if (actor.userId === null) return false;
  if (lists.users.includes(actor.userId)) return true;
  if (lists.teams.length === 0) return false;
  const [row] = await sql`
    SELECT 1 FROM team_members tm JOIN team_ancestors ta ON ta.team_id = tm.team_id
    WHERE tm.user_id = ${actor.userId} AND ta.ancestor_id = ANY(${lists.teams}::bigint[]) LIMIT 1`;
  return row !== undefined;
}
