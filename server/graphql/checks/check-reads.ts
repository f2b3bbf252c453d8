// The batched reads behind the check loaders (check-loaders.ts): each takes
// every key a request asked for in one tick and answers in one statement, so
// a page of 50 pull requests with their head commits' rollups costs as many
// statements as one.
import type { Sql } from '../../db/database.js';
import type { CheckAnnotationRow, CheckRunRow, CheckSuiteRow } from '../../checks/check-rows.js';
import { SELECT_STATUS, type StatusRow } from '../../statuses/statuses-store.js';

/** A commit of a repository: what the per-commit loaders are keyed by. */
export interface CommitKey {
  repositoryId: number;
  sha: string;
}

/** A suite with the names of its runs (for `filterBy: {checkName}`). */
export interface SuiteWithNames extends CheckSuiteRow {
  run_names: string[];
}

const SUITE_COLUMNS = (db: Sql) => db`s.*,
  (SELECT count(DISTINCT r.name)::int FROM check_runs r WHERE r.suite_id = s.id) AS latest_check_runs_count,
  ARRAY(SELECT DISTINCT r.name FROM check_runs r WHERE r.suite_id = s.id ORDER BY r.name) AS run_names`;

const commitKeys = (db: Sql, keys: readonly CommitKey[]) =>
  db`unnest(${keys.map((k) => k.repositoryId)}::bigint[], ${keys.map((k) => k.sha)}::text[]) AS k(repository_id, sha)`;

/** The suites of each commit, oldest first. */
export function suitesOfCommits(db: Sql, keys: readonly CommitKey[]): Promise<SuiteWithNames[]> {
  return db<SuiteWithNames[]>`SELECT ${SUITE_COLUMNS(db)} FROM check_suites s
    JOIN ${commitKeys(db, keys)} ON s.repository_id = k.repository_id AND s.head_sha = k.sha ORDER BY s.id`;
}

export function suitesByIds(db: Sql, ids: readonly number[]): Promise<SuiteWithNames[]> {
  return db<
    SuiteWithNames[]
  >`SELECT ${SUITE_COLUMNS(db)} FROM check_suites s WHERE s.id = ANY(${ids as number[]}::bigint[])`;
}

/** Each commit's latest run of each name in each suite (REST's `filter=latest`), oldest first. */
export function latestRunsOfCommits(db: Sql, keys: readonly CommitKey[]): Promise<CheckRunRow[]> {
  return db<CheckRunRow[]>`SELECT x.* FROM (
      SELECT DISTINCT ON (r.suite_id, r.name) r.* FROM check_runs r
      JOIN ${commitKeys(db, keys)} ON r.repository_id = k.repository_id AND r.head_sha = k.sha
      ORDER BY r.suite_id, r.name, r.id DESC) x
    ORDER BY x.id`;
}

/** Every run of each suite, oldest first. */
export function runsOfSuites(db: Sql, suiteIds: readonly number[]): Promise<CheckRunRow[]> {
  return db<
    CheckRunRow[]
  >`SELECT * FROM check_runs WHERE suite_id = ANY(${suiteIds as number[]}::bigint[]) ORDER BY id`;
}

/** Each commit's latest status of each context, oldest first (what `Commit.status` lists). */
export function latestStatusesOfCommits(db: Sql, keys: readonly CommitKey[]): Promise<StatusRow[]> {
  return db<StatusRow[]>`${SELECT_STATUS(db)}
    JOIN commit_status_contexts c ON c.latest_id = s.id
    JOIN ${commitKeys(db, keys)} ON c.repository_id = k.repository_id AND c.sha = k.sha
    ORDER BY s.id`;
}

/** A run's annotations at 1-based positions `from`..`to` (inclusive) in the order they were added. */
export interface AnnotationWindow {
  runId: number;
  from: number;
  to: number;
}

/** Annotations with their position and the window they were read for (two windows of one run may overlap). */
export type WindowedAnnotation = CheckAnnotationRow & { position: number; window_from: number; window_to: number };

export function annotationsInWindows(db: Sql, windows: readonly AnnotationWindow[]): Promise<WindowedAnnotation[]> {
  return db<WindowedAnnotation[]>`SELECT x.*, w.lo AS window_from, w.hi AS window_to FROM (
      SELECT a.*, row_number() OVER (PARTITION BY a.run_id ORDER BY a.id)::int AS position FROM check_annotations a
      WHERE a.run_id = ANY(${windows.map((w) => w.runId)}::bigint[])) x
    JOIN unnest(${windows.map((w) => w.runId)}::bigint[], ${windows.map((w) => w.from)}::int[], ${windows.map((w) => w.to)}::int[]) AS w(run_id, lo, hi)
      ON x.run_id = w.run_id AND x.position BETWEEN w.lo AND w.hi
    ORDER BY x.run_id, x.position`;
}
