// Dismissal restrictions (a rule's `required_pull_request_reviews.
// dismissal_restrictions`): on a pull request into a branch whose rule has
// them, only the listed users, members of the listed teams (child teams
// included) and listed apps dismiss reviews. Admins pass where
// `enforce_admins` is off, as for every other part of a rule (ref-guard.ts).
import type { Permission } from '../access/permissions.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { protectionsOf } from './protections-store.js';
import { isListed, type PushActor } from './push-restrictions.js';
import { holdingRule } from './ref-guard.js';

/** Wharf's wording: GitHub's answer to a refused dismissal is not documented. */
export const DISMISSAL_RESTRICTED = 'You are not authorized to dismiss reviews on this branch.';

/** Why `actor` may not dismiss a review of a pull request into `baseRef`, or null. */
export async function dismissalRefusal(
  db: Sql | TransactionSql,
  repo: RepositoryRow,
  baseRef: string,
  permission: Permission | null,
  actor: PushActor,
): Promise<string | null> {
  const rule = holdingRule(await protectionsOf(db, repo.id), `refs/heads/${baseRef}`, permission);
  const lists = rule?.required_pull_request_reviews?.dismissal_restrictions;
  if (!lists) return null;
  return (await isListed(db, lists, actor)) ? null : DISMISSAL_RESTRICTED;
}
