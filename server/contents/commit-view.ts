// The `commit` of GitHub's file-commit body (a git-commit, as the git data
// API shows it), with the commit's `CO_` node ID.
import type { Urls } from '../http/urls.js';
import { commitNodeId } from '../ids/commit-node-id.js';
import type { GitIdentity } from '../repos/commit-identity.js';
import type { RepositoryRow } from '../repos/repositories-store.js';

export interface MadeCommit {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  author: GitIdentity & { date: string };
  committer: GitIdentity & { date: string };
}

export function fileCommitCommitView(repo: Pick<RepositoryRow, 'id' | 'owner_login' | 'name'>, made: MadeCommit, urls: Urls) {
  const full = `${repo.owner_login}/${repo.name}`;
  const gitApi = urls.api(`/repos/${full}/git`);
  return {
    sha: made.sha,
    node_id: commitNodeId(repo.id, made.sha),
    url: `${gitApi}/commits/${made.sha}`,
    html_url: urls.html(`/${full}/commit/${made.sha}`),
    author: made.author,
    committer: made.committer,
    tree: { url: `${gitApi}/trees/${made.tree}`, sha: made.tree },
    message: made.message,
    parents: made.parents.map((sha) => ({ url: `${gitApi}/commits/${sha}`, html_url: urls.html(`/${full}/commit/${sha}`), sha })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  };
}
