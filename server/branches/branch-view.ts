// GitHub's branch bodies: `short-branch` in lists, `branch-with-protection`
// for one, each saying whether a branch protection rule covers the branch
// (branch-protection/branch-patterns.ts).
import type { ProtectionRow } from '../branch-protection/protections-store.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { repoPaths } from '../commits/commit-view.js';

const escapedName = (name: string) => name.split('/').map(encodeURIComponent).join('/');

export function shortBranchView(
  repo: RepositoryRow,
  name: string,
  sha: string,
  urls: Urls,
  rule: ProtectionRow | null = null,
) {
  const { api } = repoPaths(repo, urls);
  return {
    name,
    commit: { sha, url: `${api}/commits/${sha}` },
    protected: rule !== null,
    ...(rule
      ? { protection: branchProtectionSummary(rule), protection_url: `${api}/branches/${escapedName(name)}/protection` }
      : {}),
  };
}

export function branchWithProtectionView<C>(
  repo: RepositoryRow,
  name: string,
  commit: C,
  urls: Urls,
  rule: ProtectionRow | null,
) {
  const { api, html } = repoPaths(repo, urls);
  const self = `${api}/branches/${escapedName(name)}`;
  return {
    name,
    commit,
    _links: { self, html: `${html}/tree/${escapedName(name)}` },
    protected: rule !== null,
    protection: branchProtectionSummary(rule),
    protection_url: `${self}/protection`,
  };
}

/** The `protection` summary on a branch body (GitHub's `branch-protection` there; statuses' payloads use it too). */
export function branchProtectionSummary(row: ProtectionRow | null) {
  const checks = row?.required_status_checks ?? null;
  return {
    enabled: row !== null,
    required_status_checks: {
      enforcement_level: checks === null ? 'off' : row!.enforce_admins ? 'everyone' : 'non_admins',
      contexts: checks?.checks.map((check) => check.context) ?? [],
      checks: checks?.checks.map((check) => ({ context: check.context, app_id: check.app_id })) ?? [],
    },
  };
}
