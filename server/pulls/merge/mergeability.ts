// The mergeability job of one pull request: the test merge of its head into
// its base branch's tip (merge-tree, then commit-tree with parents base and
// head), written to refs/pull/{n}/merge of the base repository (deleted when
// they conflict), and `mergeable`, `mergeable_state` ('clean' or 'dirty'),
// `merge_commit_sha` and the base sha it was computed against, as GitHub
// shows them. A result computed from refs that moved meanwhile (the job was
// queued again) is dropped: the newer job writes its own.
import type { Sql, TransactionSql } from '../../db/database.js';
import type { GitIdentity } from '../../repos/commit-identity.js';
import type { GitRepositories } from '../../repos/git.js';
import { diffCounts, type DiffCounts } from '../pull-git.js';
import { lockPullRows } from '../../issues/issue-locks.js';
import { mergeCommit } from './merge-git.js';
import { MERGEABILITY_CHANNEL } from '../mergeability-queue.js';

export interface MergeabilityDeps {
  sql: Sql;
  git: GitRepositories;
  identity: GitIdentity;
}

interface JobPull {
  generation: string;
  repository_id: number;
  number: number;
  state: string;
  merged: boolean;
  head_sha: string;
  base_ref: string;
}

interface Result {
  mergeable: boolean;
  commit: string | null;
  base: string;
}

export const testMergeRef = (number: number) => `refs/pull/${number}/merge`;

/**
 * Runs the job of pull request `issueId` (its issue's id) if it is queued;
 * true when it ran to its end, false when it was queued again meanwhile,
 * 'busy' when it gave way to a change holding its rows (retried in RETRY_MS).
 */
export async function runMergeabilityJob(deps: MergeabilityDeps, issueId: number): Promise<boolean | 'busy'> {
  const { sql, git } = deps;
  const [job] = await sql<JobPull[]>`
    SELECT j.generation, i.repository_id, i.number, i.state, p.merged_at IS NOT NULL AS merged, p.head_sha, p.base_ref
    FROM pull_mergeability_jobs j JOIN pull_requests p ON p.issue_id = j.issue_id JOIN issues i ON i.id = j.issue_id
    WHERE j.issue_id = ${issueId}`;
  if (!job) return true;
  const repositoryId = Number(job.repository_id);
  let result: Result | null = null;
  // Closed and merged pull requests keep what they had; a base branch that is gone leaves `mergeable` unknown.
  const base =
    job.state === 'open' && !job.merged ? await git.resolveRef(repositoryId, `refs/heads/${job.base_ref}`) : null;
  if (base !== null) {
    const commit = await mergeCommit(git, repositoryId, base, job.head_sha, `Merge ${job.head_sha} into ${base}\n`, {
      author: deps.identity,
      committer: deps.identity,
    });
    result = { mergeable: commit !== null, commit, base };
  }
  const counts = result ? await diffCounts(git, repositoryId, { head: job.head_sha, base: result.base }) : null;
  try {
    return await sql.begin((tx) => writeResult(tx, deps, issueId, job, result, counts));
  } catch (error) {
    if (!yielded(error)) throw error;
    // A foreground change held what the job needs: try again shortly, not after the lease.
    await sql`UPDATE pull_mergeability_jobs SET lease_until = now() + ${RETRY_MS} * interval '1 millisecond' WHERE issue_id = ${issueId}`;
    return 'busy';
  }
}

/** How long the job waits for a lock before it yields, and how soon it is tried again then. */
const LOCK_WAIT = '200ms';
export const RETRY_MS = 500;

// lock_not_available (lock_timeout), deadlock_detected.
const yielded = (error: unknown) => ['55P03', '40P01'].includes((error as { code?: string }).code ?? '');

async function writeResult(
  tx: TransactionSql,
  deps: MergeabilityDeps,
  issueId: number,
  job: JobPull,
  result: Result | null,
  counts: DiffCounts | null,
): Promise<boolean> {
  const { git } = deps;
  const repositoryId = Number(job.repository_id);
  // Its issue, then its row, before the update below bumps the issue-list
  // generation: the order the pull request writers keep (pull-locks.ts). Not
  // every writer of an issue can take its row first (a new label, comment or
  // review bumps the generation before it updates the issue), so a
  // background job still gives way past LOCK_WAIT rather than wait in a cycle
  // (a relabel of a new pull request deadlocked with it under load).
  await tx.unsafe(`SET LOCAL lock_timeout = '${LOCK_WAIT}'`);
  await lockPullRows(tx, [issueId]);
  const [current] = await tx<
    { generation: string }[]
  >`SELECT generation FROM pull_mergeability_jobs WHERE issue_id = ${issueId} FOR UPDATE`;
  if (!current || current.generation !== job.generation) {
    // Queued again meanwhile: let it run again now rather than after the lease.
    await tx`UPDATE pull_mergeability_jobs SET lease_until = NULL WHERE issue_id = ${issueId}`;
    await tx`SELECT pg_notify(${MERGEABILITY_CHANNEL}, '')`;
    return false;
  }
  await tx`DELETE FROM pull_mergeability_jobs WHERE issue_id = ${issueId}`;
  if (!result || !counts) return true;
  await tx`UPDATE pull_requests SET ${tx({
    mergeable: result.mergeable,
    mergeable_state: result.mergeable ? 'clean' : 'dirty',
    merge_commit_sha: result.commit,
    base_sha: result.base,
    ...counts,
  })} WHERE issue_id = ${issueId} AND head_sha = ${job.head_sha} AND merged_at IS NULL`;
  // Under the job's row lock, so an older result never overwrites a newer one.
  if (result.commit) await git.git(repositoryId, ['update-ref', testMergeRef(job.number), result.commit]);
  else await git.git(repositoryId, ['update-ref', '-d', testMergeRef(job.number)]);
  return true;
}
