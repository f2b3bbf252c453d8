// createPullRequest, updatePullRequest, closePullRequest and
// reopenPullRequest: REST's rules and store (server/pulls/pull-changes.ts),
// so each emits exactly the `pull_request` events the REST operation does,
// in its transaction. Anyone who can read may open a pull request; its author
// or triage may edit, close and reopen it (REST's pulls/update).
import { askCodeOwners, codeOwnersOfChange } from '../../pulls/code-owner-requests.js';
import { checkedTitle } from '../../issues/issue-input.js';
import { canEditIssue } from '../../access/issue-permissions.js';
import { repositoryLookup } from '../../pulls/pull-access.js';
import { changePull, openPull, type PullChange } from '../../pulls/pull-changes.js';
import { branchSha, diffCounts } from '../../pulls/pull-git.js';
import { resolveHead } from '../../pulls/pull-head.js';
import { copyHeadCommit } from '../../pulls/pull-fork-head.js';
import { checkMaintainerGrant } from '../../pulls/maintainer-grant.js';
import type { Permission } from '../../access/permissions.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { inMutation, storable } from '../mutation/in-mutation.js';
import { forbiddenMutation, visibleRepository, writerHolds, writerOf } from '../access/writer.js';
import { pullAfter, restRules, visiblePull } from './pull-mutation-access.js';

type M = Required<MutationResolvers>;

function title(value: string): string {
  storable(value, 'title');
  if (value.trim() === '') throw githubError('UNPROCESSABLE', "Title can't be blank");
  return checkedTitle(value);
}

export const createPullRequest: M['createPullRequest'] = async (_parent, { input }, ctx) => {
  const repo = await visibleRepository(ctx, input.repositoryId);
  await writerOf(ctx, repo, 'createPullRequest', 'read', 'pull_requests');
  // The head: a branch of this repository, or of `headRepositoryId`, a
  // repository of its fork network (REST's rules, pull-head.ts), whose commit
  // is copied into this one first.
  const headRepository = input.headRepositoryId == null ? repo : await visibleRepository(ctx, input.headRepositoryId);
  const prTitle = title(input.title);
  const body = storable(input.body, 'body') ?? null;
  const [base, headName] = [storable(input.baseRefName, 'baseRefName'), storable(input.headRefName, 'headRefName')];
  // GitHub also takes "owner:branch" in headRefName.
  const head = headName.includes(':') ? headName : `${headRepository.owner_login}:${headName}`;
  const maintainerCanModify = input.maintainerCanModify ?? true;
  const { services } = ctx;
  const { git } = services;
  const { headRepo, headRef, baseSha, headSha, counts } = await restRules(ctx, 'createPullRequest', async () => {
    const resolved = await resolveHead(
      services,
      ctx.principal,
      repo,
      head,
      `${headRepository.owner_login}/${headRepository.name}`,
    );
    await checkMaintainerGrant(services, ctx.principal, resolved.repo, repo.id, maintainerCanModify);
    const baseSha = await branchSha(git, repo.id, base, 'base');
    const headSha = await branchSha(git, resolved.repo.id, resolved.ref, 'head');
    await copyHeadCommit(git, repo.id, resolved.repo.id, headSha);
    const counts = await diffCounts(git, repo.id, { head: headSha, base: baseSha });
    return { headRepo: resolved.repo, headRef: resolved.ref, baseSha, headSha, counts };
  });
  if (counts.commits === 0) throw githubError('UNPROCESSABLE', `No commits between ${base} and ${headRef}`);
  const repos = await repositoryLookup(services, repo, [headRepo.id]);
  // Code owners of the changed files are asked to review, as REST's pulls/create asks them.
  const owners = await codeOwnersOfChange(services, repo, baseSha, headSha);
  const row = await inMutation(ctx, repo, 'createPullRequest', async (events) => {
    const opened = await openPull(events, git, repos, {
      issue: { title: prTitle, body },
      head: { ref: headRef, sha: headSha },
      headRepository: headRepo,
      base: { ref: base, sha: baseSha },
      draft: input.draft ?? false,
      maintainerCanModify,
      counts,
    });
    return askCodeOwners(events, repos, opened, owners);
  });
  return { clientMutationId: input.clientMutationId, pullRequest: await pullAfter(ctx, row.issue.id) };
};

/**
 * Who may change a pull request, beside the policy's writer check: a rule of
 * the issues (canEditIssue) over the writer's permission, or one asking the
 * policy whether the writer also `holds` a higher permission.
 */
export type Rule = (
  permission: Permission | null,
  authorId: number | null,
  userId: number,
  holds: (needed: Permission) => Promise<boolean>,
) => boolean | Promise<boolean>;

/** Changes the pull request behind `id` as `mutation`: by default its author or triage, as REST's pulls/update. */
export async function changeAs(
  ctx: GraphqlContext,
  id: string,
  mutation: string,
  change: (base: string) => PullChange,
  may: Rule = canEditIssue,
) {
  const { pull, repo, repos } = await visiblePull(ctx, id);
  const writer = await writerOf(ctx, repo, mutation, 'read', 'pull_requests');
  const holds = (needed: Permission) => writerHolds(ctx, repo, needed, 'pull_requests');
  if (!(await may(writer.permission, pull.user_id, writer.userId, holds))) throw forbiddenMutation(ctx, mutation);
  const wanted = change(pull.base_ref);
  if (wanted.base) {
    const ref = wanted.base.ref;
    wanted.base = await restRules(ctx, mutation, async () => {
      const sha = await branchSha(ctx.services.git, repo.id, ref, 'base');
      return { ref, sha, counts: await diffCounts(ctx.services.git, repo.id, { head: pull.head_sha, base: sha }) };
    });
  }
  const row = await inMutation(ctx, repo, mutation, (events) => changePull(events, repos, pull.number, wanted));
  return { pullRequest: await pullAfter(ctx, row.issue.id), userId: writer.userId };
}

const NO_COUNTS = { commits: 0, additions: 0, deletions: 0, changed_files: 0 };

export const updatePullRequest: M['updatePullRequest'] = async (_parent, { input }, ctx) => {
  const { pullRequest, userId } = await changeAs(ctx, input.pullRequestId, 'updatePullRequest', (currentBase) => ({
    title: input.title == null ? undefined : title(input.title),
    body: storable(input.body, 'body') ?? undefined,
    state: input.state == null ? undefined : input.state === 'CLOSED' ? 'closed' : 'open',
    maintainerCanModify: input.maintainerCanModify ?? undefined,
    // The sha and counts are read by changeAs, outside the transaction (git).
    base:
      input.baseRefName == null || input.baseRefName === currentBase
        ? undefined
        : { ref: storable(input.baseRefName, 'baseRefName'), sha: '', counts: NO_COUNTS },
  }));
  return { clientMutationId: input.clientMutationId, pullRequest, actor: await ctx.loaders.accountById.load(userId) };
};

export const closePullRequest: M['closePullRequest'] = async (_parent, { input }, ctx) => {
  const { pullRequest } = await changeAs(ctx, input.pullRequestId, 'closePullRequest', () => ({ state: 'closed' }));
  return { clientMutationId: input.clientMutationId, pullRequest };
};

export const reopenPullRequest: M['reopenPullRequest'] = async (_parent, { input }, ctx) => {
  const { pullRequest } = await changeAs(ctx, input.pullRequestId, 'reopenPullRequest', () => ({ state: 'open' }));
  return { clientMutationId: input.clientMutationId, pullRequest };
};
