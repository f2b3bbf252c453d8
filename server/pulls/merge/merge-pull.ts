// Merging a pull request (REST pulls/merge, and the GraphQL mutation): the
// commit(s) of the chosen method built with plumbing (merge-git.ts), the
// base branch moved by compare-and-swap through changeRefs (so `push`
// fires), and the pull request marked merged in that ref sync's transaction
// by merged-by-push.ts, which finds the commit recorded here as
// pending_merge_sha (squash and rebase do not contain the head). The caller
// has checked that the principal may write to the repository; branch
// protection is asked here, before the commit is built (merge-guard.ts:
// reviews, checks, restrictions, strict) and before the compare-and-swap
// (ref-guard.ts with the `merge` path: lock, linear history).
import type { Permission } from '../../access/permissions.js';
import type { Principal } from '../../auth/principal.js';
import { mergeRefusal } from '../../branch-protection/merge-guard.js';
import { pushActorOf } from '../../branch-protection/push-restrictions.js';
import { refUpdateRefusal } from '../../branch-protection/ref-guard.js';
import { conflict, notAllowed, notFound, requiresAuthentication } from '../../errors/domain-error.js';
import { authorIdentity, serviceIdentity } from '../../repos/commit-identity.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { Services } from '../../services.js';
import { changeRefs } from '../../webhooks/ref-change-events.js';
import { lockPullRows } from '../../issues/issue-locks.js';
import { pullByNumber, type PullRow } from '../pull-rows.js';
import { mergeCommit, rebaseCommits, squashCommit, type Identities } from './merge-git.js';
import { mergeCommitMessage, squashCommitMessage } from './merge-messages.js';

export type MergeMethod = 'merge' | 'squash' | 'rebase';

export interface MergeRequest {
  method?: MergeMethod;
  /** The head the caller saw; 409 when the head is another commit. */
  sha?: string;
  commitTitle?: string;
  commitMessage?: string;
}

export interface MergeOutcome {
  /** The base branch's new tip: the merge commit, the squash commit, or the last rebased commit. */
  sha: string;
  merged: true;
  message: 'Pull Request successfully merged';
  /** The pull request after the merge (merged, closed, unless its sync was deferred to the reconciler). */
  pull: PullRow;
}

export interface MergeContext {
  services: Services;
  principal: Principal;
  /** The caller's permission on the repository (admins pass protection where enforce_admins is off); null holds them all. */
  permission?: Permission | null;
}

const notMergeable = (message = 'Pull Request is not mergeable') => notAllowed(message);

export const NOT_ALLOWED: Record<
  MergeMethod,
  { setting: 'allow_merge_commit' | 'allow_squash_merge' | 'allow_rebase_merge'; message: string }
> = {
  merge: { setting: 'allow_merge_commit', message: 'Merge commits are not allowed on this repository.' },
  squash: { setting: 'allow_squash_merge', message: 'Squash merges are not allowed on this repository.' },
  rebase: { setting: 'allow_rebase_merge', message: 'Rebase merges are not allowed on this repository.' },
};

async function buildCommit(
  ctx: MergeContext,
  repo: RepositoryRow,
  row: PullRow,
  base: string,
  request: MergeRequest,
  who: Identities,
): Promise<string> {
  const { git } = ctx.services;
  const parts = { title: request.commitTitle, message: request.commitMessage };
  const head = row.pull.head_sha;
  const method = request.method ?? 'merge';
  if (method === 'rebase') {
    const tip = await rebaseCommits(git, repo.id, base, head, who.committer);
    if (tip === null || tip === base) throw notMergeable("This branch can't be rebased");
    return tip;
  }
  const headOwner =
    row.pull.head_repository_id === repo.id
      ? repo.owner_login
      : ((await ctx.services.repos.byIds([row.pull.head_repository_id ?? 0])).get(row.pull.head_repository_id ?? 0)
          ?.owner_login ?? 'unknown');
  const sha =
    method === 'merge'
      ? await mergeCommit(git, repo.id, base, head, mergeCommitMessage(row, headOwner, parts), who)
      : await squashCommit(git, repo.id, base, head, await squashCommitMessage(git, repo.id, row, base, parts), who);
  if (sha === null) throw notMergeable();
  return sha;
}

export async function mergePull(
  ctx: MergeContext,
  repo: RepositoryRow,
  number: number,
  request: MergeRequest,
): Promise<MergeOutcome> {
  const { services, principal } = ctx;
  if (principal.kind !== 'token') throw requiresAuthentication();
  const { sql, git, config } = services;
  const row = await pullByNumber(sql, repo.id, number);
  if (!row) throw notFound();
  if (row.issue.state !== 'open' || row.pull.merged_at !== null) throw notMergeable();
  if (row.pull.draft) throw notMergeable('Pull Request is still a draft');
  const allowed = NOT_ALLOWED[request.method ?? 'merge'];
  if (!repo[allowed.setting]) throw notMergeable(allowed.message);
  if (request.sha !== undefined && request.sha !== row.pull.head_sha)
    throw conflict('Head branch was modified. Review and try the merge again.');
  const baseRef = `refs/heads/${row.pull.base_ref}`;
  const base = await git.resolveRef(repo.id, baseRef);
  if (base === null) throw notMergeable();
  const permission = ctx.permission ?? null;
  const refusal = await mergeRefusal(services, repo, row, permission, pushActorOf(principal));
  if (refusal !== null) throw notMergeable(refusal);
  const account = await services.accounts.byId(principal.user.id);
  const who: Identities = {
    author: authorIdentity(
      account ?? { id: principal.user.id, login: principal.user.login, name: null, email: null },
      config.noreplyHost,
    ),
    committer: serviceIdentity(config.vendor, config.noreplyHost),
  };
  const sha = await buildCommit(ctx, repo, row, base, request, who);
  const update = { ref: baseRef, before: base, after: sha };
  const moveRefusal = await refUpdateRefusal(services, repo, permission, update, 'merge');
  if (moveRefusal !== null) throw notMergeable(moveRefusal);
  // Committed before the base moves, so whichever sync sees the new tip (ours or the reconciler's) knows who merged it.
  // Another merge of this pull request under way (or its head moved): this one stops here.
  // The issue and pull request rows first: the lock order of pull-locks.ts (the update bumps the issue-list generation).
  const pending = await sql.begin(async (tx) => {
    await lockPullRows(tx, [row.issue.id]);
    return tx`UPDATE pull_requests SET pending_merge_sha = ${sha}, pending_merge_by_id = ${principal.user.id}, pending_merge_at = now()
      WHERE issue_id = ${row.issue.id} AND merged_at IS NULL AND head_sha = ${row.pull.head_sha}
        AND (pending_merge_at IS NULL OR pending_merge_at < now() - interval '1 minute')`;
  });
  if (pending.count === 0) throw conflict('Head branch was modified. Review and try the merge again.');
  const moved = await changeRefs(services, repo, principal, () => git.updateRef(repo.id, baseRef, sha, base));
  if (!moved) {
    await sql.begin(async (tx) => {
      await lockPullRows(tx, [row.issue.id]);
      await tx`UPDATE pull_requests SET pending_merge_sha = NULL, pending_merge_by_id = NULL, pending_merge_at = NULL
        WHERE issue_id = ${row.issue.id} AND pending_merge_sha = ${sha}`;
    });
    throw notMergeable('Base branch was modified. Review and try the merge again.');
  }
  // The merge closed an issue: the repository's open_issues_count moved (others drop their copy on the notice).
  services.repos.changedLocally(repo.id);
  if (repo.delete_branch_on_merge) await deleteHeadBranch(ctx, repo, row);
  return {
    sha,
    merged: true,
    message: 'Pull Request successfully merged',
    pull: (await pullByNumber(sql, repo.id, number))!,
  };
}

/**
 * delete_branch_on_merge: the head branch goes (compare-and-swap from the
 * merged head, so a branch pushed meanwhile stays), with `delete` and
 * `push` events; only in the base repository, never its default branch,
 * and not while another open pull request has it as its base.
 */
async function deleteHeadBranch(ctx: MergeContext, repo: RepositoryRow, row: PullRow): Promise<void> {
  const { sql, git } = ctx.services;
  if (row.pull.head_repository_id !== repo.id || row.pull.head_ref === repo.default_branch) return;
  const [dependent] = await sql`
    SELECT 1 FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.repository_id = ${repo.id} AND p.base_ref = ${row.pull.head_ref} AND i.state = 'open'`;
  if (dependent) return;
  await changeRefs(ctx.services, repo, ctx.principal, () =>
    git.deleteRef(repo.id, `refs/heads/${row.pull.head_ref}`, row.pull.head_sha),
  );
}
