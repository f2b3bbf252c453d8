import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { changesOf } from '../../webhooks/caller-events.js';
import { emitReleaseEvents, transitionActions } from '../release-events.js';
import { latestMark, tagTaken } from '../release-input.js';
import { checkTagName, checkTarget, ensureTag } from '../release-tag.js';
import { releaseView } from '../release-view.js';
import { findRelease, isTagTaken, updateRelease, type ReleaseRow } from '../releases-store.js';
import { assetsOfReleases } from '../assets-store.js';

// Only the fields present change. Checks first (tag name, target when the tag
// does not exist), then publishing creates the tag (its own ref change), then
// the update and its `release` events commit together, `changes` taken
// against the locked row this update replaces.
export const updateReleaseHandler: Handler<'repos/update-release'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const current = await findRelease(sql, repo.id, ctx.params.release_id);
  if (!current) throw notFound();
  const values = valuesOf(current, body);
  if (values.tag_name !== current.tag_name) await checkTagName(ctx.services, values.tag_name);
  if (!values.draft || values.target_commitish !== current.target_commitish) {
    await checkTarget(ctx.services, repo, values.tag_name, values.target_commitish);
  }
  if (!values.draft) await ensureTag(ctx.services, repo, ctx.principal, values.tag_name, values.target_commitish);
  try {
    const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
      const { tx } = events;
      const before = await findRelease(tx, repo.id, current.id, true);
      if (!before) throw notFound();
      const after = valuesOf(before, body);
      const mark = latestMark(body.make_latest, !after.draft && !after.prerelease, before.draft && !after.draft);
      const row = await updateRelease(tx, before, after, mark);
      const view = releaseView(row, repo, urls, (await assetsOfReleases(tx, [row.id])).get(row.id));
      const changes: Record<string, unknown> = changesOf({ ...before }, after, ['name', 'body', 'tag_name']);
      if (body.make_latest !== undefined && (row.latest_marked_at !== null) !== (before.latest_marked_at !== null)) {
        changes.make_latest = { to: row.latest_marked_at !== null };
      }
      await emitReleaseEvents(events, view, transitionActions(before, after), changes);
      return view;
    });
    return { status: 200, body: view };
  } catch (error) {
    if (isTagTaken(error)) throw tagTaken();
    throw error;
  }
};

type Body = {
  tag_name?: string;
  target_commitish?: string;
  name?: string | null;
  body?: string | null;
  draft?: boolean;
  prerelease?: boolean;
};

function valuesOf(row: ReleaseRow, body: Body) {
  return {
    tag_name: body.tag_name ?? row.tag_name,
    target_commitish: body.target_commitish ?? row.target_commitish,
    name: body.name === undefined ? row.name : body.name,
    body: body.body === undefined ? row.body : body.body,
    draft: body.draft ?? row.draft,
    prerelease: body.prerelease ?? row.prerelease,
  };
}
