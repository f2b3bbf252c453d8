// Whether a commit passes a rule's required status checks: each required
// context's latest commit status, or latest check run of that name (from the
// rule's app when it names one), must be green (`success`; a check run's
// `neutral` and `skipped` count as passing, as on GitHub).
import type { Sql } from '../db/database.js';
import { latestRunsOfCommits } from '../checks/check-batch-reads.js';
import { latestStatusesOfCommits } from '../statuses/status-batch-reads.js';
import type { StatusChecksSetting } from './protections-store.js';

export type CheckState = 'passing' | 'failing' | 'expected';

/** Each required context's state on `sha`. */
export async function requiredCheckStates(
  sql: Sql,
  repositoryId: number,
  sha: string,
  setting: StatusChecksSetting,
): Promise<Map<string, CheckState>> {
  const keys = [{ repositoryId, sha }];
  const [statuses, runs] = await Promise.all([latestStatusesOfCommits(sql, keys), latestRunsOfCommits(sql, keys)]);
  const out = new Map<string, CheckState>();
  for (const check of setting.checks) {
    const status = statuses.find((s) => s.context === check.context);
    const run = runs
      .filter((r) => r.name === check.context && (check.app_id === null || Number(r.app_id) === check.app_id))
      .at(-1);
    let state: CheckState = 'expected';
    if (status) state = status.state === 'success' ? 'passing' : status.state === 'pending' ? 'expected' : 'failing';
    if (run && state !== 'passing') {
      if (run.status !== 'completed') state = state === 'failing' ? 'failing' : 'expected';
      else state = ['success', 'neutral', 'skipped'].includes(run.conclusion ?? '') ? 'passing' : 'failing';
    }
    out.set(check.context, state);
  }
  return out;
}

/** GitHub's sentence for checks that do not pass yet, or null when all pass. */
export function checksMessage(states: ReadonlyMap<string, CheckState>): string | null {
  const total = states.size;
  const failing = [...states].filter(([, state]) => state === 'failing').map(([name]) => name);
  const expected = [...states].filter(([, state]) => state === 'expected').map(([name]) => name);
  if (failing.length === 0 && expected.length === 0) return null;
  if (total === 1 && failing.length === 1) return `Required status check "${failing[0]}" is failing.`;
  if (total === 1) return `Required status check "${expected[0]}" is expected.`;
  if (failing.length > 0) return `${failing.length} of ${total} required status checks have failed.`;
  return `${expected.length} of ${total} required status checks are expected.`;
}
