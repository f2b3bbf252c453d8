// Commits as `git log` prints them with a fixed format, parsed into records:
// the data every commit body is built from. One process lists many commits.
import type { GitRepositories } from '../repos/git.js';

export interface GitPerson {
  name: string;
  email: string;
  date: string;
}

export interface CommitRecord {
  sha: string;
  tree: string;
  parents: string[];
  author: GitPerson;
  committer: GitPerson;
  message: string;
}

/** Record separator (git writes it for `%x1e`); fields are NUL-separated (`%x00`). */
const RECORD = '\x1e';
export const COMMIT_FORMAT = `--format=${RECORD}${['%H', '%T', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x00')}`;

/** GitHub's dates are UTC with a Z; git prints the committer's own offset. */
function utc(date: string): string {
  const parsed = new Date(date);
  return Number.isNaN(parsed.getTime()) ? date : parsed.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function parseCommitRecords(out: string): CommitRecord[] {
  return out
    .split(RECORD)
    .slice(1)
    .map((record) => {
      const [sha, tree, parents, an, ae, ad, cn, ce, cd, ...message] = record.split('\x00');
      return {
        sha: sha!,
        tree: tree!,
        parents: parents ? parents.split(' ') : [],
        author: { name: an!, email: ae!, date: utc(ad!) },
        committer: { name: cn!, email: ce!, date: utc(cd!) },
        // git ends %B with a newline (and log adds one between records); GitHub's message has neither.
        message: message.join('\x00').replace(/\n+$/, ''),
      };
    });
}

/** The records of `revisions` (any `git log` arguments), newest first, in one process. */
export async function logRecords(git: GitRepositories, repositoryId: number, args: string[]): Promise<CommitRecord[]> {
  return parseCommitRecords(await git.git(repositoryId, ['log', COMMIT_FORMAT, ...args]));
}

/** One commit's record (no walk). */
export async function commitRecord(git: GitRepositories, repositoryId: number, sha: string): Promise<CommitRecord> {
  const [record] = await logRecords(git, repositoryId, ['--no-walk', sha, '--']);
  return record!;
}
