// How a mutation runs once the caller is checked (graphql/access/):
// in one transaction with its webhook events, the REST store's errors (404,
// 403, 422) becoming GraphQL's types; and the input values it stores.
import { canMatchText } from '../../db/text-values.js';
import type { EventContext } from '../../issues/issue-webhooks.js';
import { resolveAssignees } from '../../issues/assignees.js';
import type { AccountRef } from '../../repos/user-view.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { forbiddenMutation } from '../access/writer.js';
import type { GraphqlContext } from '../core/context.js';
import { graphqlErrorOf } from '../core/domain-error-type.js';
import { githubError, nodeNotFound } from '../core/errors.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';

/** Text to store: PostgreSQL text cannot hold NUL, so one is refused as REST refuses it (422), never a failed query. */
export function storable<T extends string | null | undefined>(value: T, field: string): T {
  if (typeof value === 'string' && !canMatchText(value))
    throw githubError('UNPROCESSABLE', `${field} contains a NUL character, which cannot be stored.`);
  return value;
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

/** What this request's loaders remember of issues and pull requests predates the change: the payload must show it after. */
export function clearIssueLoaders(ctx: GraphqlContext): void {
  ctx.forgetChanges();
}

/** The accounts behind U_ ids, checked assignable to `repo` (UNPROCESSABLE otherwise, as REST's 422). */
export async function assigneesFromIds(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  ids: readonly string[],
  mutation: string,
): Promise<AccountRef[]> {
  const logins = await loginsOfUserIds(ctx, ids);
  try {
    return await resolveAssignees(ctx.services.sql, repo, logins);
  } catch (error) {
    throw asGraphqlError(error, ctx, mutation);
  }
}

/** The logins of the users behind U_ ids, in order; an id that names no user is NOT_FOUND. */
export async function loginsOfUserIds(ctx: GraphqlContext, ids: readonly string[]): Promise<string[]> {
  const logins: string[] = [];
  for (const id of ids) {
    const userId = decodeNodeIdOf(id, 'User');
    const account = userId === null ? null : await ctx.loaders.accountById.load(userId);
    if (account === null) throw nodeNotFound(id);
    logins.push(account.login);
  }
  return logins;
}
