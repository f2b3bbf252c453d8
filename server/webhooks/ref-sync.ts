// Bringing the ref mirror (repository_refs) up to date with git and emitting
// one event set per difference: `create` + `push` for a new branch or tag,
// `delete` + `push` for a removed one, `push` for a moved one. The ref-change
// endpoints call it right after their compare-and-swap on git; the reconciler
// calls it for a repository whose recorded change (ref-change-markers.ts) is
// overdue. A per-repository advisory lock serializes callers, and each
// difference is written to the mirror in the same transaction as its events
// and the deletion of the change's marker, so no change is lost or emitted
// twice.
import { lockFor } from '../db/advisory-locks.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { commitInfo, commitInfos, distinctCommits, isCommit, isForced, pushedCommits, type CommitInfo } from '../repos/git-commits.js';
import type { GitRepositories } from '../repos/git.js';
import { touchPushedAt, type RepositoryRow } from '../repos/repositories-store.js';
import { lockPullsOfBranches } from '../pulls/pull-locks.js';
import { synchronizePulls } from '../pulls/pull-synchronize.js';
import { requestSuitesOnPush } from '../checks/push-suites.js';
import { emitRepositoryEvent } from './outbox.js';
import { clearMarkers } from './ref-change-markers.js';
import { createPayload, deletePayload, pushPayload, refType, type Actor } from './payloads/ref-events.js';

export interface RefSyncDeps { sql: Sql; git: GitRepositories; urls: Urls }

export interface RefDifference { ref: string; before: string | null; after: string | null }

async function headCommitOf(deps: RefSyncDeps, repositoryId: number, sha: string | null): Promise<CommitInfo | null> {
  return sha !== null && (await isCommit(deps.git, repositoryId, sha)) ? commitInfo(deps.git, repositoryId, sha) : null;
}

/**
 * GitHub's `base_ref`: for a tag, or a branch that brought no commit, the
 * branch whose tip is the same commit (the default branch first), else null.
 */
function baseRefOf(repo: RepositoryRow, change: RefDifference, peeled: string | null, gitRefs: Map<string, string>, newCommits: number): string | null {
  if (peeled === null || (refType(change.ref) === 'branch' && newCommits > 0)) return null;
  const defaultRef = `refs/heads/${repo.default_branch}`;
  if (defaultRef !== change.ref && gitRefs.get(defaultRef) === peeled) return defaultRef;
  for (const [name, sha] of gitRefs) if (name !== change.ref && name.startsWith('refs/heads/') && sha === peeled) return name;
  return null;
}

async function peeledCommit(git: GitRepositories, repositoryId: number, sha: string): Promise<string | null> {
  if (await isCommit(git, repositoryId, sha)) return sha;
  try {
    return (await git.git(repositoryId, ['rev-parse', '--verify', '--quiet', `${sha}^{commit}`])).trim() || null;
  } catch {
    return null;
  }
}

/**
 * What a change is measured against. `known`: every other ref as it was
 * before this sync (the mirror), so commits that two new branches of one
 * push share are listed for both (measured against the refs after the push,
 * each branch would hide them from the other). `announced`: the tips of the
 * changes already emitted in this sync; a commit listed there is not
 * `distinct` again.
 */
interface Baseline { known: string[]; announced: string[] }

async function emitFor(tx: TransactionSql, deps: RefSyncDeps, repo: RepositoryRow, change: RefDifference, gitRefs: Map<string, string>, baseline: Baseline, actor: Actor, installationId: number | null) {
  if (refType(change.ref) === null) return;
  const { urls, git } = deps;
  if (change.before === null) await emitRepositoryEvent(tx, repo.id, 'create', null, createPayload(change.ref, repo, actor, urls), installationId);
  if (change.after === null) await emitRepositoryEvent(tx, repo.id, 'delete', null, deletePayload(change.ref, repo, actor, urls), installationId);
  let commits: CommitInfo[] = [];
  let distinct = new Set<string>();
  let forced = false;
  if (change.after !== null && (await isCommit(git, repo.id, change.after))) {
    const before = change.before !== null && (await isCommit(git, repo.id, change.before)) ? change.before : null;
    if (before) forced = await isForced(git, repo.id, before, change.after);
    commits = await commitInfos(git, repo.id, await pushedCommits(git, repo.id, before, change.after, baseline.known));
    distinct = await distinctCommits(git, repo.id, before, change.after, [...baseline.known, ...baseline.announced]);
  }
  const headCommit = await headCommitOf(deps, repo.id, change.after);
  const peeled = change.after === null ? null : await peeledCommit(git, repo.id, change.after);
  const baseRef = baseRefOf(repo, change, peeled, gitRefs, commits.length);
  const push = pushPayload({ ref: change.ref, before: change.before, after: change.after, forced, commits, headCommit, distinct, baseRef }, repo, actor, urls);
  await emitRepositoryEvent(tx, repo.id, 'push', null, push, installationId);
}

/**
 * GitHub's rule: a push that creates or deletes more than three tags emits
 * no push, create or delete events for those tags (a mirror push of a
 * thousand tags would flood every hook).
 */
function quietTags(differences: RefDifference[]): Set<string> {
  const tags = differences.filter((d) => refType(d.ref) === 'tag' && (d.before === null || d.after === null));
  return new Set(tags.length > 3 ? tags.map((d) => d.ref) : []);
}

/** Applies every difference between git and the mirror and clears `markerIds`; returns the differences (empty when in step). */
export async function syncRefs(deps: RefSyncDeps, repo: RepositoryRow, actor: Actor, installationId: number | null = null, markerIds: number[] = []): Promise<RefDifference[]> {
  return deps.sql.begin((tx) => syncRefsIn(tx, deps, repo, actor, installationId, markerIds));
}

/**
 * Takes, for the rest of `tx`, the locks a sync takes, in its order: the
 * change's marker rows (so the reconciler skips them) and the repository's
 * advisory lock. A caller that holds them across its git change (a push)
 * has the repository's ref changes to itself until it has synced them, so
 * each change's events name the caller who made it.
 */
export async function lockRefSync(tx: TransactionSql, repositoryId: number, markerIds: number[]): Promise<void> {
  if (markerIds.length) await tx`SELECT id FROM ref_change_markers WHERE id = ANY(${markerIds}) FOR UPDATE`;
  await lockFor(tx, 'refSync', repositoryId);
}

/** syncRefs inside the caller's transaction (the reconciler's, which holds the claimed markers' row locks). */
export async function syncRefsIn(tx: TransactionSql, deps: RefSyncDeps, repo: RepositoryRow, actor: Actor, installationId: number | null, markerIds: number[]): Promise<RefDifference[]> {
  // Marker rows first, then the advisory lock: every caller takes them in this order.
  await clearMarkers(tx, markerIds);
  await lockFor(tx, 'refSync', repo.id);
  // Read git while holding the lock: a concurrent sync waits, then sees our mirror.
  const gitRefs = await deps.git.listRefs(repo.id);
  const mirrored = new Map((await tx<{ name: string; sha: string }[]>`
    SELECT name, sha FROM repository_refs WHERE repository_id = ${repo.id}`).map((row) => [row.name, row.sha]));
  const differences: RefDifference[] = [];
  for (const ref of new Set([...gitRefs.keys(), ...mirrored.keys()])) {
    const before = mirrored.get(ref) ?? null;
    const after = gitRefs.get(ref) ?? null;
    if (before !== after) differences.push({ ref, before, after });
  }
  differences.sort((a, b) => a.ref.localeCompare(b.ref));
  // The pull requests these branches move, locked first (lock order: server/pulls/pull-locks.ts).
  await lockPullsOfBranches(tx, repo.id, differences.map((d) => d.ref));
  if (differences.some((d) => refType(d.ref) !== null)) {
    // This change's payloads show the new pushed_at.
    const pushedAt = await touchPushedAt(tx, repo.id);
    if (pushedAt) repo = { ...repo, pushed_at: pushedAt };
  }
  const quiet = quietTags(differences);
  const announced: string[] = [];
  for (const change of differences) {
    if (change.after === null) {
      await tx`DELETE FROM repository_refs WHERE repository_id = ${repo.id} AND name = ${change.ref}`;
    } else {
      await tx`INSERT INTO repository_refs (repository_id, name, sha) VALUES (${repo.id}, ${change.ref}, ${change.after})
               ON CONFLICT (repository_id, name) DO UPDATE SET sha = EXCLUDED.sha`;
    }
    if (quiet.has(change.ref)) continue;
    const known = [...mirrored].filter(([name]) => name !== change.ref).map(([, sha]) => sha);
    await emitFor(tx, deps, repo, change, gitRefs, { known, announced }, actor, installationId);
    // Pull requests whose head this branch is follow it (server/pulls/pull-synchronize.ts).
    await synchronizePulls(tx, deps.git, deps.urls, repo, change, { sender: actor.sender, installation: actor.installation ?? null });
    if (change.after !== null) announced.push(change.after);
  }
  // Apps with checks: write get a check suite for each pushed branch head (server/checks/push-suites.ts).
  await requestSuitesOnPush(tx, deps, repo, differences.filter((d) => !quiet.has(d.ref)), actor.sender);
  return differences;
}
