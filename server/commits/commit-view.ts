// GitHub's `commit` body (list items without `stats`/`files`, GET …/commits/{ref}
// with them) from a git record, every URL from the public base URL.
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import { commitNodeId } from '../ids/commit-node-id.js';
import type { CommitRecord } from './commit-records.js';
import { userOf, type CommitUsers } from './commit-users.js';
import type { DiffFile } from './commit-diff.js';

/** Wharf verifies no signatures yet: every commit is GitHub's "unsigned". */
const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

export interface CommitDetails {
  files: DiffFile[];
}

export function repoPaths(repo: RepositoryRow, urls: Urls) {
  const fullName = `${repo.owner_login}/${repo.name}`;
  return { api: urls.api(`/repos/${fullName}`), html: urls.html(`/${fullName}`) };
}

export function commitView(
  repo: RepositoryRow,
  record: CommitRecord,
  users: CommitUsers,
  urls: Urls,
  details?: CommitDetails,
) {
  const { api, html } = repoPaths(repo, urls);
  const author = userOf(users, record.author.email);
  const committer = userOf(users, record.committer.email);
  const body = {
    sha: record.sha,
    node_id: commitNodeId(repo.id, record.sha),
    commit: {
      author: record.author,
      committer: record.committer,
      message: record.message,
      tree: { sha: record.tree, url: `${api}/git/trees/${record.tree}` },
      url: `${api}/git/commits/${record.sha}`,
      comment_count: 0,
      verification: UNSIGNED,
    },
    url: `${api}/commits/${record.sha}`,
    html_url: `${html}/commit/${record.sha}`,
    comments_url: `${api}/commits/${record.sha}/comments`,
    author: author ? simpleUser(author, urls) : null,
    committer: committer ? simpleUser(committer, urls) : null,
    parents: record.parents.map((sha) => ({ sha, url: `${api}/commits/${sha}`, html_url: `${html}/commit/${sha}` })),
  };
  if (!details) return body;
  const additions = details.files.reduce((sum, f) => sum + f.additions, 0);
  const deletions = details.files.reduce((sum, f) => sum + f.deletions, 0);
  return {
    ...body,
    stats: { total: additions + deletions, additions, deletions },
    files: details.files.map((f) => fileView(repo, record.sha, f, urls)),
  };
}

/** A `diff-entry`: the file's URLs name the commit the file is read at. */
export function fileView(repo: RepositoryRow, atSha: string, file: DiffFile, urls: Urls) {
  const { api, html } = repoPaths(repo, urls);
  const path = file.filename.split('/').map(encodeURIComponent).join('/');
  return {
    sha: file.sha,
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    blob_url: `${html}/blob/${atSha}/${path}`,
    raw_url: `${html}/raw/${atSha}/${path}`,
    contents_url: `${api}/contents/${path}?ref=${atSha}`,
    ...(file.patch !== undefined ? { patch: file.patch } : {}),
    ...(file.previous_filename !== undefined ? { previous_filename: file.previous_filename } : {}),
  };
}
