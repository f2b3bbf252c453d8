// Label and Milestone, and the Repository fields that reach them (`label`,
// `labels`, `milestone`, `milestones`), all read through the per-request
// loaders. A label or milestone is visible exactly when its repository is.
import { isoSeconds, isoSecondsOrNull } from '../../views/timestamps.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { LabelRow } from '../../labels/labels-store.js';
import type { MilestoneRow } from '../../milestones/milestones-store.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { connection, pageWindow } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { LabelResolvers, MilestoneResolvers, RepositoryResolvers } from '../generated/resolvers-types.js';

async function repositoryOf(ctx: GraphqlContext, repositoryId: number): Promise<RepositoryRow> {
  const repo = await ctx.loaders.repositoryById.load(repositoryId);
  if (!repo) throw new Error(`no repository ${repositoryId}`);
  return repo;
}

/** The repository's web path, e.g. `/octocat/Hello-World`. */
const repositoryPath = (repo: RepositoryRow) => `/${repo.owner_login}/${repo.name}`;

const labelPath = async (label: LabelRow, ctx: GraphqlContext) =>
  `${repositoryPath(await repositoryOf(ctx, label.repository_id))}/labels/${encodeURIComponent(label.name)}`;

const milestonePath = async (m: MilestoneRow, ctx: GraphqlContext) =>
  `${repositoryPath(await repositoryOf(ctx, m.repository_id))}/milestone/${m.number}`;

export const Label: LabelResolvers = {
  id: (label) => encodeNodeId('Label', label.id),
  name: (label) => label.name,
  color: (label) => label.color,
  description: (label) => label.description,
  isDefault: (label) => label.is_default,
  createdAt: (label) => isoSeconds(label.created_at),
  updatedAt: (label) => isoSeconds(label.updated_at),
  repository: (label, _args, ctx) => repositoryOf(ctx, label.repository_id),
  resourcePath: (label, _args, ctx) => labelPath(label, ctx),
  url: async (label, _args, ctx) => ctx.services.urls.html(await labelPath(label, ctx)),
};

export const Milestone: MilestoneResolvers = {
  id: (m) => encodeNodeId('Milestone', m.id),
  number: (m) => m.number,
  title: (m) => m.title,
  description: (m) => m.description,
  state: (m) => (m.state === 'closed' ? 'CLOSED' : 'OPEN'),
  closed: (m) => m.state === 'closed',
  closedAt: (m) => isoSecondsOrNull(m.closed_at),
  dueOn: (m) => isoSecondsOrNull(m.due_on),
  createdAt: (m) => isoSeconds(m.created_at),
  updatedAt: (m) => isoSeconds(m.updated_at),
  progressPercentage: (m) =>
    m.open_issues + m.closed_issues === 0 ? 0 : (100 * m.closed_issues) / (m.open_issues + m.closed_issues),
  repository: (m, _args, ctx) => repositoryOf(ctx, m.repository_id),
  resourcePath: (m, _args, ctx) => milestonePath(m, ctx),
  url: async (m, _args, ctx) => ctx.services.urls.html(await milestonePath(m, ctx)),
};

/** Repository's fields for its labels and milestones (spread into the Repository resolvers). */
export const repositoryLabelFields: Pick<RepositoryResolvers, 'label' | 'labels' | 'milestone' | 'milestones'> = {
  label: (repo, { name }, ctx) => ctx.loaders.labelByName.load({ repositoryId: repo.id, name }),
  labels: async (repo, args, ctx) => {
    const window = pageWindow(args, 'labels');
    const page = await ctx.loaders.labelPage.load({
      repositoryId: repo.id,
      page: {
        ...window,
        query: args.query ?? null,
        orderBy: args.orderBy?.field ?? 'CREATED_AT',
        direction: args.orderBy?.direction ?? 'ASC',
      },
    });
    return connection(page.rows, page.total, window);
  },
  milestone: (repo, { number }, ctx) => ctx.loaders.milestoneByNumber.load({ repositoryId: repo.id, number }),
  milestones: async (repo, args, ctx) => {
    const window = pageWindow(args, 'milestones');
    const states = args.states?.length
      ? [...new Set(args.states)].map((s) => (s === 'CLOSED' ? ('closed' as const) : ('open' as const)))
      : ['open' as const, 'closed' as const];
    const page = await ctx.loaders.milestonePage.load({
      repositoryId: repo.id,
      page: {
        ...window,
        query: args.query ?? null,
        states: states.sort(),
        orderBy: args.orderBy?.field ?? 'NUMBER',
        direction: args.orderBy?.direction ?? 'ASC',
      },
    });
    return connection(page.rows, page.total, window);
  },
};

/** A label or milestone by node ID, when the caller may see its repository. */
export async function loadLabelOrMilestone(
  ctx: GraphqlContext,
  type: 'Label' | 'Milestone',
  id: number,
): Promise<LabelRow | MilestoneRow | null> {
  const row = type === 'Label' ? await ctx.loaders.labelById.load(id) : await ctx.loaders.milestoneById.load(id);
  if (!row) return null;
  const repo = await ctx.loaders.repositoryById.load(row.repository_id);
  return repo !== null && (await ctx.access.seesRepository(repo)) ? row : null;
}
