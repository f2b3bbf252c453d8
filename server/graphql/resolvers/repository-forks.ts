// `Repository.forks`: the direct forks the caller can read, as REST's
// GET …/forks lists them (forks/forks-store.ts filters them in SQL before
// paging). Ordered by creation time: Wharf has no stars, and forks' other
// orders are by fields every fork of a repository shares here.
import { forksOf } from '../../forks/forks-store.js';
import { connection, pageAt, twoWayWindow } from '../core/connection.js';
import type { RepositoryResolvers } from '../generated/resolvers-types.js';

export const repositoryForksField: Pick<RepositoryResolvers, 'forks'> = {
  forks: async (repo, args, ctx) => {
    const window = twoWayWindow(args, 'forks');
    const sort = args.orderBy?.direction === 'DESC' ? 'newest' : 'oldest';
    const reader = ctx.principal.kind === 'token' ? ctx.principal.user : null;
    let offset = window.offset;
    if (window.fromEnd) {
      const { total } = await forksOf(ctx.services.sql, repo.id, sort, reader, { limit: 0, offset: 0 });
      offset = Math.max(0, total - window.first);
    }
    const { rows, total } = await forksOf(ctx.services.sql, repo.id, sort, reader, { limit: window.first, offset });
    return connection(rows, total, pageAt({ ...window, offset, fromEnd: false }, rows.length, total));
  },
};
