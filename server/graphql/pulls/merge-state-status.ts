// PullRequest.mergeStateStatus: REST's `mergeable_state` (pulls/mergeable-state.ts)
// in GitHub's enum. A stored state the enum lacks reads UNKNOWN rather than
// failing the whole field (the field is non-null).
import { mergeableStateOf } from '../../pulls/mergeable-state.js';
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
  mergeStateStatus: (pull) => {
    const state = mergeableStateOf(pull).toUpperCase();
    return STATES.has(state) ? (state as MergeStateStatus) : 'UNKNOWN';
  },
};
