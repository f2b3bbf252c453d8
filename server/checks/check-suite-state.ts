// A suite's status and conclusion, derived from its runs as GitHub derives
// them: completed once every run has completed; in progress once any run has
// started or completed; queued otherwise (and while it has no run). The
// conclusion of a completed suite is its runs' most severe: action_required,
// then cancelled, timed_out, failure, stale; then success when any run
// succeeded, neutral when any was neutral, and skipped only when all were.
import type { CheckConclusion, CheckStatus } from './check-rows.js';

const SEVERE: CheckConclusion[] = [
  'action_required',
  'cancelled',
  'timed_out',
  'failure',
  'stale',
  'success',
  'neutral',
  'skipped',
];

export interface RunState {
  status: CheckStatus;
  conclusion: CheckConclusion | null;
}

export function suiteState(runs: readonly RunState[]): RunState {
  if (runs.length === 0) return { status: 'queued', conclusion: null };
  if (runs.every((r) => r.status === 'completed')) {
    const conclusions = new Set(runs.map((r) => r.conclusion));
    return { status: 'completed', conclusion: SEVERE.find((c) => conclusions.has(c)) ?? 'neutral' };
  }
  if (runs.some((r) => r.status !== 'queued')) return { status: 'in_progress', conclusion: null };
  return { status: 'queued', conclusion: null };
}
