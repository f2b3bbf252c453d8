// createIssue, updateIssue, closeIssue and reopenIssue: REST's rules and store
// (issue-changes.ts), so each emits exactly the `issues` events the REST
// operation does, in its transaction. Anyone who can read may open an issue;
// the author or triage may edit and close it; assignees need triage and are
// dropped silently without it, as GitHub drops them.
import { checkedTitle } from '../../issues/issue-input.js';
import { changeIssue, openIssue, type IssueChange } from '../../issues/issue-changes.js';
import { canEditIssue, canTriage } from '../../access/issue-permissions.js';
import type { StateReason } from '../../issues/issue-rows.js';
import { githubError } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { assigneesFromIds, inMutation, storable } from '../mutation/in-mutation.js';
import { forbiddenMutation, visibleIssue, visibleRepository, writerOf } from '../access/writer.js';

type M = Required<MutationResolvers>;

function title(value: string): string {
  storable(value, 'title');
  if (value.trim() === '') throw githubError('UNPROCESSABLE', "Title can't be blank");
  return checkedTitle(value);
}

export const createIssue: M['createIssue'] = async (_parent, { input }, ctx) => {
  const repo = await visibleRepository(ctx, input.repositoryId);
  const writer = await writerOf(ctx, repo, 'createIssue', 'read');
  if (!repo.has_issues) throw githubError('UNPROCESSABLE', 'Issues are disabled for this repo');
  const issueTitle = title(input.title);
  const assignees =
    input.assigneeIds && canTriage(writer.permission)
      ? await assigneesFromIds(ctx, repo, input.assigneeIds, 'createIssue')
      : [];
  const issue = await inMutation(ctx, repo, 'createIssue', (events) =>
    openIssue(events, { title: issueTitle, body: storable(input.body, 'body') ?? null, assignees }),
  );
  return { clientMutationId: input.clientMutationId, issue };
};

export const updateIssue: M['updateIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.id);
  const writer = await writerOf(ctx, repo, 'updateIssue', 'read');
  if (!canEditIssue(writer.permission, issue.user_id, writer.userId)) throw forbiddenMutation(ctx, 'updateIssue');
  const change: IssueChange = {
    title: input.title == null ? undefined : title(input.title),
    body: storable(input.body, 'body') ?? undefined,
    state: input.state == null ? undefined : input.state === 'CLOSED' ? 'closed' : 'open',
  };
  if (input.assigneeIds && canTriage(writer.permission))
    change.assignees = await assigneesFromIds(ctx, repo, input.assigneeIds, 'updateIssue');
  const updated = await inMutation(ctx, repo, 'updateIssue', (events) => changeIssue(events, issue.number, change));
  return {
    clientMutationId: input.clientMutationId,
    issue: updated,
    actor: await ctx.loaders.accountById.load(writer.userId),
  };
};

const CLOSED_REASONS: Record<'COMPLETED' | 'NOT_PLANNED' | 'DUPLICATE', StateReason> = {
  COMPLETED: 'completed',
  NOT_PLANNED: 'not_planned',
  DUPLICATE: 'duplicate',
};

export const closeIssue: M['closeIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.issueId);
  const writer = await writerOf(ctx, repo, 'closeIssue', 'read');
  if (!canEditIssue(writer.permission, issue.user_id, writer.userId)) throw forbiddenMutation(ctx, 'closeIssue');
  const stateReason = CLOSED_REASONS[input.stateReason ?? 'COMPLETED'];
  const closed = await inMutation(ctx, repo, 'closeIssue', (events) =>
    changeIssue(events, issue.number, { state: 'closed', stateReason }),
  );
  return { clientMutationId: input.clientMutationId, issue: closed };
};

export const reopenIssue: M['reopenIssue'] = async (_parent, { input }, ctx) => {
  const { issue, repo } = await visibleIssue(ctx, input.issueId);
  const writer = await writerOf(ctx, repo, 'reopenIssue', 'read');
  if (!canEditIssue(writer.permission, issue.user_id, writer.userId)) throw forbiddenMutation(ctx, 'reopenIssue');
  const reopened = await inMutation(ctx, repo, 'reopenIssue', (events) =>
    changeIssue(events, issue.number, { state: 'open' }),
  );
  return { clientMutationId: input.clientMutationId, issue: reopened };
};
