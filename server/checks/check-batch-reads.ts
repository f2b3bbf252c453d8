// Check suites, runs and annotations read for many keys in one statement
// each, as the GraphQL check loaders ask them (a tick's keys batched), so a
// page of 50 pull requests with their head commits' rollups costs as many
// statements as one.
import type { Sql } from '../db/database.js';
import { commitKeys, type CommitKey } from '../db/commit-keys.js';
import type { CheckAnnotationRow, CheckRunRow, CheckSuiteRow } from './check-rows.js';

export type { CommitKey };

/** A suite with the names of its runs (for `filterBy: {checkName}`). */
export interface SuiteWithNames extends CheckSuiteRow {
  run_names: string[];
}

const SUITE_COLUMNS = (db: Sql) => db`s.*,
  (SELECT count(DISTINCT r.name)::int FROM check_runs r WHERE r.suite_id = s.id) AS latest_check_runs_count,
  ARRAY(SELECT DISTINCT r.name FROM check_runs r WHERE r.suite_id = s.id ORDER BY r.name) AS run_names`;

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

/** Runs by id (node ids name them alone), in no particular order; a missing one is left out. */
export function runsByIds(db: Sql, ids: readonly number[]): Promise<CheckRunRow[]> {
  return db<CheckRunRow[]>`SELECT * FROM check_runs WHERE id = ANY(${ids as number[]}::bigint[])`;
}
