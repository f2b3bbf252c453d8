// `Repository.pinnedIssues` and the PinnedIssue type: the issues pinned to
// the repository (issues/issue-pins.ts), in pin order. A pin has no key of
// its own: it is its issue's (issue_pins' primary key), so its id and
// databaseId are the issue's id under the PinnedIssue kind. GitHub's
// `pinnedBy` cannot be null: a deleted account is its ghost user.
import DataLoader from 'dataloader';
import { encodeNodeId } from '../../ids/node-id.js';
import { pinOfIssue, pinsOfRepositories, type PinRow } from '../../issues/issue-pins.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { listConnection } from '../core/connection.js';
import type { GraphqlContext } from '../core/context.js';
import type { PinnedIssueResolvers, RepositoryResolvers } from '../generated/resolvers-types.js';

const loaders = new WeakMap<GraphqlContext['loaders'], DataLoader<number, PinRow[]>>();

/** This request's loader of repositories' pins (one statement for every repository of a tick). */
function pinsLoader(ctx: GraphqlContext): DataLoader<number, PinRow[]> {
  let loader = loaders.get(ctx.loaders);
  if (!loader) {
    const { sql } = ctx.services;
    loader = new DataLoader(async (ids) => {
      const found = await pinsOfRepositories(sql, ids);
      return ids.map((id) => found.get(id) ?? []);
    });
    loaders.set(ctx.loaders, loader);
  }
  return loader;
}

// GitHub's ghost user, as release-view.ts answers a deleted author.
const GHOST: AccountRow = {
  id: 10137,
  login: 'ghost',
  kind: 'User',
  name: null,
  email: null,
  site_admin: false,
  created_at: new Date(0),
  updated_at: new Date(0),
};

export const repositoryPinnedIssuesField: Pick<RepositoryResolvers, 'pinnedIssues'> = {
  pinnedIssues: async (repo, args, ctx) => listConnection(await pinsLoader(ctx).load(repo.id), args, 'pinnedIssues'),
};

export const PinnedIssue: PinnedIssueResolvers = {
  id: (pin) => encodeNodeId('PinnedIssue', pin.issue_id),
  databaseId: (pin) => pin.issue_id,
  fullDatabaseId: (pin) => String(pin.issue_id),
  issue: async (pin, _args, ctx) => {
    const issue = await ctx.loaders.issueById.load(pin.issue_id);
    if (!issue) throw new Error(`pinned issue ${pin.issue_id} is gone`);
    return issue;
  },
  pinnedBy: async (pin, _args, ctx) =>
    (pin.pinned_by_id === null ? null : await ctx.loaders.accountById.load(pin.pinned_by_id)) ?? GHOST,
  repository: async (pin, _args, ctx) => {
    const repo = await ctx.loaders.repositoryById.load(pin.repository_id);
    if (!repo) throw new Error(`pinned issue ${pin.issue_id} has no repository`);
    return repo;
  },
};

/** A PinnedIssue's node id: the pin, when its repository is visible. */
export async function loadPin(ctx: GraphqlContext, issueId: number): Promise<PinRow | null> {
  const pin = await pinOfIssue(ctx.services.sql, issueId);
  const repo = pin === null ? null : await ctx.loaders.repositoryById.load(pin.repository_id);
  return repo !== null && (await ctx.access.seesRepository(repo)) ? pin : null;
}
