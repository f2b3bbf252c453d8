// deleteIssue (admin), pinIssue and unpinIssue (push access) and
// transferIssue (push access to both repositories, which must share their
// owner): GraphQL-only changes, each in one transaction with its `issues`
// event (issue-lifecycle.ts).
import {
  deleteIssue as removeIssue,
  pinIssue as pin,
  transferIssue as transfer,
  unpinIssue as unpin,
} from '../../issues/issue-lifecycle.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { githubError } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { inMutation } from '../mutation/in-mutation.js';
import { visibleIssue, visibleRepository, writerOf } from '../access/writer.js';

type M = Required<MutationResolvers>;

export const deleteIssue: M['deleteIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.issueId);
  await writerOf(ctx, repo, 'deleteIssue', 'admin');
  await inMutation(ctx, repo, 'deleteIssue', (events) => removeIssue(events, issue.number));
  return { clientMutationId: input.clientMutationId, repository: repo };
};

export const pinIssue: M['pinIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.issueId);
  await writerOf(ctx, repo, 'pinIssue', 'write');
  const pinned = await inMutation(ctx, repo, 'pinIssue', (events) => pin(events, issue.number));
  return { clientMutationId: input.clientMutationId, issue: pinned };
};

export const unpinIssue: M['unpinIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.issueId);
  await writerOf(ctx, repo, 'unpinIssue', 'write');
  const unpinned = await inMutation(ctx, repo, 'unpinIssue', (events) => unpin(events, issue.number));
  return { clientMutationId: input.clientMutationId, id: encodeNodeId('Issue', unpinned.id), issue: unpinned };
};

export const transferIssue: M['transferIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.issueId);
  const target = await visibleRepository(ctx, input.repositoryId);
  await writerOf(ctx, repo, 'transferIssue', 'write');
  await writerOf(ctx, target, 'transferIssue', 'write');
  if (target.owner_id !== repo.owner_id)
    throw githubError('UNPROCESSABLE', 'Issues can only be transferred to a repository of the same owner.');
  if (target.id === repo.id) throw githubError('UNPROCESSABLE', 'The issue is already in this repository.');
  if (!target.has_issues) throw githubError('UNPROCESSABLE', 'Issues are disabled for the target repository.');
  const moved = await inMutation(ctx, repo, 'transferIssue', (events) => transfer(events, issue.number, target));
  return { clientMutationId: input.clientMutationId, issue: moved };
};
