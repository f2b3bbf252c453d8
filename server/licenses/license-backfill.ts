// Detects the license of repositories flagged by migration 037 (created before
// the `license` column existed), so their bodies stop answering null. Every
// server starts it; each repository is claimed under a row lock others skip
// (license-backfill-store.ts) and detected in its own short transaction, so
// several servers share the work and a repository's other writes wait at most
// one detection. Progress is logged every PROGRESS_EVERY repositories.
//
// A repository whose git cannot be read keeps its column and loses its flag
// (logged): its license follows the next move of its default branch. A
// database failure is retried after a pause; after MAX_FAILURES in a row the
// backfill stops and says why, and the next server start takes it up again.
import type { Sql } from '../db/database.js';
import type { Logger } from '../log.js';
import type { GitRepositories } from '../repos/git.js';
import type { StoredLicense } from '../repos/license-simple.js';
import { claimPendingLicense, countPendingLicenses, finishPendingLicense } from './license-backfill-store.js';

const PROGRESS_EVERY = 100;
const MAX_FAILURES = 5;
const PAUSE_MS = 1_000;

export interface LicenseBackfillDeps {
  sql: Sql;
  git: GitRepositories;
  log: Logger;
  detect: (git: GitRepositories, repositoryId: number, commit: string) => Promise<StoredLicense | null>;
  /** The pause after the n-th database failure in a row is n times this; 1 s unless a test says otherwise. */
  pauseMs?: number;
}

export interface LicenseBackfillResult {
  detected: number;
  unreadable: number;
  /** Why it stopped before the end, if it did. */
  stoppedBecause?: string;
}

/** Works through every flagged repository; resolves when none is left, `stop()` was called, or it gave up. */
export async function runLicenseBackfill(
  deps: LicenseBackfillDeps,
  stopped: () => boolean = () => false,
): Promise<LicenseBackfillResult> {
  const result: LicenseBackfillResult = { detected: 0, unreadable: 0 };
  const total = await countPendingLicenses(deps.sql);
  if (total === 0) return result;
  deps.log.info('license backfill: detecting the license of repositories created before it was kept', { total });
  let failures = 0;
  while (!stopped()) {
    try {
      const claimed = await deps.sql.begin(async (tx) => {
        const pending = await claimPendingLicense(tx);
        if (pending === undefined) return false;
        let license: StoredLicense | null | undefined;
        try {
          license = pending.head === null ? null : await deps.detect(deps.git, pending.id, pending.head);
        } catch (error) {
          result.unreadable += 1;
          deps.log.warn('license backfill: could not read the repository; its license follows its next push', {
            repositoryId: pending.id,
            error: String(error),
          });
        }
        await finishPendingLicense(tx, pending.id, license);
        return true;
      });
      failures = 0;
      if (!claimed) break;
      result.detected += 1;
      if (result.detected % PROGRESS_EVERY === 0)
        deps.log.info('license backfill: progress', { done: result.detected, total });
    } catch (error) {
      failures += 1;
      if (failures >= MAX_FAILURES) {
        result.stoppedBecause = `${failures} database failures in a row, the last: ${String(error)}`;
        deps.log.error('license backfill stopped; the next start resumes it', { reason: result.stoppedBecause });
        return result;
      }
      await new Promise((resolve) => setTimeout(resolve, (deps.pauseMs ?? PAUSE_MS) * failures));
    }
  }
  deps.log.info('license backfill: done', { repositories: result.detected, unreadable: result.unreadable });
  return result;
}

/** Starts the backfill in the background: `stop()` ends it after the repository in hand. */
export function startLicenseBackfill(deps: LicenseBackfillDeps): { stop(): Promise<void> } {
  let stopping = false;
  const running = runLicenseBackfill(deps, () => stopping).catch((error: unknown) =>
    deps.log.error('license backfill stopped; the next start resumes it', { reason: String(error) }),
  );
  return {
    async stop() {
      stopping = true;
      await running;
    },
  };
}
