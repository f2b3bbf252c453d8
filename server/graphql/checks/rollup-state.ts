// A commit's rollup state, GitHub's way: each check run and each status
// counts as passing, pending or failing, and the commit is as bad as its
// worst. A run passes when it completed as success, neutral or skipped (the
// conclusions GitHub's required checks accept), is pending until it
// completes, and fails with any other conclusion (failure, cancelled,
// timed_out, action_required, stale). A status is what its state says; a
// commit failing only by statuses in `error` is ERROR, else FAILURE. Null
// when there is nothing to roll up.
import type { CheckRunRow } from '../../checks/check-rows.js';
import type { StatusState } from '../../statuses/statuses-store.js';

export type RollupState = 'ERROR' | 'FAILURE' | 'PENDING' | 'SUCCESS';

const PASSING = new Set(['success', 'neutral', 'skipped']);

export function runRollupState(run: Pick<CheckRunRow, 'status' | 'conclusion'>): RollupState {
  if (run.status !== 'completed' || run.conclusion === null) return 'PENDING';
  return PASSING.has(run.conclusion) ? 'SUCCESS' : 'FAILURE';
}

const RANK: Record<RollupState, number> = { SUCCESS: 0, PENDING: 1, ERROR: 2, FAILURE: 3 };

export function rollupState(
  runs: readonly Pick<CheckRunRow, 'status' | 'conclusion'>[],
  statuses: readonly StatusState[],
): RollupState | null {
  const states = [...runs.map(runRollupState), ...statuses.map((s) => s.toUpperCase() as RollupState)];
  if (states.length === 0) return null;
  return states.reduce((worst, state) => (RANK[state] > RANK[worst] ? state : worst));
}

/** A run's state in the rollup's counts (CheckRunState): its conclusion once completed, its status before. */
export function runCountState(run: Pick<CheckRunRow, 'status' | 'conclusion'>): string {
  return (run.conclusion ?? run.status).toUpperCase();
}

/** `{ state, count }` for each state met, in order of first appearance. */
export function countsByState<S extends string>(states: readonly S[]): { state: S; count: number }[] {
  const counts = new Map<S, number>();
  for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
  return [...counts].map(([state, count]) => ({ state, count }));
}
