// A repository's row as every reader gets it (the owner's login, kind and
// site-admin flag joined), and what an update may change. The store that
// caches rows is repositories-store.ts.
import type { Sql, TransactionSql } from '../db/database.js';
import type { StoredLicense } from './license-simple.js';

export interface RepositoryRow {
  id: number;
  owner_id: number;
  owner_login: string;
  owner_kind: 'User' | 'Organization';
  owner_site_admin: boolean;
  name: string;
  description: string | null;
  homepage: string | null;
  private: boolean;
  default_branch: string;
  has_issues: boolean;
  has_projects: boolean;
  has_wiki: boolean;
  archived: boolean;
  /** When it was archived (migration 034), null while it is not. */
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
  pushed_at: Date | null;
  /** KiB on disk, measured at each ref change (migration 032): REST `size`, GraphQL `diskUsage`. */
  size_kib: number;
  /** The default branch's detected license (migration 036, kept by the ref-change path), null without one. */
  license: StoredLicense | null;
  /** Kept by server/issues/open-issue-count.ts. */
  open_issues_count: number;
  /** Forks (migration 019): whether this is one, the repository it was forked from, the root of its network, and its forks' number. */
  fork: boolean;
  parent_id: number | null;
  source_id: number | null;
  forks_count: number;
  /** Merge settings (migration 021), as PATCH /repos/{owner}/{repo} sets them. */
  allow_merge_commit: boolean;
  allow_squash_merge: boolean;
  allow_rebase_merge: boolean;
  delete_branch_on_merge: boolean;
  /** Whether pull requests may merge themselves once protection is satisfied (migration 045, server/pulls/auto-merge/). */
  allow_auto_merge: boolean;
}

export interface RepositoryChanges {
  name?: string;
  description?: string | null;
  homepage?: string | null;
  private?: boolean;
  default_branch?: string;
  has_issues?: boolean;
  has_projects?: boolean;
  has_wiki?: boolean;
  archived?: boolean;
  allow_merge_commit?: boolean;
  allow_squash_merge?: boolean;
  allow_rebase_merge?: boolean;
  delete_branch_on_merge?: boolean;
  allow_auto_merge?: boolean;
}

/** Repository rows with their owner's login, kind and site-admin flag; add WHERE/ORDER after it. */
export const SELECT_REPOSITORY = (sql: Sql | TransactionSql) => sql`
  SELECT r.*, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin
  FROM repositories r JOIN accounts a ON a.id = r.owner_id`;
