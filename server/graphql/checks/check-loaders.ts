// The request's loaders for checks and statuses (joined in loaders.ts): a
// commit's suites, its latest runs and latest statuses, a suite's runs, and
// a window of a run's annotations, a suite's app, runs, suites and statuses by id (node ids), each kind one statement per tick whatever
// the number of commits, suites or runs asking (checks/check-batch-reads.ts,
// statuses/status-batch-reads.ts, apps/app-batch-reads.ts).
import DataLoader from 'dataloader';
import { appsByIds } from '../../apps/app-batch-reads.js';
import type { AppRow } from '../../apps/apps-store.js';
import type { CheckRunRow } from '../../checks/check-rows.js';
import type { Sql } from '../../db/database.js';
import type { StatusRow } from '../../statuses/statuses-store.js';
import {
  annotationsInWindows,
  latestRunsOfCommits,
  runsByIds,
  runsOfSuites,
  suitesByIds,
  suitesOfCommits,
  type AnnotationWindow,
  type CommitKey,
  type SuiteWithNames,
  type WindowedAnnotation,
} from '../../checks/check-batch-reads.js';
import { latestStatusesOfCommits } from '../../statuses/status-batch-reads.js';
import { findStatuses } from '../../statuses/statuses-store.js';

export interface CheckLoaders {
  suitesOfCommit: DataLoader<CommitKey, SuiteWithNames[], string>;
  suiteById: DataLoader<number, SuiteWithNames | null>;
  /** A check run by id (any repository's: callers check what the viewer may see); null for none. */
  runById: DataLoader<number, CheckRunRow | null>;
  /** A commit status by id (any repository's, as runById); null for none. */
  statusById: DataLoader<number, StatusRow | null>;
  latestRunsOfCommit: DataLoader<CommitKey, CheckRunRow[], string>;
  runsOfSuite: DataLoader<number, CheckRunRow[]>;
  latestStatusesOfCommit: DataLoader<CommitKey, StatusRow[], string>;
  annotations: DataLoader<AnnotationWindow, WindowedAnnotation[], string>;
  /** The app of a suite (CheckSuite.app); null when there is none. */
  appById: DataLoader<number, AppRow | null>;
}

const commitKey = (key: CommitKey) => `${key.repositoryId}:${key.sha}`;

/** Rows grouped under each key, in key order (DataLoader's contract), a key without rows getting []. */
function grouped<K, R>(
  keys: readonly K[],
  rows: readonly R[],
  keyOf: (key: K) => string,
  rowKey: (row: R) => string,
): R[][] {
  const groups = new Map<string, R[]>();
  for (const row of rows) {
    const k = rowKey(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return keys.map((key) => groups.get(keyOf(key)) ?? []);
}

/** Rows in key order, null for a key without one (DataLoader's contract). */
function byId<R extends { id: number }>(ids: readonly number[], rows: readonly R[]): (R | null)[] {
  const found = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.map((id) => found.get(id) ?? null);
}

export function createCheckLoaders(sql: Sql): CheckLoaders {
  const byCommit = { cacheKeyFn: commitKey };
  return {
    suitesOfCommit: new DataLoader(
      async (keys) =>
        grouped(keys, await suitesOfCommits(sql, keys), commitKey, (s) => `${s.repository_id}:${s.head_sha}`),
      byCommit,
    ),
    suiteById: new DataLoader(async (ids) => byId(ids, await suitesByIds(sql, ids))),
    runById: new DataLoader(async (ids) => byId(ids, await runsByIds(sql, ids))),
    statusById: new DataLoader(async (ids) => byId(ids, await findStatuses(sql, ids))),
    latestRunsOfCommit: new DataLoader(
      async (keys) =>
        grouped(keys, await latestRunsOfCommits(sql, keys), commitKey, (r) => `${r.repository_id}:${r.head_sha}`),
      byCommit,
    ),
    runsOfSuite: new DataLoader(async (ids) =>
      grouped(ids, await runsOfSuites(sql, ids), String, (r) => String(r.suite_id)),
    ),
    latestStatusesOfCommit: new DataLoader(
      async (keys) =>
        grouped(keys, await latestStatusesOfCommits(sql, keys), commitKey, (s) => `${s.repository_id}:${s.sha}`),
      byCommit,
    ),
    annotations: new DataLoader(
      async (windows) => {
        const windowKey = (w: AnnotationWindow) => `${w.runId}:${w.from}:${w.to}`;
        return grouped(
          windows,
          await annotationsInWindows(sql, windows),
          windowKey,
          (a) => `${a.run_id}:${a.window_from}:${a.window_to}`,
        );
      },
      { cacheKeyFn: (w) => `${w.runId}:${w.from}:${w.to}` },
    ),
    appById: new DataLoader(async (ids) => {
      const found = await appsByIds(sql, ids);
      return ids.map((id) => found.get(id) ?? null);
    }),
  };
}
