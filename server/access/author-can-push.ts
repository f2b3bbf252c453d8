// Whether an author (of a review) may push to a repository: their own grant,
// as REST's permission endpoint reads it, at least `write`. What GraphQL's
// `authorCanPushToRepository` and `latestOpinionatedReviews(writersOnly:)` show.
import type { AccountRow } from '../repos/accounts-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { hasPermission } from './permissions.js';
import type { UserPermissionSource } from './user-permission.js';

export async function authorCanPush(
  repos: UserPermissionSource,
  repo: RepositoryRow,
  author: AccountRow | null,
): Promise<boolean> {
  if (author === null || author.kind === 'Organization') return false;
  return hasPermission(await repos.permissionOf(repo, { id: author.id, siteAdmin: author.site_admin }), 'write');
}
