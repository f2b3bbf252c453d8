// addAssigneesToAssignable, removeAssigneesFromAssignable, lockLockable and
// unlockLockable: triage access, REST's store (issue-changes.ts), so each
// emits the `issues` events REST does. Only issues are assignable and
// lockable here (pull requests are not served yet).
import { changeIssue } from '../../issues/issue-changes.js';
import type { LockReason } from '../../issues/issue-rows.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { nodeNotFound } from '../core/errors.js';
import { LOCK_REASONS } from './issue-resolvers.js';
import { assigneesFromIds, inMutation } from '../mutation/in-mutation.js';
import { visibleSubject, writerOf } from '../access/writer.js';

type M = Required<MutationResolvers>;

const REST_LOCK_REASON = Object.fromEntries(
  Object.entries(LOCK_REASONS).map(([rest, graphql]) => [graphql, rest]),
) as Record<string, LockReason>;

export const addAssigneesToAssignable: M['addAssigneesToAssignable'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.assignableId);
  await writerOf(ctx, repo, 'addAssigneesToAssignable', 'triage');
  const accounts = await assigneesFromIds(ctx, repo, input.assigneeIds, 'addAssigneesToAssignable');
  const changed = await inMutation(ctx, repo, 'addAssigneesToAssignable', (events) =>
    changeIssue(events, issue.number, { addAssignees: accounts }),
  );
  return { clientMutationId: input.clientMutationId, assignable: await shown(changed) };
};

// Ids of users who are not assigned are ignored, as REST ignores their logins.
export const removeAssigneesFromAssignable: M['removeAssigneesFromAssignable'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.assignableId);
  await writerOf(ctx, repo, 'removeAssigneesFromAssignable', 'triage');
  const ids = new Set<number>();
  for (const id of input.assigneeIds) {
    const userId = decodeNodeIdOf(id, 'User');
    if (userId === null) throw nodeNotFound(id);
    ids.add(userId);
  }
  const accounts = issue.assignees.filter((assignee) => ids.has(assignee.id));
  const changed = await inMutation(ctx, repo, 'removeAssigneesFromAssignable', (events) =>
    changeIssue(events, issue.number, { removeAssignees: accounts }),
  );
  return { clientMutationId: input.clientMutationId, assignable: await shown(changed) };
};

export const lockLockable: M['lockLockable'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.lockableId);
  const writer = await writerOf(ctx, repo, 'lockLockable', 'triage');
  const reason = input.lockReason ? REST_LOCK_REASON[input.lockReason]! : null;
  const locked = await inMutation(ctx, repo, 'lockLockable', (events) =>
    changeIssue(events, issue.number, { lock: { reason } }),
  );
  return {
    clientMutationId: input.clientMutationId,
    lockedRecord: await shown(locked),
    actor: await ctx.loaders.accountById.load(writer.userId),
  };
};

export const unlockLockable: M['unlockLockable'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.lockableId);
  const writer = await writerOf(ctx, repo, 'unlockLockable', 'triage');
  const unlocked = await inMutation(ctx, repo, 'unlockLockable', (events) =>
    changeIssue(events, issue.number, { unlock: true }),
  );
  return {
    clientMutationId: input.clientMutationId,
    unlockedRecord: await shown(unlocked),
    actor: await ctx.loaders.accountById.load(writer.userId),
  };
};
