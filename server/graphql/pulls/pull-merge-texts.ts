// viewerMergeHeadlineText / viewerMergeBodyText: the messages a merge by
// `mergeType` would write if the viewer left them as they are, the defaults
// REST's merge writes (pulls/merge/merge-messages.ts): a merge commit's
// "Merge pull request #N from owner/branch" over the title, a squash's
// "Title (#N)" over the head's commit subjects; a rebase writes no message.
import { mergeCommitMessage } from '../../pulls/merge/merge-messages.js';
import type { GraphqlContext } from '../core/context.js';
import type { PullRequestMergeMethod, PullRequestResolvers } from '../generated/resolvers-types.js';
import type { PullModel } from './pull-models.js';
import { repositoryOf } from './pull-paths.js';

async function defaultMessage(ctx: GraphqlContext, pull: PullModel, method: PullRequestMergeMethod): Promise<string> {
  if (method === 'REBASE') return '';
  // Through the loader: a page of pull requests starts a few git processes at a time, not one each at once.
  if (method === 'SQUASH') return ctx.loaders.pullSquashMessage.load(pull);
  const head = pull.head_repository_id === null ? null : await ctx.loaders.repositoryById.load(pull.head_repository_id);
  const owner = head?.owner_login ?? (await repositoryOf(ctx, pull.repository_id)).owner_login;
  return mergeCommitMessage({ issue: pull, pull }, owner, {});
}

/** A message's title line and the body after its blank line, without the trailing newline. */
function split(message: string): { headline: string; body: string } {
  const [headline = '', ...rest] = message.replace(/\n$/, '').split('\n\n');
  return { headline, body: rest.join('\n\n') };
}

export const pullMergeTextFields: Pick<PullRequestResolvers, 'viewerMergeHeadlineText' | 'viewerMergeBodyText'> = {
  viewerMergeHeadlineText: async (pull, { mergeType }, ctx) =>
    split(await defaultMessage(ctx, pull, mergeType ?? 'MERGE')).headline.trimEnd(),
  viewerMergeBodyText: async (pull, { mergeType }, ctx) =>
    split(await defaultMessage(ctx, pull, mergeType ?? 'MERGE')).body,
};
