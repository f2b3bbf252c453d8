// What every review operation starts with, in GitHub's order: the repository
// (404, then 403 below the permission asked), then the pull request (404).
// Anyone who can read may review (GitHub: reviews are open to all on a public
// repository); dismissing asks for push access.
import type { OperationId } from '../../generated/routes.js';
import { notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import { repositoryLookup } from '../../pulls/pull-access.js';
import { pullByNumber, type PullRow } from '../../pulls/pull-rows.js';
import type { RepositoryLookup } from '../../pulls/pull-view.js';
import { accessRepository } from '../../http/repository-access.js';
import type { Permission } from '../../access/permissions.js';
import type { RepositoryRow } from '../../repos/repository-row.js';

type PullParams = { params: { owner: string; repo: string; pull_number: number } };

export interface ReviewTarget {
  repo: RepositoryRow;
  pull: PullRow;
  repos: RepositoryLookup;
  viewerId: number | null;
  /** The caller's permission on the repository (a locked conversation's rule: review-rules.ts checkUnlocked). */
  permission: Permission | null;
}

export async function reviewTarget<K extends OperationId>(
  ctx: OperationContext<K> & PullParams,
  needed: Permission = 'read',
): Promise<ReviewTarget> {
  const { repo, permission } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, needed);
  const pull = await pullByNumber(ctx.services.sql, repo.id, ctx.params.pull_number);
  if (!pull) throw notFound();
  const repos = await repositoryLookup(ctx.services, repo, [pull.pull.head_repository_id]);
  const viewerId = ctx.principal.kind === 'token' ? ctx.principal.user.id : null;
  return { repo, pull, repos, viewerId, permission };
}
