// Reading commits for event payloads: which commits a ref change brought in,
// and each commit's message, author, committer and changed paths, all of it
// bounded by GitHub's caps and read as git writes it (issue 32).
import type { GitRepositories } from './git.js';
import { ObjectReader } from './git-batch.js';
import { SHA_PATTERN } from './git-objects.js';
import { readGitFields } from './git-stream.js';
import { TreeDiffer } from './git-tree-diff.js';

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

/** Files listed per commit: GitHub's cap on a commit's files (added, removed and modified together). */
export const MAX_COMMIT_FILES = 3000;
/** Files listed across the commits of one commitInfos call (a push of 2,048 commits, each of 3,000 files, would list six million). */
export const MAX_LISTED_FILES = 60_000;
/** Tree reads per commit's file list (a path costs one per directory level). */
const MAX_TREE_READS = 10_000;
/** A commit message is kept up to this many bytes (the rest is read past, never held). */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** The fields of a record of `git log -z`, each ended by NUL (the last by the record's own NUL). */
const FORMAT = ['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%B'].join('%x00');
const FIELDS = 9;

export async function isCommit(git: GitRepositories, repositoryId: number, sha: string): Promise<boolean> {
  return (await git.objectType(repositoryId, sha)) === 'commit';
}

/** One commit's details (see commitInfos). */
export async function commitInfo(git: GitRepositories, repositoryId: number, sha: string): Promise<CommitInfo> {
  return (await commitInfos(git, repositoryId, [sha]))[0]!;
}

interface Record {
  info: CommitInfo;
  parents: string[];
}

function toRecord(fields: string[]): Record {
  const [id, tree, parents, authorName, authorEmail, authorDate, committerName, committerEmail, message] = fields;
  return {
    info: {
      id: id!,
      tree_id: tree!,
      message: message!.replace(/\n+$/, ''),
      timestamp: authorDate!,
      author: { name: authorName!, email: authorEmail! },
      committer: { name: committerName!, email: committerEmail! },
      added: [],
      removed: [],
      modified: [],
    },
    parents: parents ? parents.split(' ') : [],
  };
}

/** The commits' fields from one `git log` run, read as they come, each message cut at MAX_MESSAGE_BYTES. */
async function readRecords(git: GitRepositories, repositoryId: number, shas: string[]): Promise<Record[]> {
  const records: Record[] = [];
  let fields: string[] = [];
  await readGitFields(
    git,
    repositoryId,
    ['log', '--no-walk=unsorted', '--stdin', `--format=${FORMAT}`, '-z'],
    `${shas.join('\n')}\n`,
    0,
    MAX_MESSAGE_BYTES,
    (field) => {
      fields.push(field.toString('utf8'));
      if (fields.length === FIELDS) {
        records.push(toRecord(fields));
        fields = [];
      }
      return true;
    },
  );
  return records;
}

/**
 * Several commits' details, in the order given: their fields from one `git
 * log` run, their changed paths against the first parent from one `cat-file
 * --batch` (git-tree-diff.ts), at most MAX_COMMIT_FILES a commit and
 * MAX_LISTED_FILES in all; merges list none, as `git log` shows them.
 */
export async function commitInfos(git: GitRepositories, repositoryId: number, shas: string[]): Promise<CommitInfo[]> {
  if (shas.length === 0) return [];
  const records = await readRecords(git, repositoryId, shas);
  const trees = new Map(records.map(({ info }) => [info.id, info.tree_id]));
  const reader = new ObjectReader(git, repositoryId);
  try {
    const differ = new TreeDiffer(reader);
    let budget = MAX_LISTED_FILES;
    for (const { info, parents } of records) {
      if (parents.length > 1 || budget <= 0) continue;
      const base = parents.length === 0 ? null : (trees.get(parents[0]!) ?? `${parents[0]}^{tree}`);
      const paths = await differ.diff(base, info.tree_id, {
        maxPaths: Math.min(MAX_COMMIT_FILES, budget),
        maxReads: MAX_TREE_READS,
      });
      Object.assign(info, paths);
      budget -= paths.added.length + paths.removed.length + paths.modified.length;
    }
  } finally {
    reader.close();
  }
  return records.map(({ info }) => info);
}

/**
 * `rev-list` of `after` without what `excluded` reaches, newest first, at
 * most MAX_PUSH_COMMITS. The exclusions go on stdin (`^sha` lines): a
 * repository with tens of thousands of refs would overflow an argument
 * list. `--ignore-missing` skips a ref tip whose objects are gone.
 */
export async function commitsNotIn(
  git: GitRepositories,
  repositoryId: number,
  after: string,
  excluded: string[],
): Promise<string[]> {
  const input = `${[after, ...excluded.map((sha) => `^${sha}`)].join('\n')}\n`;
  const out = await git.git(
    repositoryId,
    ['rev-list', `--max-count=${MAX_PUSH_COMMITS}`, '--ignore-missing', '--stdin'],
    input,
  );
  return out.split('\n').filter(Boolean);
}

/** The commits `tips` reach and `known` do not, newest first, with their parents; `truncated` when there were more than `max`. */
export interface CommitWalk {
  parents: Map<string, string[]>;
  truncated: boolean;
}

/**
 * One walk for every tip of a ref change (a push of a thousand branches is
 * one `rev-list`, not a thousand), at most `max` commits, read as they come.
 */
export async function walkNewCommits(
  git: GitRepositories,
  repositoryId: number,
  tips: string[],
  known: string[],
  max = MAX_PUSH_COMMITS,
): Promise<CommitWalk> {
  const parents = new Map<string, string[]>();
  if (tips.length === 0) return { parents, truncated: false };
  const input = `${[...tips, ...known.map((sha) => `^${sha}`)].join('\n')}\n`;
  let truncated = false;
  // A line is a commit and its parents (an octopus merge's line is cut: the walk is bounded, not exact).
  await readGitFields(
    git,
    repositoryId,
    ['rev-list', '--parents', `--max-count=${max + 1}`, '--ignore-missing', '--stdin'],
    input,
    10,
    64 * 1024,
    (field) => {
      if (parents.size === max) {
        truncated = true;
        return false;
      }
      const [sha, ...rest] = field.toString('latin1').split(' ');
      if (sha)
        parents.set(
          sha,
          rest.filter((p) => p.length === sha.length),
        );
      return true;
    },
  );
  return { parents, truncated };
}

/**
 * The commit each of `shas` peels to (itself for a commit, a tag's target
 * commit), or null, from one `cat-file --batch-check`.
 */
export async function peeledCommits(
  git: GitRepositories,
  repositoryId: number,
  shas: string[],
): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const asked = [...new Set(shas)].filter((sha) => SHA_PATTERN.test(sha));
  if (asked.length === 0) return out;
  const text = await git.git(
    repositoryId,
    ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
    `${asked.map((sha) => `${sha}^{commit}`).join('\n')}\n`,
  );
  text
    .split('\n')
    .slice(0, asked.length)
    .forEach((line, i) => {
      const [sha, type] = line.split(' ');
      out.set(asked[i]!, type === 'commit' ? sha! : null);
    });
  return out;
}

/** True when `commit` is `tip` or one of its ancestors (`tip` contains it). */
export async function isAncestor(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
  tip: string,
): Promise<boolean> {
  try {
    await git.git(repositoryId, ['merge-base', '--is-ancestor', commit, tip]);
    return true;
  } catch {
    return false;
  }
}

/** True when `before` is not an ancestor of `after` (history was rewritten). */
export async function isForced(
  git: GitRepositories,
  repositoryId: number,
  before: string,
  after: string,
): Promise<boolean> {
  return !(await isAncestor(git, repositoryId, before, after));
}
