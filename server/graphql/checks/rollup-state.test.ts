// The rollup state's rules (rollup-state.ts), one case per rule.
import { describe, expect, it } from 'vitest';
import type { CheckConclusion, CheckStatus } from '../../checks/check-rows.js';
import { countsByState, rollupState, runCountState, runRollupState } from './rollup-state.js';

const run = (status: CheckStatus, conclusion: CheckConclusion | null = null) => ({ status, conclusion });

describe('rollup state', () => {
  it('passes runs that completed as success, neutral or skipped, and fails every other conclusion', () => {
    for (const c of ['success', 'neutral', 'skipped'] as const)
      expect(runRollupState(run('completed', c))).toBe('SUCCESS');
    for (const c of ['failure', 'cancelled', 'timed_out', 'action_required', 'stale'] as const)
      expect(runRollupState(run('completed', c))).toBe('FAILURE');
    expect(runRollupState(run('queued'))).toBe('PENDING');
    expect(runRollupState(run('in_progress'))).toBe('PENDING');
  });

  it('is the worst of runs and statuses, null without either', () => {
    expect(rollupState([], [])).toBeNull();
    expect(rollupState([run('completed', 'success')], ['success'])).toBe('SUCCESS');
    expect(rollupState([run('completed', 'success')], ['pending'])).toBe('PENDING');
    expect(rollupState([run('in_progress')], ['success'])).toBe('PENDING');
    expect(rollupState([run('in_progress')], ['error'])).toBe('ERROR');
    expect(rollupState([run('completed', 'timed_out')], ['error', 'pending'])).toBe('FAILURE');
    expect(rollupState([], ['failure', 'error'])).toBe('FAILURE');
  });

  it('counts runs by conclusion, or status while incomplete', () => {
    expect(runCountState(run('completed', 'timed_out'))).toBe('TIMED_OUT');
    expect(runCountState(run('in_progress'))).toBe('IN_PROGRESS');
    expect(countsByState(['SUCCESS', 'FAILURE', 'SUCCESS'])).toEqual([
      { state: 'SUCCESS', count: 2 },
      { state: 'FAILURE', count: 1 },
    ]);
  });
});
