// A suite's status and conclusion from its runs (check-suite-state.ts).
import { describe, expect, it } from 'vitest';
import { suiteState, type RunState } from './check-suite-state.js';

const done = (conclusion: RunState['conclusion']): RunState => ({ status: 'completed', conclusion });

describe('suiteState', () => {
  it('queued without runs or while every run is queued; in progress once one has started or completed', () => {
    expect(suiteState([])).toEqual({ status: 'queued', conclusion: null });
    expect(suiteState([{ status: 'queued', conclusion: null }])).toEqual({ status: 'queued', conclusion: null });
    expect(suiteState([{ status: 'queued', conclusion: null }, done('success')])).toEqual({
      status: 'in_progress',
      conclusion: null,
    });
    expect(suiteState([{ status: 'in_progress', conclusion: null }])).toEqual({
      status: 'in_progress',
      conclusion: null,
    });
  });

  it('completed with the most severe conclusion', () => {
    const table: [RunState['conclusion'][], RunState['conclusion']][] = [
      [['success', 'failure', 'action_required'], 'action_required'],
      [['success', 'cancelled', 'failure'], 'cancelled'],
      [['timed_out', 'failure'], 'timed_out'],
      [['success', 'failure', 'neutral'], 'failure'],
      [['success', 'neutral', 'skipped'], 'success'],
      [['neutral', 'skipped'], 'neutral'],
      [['skipped', 'skipped'], 'skipped'],
    ];
    for (const [conclusions, expected] of table) {
      expect(suiteState(conclusions.map(done)), conclusions.join(',')).toEqual({
        status: 'completed',
        conclusion: expected,
      });
    }
  });
});
