// The kinds of repository data a caller reads or writes, and the GitHub App
// permissions that open each: an installation token needs one of them, on
// every path to that data (REST declares it per operation in openapi.yaml's
// `x-wharf-app-permissions`; GraphQL, git and downloads ask the policy in
// installation-policy.ts with these kinds). People are not limited by kind:
// their repository permission decides (repository-permission.ts).
export const DATA_KIND_PERMISSIONS = {
  /** The repository itself: name, visibility, owner, counts. Every app may read it. */
  metadata: ['metadata'],
  /** Git: refs, trees, blobs, tags, commit histories (REST's git/* and contents), releases and their assets. */
  contents: ['contents'],
  /**
   * One commit itself (its id, message and people), which check and status
   * apps reach to read its checks and statuses: GitHub's check_suite payloads
   * carry the same. Its tree, files and history stay `contents`.
   */
  commit: ['contents', 'checks', 'statuses'],
  issues: ['issues'],
  pull_requests: ['pull_requests'],
  /** Labels, milestones and a pull request's conversation: GitHub opens them to either permission. */
  issues_or_pull_requests: ['issues', 'pull_requests'],
  statuses: ['statuses'],
  checks: ['checks'],
  /** A commit's combined state over statuses and check runs (`statusCheckRollup`). */
  statuses_or_checks: ['statuses', 'checks'],
  /** Repository settings: branch protection rules and their `branch_protection_rule` events. */
  administration: ['administration'],
} as const;

export type DataKind = keyof typeof DATA_KIND_PERMISSIONS;
