// Opening and changing pull requests, each in one transaction with its
// timeline rows, `pull_request` events and refs/pull/{n}/head. A pull
// request is an issue row (number, title, body, state) plus its
// pull_requests row; its changes emit `pull_request` events, not `issues`
// ones (as GitHub).
import { lockFor } from '../db/advisory-locks.js';
import { notFound, validationFailed } from '../errors/domain-error.js';
import type { GitRepositories } from '../repos/git.js';
import { recordIssueEvents, type NewIssueEvent } from '../issues/issue-events.js';
import { nextIssueNumber } from '../issues/issue-numbers.js';
import type { EventContext } from '../issues/issue-webhooks.js';
import { moveOpenIssueCount } from '../issues/open-issue-count.js';
import { writeHeadRef, type DiffCounts } from './pull-git.js';
import { queueMergeability } from './mergeability-queue.js';
import { pullByNumber, type PullRow } from './pull-rows.js';
import type { RepositoryLookup } from './pull-view.js';
import { emitPullRequestEvents, type PullEdits, type PullRequestEvent } from './pull-webhooks.js';
import { insertIssueRow, touchIssue, updateIssueRow } from '../issues/issue-writes.js';

export interface BranchAt {
  ref: string;
  sha: string;
}
export interface HeadRepository {
  id: number;
  owner_login: string;
}

export interface NewPull {
  /** A new issue's title and body, or the number of an issue to turn into the pull request. */
  issue: { title: string; body: string | null } | { number: number };
  head: BranchAt;
  /** The repository of the head when it is not the base (a fork of the network); its commit is in the base already. */
  headRepository?: HeadRepository;
  base: BranchAt;
  draft: boolean;
  maintainerCanModify: boolean;
  counts: DiffCounts;
}

export interface PullChange {
  title?: string;
  body?: string | null;
  state?: 'open' | 'closed';
  base?: BranchAt & { counts: DiffCounts };
  maintainerCanModify?: boolean;
  /** Draft or ready for review (GraphQL only, as on GitHub): open pull requests only. */
  draft?: boolean;
}

const actorOf = (ctx: EventContext) => (ctx.principal.kind === 'token' ? ctx.principal.user.id : null);
const custom = (field: string, message: string) =>
  validationFailed([{ resource: 'PullRequest', field, code: 'custom', message }]);

/**
 * 422 when an open pull request already has this head (repository and
 * branch) and base; callers hold the repository's pull lock. A head whose
 * repository was deleted (null) duplicates nothing.
 */
async function refuseDuplicate(
  ctx: EventContext,
  headRepo: HeadRepository | null,
  head: string,
  base: string,
  exceptIssueId = 0,
): Promise<void> {
  if (!headRepo) return;
  const [open] = await ctx.tx`
    SELECT 1 FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.repository_id = ${ctx.repo.id} AND p.head_repository_id = ${headRepo.id} AND p.head_ref = ${head}
      AND p.base_ref = ${base} AND i.state = 'open' AND p.issue_id <> ${exceptIssueId}`;
  if (open) throw custom('head', `A pull request already exists for ${headRepo.owner_login}:${head}.`);
}

/** Serialises opening and reopening in one repository, so two requests cannot both pass refuseDuplicate. */
const lockPulls = (ctx: EventContext) => lockFor(ctx.tx, 'pulls', ctx.repo.id);

export async function openPull(
  ctx: EventContext,
  git: GitRepositories,
  repos: RepositoryLookup,
  input: NewPull,
): Promise<PullRow> {
  const { tx, repo } = ctx;
  await lockPulls(ctx);
  const headRepo = input.headRepository ?? repo;
  await refuseDuplicate(ctx, headRepo, input.head.ref, input.base.ref);
  let issue: { id: number; number: number };
  if ('number' in input.issue) {
    // Beyond integer range no issue has the number (and it must not become a database error).
    if (input.issue.number > 2147483647)
      throw validationFailed([{ resource: 'PullRequest', field: 'issue', code: 'invalid' }]);
    const [found] = await tx<{ id: number; number: number; state: string; is_pull: boolean }[]>`
      SELECT i.id, i.number, i.state, EXISTS (SELECT 1 FROM pull_requests p WHERE p.issue_id = i.id) AS is_pull
      FROM issues i WHERE i.repository_id = ${repo.id} AND i.number = ${input.issue.number} FOR UPDATE`;
    if (!found || found.is_pull || found.state !== 'open')
      throw validationFailed([{ resource: 'PullRequest', field: 'issue', code: 'invalid' }]);
    issue = found;
    await touchIssue(tx, found.id);
  } else {
    const number = await nextIssueNumber(tx, repo.id);
    const id = await insertIssueRow(tx, {
      repositoryId: repo.id,
      number,
      title: input.issue.title,
      body: input.issue.body,
      userId: actorOf(ctx),
    });
    issue = { id, number };
    await moveOpenIssueCount(ctx, 1);
  }
  await tx`INSERT INTO pull_requests ${tx({
    issue_id: issue.id,
    repository_id: repo.id,
    head_repository_id: headRepo.id,
    head_ref: input.head.ref,
    head_sha: input.head.sha,
    base_ref: input.base.ref,
    base_sha: input.base.sha,
    draft: input.draft,
    maintainer_can_modify: input.maintainerCanModify,
    ...input.counts,
  })}`;
  // Last, so that a failure here rolls the rows back; a ref left by a
  // failed commit is overwritten by the pull request that next takes the number.
  await writeHeadRef(git, repo.id, issue.number, input.head.sha);
  await queueMergeability(tx, [issue.id]);
  const row = (await pullByNumber(tx, repo.id, issue.number))!;
  await emitPullRequestEvents(ctx, row, repos, [{ action: 'opened' }]);
  return row;
}

/** Applies `change` to pull request `number`; 404 when there is none. Nothing changed, nothing emitted. */
export async function changePull(
  ctx: EventContext,
  repos: RepositoryLookup,
  number: number,
  change: PullChange,
): Promise<PullRow> {
  const { tx, repo } = ctx;
  if (change.state === 'open') await lockPulls(ctx);
  const current = await pullByNumber(tx, repo.id, number, true);
  if (!current) throw notFound();
  const { issue, pull } = current;
  const issueColumns: Record<string, unknown> = {};
  const pullColumns: Record<string, unknown> = {};
  const events: PullRequestEvent[] = [];
  const timeline: NewIssueEvent[] = [];
  const edits: PullEdits = {};
  if (change.title !== undefined && change.title !== issue.title) {
    edits.title = { from: issue.title };
    issueColumns.title = change.title;
    timeline.push({ event: 'renamed', details: { rename: { from: issue.title, to: change.title } } });
  }
  if (change.body !== undefined && change.body !== issue.body) {
    edits.body = { from: issue.body ?? '' };
    issueColumns.body = change.body;
  }
  if (change.base && change.base.ref !== pull.base_ref) {
    edits.base = { ref: { from: pull.base_ref }, sha: { from: pull.base_sha } };
    Object.assign(pullColumns, { base_ref: change.base.ref, base_sha: change.base.sha, ...change.base.counts });
  }
  if (change.maintainerCanModify !== undefined && change.maintainerCanModify !== pull.maintainer_can_modify) {
    pullColumns.maintainer_can_modify = change.maintainerCanModify;
  }
  if (edits.title || edits.body || edits.base) events.push({ action: 'edited', changes: edits });
  if (change.draft !== undefined && change.draft !== pull.draft) {
    if (issue.state !== 'open') throw custom('draft', 'Only open pull requests can change their draft state');
    pullColumns.draft = change.draft;
    events.push({ action: change.draft ? 'converted_to_draft' : 'ready_for_review' });
    timeline.push({ event: change.draft ? 'convert_to_draft' : 'ready_for_review' });
  }
  const base = change.base?.ref ?? pull.base_ref;
  if (change.state === 'closed' && issue.state === 'open') {
    Object.assign(issueColumns, { state: 'closed', closed_at: new Date(), closed_by_id: actorOf(ctx) });
    events.push({ action: 'closed' });
    timeline.push({ event: 'closed' });
  } else if (change.state === 'open' && issue.state === 'closed') {
    if (pull.merged_at) throw custom('state', 'Cannot reopen a merged pull request');
    await refuseDuplicate(ctx, repos(pull.head_repository_id), pull.head_ref, base, issue.id);
    Object.assign(issueColumns, { state: 'open', closed_at: null, closed_by_id: null });
    events.push({ action: 'reopened' });
    timeline.push({ event: 'reopened' });
  } else if (edits.base && issue.state === 'open') {
    await lockPulls(ctx);
    await refuseDuplicate(ctx, repos(pull.head_repository_id), pull.head_ref, base, issue.id);
  }
  if (Object.keys(issueColumns).length === 0 && Object.keys(pullColumns).length === 0) return current;
  issueColumns.updated_at = new Date();
  await updateIssueRow(tx, issue.id, issueColumns);
  if (Object.keys(pullColumns).length > 0)
    await tx`UPDATE pull_requests SET ${tx(pullColumns)} WHERE issue_id = ${issue.id}`;
  if (issueColumns.state !== undefined) await moveOpenIssueCount(ctx, issueColumns.state === 'open' ? 1 : -1);
  await recordIssueEvents(tx, issue, actorOf(ctx), timeline);
  // A new base or a reopening makes `mergeable` stale (server/pulls/merge/).
  if (edits.base || issueColumns.state === 'open') await queueMergeability(tx, [issue.id]);
  const row = (await pullByNumber(tx, repo.id, number))!;
  await emitPullRequestEvents(ctx, row, repos, events);
  return row;
}
