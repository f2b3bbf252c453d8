// Gists in GraphQL, as GitHub has them: G_ nodes, `User.gist(name:)`, and a
// gist's comments, forks and stargazers. Anyone reads a gist whose name or
// id they have (a secret gist is unlisted, not private); lists show secret
// gists only to their owner (access/gist-access.ts). Installations reach no
// gist: installation-guard.ts answers FORBIDDEN at the field. `files` reads
// the gist's git repository (gist-file-resolvers.ts). `pushedAt` is
// `updated_at`, which every commit and push moves (as do description edits):
// the head commit's time would cost a git command per gist of a page.
import { secretGistsListedTo } from '../../access/gist-access.js';
import { listGistComments } from '../../gists/comments/gist-comments-store.js';
import { forksOfGist, stargazersOfGist, type GistOrderColumn } from '../../gists/gist-reads-store.js';
import { encodeNodeId } from '../../ids/node-id.js';
import type { AccountRow } from '../../repos/accounts-store.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { GraphqlContext } from '../core/context.js';
import type { GistOrder, GistResolvers } from '../generated/resolvers-types.js';
import { gistCommentModel, gistModel, type GistModel } from './gist-models.js';
import { gistFiles } from './gist-file-resolvers.js';
import { gistPage } from './gist-page.js';

/**
 * The Gist behind a G_ id, or null for none. Anyone reads a gist by its id
 * (the policy's `read`); an installation's refusal is the guard's FORBIDDEN.
 */
export async function loadGist(ctx: GraphqlContext, id: number): Promise<GistModel | null> {
  const row = await ctx.loaders.gistById.load(id);
  return row === null ? null : gistModel(row);
}

/** GitHub's gist orders; PUSHED_AT is the last change (a push or an edit) until git keeps it. */
export function gistOrder(order: GistOrder | null | undefined, fallback: GistOrder) {
  const { field, direction } = order ?? fallback;
  const column: GistOrderColumn = field === 'CREATED_AT' ? 'created_at' : 'updated_at';
  return { column, desc: direction === 'DESC' };
}

export const gistPath = (gist: { name: string }) => `/gist/${gist.name}`;

export const Gist: GistResolvers = {
  id: (gist) => encodeNodeId('Gist', gist.id),
  name: (gist) => gist.name,
  description: (gist) => gist.description,
  isPublic: (gist) => gist.public,
  isFork: (gist) => gist.fork_of_id !== null,
  owner: (gist, _args, ctx) => ctx.loaders.accountById.load(gist.owner_id),
  createdAt: (gist) => isoSeconds(gist.created_at),
  updatedAt: (gist) => isoSeconds(gist.updated_at),
  pushedAt: (gist) => isoSeconds(gist.updated_at),
  files: (gist, args, ctx) => gistFiles(gist, args, ctx),
  resourcePath: (gist) => gistPath(gist),
  url: (gist, _args, ctx) => ctx.services.urls.html(gistPath(gist)),
  stargazerCount: (gist, _args, ctx) => ctx.loaders.gistStarCount.load(gist.id),
  viewerHasStarred: (gist, _args, ctx) => ctx.loaders.gistStarredByViewer.load(gist.id),
  comments: async (gist, args, ctx) => {
    if (args.first == null && args.last == null) {
      // Only the count asked (the resource limits refuse listing items without `first`/`last`).
      const total = await ctx.loaders.gistCommentCount.load(gist.id);
      return gistPage(args, 'comments', async () => ({ rows: [], total }));
    }
    const page = await gistPage(args, 'comments', (window) => listGistComments(ctx.services.sql, gist.id, window));
    return {
      ...page,
      edges: page.edges.map((e) => ({ ...e, node: gistCommentModel(e.node) })),
      nodes: page.nodes.map(gistCommentModel),
    };
  },
  forks: async (gist, { orderBy, ...args }, ctx) => {
    const order = gistOrder(orderBy, { field: 'CREATED_AT', direction: 'ASC' });
    const viewer = secretGistsListedTo(ctx.principal);
    const page = await gistPage(args, 'forks', (window) =>
      forksOfGist(ctx.services.sql, gist.id, viewer, order, window),
    );
    return {
      ...page,
      edges: page.edges.map((e) => ({ ...e, node: gistModel(e.node) })),
      nodes: page.nodes.map(gistModel),
    };
  },
  stargazers: async (gist, { orderBy, ...args }, ctx) => {
    const desc = orderBy?.direction === 'DESC';
    const page = await gistPage(args, 'stargazers', (window) =>
      stargazersOfGist(ctx.services.sql, gist.id, desc, window),
    );
    const accounts = await ctx.loaders.accountById.loadMany(page.nodes.map((star) => star.account_id));
    const edges = page.edges.flatMap((edge, i) => {
      const account = accounts[i];
      if (!account || account instanceof Error) return [];
      return [{ cursor: edge.cursor, node: account as AccountRow, starredAt: isoSeconds(edge.node.created_at) }];
    });
    return { ...page, edges, nodes: edges.map((edge) => edge.node) };
  },
};
