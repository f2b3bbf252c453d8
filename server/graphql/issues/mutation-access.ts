// What every issue mutation checks first, GitHub's way: the node IDs in the
// input resolve to visible objects of the right type (else NOT_FOUND, as for a
// missing one), the caller may write with this token (a classic token needs
// `repo`, or `public_repo` on a public repository; an installation token
// needs `issues: write` on a repository of its installation), and has the
// repository permission the mutation needs (else FORBIDDEN, naming the
// mutation). The work then runs in one transaction with its webhook events,
// and the REST store's errors (404, 403, 422) become GraphQL's types.
import { satisfies } from '../../apps/app-permissions.js';
import { grantReaches } from '../../apps/installation-grant.js';
import { canMatchText } from '../../db/text-values.js';
import { hasAnyScope } from '../../http/scopes.js';
import { decodeNodeIdOf, type NodeType } from '../../ids/node-id.js';
import type { IssueRow } from '../../issues/issue-rows.js';
import type { EventContext } from '../../issues/issue-webhooks.js';
import { issueByNumber } from '../../issues/issue-rows.js';
import { resolveAssignees } from '../../issues/assignees.js';
import type { AccountRef } from '../../repos/user-view.js';
import { atLeast, type Permission } from '../../repos/permissions.js';
import type { RepositoryRow } from '../../repos/repositories-store.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import type { GraphqlContext } from '../context.js';
import { graphqlErrorOf } from '../domain-error-type.js';
import { githubError, nodeNotFound } from '../errors.js';
import { canSeeRepository } from '../resolvers/repository.js';
import { clearPullLoaders } from '../pulls/pull-loaders.js';
import type { PullModel } from '../pulls/pull-models.js';

export interface Writer {
  userId: number;
  login: string;
  permission: Permission | null;
}

/** The mutation's GitHub name in messages: `closeIssue` → `CloseIssue`. */
const operationName = (mutation: string) => mutation[0]!.toUpperCase() + mutation.slice(1);

export function forbiddenMutation(ctx: GraphqlContext, mutation: string) {
  const login = ctx.principal.kind === 'token' ? ctx.principal.user.login : 'anonymous';
  return githubError(
    'FORBIDDEN',
    `${login} does not have the correct permissions to execute \`${operationName(mutation)}\``,
  );
}

/** The repository behind an R_ id, when the caller may see it; NOT_FOUND otherwise. */
export async function visibleRepository(ctx: GraphqlContext, id: string): Promise<RepositoryRow> {
  const repositoryId = decodeNodeIdOf(id, 'Repository');
  const repo = repositoryId === null ? null : await ctx.loaders.repositoryById.load(repositoryId);
  if (repo === null || !(await canSeeRepository(ctx, repo))) throw nodeNotFound(id);
  return repo;
}

/** Text to store: PostgreSQL text cannot hold NUL, so one is refused as REST refuses it (422), never a failed query. */
export function storable<T extends string | null | undefined>(value: T, field: string): T {
  if (typeof value === 'string' && !canMatchText(value))
    throw githubError('UNPROCESSABLE', `${field} contains a NUL character, which cannot be stored.`);
  return value;
}

/**
 * The caller as a writer of `repo` needing `needed`: FORBIDDEN when the token
 * or the permission falls short. An installation needs `app` write: `issues`,
 * or `pull_requests` for the pull request mutations.
 */
export async function writerOf(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  mutation: string,
  needed: Permission,
  app: 'issues' | 'pull_requests' = 'issues',
): Promise<Writer> {
  const principal = ctx.principal;
  if (principal.kind !== 'token') throw forbiddenMutation(ctx, mutation);
  let permission: Permission | null;
  if (principal.installation) {
    const grant = principal.installation;
    if (!grantReaches(grant, repo) || !satisfies(grant.permissions, { [app]: 'write' })) {
      throw githubError('FORBIDDEN', 'Resource not accessible by integration');
    }
    // Within its grant an installation acts with the permission it holds.
    permission = 'write';
  } else {
    const scopes = repo.private ? ['repo'] : ['repo', 'public_repo'];
    if (!hasAnyScope(principal.scopes, scopes)) throw forbiddenMutation(ctx, mutation);
    permission = await ctx.loaders.repositoryPermission.load(repo);
  }
  if (!atLeast(permission, needed)) throw forbiddenMutation(ctx, mutation);
  return { userId: principal.user.id, login: principal.user.login, permission };
}

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
  if (model === null || repo === null || !(await canSeeRepository(ctx, repo))) throw nodeNotFound(id);
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

/** GraphQL's error for a service's refusal (graphqlErrorOf), FORBIDDEN in the mutation's words. */
export function asGraphqlError(error: unknown, ctx: GraphqlContext, mutation: string): unknown {
  return graphqlErrorOf(error, () => forbiddenMutation(ctx, mutation));
}

/** Runs `work` in the one transaction helper (inTransaction, as REST), translating the service's errors. */
export async function inMutation<T>(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  mutation: string,
  work: (events: EventContext) => Promise<T>,
): Promise<T> {
  try {
    return await inTransaction(ctx.services, repo, ctx.principal, work);
  } catch (error) {
    throw asGraphqlError(error, ctx, mutation);
  } finally {
    clearIssueLoaders(ctx);
  }
}

/** What this request's loaders remember of issues predates the change: the payload must show it after. */
export function clearIssueLoaders(ctx: GraphqlContext): void {
  const {
    issueById,
    issueByNumber,
    issuePage,
    commentById,
    commentPage,
    assignees,
    pinned,
    labelsOfIssue,
    labelIssuePage,
    milestoneIssuePage,
  } = ctx.loaders;
  const { reactionById, reactionPage, reactionSummary } = ctx.loaders;
  for (const loader of [
    issueById,
    issueByNumber,
    issuePage,
    commentById,
    commentPage,
    assignees,
    pinned,
    labelsOfIssue,
    labelIssuePage,
    milestoneIssuePage,
  ])
    loader.clearAll();
  for (const loader of [reactionById, reactionPage, reactionSummary]) loader.clearAll();
  clearPullLoaders(ctx.loaders);
}

/** The accounts behind U_ ids, checked assignable to `repo` (UNPROCESSABLE otherwise, as REST's 422). */
export async function assigneesFromIds(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  ids: readonly string[],
  mutation: string,
): Promise<AccountRef[]> {
  const logins: string[] = [];
  for (const id of ids) {
    const userId = decodeNodeIdOf(id, 'User');
    const account = userId === null ? null : await ctx.loaders.accountById.load(userId);
    if (account === null) throw nodeNotFound(id);
    logins.push(account.login);
  }
  try {
    return await resolveAssignees(ctx.services.sql, repo, logins);
  } catch (error) {
    throw asGraphqlError(error, ctx, mutation);
  }
}
