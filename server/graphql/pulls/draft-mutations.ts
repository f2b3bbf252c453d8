// convertPullRequestToDraft and markPullRequestReadyForReview: only GraphQL
// changes a draft, as on GitHub. Its author or anyone with push access may,
// on an open pull request; each emits `pull_request` converted_to_draft or
// ready_for_review in its transaction (pull-changes.ts), nothing when the
// pull request already is what was asked.
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { changeAs, type Rule } from './pull-mutations.js';

type M = Required<MutationResolvers>;

/** Its author, or a writer (push access, as the policy answers it). */
const authorOrWriter: Rule = (_permission, authorId, userId, holds) => authorId === userId || holds('write');

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
