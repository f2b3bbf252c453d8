import type { Handler } from '../../http/operation-context.js';
import { inTransaction } from '../../transactions/in-transaction.js';
import { accessRepository } from '../../http/repository-access.js';
import { emitReleaseEvents, transitionActions } from '../release-events.js';
import { latestMark, tagTaken } from '../release-input.js';
import { generateNotes } from '../release-notes.js';
import { checkTagName, checkTarget, ensureTag } from '../release-tag.js';
import { releaseView } from '../release-view.js';
import { insertRelease, isTagTaken } from '../releases-store.js';

// Needs push access. The target is checked before anything is written; a
// published release's tag is created first (a ref change with its own
// `create` and `push` events), then the release and its `release` events
// commit together. A tag another release has is 422 already_exists.
export const createRelease: Handler<'repos/create-release'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { sql, urls } = ctx.services;
  const values = {
    tag_name: body.tag_name,
    target_commitish: body.target_commitish ?? repo.default_branch,
    name: body.name ?? (null as string | null),
    body: body.body ?? (null as string | null),
    draft: body.draft ?? false,
    prerelease: body.prerelease ?? false,
  };
  await checkTagName(ctx.services, values.tag_name);
  await checkTarget(ctx.services, repo, values.tag_name, values.target_commitish);
  const [taken] = await sql`SELECT 1 FROM releases WHERE repository_id = ${repo.id} AND tag_name = ${values.tag_name}`;
  if (taken) throw tagTaken();
  if (body.generate_release_notes) {
    // Before the tag exists, so the notes run from the target, as generate-notes does.
    const notes = await generateNotes(ctx.services, repo, {
      tag_name: values.tag_name,
      target_commitish: values.target_commitish,
    });
    values.name = values.name ?? notes.name;
    values.body = values.body ? `${values.body}\n\n${notes.body}` : notes.body;
  }
  if (!values.draft) await ensureTag(ctx.services, repo, ctx.principal, values.tag_name, values.target_commitish);
  const mark = latestMark(body.make_latest, !values.draft && !values.prerelease, !values.draft) === true;
  try {
    const view = await inTransaction(ctx.services, repo, ctx.principal, async (events) => {
      const { tx } = events;
      const view = releaseView(await insertRelease(tx, repo.id, ctx.user().user.id, values, mark), repo, urls);
      await emitReleaseEvents(events, view, transitionActions(null, values));
      return view;
    });
    return { status: 201, body: view, headers: { Location: view.url } };
  } catch (error) {
    if (isTagTaken(error)) throw tagTaken();
    throw error;
  }
};
