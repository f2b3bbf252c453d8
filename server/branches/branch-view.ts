// GitHub's branch bodies: `short-branch` in lists, `branch-with-protection`
// for one. Wharf has no branch protection yet, so every branch is
// unprotected, with the `protection` GitHub shows for such a branch.
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { repoPaths } from '../commits/commit-view.js';

const escapedName = (name: string) => name.split('/').map(encodeURIComponent).join('/');

export function shortBranchView(repo: RepositoryRow, name: string, sha: string, urls: Urls) {
  const { api } = repoPaths(repo, urls);
  return { name, commit: { sha, url: `${api}/commits/${sha}` }, protected: false };
}

export function branchWithProtectionView<C>(repo: RepositoryRow, name: string, commit: C, urls: Urls) {
  const { api, html } = repoPaths(repo, urls);
  const self = `${api}/branches/${escapedName(name)}`;
  return {
    name,
    commit,
    _links: { self, html: `${html}/tree/${escapedName(name)}` },
    protected: false,
    protection: {
      enabled: false,
      required_status_checks: {
        enforcement_level: 'off',
        contexts: [] as string[],
        checks: [] as { context: string; app_id: number | null }[],
      },
    },
    protection_url: `${self}/protection`,
  };
}
