// GitHub's `git-commit` body, the one view of it: the git data API's commits
// (read from the commit object itself) and the `commit` of the contents API's
// file-commit bodies (from the commit Wharf has just made) are the same shape.
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import { readObject } from '../repos/git-objects.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { parsePerson, type Person } from './git-person.js';
import { commitNodeId } from './object-node-id.js';
import { header, headersOf, parseRawObject, verificationOf } from './raw-object.js';

/** Commits are text of a few KB; this bounds a hostile one. */
const MAX_COMMIT_BYTES = 16 * 1024 * 1024;

/** A commit's fields as the body shows them. */
export interface CommitFields {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  author: Person;
  committer: Person;
  /** A signed commit's signature and the text it signs; Wharf's own commits have none. */
  signature?: { signature: string | null; payload: string | null };
}

export function gitCommitBody(
  repo: Pick<RepositoryRow, 'id' | 'owner_login' | 'name'>,
  commit: CommitFields,
  urls: Urls,
) {
  const full = `${repo.owner_login}/${repo.name}`;
  const api = urls.api(`/repos/${full}/git`);
  const html = (sha: string) => urls.html(`/${full}/commit/${sha}`);
  return {
    sha: commit.sha,
    node_id: commitNodeId(repo.id, commit.sha),
    url: `${api}/commits/${commit.sha}`,
    html_url: html(commit.sha),
    author: commit.author,
    committer: commit.committer,
    tree: { sha: commit.tree, url: `${api}/trees/${commit.tree}` },
    message: commit.message,
    parents: commit.parents.map((parent) => ({ sha: parent, url: `${api}/commits/${parent}`, html_url: html(parent) })),
    verification: verificationOf(commit.signature ?? { signature: null, payload: null }),
  };
}

/** The body of commit `sha` of the repository, read from git. */
export async function gitCommitView(git: GitRepositories, repo: RepositoryRow, sha: string, urls: Urls) {
  const raw = parseRawObject(
    (await readObject(git, repo.id, 'commit', sha, MAX_COMMIT_BYTES)).toString('utf8'),
    'commit',
  );
  return gitCommitBody(
    repo,
    {
      sha,
      tree: header(raw, 'tree') ?? '',
      parents: headersOf(raw, 'parent'),
      message: raw.message,
      author: parsePerson(header(raw, 'author')),
      committer: parsePerson(header(raw, 'committer')),
      signature: { signature: raw.signature, payload: raw.payload },
    },
    urls,
  );
}
