// A pull request's merge state, one rule for REST's `mergeable_state` and
// GraphQL's `mergeStateStatus`: what the mergeability job stored ('unknown'
// until it has run, then 'clean' or 'dirty'), except that a draft's state is
// 'draft' once computed (mergeable still is), as GitHub's.
import type { PullColumns } from './pull-rows.js';

export const mergeableStateOf = (pull: Pick<PullColumns, 'draft' | 'mergeable' | 'mergeable_state'>): string =>
  pull.draft && pull.mergeable !== null ? 'draft' : pull.mergeable_state;
