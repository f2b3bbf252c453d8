// Finding the repository and issue an operation names, in the documented
// order (404 before 403), and GitHub's 410 for a repository whose issues are
// turned off.
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { accessRepository, type RepositoryAccess } from '../../http/repository-access.js';
import { requireTriage } from '../../access/issue-permissions.js';
import { issueIn, withIssues } from '../issue-lookup.js';
import type { IssueRow } from '../issue-rows.js';

type RepoParams = { owner: string; repo: string };
type IssueParams = RepoParams & { issue_number: number };

/** The repository (readable by the caller) whose issues the operation is about. */
export async function issueRepository<K extends OperationId>(
  ctx: OperationContext<K> & { params: RepoParams },
): Promise<RepositoryAccess> {
  return withIssues(await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read'));
}

export async function findIssue(
  ctx: OperationContext<OperationId>,
  repositoryId: number,
  number: number,
): Promise<IssueRow> {
  return issueIn(ctx.services.sql, repositoryId, number);
}

/**
 * The repository and issue of an operation that needs triage (assignees,
 * labels), checked in this order: the repository (404, 410), a signed-in
 * caller (401), the issue (404), then triage access (403).
 */
export async function issueForTriage<K extends OperationId>(ctx: OperationContext<K> & { params: IssueParams }) {
  const { repo, permission } = await issueRepository(ctx);
  ctx.user();
  const issue = await findIssue(ctx, repo.id, ctx.params.issue_number);
  requireTriage(permission);
  return { repo, issue };
}
