// What every GraphQL mutation checks first, GitHub's way: the node IDs in the
// input resolve to visible objects of the right type (else NOT_FOUND, as for a
// missing one), and the caller may write with this token and has the
// repository permission the mutation needs (else FORBIDDEN, naming the
// mutation). The decision is the one policy's (access/repository-access.ts,
// as REST asks it): a classic token needs `repo`, or `public_repo` on a public
// repository; an installation token needs the app's write permission on a
// repository of its installation. The caller's request access (ctx.access,
// request-access.ts) asks the policy; only the wording is GraphQL's.
import type { Need } from '../../access/repository-access.js';
import { decodeNodeIdOf, type NodeType } from '../../ids/node-id.js';
import type { IssueRow } from '../../issues/issue-rows.js';
import { issueByNumber } from '../../issues/issue-rows.js';
import type { Permission } from '../../access/permissions.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, nodeNotFound } from '../core/errors.js';
import type { PullModel } from '../pulls/pull-models.js';

export interface Writer {
  userId: number;
  login: string;
  permission: Permission | null;
}

/** The mutation's GitHub name in messages: `closeIssue` → `CloseIssue`. */
const operationName = (mutation: string) => mutation[0]!.toUpperCase() + mutation.slice(1);

export function forbiddenMutation(ctx: GraphqlContext, mutation: string) {
  const login = ctx.access.viewerLogin ?? 'anonymous';
  return githubError(
    'FORBIDDEN',
    `${login} does not have the correct permissions to execute \`${operationName(mutation)}\``,
  );
}

/** The repository behind an R_ id, when the caller may see it; NOT_FOUND otherwise. */
export async function visibleRepository(ctx: GraphqlContext, id: string): Promise<RepositoryRow> {
  const repositoryId = decodeNodeIdOf(id, 'Repository');
  const repo = repositoryId === null ? null : await ctx.loaders.repositoryById.load(repositoryId);
  if (repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  return repo;
}

/**
 * What a mutation on `repo` needs of the caller: `needed`, a token that may
 * write (`repo`, or `public_repo` on a public repository) and, for an
 * installation, the app's write permission (`issues`, or `pull_requests` for
 * the pull request mutations) on a repository of its installation.
 */
export const mutationNeed = (
  repo: RepositoryRow,
  needed: Permission,
  app: 'issues' | 'pull_requests' = 'issues',
): Need => ({
  permission: needed,
  scopes: repo.private ? ['repo'] : ['repo', 'public_repo'],
  app: { [app]: 'write' },
  withinGrant: true,
});

/** The caller as a writer of `repo` needing `needed` (mutationNeed): FORBIDDEN when the token or the permission falls short. */
export async function writerOf(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  mutation: string,
  needed: Permission,
  app: 'issues' | 'pull_requests' = 'issues',
): Promise<Writer> {
  const { viewerId, viewerLogin } = ctx.access;
  if (viewerId === null || viewerLogin === null) throw forbiddenMutation(ctx, mutation);
  const decision = await ctx.access.decide(repo, mutationNeed(repo, needed, app));
  if (decision.refused === 'integration') throw githubError('FORBIDDEN', 'Resource not accessible by integration');
  if (decision.refused !== undefined) throw forbiddenMutation(ctx, mutation);
  return { userId: viewerId, login: viewerLogin, permission: decision.permission };
}

/** Whether the caller, a writer of `repo`, also holds `needed` there (mutationNeed, as writerOf would ask it). */
export const writerHolds = (
  ctx: GraphqlContext,
  repo: RepositoryRow,
  needed: Permission,
  app: 'issues' | 'pull_requests' = 'issues',
): Promise<boolean> => ctx.access.allows(repo, mutationNeed(repo, needed, app));

/** The caller as writerOf sees it, or null where writerOf would refuse (for `viewerCan…` fields). */
export async function viewerAs(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  mutation: string,
  needed: Permission,
): Promise<Writer | null> {
  try {
    return await writerOf(ctx, repo, mutation, needed);
  } catch (error) {
    if (error instanceof Error && error.name === 'GraphQLError') return null;
    throw error;
  }
}

/** An issue (with everything REST's row has) behind an I_ id, with its visible repository; NOT_FOUND otherwise. */
export async function visibleIssue(
  ctx: GraphqlContext,
  id: string,
  type: NodeType = 'Issue',
): Promise<{ issue: IssueRow; repo: RepositoryRow }> {
  const issueId = decodeNodeIdOf(id, type);
  const model = issueId === null ? null : await ctx.loaders.issueById.load(issueId);
  const repo = model === null ? null : await ctx.loaders.repositoryById.load(model.repository_id);
  if (model === null || repo === null || !(await ctx.access.seesRepository(repo))) throw nodeNotFound(id);
  const issue = await issueByNumber(ctx.services.sql, repo.id, model.number);
  if (issue === null) throw nodeNotFound(id);
  return { issue, repo };
}

/**
 * visibleIssue for the mutations of Issue's interfaces (labels, assignees,
 * locks, comments): an I_ id, or a PR_ id of a pull request (its issue row
 * is what the store changes). `shown` gives the payload's subject: a pull
 * request named by its PR_ id is shown as the PullRequest, read after the change.
 */
export async function visibleSubject(ctx: GraphqlContext, id: string) {
  const pullId = decodeNodeIdOf(id, 'PullRequest') !== null;
  const found = await visibleIssue(ctx, id, pullId ? 'PullRequest' : 'Issue');
  if (pullId && (await ctx.loaders.pullById.load(found.issue.id)) === null) throw nodeNotFound(id);
  const shown = async <T extends object>(changed: T): Promise<T | PullModel> =>
    pullId ? ((await ctx.loaders.pullById.load(found.issue.id)) ?? changed) : changed;
  return { ...found, shown };
}
