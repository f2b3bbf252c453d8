// One try of a due auto-merge request: the pull request is merged through
// the one merge path (merge/merge-pull.ts: the method's commit, the base
// branch's protection, the compare-and-swap that lets one merge through), as
// the user or app that enabled it, with their access as it is now.
//
// A refusal keeps the request waiting for the next change that may lift it
// (a review or a check still missing, the head moved, the base is behind, a
// conflict the next push may resolve). What will not pass by itself turns
// it off with an `auto_merge_disabled` reason: the enabler lost write
// access, or the repository no longer allows auto-merge.
import { actingPrincipal } from '../../access/acting-principal.js';
import { decideAccess } from '../../access/repository-access.js';
import { DomainError } from '../../errors/domain-error.js';
import type { Services } from '../../services.js';
import { mergePull } from '../merge/merge-pull.js';
import { disableAutoMerge } from './auto-merge-changes.js';
import { ENABLER_LOST_ACCESS, NO_LONGER_ALLOWED, type AutoMergeStop } from './auto-merge-stops.js';
import type { AutoMergeRequest } from './auto-merge-store.js';

export type AttemptOutcome =
  | { kind: 'merged'; sha: string }
  | { kind: 'waiting'; refusal: string }
  | { kind: 'disabled'; reason: string }
  | { kind: 'gone' };

const MERGE_NEEDS = { permission: 'write', app: { contents: 'write' } } as const;

export async function attemptAutoMerge(services: Services, request: AutoMergeRequest): Promise<AttemptOutcome> {
  const repo = await services.repos.byId(request.repository_id);
  const [pull] = await openPull(services, request.issue_id);
  if (repo === null || !pull?.open) return { kind: 'gone' };
  const number = pull.number;
  const principal = await actingPrincipal(services.sql, {
    userId: request.enabled_by_id,
    installationId: request.installation_id,
  });
  const stop = async (why: AutoMergeStop): Promise<AttemptOutcome> => {
    await disableAutoMerge(services, repo, principal ?? { kind: 'anonymous' }, number, why);
    return { kind: 'disabled', reason: why.reason };
  };
  if (!repo.allow_auto_merge) return stop(NO_LONGER_ALLOWED);
  const decision = principal === null ? null : await decideAccess(principal, repo, services.repos, MERGE_NEEDS);
  if (principal === null || decision === null || decision.refused) return stop(ENABLER_LOST_ACCESS);
  try {
    const outcome = await mergePull({ services, principal, permission: decision.permission }, repo, number, {
      method: request.merge_method,
      ...(request.commit_title !== null ? { commitTitle: request.commit_title } : {}),
      ...(request.commit_message !== null ? { commitMessage: request.commit_message } : {}),
    });
    return { kind: 'merged', sha: outcome.sha };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    // Closed or merged meanwhile (by hand, or by another process's try): nothing to do.
    const [now] = await openPull(services, request.issue_id);
    if (!now?.open) return { kind: 'gone' };
    return { kind: 'waiting', refusal: error.message };
  }
}

function openPull(services: Services, issueId: number) {
  return services.sql<{ number: number; open: boolean }[]>`
    SELECT i.number, i.state = 'open' AND p.merged_at IS NULL AS open
    FROM issues i JOIN pull_requests p ON p.issue_id = i.id WHERE i.id = ${issueId}`;
}
