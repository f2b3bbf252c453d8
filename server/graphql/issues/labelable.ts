// Labels and issues from both sides: Labelable's `viewerCanLabel` (issues and
// pull requests; its type is resolved in pulls/interfaces.ts) (triage, as
// REST's label operations), and `Label.issues` and `Milestone.issues`, which
// take Repository.issues' arguments and are batched the same way (one
// statement for every label or milestone on the page).
import type { GraphqlContext } from '../core/context.js';
import type {
  IssueResolvers,
  LabelResolvers,
  MilestoneResolvers,
  RepositoryIssuesArgs,
} from '../generated/resolvers-types.js';
import type { IssueModel } from './issue-models.js';
import { issuePageRequest } from './issue-resolvers.js';
import { connection, pageAt } from '../core/connection.js';
import { viewerAs } from '../access/writer.js';

export const issueLabelableFields: Pick<IssueResolvers, 'viewerCanLabel'> = {
  viewerCanLabel: async (issue, _args, ctx) => {
    const repo = await ctx.loaders.repositoryById.load(issue.repository_id);
    return repo !== null && (await viewerAs(ctx, repo, 'addLabelsToLabelable', 'triage')) !== null;
  },
};

async function issuesOf(
  ctx: GraphqlContext,
  loader: 'labelIssuePage' | 'milestoneIssuePage',
  parentId: number,
  args: Partial<RepositoryIssuesArgs>,
) {
  const request = issuePageRequest(args);
  const page = await ctx.loaders[loader].load({ repositoryId: parentId, page: request });
  return connection<IssueModel>(page.rows, page.total, pageAt(request.window, page.rows.length, page.total));
}

export const labelIssueFields: Pick<LabelResolvers, 'issues'> = {
  issues: (label, args, ctx) => issuesOf(ctx, 'labelIssuePage', label.id, args),
};

export const milestoneIssueFields: Pick<MilestoneResolvers, 'issues'> = {
  issues: (milestone, args, ctx) => issuesOf(ctx, 'milestoneIssuePage', milestone.id, args),
};
