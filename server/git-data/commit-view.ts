// GitHub's `git-commit` body, read from the commit object itself.
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import { readObject } from '../repos/git-objects.js';
import type { RepositoryRow } from '../repos/repositories-store.js';
import { parsePerson } from './git-person.js';
import { commitNodeId } from './object-node-id.js';
import { header, headersOf, parseRawObject, verificationOf } from './raw-object.js';

/** Commits are text of a few KB; this bounds a hostile one. */
const MAX_COMMIT_BYTES = 16 * 1024 * 1024;

export async function gitCommitView(git: GitRepositories, repo: RepositoryRow, sha: string, urls: Urls) {
  const raw = parseRawObject((await readObject(git, repo.id, 'commit', sha, MAX_COMMIT_BYTES)).toString('utf8'), 'commit');
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}/git`);
  const html = (commit: string) => urls.html(`/${repo.owner_login}/${repo.name}/commit/${commit}`);
  const tree = header(raw, 'tree') ?? '';
  return {
    sha,
    node_id: commitNodeId(repo.id, sha),
    url: `${api}/commits/${sha}`,
    html_url: html(sha),
    author: parsePerson(header(raw, 'author')),
    committer: parsePerson(header(raw, 'committer')),
    tree: { sha: tree, url: `${api}/trees/${tree}` },
    message: raw.message,
    parents: headersOf(raw, 'parent').map((parent) => ({ sha: parent, url: `${api}/commits/${parent}`, html_url: html(parent) })),
    verification: verificationOf(raw),
  };
}
