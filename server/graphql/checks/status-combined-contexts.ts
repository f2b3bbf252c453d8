// Status.combinedContexts: the commit's rollup contexts (commit-check-fields.ts),
// its check runs the caller may read, then its statuses. It lives with the
// checks, which the statuses folder does not import.
import type { StatusResolvers } from '../generated/resolvers-types.js';
import { rollupContexts, rollupOf } from './commit-check-fields.js';

export const statusCombinedContextsField: Pick<StatusResolvers, 'combinedContexts'> = {
  combinedContexts: async (status, args, ctx) => {
    const rollup = await rollupOf(ctx, { repo: status.repo, oid: status.oid, type: 'commit' });
    return rollupContexts(rollup ?? { runs: [], statuses: [] }, args, 'combinedContexts');
  },
};
