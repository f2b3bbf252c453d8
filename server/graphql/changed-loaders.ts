// What a mutation's payload must not be served from memory: this request's
// loaders remember issues, comments, reactions and pull requests as they were
// before the change, so a mutation forgets them (mutation/in-mutation.ts, through
// the context's `forgetChanges`, which mount.ts binds to this request's loaders).
// Here, with the composition, because it names every capability's loaders.
import type { Loaders } from './loaders.js';
import { clearPullLoaders } from './pulls/pull-loaders.js';

export function clearChangedLoaders(loaders: Loaders): void {
  for (const loader of [
    loaders.issueById,
    loaders.issueByNumber,
    loaders.issuePage,
    loaders.commentById,
    loaders.commentPage,
    loaders.assignees,
    loaders.pinned,
    loaders.labelsOfIssue,
    loaders.labelIssuePage,
    loaders.milestoneIssuePage,
  ])
    loader.clearAll();
  for (const loader of [loaders.reactionById, loaders.reactionPage, loaders.reactionSummary]) loader.clearAll();
  clearPullLoaders(loaders);
}
