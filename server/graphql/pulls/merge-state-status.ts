// PullRequest.mergeStateStatus: REST's `mergeable_state` (pulls/mergeable-state.ts,
// then branch-protection/merge-state.ts for blocked, behind, unstable) in
// GitHub's enum. A stored state the enum lacks reads UNKNOWN rather than
// failing the whole field (the field is non-null).
import { mergeStateOf } from '../../branch-protection/merge-state.js';
import { mergeableStateOf } from '../../pulls/mergeable-state.js';
import { conditionsOfModel, headChecksReader, rulesOf } from './pull-protection.js';
import type { MergeStateStatus, PullRequestResolvers } from '../generated/resolvers-types.js';

const STATES: ReadonlySet<string> = new Set<MergeStateStatus>([
  'BEHIND',
  'BLOCKED',
  'CLEAN',
  'DIRTY',
  'DRAFT',
  'HAS_HOOKS',
  'UNKNOWN',
  'UNSTABLE',
]);

export const mergeStateStatusField: Pick<PullRequestResolvers, 'mergeStateStatus'> = {
  mergeStateStatus: async (pull, _args, ctx) => {
    let state = mergeableStateOf(pull);
    if (state === 'clean' && pull.state === 'open') {
      // Asked at once for every pull request of the page, so that one read serves them all.
      const headChecks = headChecksReader(ctx);
      headChecks(pull.repository_id, pull.head_sha).catch(() => undefined);
      const [repo, rules] = await Promise.all([
        ctx.loaders.repositoryById.load(pull.repository_id),
        rulesOf(ctx, pull.repository_id),
      ]);
      if (repo) {
        const deps = { sql: ctx.services.sql, git: ctx.services.git, rules, headChecks };
        state = await mergeStateOf(deps, repo, conditionsOfModel(pull), state, true);
      }
    }
    state = state.toUpperCase();
    return STATES.has(state) ? (state as MergeStateStatus) : 'UNKNOWN';
  },
};
