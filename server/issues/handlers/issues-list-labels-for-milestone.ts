import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { pageRequest } from '../../paging/pagination.js';
import { milestoneLabelPage } from '../issue-label-list.js';
import { pageHeaders } from '../page-headers.js';
import { labelView } from '../../labels/label-view.js';
import { accessRepository } from '../../http/repository-access.js';
import { findMilestone } from '../../milestones/milestones-store.js';

// The labels on the milestone's issues, each once.
export const listLabelsForMilestone: Handler<'issues/list-labels-for-milestone'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const { sql, urls } = ctx.services;
  const milestone = await findMilestone(sql, repo.id, ctx.params.milestone_number);
  if (!milestone) throw notFound();
  const { query } = await ctx.input();
  const page = pageRequest(query);
  const { rows, total } = await milestoneLabelPage(sql, milestone.id, page.perPage, page.offset);
  return {
    status: 200,
    body: rows.map((label) => labelView(label, repo, urls)),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
};
