// addLabelsToLabelable and removeLabelsFromLabelable: triage access, as
// REST's label operations, and REST's store (issue-changes.ts), so each emits
// the `issues` labeled/unlabeled events and timeline rows REST does, in its
// transaction. Labels are named by node ID: one that does not resolve (or
// whose repository the caller cannot see) is NOT_FOUND; a label of another
// repository is refused (UNPROCESSABLE), nothing changed. Only issues are
// labelable here (pull requests are not served yet).
import { notFound } from '../../errors/domain-error.js';
import { decodeNodeIdOf } from '../../ids/node-id.js';
import { changeIssue } from '../../issues/issue-changes.js';
import type { EventContext } from '../../issues/issue-webhooks.js';
import { labelsByIds, type LabelRow } from '../../labels/labels-store.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { githubError, nodeNotFound } from '../core/errors.js';
import type { MutationResolvers } from '../generated/resolvers-types.js';
import { inMutation } from '../mutation/in-mutation.js';
import { visibleSubject, writerOf } from '../access/writer.js';

type M = Required<MutationResolvers>;

/** The database ids of the labels behind LA_ ids, each checked to be a label of `repo`. */
async function labelIdsOf(ctx: GraphqlContext, repo: RepositoryRow, ids: readonly string[]): Promise<number[]> {
  const labelIds: number[] = [];
  for (const id of ids) {
    const labelId = decodeNodeIdOf(id, 'Label');
    const label = labelId === null ? null : await ctx.loaders.labelById.load(labelId);
    const owner = label === null ? null : await ctx.loaders.repositoryById.load(label.repository_id);
    if (label === null || owner === null || !(await ctx.access.seesRepository(owner))) throw nodeNotFound(id);
    if (label.repository_id !== repo.id) {
      throw githubError(
        'UNPROCESSABLE',
        `Label '${label.name}' (${id}) does not belong to ${repo.owner_login}/${repo.name}.`,
      );
    }
    if (!labelIds.includes(label.id)) labelIds.push(label.id);
  }
  return labelIds;
}

/** The labels read again in the transaction: one deleted meanwhile is NOT_FOUND rather than a broken link. */
async function labelsNow(events: EventContext, ids: number[]): Promise<LabelRow[]> {
  const found = await labelsByIds(events.tx, ids);
  if (ids.some((id) => !found.has(id))) throw notFound();
  return ids.map((id) => found.get(id)!);
}

export const addLabelsToLabelable: M['addLabelsToLabelable'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.labelableId);
  await writerOf(ctx, repo, 'addLabelsToLabelable', 'triage');
  const ids = await labelIdsOf(ctx, repo, input.labelIds);
  const changed = await inMutation(ctx, repo, 'addLabelsToLabelable', async (events) =>
    changeIssue(events, issue.number, { addLabels: await labelsNow(events, ids) }),
  );
  return { clientMutationId: input.clientMutationId, labelable: await shown(changed) };
};

// Labels the issue does not carry are ignored, as REST's set operation ignores them.
export const removeLabelsFromLabelable: M['removeLabelsFromLabelable'] = async (_parent, { input }, ctx) => {
  const { issue, repo, shown } = await visibleSubject(ctx, input.labelableId);
  await writerOf(ctx, repo, 'removeLabelsFromLabelable', 'triage');
  const ids = await labelIdsOf(ctx, repo, input.labelIds);
  const changed = await inMutation(ctx, repo, 'removeLabelsFromLabelable', async (events) =>
    changeIssue(events, issue.number, { removeLabels: await labelsNow(events, ids) }),
  );
  return { clientMutationId: input.clientMutationId, labelable: await shown(changed) };
};
