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
import type { GitRepositories } from '../repos/git.js';
import { setRepositoryLicense, touchPushedAt } from '../repos/repositories-store.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { pushCommitsOf, type PushCommits } from './push-facts.js';
import { RefEventBatch } from './ref-event-batch.js';
import { clearMarkers } from './ref-change-markers.js';
import type { RefDifference, RefFollowers } from './ref-followers.js';
import { createPayload, deletePayload, pushPayload, refType, type Actor } from './payloads/ref-events.js';

export interface RefSyncDeps {
  sql: Sql;
  git: GitRepositories;
  urls: Urls;
  /** What else moves with the refs (pull requests, check suites): ref-followers.ts. */
  followers: RefFollowers;
}

export type { RefDifference };

/** For each commit sha, the first two branches (in git's order) whose tip it is: `base_ref`'s candidates. */
function branchesByTip(gitRefs: Map<string, string>): Map<string, string[]> {
  const byTip = new Map<string, string[]>();
  for (const [name, sha] of gitRefs) {
    if (!name.startsWith('refs/heads/')) continue;
    const names = byTip.get(sha) ?? [];
    if (names.length < 2) byTip.set(sha, [...names, name]);
  }
  return byTip;
}

/**
 * GitHub's `base_ref`: for a tag, or a branch that brought no commit, the
 * branch whose tip is the same commit (the default branch first), else null.
 */
function baseRefOf(
  repo: RepositoryRow,
  change: RefDifference,
  peeled: string | null,
  gitRefs: Map<string, string>,
  byTip: Map<string, string[]>,
  newCommits: number,
): string | null {
  if (peeled === null || (refType(change.ref) === 'branch' && newCommits > 0)) return null;
  const defaultRef = `refs/heads/${repo.default_branch}`;
  if (defaultRef !== change.ref && gitRefs.get(defaultRef) === peeled) return defaultRef;
  return byTip.get(peeled)?.find((name) => name !== change.ref) ?? null;
}

interface Emission {
  repo: RepositoryRow;
  actor: Actor;
  urls: Urls;
  gitRefs: Map<string, string>;
  byTip: Map<string, string[]>;
}

async function emitFor(
  batch: RefEventBatch,
  { repo, actor, urls, gitRefs, byTip }: Emission,
  change: RefDifference,
  facts: PushCommits,
) {
  if (change.before === null) await batch.add('create', createPayload(change.ref, repo, actor, urls));
  if (change.after === null) await batch.add('delete', deletePayload(change.ref, repo, actor, urls));
  const { forced, commits, headCommit, distinct, peeled } = facts;
  const baseRef = baseRefOf(repo, change, peeled, gitRefs, byTip, commits.length);
  await batch.add(
    'push',
    pushPayload(
      { ref: change.ref, before: change.before, after: change.after, forced, commits, headCommit, distinct, baseRef },
      repo,
      actor,
      urls,
    ),
  );
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
export async function syncRefs(
  deps: RefSyncDeps,
  repo: RepositoryRow,
  actor: Actor,
  installationId: number | null = null,
  markerIds: number[] = [],
): Promise<RefDifference[]> {
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

/** Git's refs, the mirror's, and the differences between them, sorted by ref (call under the repository's sync lock). */
export async function refDifferences(tx: TransactionSql, git: GitRepositories, repositoryId: number) {
  const gitRefs = await git.listRefs(repositoryId);
  const mirrored = new Map(
    (
      await tx<{ name: string; sha: string }[]>`
    SELECT name, sha FROM repository_refs WHERE repository_id = ${repositoryId}`
    ).map((row) => [row.name, row.sha]),
  );
  const differences: RefDifference[] = [];
  for (const ref of new Set([...gitRefs.keys(), ...mirrored.keys()])) {
    const before = mirrored.get(ref) ?? null;
    const after = gitRefs.get(ref) ?? null;
    if (before !== after) differences.push({ ref, before, after });
  }
  differences.sort((a, b) => a.ref.localeCompare(b.ref));
  return { gitRefs, mirrored, differences };
}

/** Brings the mirror in step with `differences`, in a few statements whatever their number. */
export async function writeMirror(
  tx: TransactionSql,
  repositoryId: number,
  differences: RefDifference[],
): Promise<void> {
  const gone = differences.filter((d) => d.after === null).map((d) => d.ref);
  const moved = differences
    .filter((d) => d.after !== null)
    .map((d) => ({ repository_id: repositoryId, name: d.ref, sha: d.after! }));
  if (gone.length)
    await tx`DELETE FROM repository_refs WHERE repository_id = ${repositoryId} AND name = ANY(${gone}::text[])`;
  for (let at = 0; at < moved.length; at += 1000) {
    await tx`INSERT INTO repository_refs ${tx(moved.slice(at, at + 1000))} ON CONFLICT (repository_id, name) DO UPDATE SET sha = EXCLUDED.sha`;
  }
}

/**
 * The default branch moved: the repository's `license` column follows its
 * LICENSE file (license-file.ts, handed in as a follower), so repository
 * bodies and lists never run git for it. A failed detection leaves the column
 * as it was rather than failing the ref change it rides on.
 */
async function keepLicense(tx: TransactionSql, deps: RefSyncDeps, repo: RepositoryRow, head: string | null) {
  let license: RepositoryRow['license'];
  try {
    license = head === null ? null : await deps.followers.license(deps.git, repo.id, head);
  } catch {
    return repo;
  }
  if (JSON.stringify(license) !== JSON.stringify(repo.license)) await setRepositoryLicense(tx, repo.id, license);
  return { ...repo, license };
}

/** syncRefs inside the caller's transaction (the reconciler's, which holds the claimed markers' row locks). */
export async function syncRefsIn(
  tx: TransactionSql,
  deps: RefSyncDeps,
  repo: RepositoryRow,
  actor: Actor,
  installationId: number | null,
  markerIds: number[],
): Promise<RefDifference[]> {
  // Marker rows first, then the advisory lock: every caller takes them in this order.
  await clearMarkers(tx, markerIds);
  await lockFor(tx, 'refSync', repo.id);
  // Read git while holding the lock: a concurrent sync waits, then sees our mirror.
  const { gitRefs, mirrored, differences } = await refDifferences(tx, deps.git, repo.id);
  // The pull requests these branches move, locked first (lock order: server/pulls/pull-locks.ts).
  await deps.followers.lock(
    tx,
    repo.id,
    differences.map((d) => d.ref),
  );
  if (differences.some((d) => refType(d.ref) !== null)) {
    // This change's payloads show the new pushed_at.
    const sizeKib = await deps.git.diskUsageKib(repo.id);
    const pushedAt = await touchPushedAt(tx, repo.id, sizeKib);
    if (pushedAt) repo = { ...repo, pushed_at: pushedAt, size_kib: sizeKib };
  }
  const defaultHead = differences.find((d) => d.ref === `refs/heads/${repo.default_branch}`);
  if (defaultHead) repo = await keepLicense(tx, deps, repo, defaultHead.after);
  const quiet = quietTags(differences);
  await writeMirror(tx, repo.id, differences);
  const emitted = differences.filter((d) => !quiet.has(d.ref));
  const facts = await pushCommitsOf(deps.git, repo.id, emitted, [...mirrored.values()]);
  const batch = new RefEventBatch(tx, repo.id, installationId);
  const emission: Emission = { repo, actor, urls: deps.urls, gitRefs, byTip: branchesByTip(gitRefs) };
  for (const change of emitted) {
    const changeFacts = facts.get(change.ref);
    if (changeFacts) await emitFor(batch, emission, change, changeFacts);
    // Pull requests whose head this branch is follow it (server/pulls/pull-synchronize.ts); a new ref has none.
    if (change.before !== null) {
      await batch.flush();
      await deps.followers.moved(tx, deps, repo, change, {
        sender: actor.sender,
        installation: actor.installation ?? null,
      });
    }
  }
  await batch.flush();
  // Apps with checks: write get a check suite for each pushed branch head (server/checks/push-suites.ts).
  await deps.followers.pushed(
    tx,
    deps,
    repo,
    differences.filter((d) => !quiet.has(d.ref)),
    actor.sender,
  );
  return differences;
}
