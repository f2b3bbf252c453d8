// A user's gists in GraphQL: `User.gist(name:)` (any of the user's gists by
// name, a secret one too), `User.gists(privacy:, orderBy:)` and
// `User.gistComments`. Lists show secret gists, and comments on them, only
// to the user whose they are (access/gist-access.ts's secretGistsListedTo).
import { secretGistsListedTo } from '../../access/gist-access.js';
import { findGistByName } from '../../gists/gists-store.js';
import { commentsOfAuthor, gistsOfOwner } from '../../gists/gist-reads-store.js';
import type { UserResolvers } from '../generated/resolvers-types.js';
import { gistCommentModel, gistModel } from './gist-models.js';
import { gistOrder } from './gist-resolvers.js';
import { gistPage } from './gist-page.js';

export const userGistFields: Pick<UserResolvers, 'gist' | 'gists' | 'gistComments'> = {
  gist: async (user, { name }, ctx) => {
    const row = await findGistByName(ctx.services.sql, name);
    // Anyone reads a gist by name (the policy's `read`); an installation's refusal is installation-guard.ts's FORBIDDEN.
    return row === null || row.owner_id !== user.id ? null : gistModel(row);
  },
  gists: async (user, { privacy, orderBy, ...args }, ctx) => {
    const own = secretGistsListedTo(ctx.principal) === user.id;
    const wanted = privacy ?? 'PUBLIC';
    const filter = { withPublic: wanted !== 'SECRET', withSecret: own && wanted !== 'PUBLIC' };
    const order = gistOrder(orderBy, { field: 'CREATED_AT', direction: 'ASC' });
    const page = await gistPage(args, 'gists', (window) =>
      gistsOfOwner(ctx.services.sql, user.id, filter, order, window),
    );
    return {
      ...page,
      edges: page.edges.map((e) => ({ ...e, node: gistModel(e.node) })),
      nodes: page.nodes.map(gistModel),
    };
  },
  gistComments: async (user, args, ctx) => {
    const viewer = secretGistsListedTo(ctx.principal);
    const page = await gistPage(args, 'gistComments', (window) =>
      commentsOfAuthor(ctx.services.sql, user.id, viewer, window),
    );
    return {
      ...page,
      edges: page.edges.map((e) => ({ ...e, node: gistCommentModel(e.node) })),
      nodes: page.nodes.map(gistCommentModel),
    };
  },
};
