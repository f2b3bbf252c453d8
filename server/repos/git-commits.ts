// Reading commits for event payloads: which commits a ref change brought in,
// and each commit's message, author, committer and changed paths.
import type { GitRepositories } from './git.js';

/** Commits listed in a push payload: GitHub's cap (the rest is in `compare`). */
export const MAX_PUSH_COMMITS = 2048;

export interface CommitInfo {
  id: string;
  tree_id: string;
  message: string;
  timestamp: string;
  author: { name: string; email: string };
  committer: { name: string; email: string };
  added: string[];
  removed: string[];
  modified: string[];
}

/** Field separator in `git log` output: git writes NUL for `%x00` (an argument cannot hold one). */
const SEP = '\x00';
const FORMAT = ['%H', '%T', '%an', '%ae', '%aI', '%cn', '%ce', '%B'].join('%x00');

export async function isCommit(git: GitRepositories, repositoryId: number, sha: string): Promise<boolean> {
  return (await git.objectType(repositoryId, sha)) === 'commit';
}

/** One commit's details (see commitInfos). */
export async function commitInfo(git: GitRepositories, repositoryId: number, sha: string): Promise<CommitInfo> {
  return (await commitInfos(git, repositoryId, [sha]))[0]!;
}

const RECORD = '\x1e';

/**
 * Several commits' details, in the order given, from one `git log` run (a
 * push of 2,048 commits is one process, not 4,096): each record is the
 * fields above, NUL-separated, then the changed paths as `status NUL path`
 * pairs (`-z`), against the first parent; merges list none, as `git log`
 * shows them.
 */
export async function commitInfos(git: GitRepositories, repositoryId: number, shas: string[]): Promise<CommitInfo[]> {
  if (shas.length === 0) return [];
  const out = await git.git(repositoryId, ['log', '--no-walk=unsorted', '--stdin', `--format=${RECORD}${FORMAT}%x00`, '--name-status', '--no-renames', '-z'], shas.join('\n') + '\n');
  return out.split(RECORD).slice(1).map(parseRecord);
}

function parseRecord(record: string): CommitInfo {
  const [id, tree, authorName, authorEmail, authorDate, committerName, committerEmail, message, ...rest] = record.split(SEP);
  const info: CommitInfo = {
    id: id!, tree_id: tree!, message: message!.replace(/\n+$/, ''), timestamp: authorDate!,
    author: { name: authorName!, email: authorEmail! }, committer: { name: committerName!, email: committerEmail! },
    added: [], removed: [], modified: [],
  };
  const tokens = rest.map((token) => token.replace(/^\n/, '')).filter(Boolean);
  for (let i = 0; i + 1 < tokens.length; i += 2) {
    const [status, path] = [tokens[i]!, tokens[i + 1]!];
    if (status === 'A') info.added.push(path);
    else if (status === 'D') info.removed.push(path);
    else info.modified.push(path);
  }
  return info;
}

/**
 * `rev-list` of `after` without what `excluded` reaches, newest first, at
 * most MAX_PUSH_COMMITS. The exclusions go on stdin (`^sha` lines): a
 * repository with tens of thousands of refs would overflow an argument
 * list. `--ignore-missing` skips a ref tip whose objects are gone.
 */
async function commitsNotIn(git: GitRepositories, repositoryId: number, after: string, excluded: string[]): Promise<string[]> {
  const input = [after, ...excluded.map((sha) => `^${sha}`)].join('\n') + '\n';
  const out = await git.git(repositoryId, ['rev-list', `--max-count=${MAX_PUSH_COMMITS}`, '--ignore-missing', '--stdin'], input);
  return out.split('\n').filter(Boolean);
}

/**
 * The commits a ref change brought in, oldest first, at most MAX_PUSH_COMMITS
 * (the newest ones): `before..after` for an update, and for a new ref the
 * commits none of the `known` tips (the other refs before the change) had.
 */
export async function pushedCommits(git: GitRepositories, repositoryId: number, before: string | null, after: string, known: string[]): Promise<string[]> {
  return (await commitsNotIn(git, repositoryId, after, before ? [before] : known)).reverse();
}

/**
 * Which of `after`'s new commits none of the `seen` tips had: GitHub's
 * `distinct` (a fast-forward of main to a pushed feature branch lists its
 * commits, none of them distinct).
 */
export async function distinctCommits(git: GitRepositories, repositoryId: number, before: string | null, after: string, seen: string[]): Promise<Set<string>> {
  return new Set(await commitsNotIn(git, repositoryId, after, [...(before ? [before] : []), ...seen]));
}

/** True when `commit` is `tip` or one of its ancestors (`tip` contains it). */
export async function isAncestor(git: GitRepositories, repositoryId: number, commit: string, tip: string): Promise<boolean> {
  try {
    await git.git(repositoryId, ['merge-base', '--is-ancestor', commit, tip]);
    return true;
  } catch {
    return false;
  }
}

/** True when `before` is not an ancestor of `after` (history was rewritten). */
export async function isForced(git: GitRepositories, repositoryId: number, before: string, after: string): Promise<boolean> {
  return !(await isAncestor(git, repositoryId, before, after));
}
