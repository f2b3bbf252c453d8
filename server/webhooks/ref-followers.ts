// What else a ref change moves, in the transaction of the mirror update and
// its push events (ref-sync.ts): open pull requests follow their branches,
// apps with checks get suites for pushed heads, the repository's license
// follows its default branch. The ref-change path sits
// below pulls and checks, which emit their events through it, so it does not
// import them: the composition root (server/services.ts) hands it these
// followers, and every ref change (API, push, merge, tag, reconciler) runs
// the same ones.
import type { TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import type { StoredLicense } from '../repos/license-simple.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { InstallationRef } from './payloads/common.js';

/** A ref whose mirrored sha differs from git's (null: absent on that side). */
export interface RefDifference {
  ref: string;
  before: string | null;
  after: string | null;
}

export interface RefFollowers {
  /** The first locks of a sync, before it writes anything (one lock order: server/pulls/pull-locks.ts). */
  lock(tx: TransactionSql, repositoryId: number, refs: string[]): Promise<void>;
  /** A ref that existed moved or went; its push events are written already. */
  moved(
    tx: TransactionSql,
    deps: { git: GitRepositories; urls: Urls },
    repo: RepositoryRow,
    change: RefDifference,
    who: { sender: unknown; installation: InstallationRef | null },
  ): Promise<void>;
  /** The license of the default branch's new head (licenses/license-file.ts), null without a license file. */
  license(git: GitRepositories, repositoryId: number, commit: string): Promise<StoredLicense | null>;
  /** After every event of the sync: the changes whose events were emitted. */
  pushed(
    tx: TransactionSql,
    deps: { git: GitRepositories; urls: Urls },
    repo: RepositoryRow,
    changes: readonly RefDifference[],
    sender: unknown,
  ): Promise<void>;
}
