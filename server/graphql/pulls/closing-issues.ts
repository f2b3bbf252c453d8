// PullRequest.closingIssuesReferences: the issues a pull request's body names
// after a closing keyword (issues/closing-references.ts, the rule a merge closes them by), GitHub's way: only
// while it targets its repository's default branch, issues only (a pull
// request named is left out), another repository's issue only when the caller
// may see that repository. Wharf has no manual links, so `userLinkedOnly`
// lists none.
import { closingReferences, namesRepository } from '../../issues/closing-references.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { listConnection } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { IssueOrder, PullRequestResolvers } from '../generated/resolvers-types.js';
import type { IssueModel } from '../issues/issue-models.js';
import { findRepository } from '../resolvers/repository.js';
import type { PullModel } from './pull-models.js';
import { repositoryOf } from './pull-paths.js';

async function namedRepository(ctx: GraphqlContext, base: RepositoryRow, name: string | null) {
  if (namesRepository({ repository: name, number: 0 }, base)) return base;
  const [owner = '', repoName = ''] = (name ?? '').split('/');
  const repo = await findRepository(ctx.services, owner, repoName, true);
  return repo !== null && (await ctx.access.seesRepository(repo)) ? repo : null;
}

async function closingIssues(ctx: GraphqlContext, pull: PullModel): Promise<IssueModel[]> {
  const base = await repositoryOf(ctx, pull.repository_id);
  if (pull.base_ref !== base.default_branch) return [];
  const references = closingReferences(pull.body);
  const issues = await Promise.all(
    references.map(async (reference) => {
      const repo = await namedRepository(ctx, base, reference.repository);
      return repo === null ? null : ctx.loaders.issueByNumber.load({ repositoryId: repo.id, number: reference.number });
    }),
  );
  // `#3` and `owner/repo#3` may name the same issue: once, where first named.
  const byId = new Map<number, IssueModel>();
  for (const issue of issues) if (issue !== null && !byId.has(issue.id)) byId.set(issue.id, issue);
  return [...byId.values()];
}

const SORT_KEYS = {
  CREATED_AT: (issue: IssueModel) => issue.created_at.getTime(),
  UPDATED_AT: (issue: IssueModel) => issue.updated_at.getTime(),
  COMMENTS: (issue: IssueModel) => issue.comments,
} as const;

function ordered(issues: IssueModel[], order: IssueOrder | null | undefined): IssueModel[] {
  if (!order) return issues;
  const key = SORT_KEYS[order.field];
  const sign = order.direction === 'DESC' ? -1 : 1;
  return [...issues].sort((a, b) => sign * (key(a) - key(b)) || a.id - b.id);
}

export const closingIssuesField: Pick<PullRequestResolvers, 'closingIssuesReferences'> = {
  closingIssuesReferences: async (pull, { orderBy, userLinkedOnly, ...page }, ctx) => {
    const issues = userLinkedOnly ? [] : ordered(await closingIssues(ctx, pull), orderBy);
    return listConnection(issues, page, 'closingIssuesReferences');
  },
};
