// convertPullRequestToDraft and markPullRequestReadyForReview: only GraphQL
// changes a draft, as on GitHub. Its author or anyone with push access may,
// on an open pull request; each emits `pull_request` converted_to_draft or
// ready_for_review in its transaction (pull-changes.ts), nothing when the
// pull request already is what was asked.
import { atLeast, type Permission } from '../../access/permissions.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { changeAs } from './pull-mutations.js';

type M = Required<MutationResolvers>;

const authorOrWriter = (permission: Permission | null, authorId: number | null, userId: number) =>
  atLeast(permission, 'write') || authorId === userId;

export const convertPullRequestToDraft: M['convertPullRequestToDraft'] = async (_parent, { input }, ctx) => {
  const { pullRequest } = await changeAs(
    ctx,
    input.pullRequestId,
    'convertPullRequestToDraft',
    () => ({ draft: true }),
    authorOrWriter,
  );
  return { clientMutationId: input.clientMutationId, pullRequest };
};

export const markPullRequestReadyForReview: M['markPullRequestReadyForReview'] = async (_parent, { input }, ctx) => {
  const { pullRequest } = await changeAs(
    ctx,
    input.pullRequestId,
    'markPullRequestReadyForReview',
    () => ({ draft: false }),
    authorOrWriter,
  );
  return { clientMutationId: input.clientMutationId, pullRequest };
};
