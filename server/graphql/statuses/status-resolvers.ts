// Commit statuses in GraphQL, as GitHub has them: `Commit.status` (null when
// the commit has none) with each context's latest status and the combined
// state, and StatusContext nodes (SC_ ids) found by node(id) while their
// repository exists and is visible.
import { Buffer } from 'node:buffer';
import { encodeNodeId } from '../../ids/node-id.js';
import { combinedState } from '../../statuses/status-view.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { GraphqlContext } from '../core/context.js';
import type { CommitResolvers, StatusContextResolvers, StatusResolvers } from '../generated/resolvers-types.js';
import { objectByOid } from '../resolvers/git-object.js';
import { contextModel, type StatusContextModel, type StatusModel } from './status-models.js';

const encodeStatusId = (id: number) => encodeNodeId('StatusContext', id);
const STATES = { error: 'ERROR', failure: 'FAILURE', pending: 'PENDING', success: 'SUCCESS' } as const;

/** The StatusContext behind an SC_ id, or null (unknown, or its repository deleted or invisible). */
export async function loadStatusContext(ctx: GraphqlContext, id: number): Promise<StatusContextModel | null> {
  const row = await ctx.loaders.statusById.load(id);
  const repo = row === null ? null : await ctx.loaders.repositoryById.load(row.repository_id);
  return row !== null && repo !== null && (await ctx.access.seesRepository(repo)) ? contextModel(row, repo) : null;
}

export const commitStatusField: Pick<CommitResolvers, 'status'> = {
  status: async (commit, _args, ctx) => {
    // The loader the rollup shares (checks/check-loaders.ts): a page of commits costs one statement.
    const rows = await ctx.loaders.latestStatusesOfCommit.load({ repositoryId: commit.repo.id, sha: commit.oid });
    if (rows.length === 0) return null;
    return { repo: commit.repo, oid: commit.oid, contexts: rows.map((row) => contextModel(row, commit.repo)) };
  },
};

const commitOf = (ctx: GraphqlContext, model: StatusModel | StatusContextModel, oid: string) =>
  objectByOid(ctx, model.repo, oid);

export const Status: Omit<StatusResolvers, 'combinedContexts'> = {
  // Its commit's id, as the rollup's (checks/commit-check-fields.ts); `node(id:)` does not resolve it yet.
  id: (status) => `ST_${Buffer.from(`${status.repo.id}:${status.oid}`).toString('base64url')}`,

  commit: (status, _args, ctx) => commitOf(ctx, status, status.oid),
  // GitHub matches context names case-insensitively, as the REST API stores them.
  context: (status, { name }) => status.contexts.find((c) => c.context.toLowerCase() === name.toLowerCase()) ?? null,
  contexts: (status) => status.contexts,
  state: (status) => STATES[combinedState(status.contexts.map((c) => c.state))],
};

export const StatusContext: StatusContextResolvers = {
  id: (status) => encodeStatusId(status.id),
  avatarUrl: (status, { size }, ctx) => {
    if (status.creator_id === null) return null;
    const url = new URL(ctx.services.urls.html(`/avatars/u/${status.creator_id}`));
    if (size) url.searchParams.set('s', String(size));
    return url.toString();
  },
  commit: (status, _args, ctx) => commitOf(ctx, status, status.sha),
  context: (status) => status.context,
  createdAt: (status) => isoSeconds(status.created_at),
  creator: (status, _args, ctx) =>
    status.creator_id === null ? null : ctx.loaders.accountById.load(status.creator_id),
  description: (status) => status.description,
  state: (status) => STATES[status.state],
  targetUrl: (status) => status.target_url,
  // No branch protection rule requires a status in Wharf (required_status_checks is always off).
  isRequired: () => false,
};
