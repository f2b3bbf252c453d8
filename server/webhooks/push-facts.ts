// What the push events of one ref sync say about commits, for all of its ref
// changes at once: which commits each change brought in, which of them are
// `distinct`, whether it was forced, and its head commit. A fixed number of
// git runs however many refs changed (issue 32: a push creating 1,000
// branches ran a few `rev-list`s per branch, each given every other ref,
// and cost 70 s of CPU under the repository's ref lock):
// - the types of every old and new tip (one `cat-file --batch-check`), and
//   the commits new tags point at (one more);
// - one walk of the commits the new tips reach and no ref had before the
//   sync (`rev-list --parents`, at most 2,048), from which each change's
//   commits and `distinct` are read in memory;
// - the details of every listed commit (one `git log`, one `cat-file --batch`).
// Only a change the walk cannot answer (a branch moved to an older commit or
// rewritten, or a walk cut at its cap) costs runs of its own, as before.
import {
  commitInfos,
  commitsNotIn,
  isForced,
  MAX_PUSH_COMMITS,
  peeledCommits,
  walkNewCommits,
  type CommitInfo,
  type CommitWalk,
} from '../repos/git-commits.js';
import type { GitRepositories } from '../repos/git.js';
import { objectInfos } from '../repos/git-objects.js';
import { refType } from './payloads/ref-events.js';

export interface RefChange {
  ref: string;
  before: string | null;
  after: string | null;
}

export interface PushCommits {
  forced: boolean;
  /** Oldest first, at most MAX_PUSH_COMMITS. */
  commits: CommitInfo[];
  /** GitHub's `distinct`: commits no ref had before, nor a change emitted earlier in this sync. */
  distinct: Set<string>;
  headCommit: CommitInfo | null;
  /** The commit the new tip is or points at (a tag's), for `base_ref`. */
  peeled: string | null;
}

/** Commit entries listed across all the push payloads of one sync (a thousand branches each listing 2,048 commits would be two million). */
export const MAX_SYNC_LISTED_COMMITS = 10 * MAX_PUSH_COMMITS;

/** The commits of the walk `after` reaches (itself included when the walk has it). */
type Walk = CommitWalk & { index: Map<string, number> };

function reach(walk: CommitWalk, after: string, seen = new Set<string>()): string[] {
  const found: string[] = [];
  const stack = walk.parents.has(after) && !seen.has(after) ? [after] : [];
  for (const sha of stack) seen.add(sha);
  while (stack.length) {
    const sha = stack.pop()!;
    found.push(sha);
    for (const parent of walk.parents.get(sha) ?? []) {
      if (walk.parents.has(parent) && !seen.has(parent)) {
        seen.add(parent);
        stack.push(parent);
      }
    }
  }
  return found;
}

/** The parents just outside `commits` (what they were built on), and whether `after` itself is outside the walk. */
function boundaryOf(walk: CommitWalk, commits: string[]): Set<string> {
  const inside = new Set(commits);
  const boundary = new Set<string>();
  for (const sha of commits)
    for (const parent of walk.parents.get(sha) ?? []) if (!inside.has(parent)) boundary.add(parent);
  return boundary;
}

interface Listing {
  forced: boolean;
  commits: string[];
}

/** A change's commits (newest first) and `forced`, from the walk where it can answer, else from git. */
async function listingOf(
  git: GitRepositories,
  repositoryId: number,
  change: { before: string | null; after: string },
  walk: Walk,
  known: string[],
): Promise<Listing> {
  const { before, after } = change;
  const order = (shas: string[]) => shas.sort((a, b) => walk.index.get(a)! - walk.index.get(b)!);
  const inWalk = walk.parents.has(after);
  if (before === null) {
    // A new ref: the commits no ref had (the walk's, unless it was cut before reaching this tip).
    if (inWalk) return { forced: false, commits: order(reach(walk, after)) };
    if (!walk.truncated) return { forced: false, commits: [] };
    return { forced: false, commits: await commitsNotIn(git, repositoryId, after, known) };
  }
  if (inWalk && !walk.truncated) {
    // New commits built right on `before` (a fast-forward), or on nothing old at all (an unrelated history).
    const commits = reach(walk, after);
    const boundary = boundaryOf(walk, commits);
    if (boundary.size === 0) return { forced: true, commits: order(commits) };
    if (boundary.size === 1 && boundary.has(before)) return { forced: false, commits: order(commits) };
  }
  // Moved to an older commit, rewritten, or merged with other refs' commits: `before..after`, as GitHub lists it.
  const [forced, commits] = await Promise.all([
    isForced(git, repositoryId, before, after),
    commitsNotIn(git, repositoryId, after, [before]),
  ]);
  return { forced, commits };
}

/**
 * The commit facts of `changes` (in the order their events are emitted),
 * keyed by ref; `oldTips` are the shas of every ref before the sync.
 */
export async function pushCommitsOf(
  git: GitRepositories,
  repositoryId: number,
  changes: RefChange[],
  oldTips: string[],
): Promise<Map<string, PushCommits>> {
  const tips = changes.flatMap((c) => [c.before, c.after]).filter((sha): sha is string => sha !== null);
  const types = await objectInfos(git, repositoryId, tips);
  const isCommit = (sha: string | null): sha is string => sha !== null && types.get(sha)?.type === 'commit';
  const tags = changes.map((c) => c.after).filter((sha): sha is string => sha !== null && !isCommit(sha));
  const peeled = await peeledCommits(git, repositoryId, tags);
  const newTips = [...new Set(changes.map((c) => c.after).filter(isCommit))];
  const known = [...new Set(oldTips)];
  const walked = await walkNewCommits(git, repositoryId, newTips, known);
  const walk: Walk = { ...walked, index: new Map([...walked.parents.keys()].map((sha, i) => [sha, i])) };

  const listings = new Map<string, Listing>();
  const announced = new Set<string>();
  const distinct = new Map<string, Set<string>>();
  let room = MAX_SYNC_LISTED_COMMITS;
  for (const change of changes) {
    if (refType(change.ref) !== null && isCommit(change.after)) {
      const listing = await listingOf(
        git,
        repositoryId,
        { before: isCommit(change.before) ? change.before : null, after: change.after },
        walk,
        known,
      );
      // Newest first: what a cut keeps.
      listing.commits = listing.commits.slice(0, Math.min(MAX_PUSH_COMMITS, room));
      room -= listing.commits.length;
      listings.set(change.ref, listing);
      distinct.set(
        change.ref,
        new Set([...listing.commits, change.after].filter((sha) => walk.parents.has(sha) && !announced.has(sha))),
      );
    }
    // What this change brought is no longer distinct for the changes after it.
    if (isCommit(change.after)) reach(walk, change.after, announced);
  }

  const wanted = new Set<string>();
  for (const change of changes) {
    for (const sha of listings.get(change.ref)?.commits ?? []) wanted.add(sha);
    if (listings.has(change.ref)) wanted.add(change.after!);
  }
  const infos = new Map((await commitInfos(git, repositoryId, [...wanted])).map((info) => [info.id, info]));
  const facts = new Map<string, PushCommits>();
  for (const change of changes) {
    if (refType(change.ref) === null) continue;
    const listing = listings.get(change.ref);
    facts.set(change.ref, {
      forced: listing?.forced ?? false,
      commits: (listing?.commits ?? [])
        .map((sha) => infos.get(sha)!)
        .filter(Boolean)
        .reverse(),
      distinct: distinct.get(change.ref) ?? new Set(),
      headCommit: isCommit(change.after) ? (infos.get(change.after) ?? null) : null,
      peeled: isCommit(change.after) ? change.after : change.after === null ? null : (peeled.get(change.after) ?? null),
    });
  }
  return facts;
}
