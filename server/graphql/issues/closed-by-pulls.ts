// Issue.closedByPullRequestsReferences: the pull requests whose description
// closes the issue by GitHub's closing keywords (the other side of
// PullRequest.closingIssuesReferences, pulls/closing-issues.ts, by the same
// parser and the same rule: only pull requests into their repository's
// default branch). Its own repository's `Fixes #n`, and another repository's
// `Fixes owner/name#n` where the caller may read that repository's pull
// requests. As GitHub answers it, the ones that will close it (open) and
// those that closed it (merged) are listed, and those closed without a merge
// only with `includeClosedPrs` (its description's "open pull requests" says
// less than GitHub lists: tools that rely on it, e.g. reading mergeCommit,
// find merged ones there). Wharf has no manual links, so `userLinkedOnly`
// lists none.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { closingReferences, type ClosingReference } from '../../issues/closing-references.js';
import { closingPullCandidates, type ClosingTarget } from '../../pulls/closing-pulls.js';
import { listConnection } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { IssueResolvers } from '../generated/resolvers-types.js';
import type { PullModel } from '../pulls/pull-models.js';
import type { IssueModel } from './issue-models.js';

export type ClosingKey = ClosingTarget & { includeClosed: boolean };

export type ClosingPullsLoader = DataLoader<ClosingKey, PullModel[], string>;

export function createClosingPullsLoader(sql: Sql): ClosingPullsLoader {
  return new DataLoader(
    async (keys) => {
      const answers = new Map<string, PullModel[]>();
      for (const includeClosed of [false, true]) {
        const targets = keys.filter((key) => key.includeClosed === includeClosed);
        const found = await closingPullCandidates(sql, targets, includeClosed);
        for (const [issueId, pulls] of found) answers.set(`${issueId}:${includeClosed}`, pulls);
      }
      return keys.map((key) => answers.get(`${key.issueId}:${key.includeClosed}`) ?? []);
    },
    { cacheKeyFn: (key) => `${key.issueId}:${key.includeClosed}` },
  );
}

/** Whether `reference`, written in `pull`'s description, names `issue` (of the repository `fullName`). */
function namesIssue(reference: ClosingReference, pull: PullModel, issue: IssueModel, fullName: string): boolean {
  if (reference.number !== issue.number) return false;
  return reference.repository === null
    ? pull.repository_id === issue.repository_id
    : reference.repository.toLowerCase() === fullName.toLowerCase();
}

async function closingPulls(ctx: GraphqlContext, issue: IssueModel, includeClosed: boolean): Promise<PullModel[]> {
  const repo = await ctx.loaders.repositoryById.load(issue.repository_id);
  if (repo === null) return [];
  const fullName = `${repo.owner_login}/${repo.name}`;
  const candidates = await ctx.loaders.closingPulls.load({
    issueId: issue.id,
    repositoryId: repo.id,
    fullName,
    number: issue.number,
    includeClosed,
  });
  const kept = await Promise.all(
    candidates.map(async (pull) => {
      if (!closingReferences(pull.body).some((reference) => namesIssue(reference, pull, issue, fullName))) return false;
      const pullRepo = await ctx.loaders.repositoryById.load(pull.repository_id);
      return (
        pullRepo !== null &&
        (await ctx.access.seesRepository(pullRepo)) &&
        ctx.access.readsKind(pullRepo, 'pull_requests')
      );
    }),
  );
  // Oldest first, as GitHub lists them.
  return candidates.filter((_, index) => kept[index]).sort((a, b) => a.id - b.id);
}

const stateRank = (pull: PullModel) => (pull.state === 'open' ? 0 : pull.merged_at !== null ? 1 : 2);

export const closedByPullsField: Pick<IssueResolvers, 'closedByPullRequestsReferences'> = {
  closedByPullRequestsReferences: async (issue, { includeClosedPrs, orderByState, userLinkedOnly, ...page }, ctx) => {
    let pulls = userLinkedOnly ? [] : await closingPulls(ctx, issue, includeClosedPrs ?? false);
    // By state: those still to close it (open), those that closed it (merged), the rest; each oldest first.
    if (orderByState) pulls = [...pulls].sort((a, b) => stateRank(a) - stateRank(b));
    return listConnection(pulls, page, 'closedByPullRequestsReferences');
  },
};
