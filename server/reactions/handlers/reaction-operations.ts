// The three reaction operations, shared by issues, issue comments, review
// comments and releases: they differ only in how the subject is found
// (reaction-access.ts).
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { pageRequest } from '../../paging/pagination.js';
import { pageHeaders } from '../../issues/page-headers.js';
import { requireUnlocked, type SubjectAccess } from './reaction-access.js';
import type { ReactionContent } from '../reaction-subject.js';
import { reactionView, reactionViews } from '../reaction-view.js';
import { addReaction, listReactions, removeReaction } from '../reactions-store.js';

type Ctx = OperationContext<OperationId>;

export async function listFor(
  ctx: Ctx,
  found: SubjectAccess,
  query: { content?: ReactionContent; page?: number; per_page?: number },
) {
  const page = pageRequest(query);
  const { sql, urls } = ctx.services;
  const { rows, total } = await listReactions(sql, found.subject, query.content, {
    limit: page.perPage,
    offset: page.offset,
  });
  return {
    status: 200 as const,
    body: reactionViews(rows, urls),
    headers: pageHeaders(urls, ctx.event.url, page, total),
  };
}

/** 201 with a new reaction, 200 with the caller's existing one of the same content. */
export async function createFor(ctx: Ctx, found: SubjectAccess, content: ReactionContent) {
  const me = ctx.user().user;
  requireUnlocked(found);
  const added = await addReaction(ctx.services.sql, found.subject, me.id, content);
  if (!added) throw notFound();
  return { status: added.created ? (201 as const) : (200 as const), body: reactionView(added.row, ctx.services.urls) };
}

export async function deleteFor(ctx: Ctx, found: SubjectAccess, reactionId: number) {
  const me = ctx.user().user;
  ctx.checkScopes();
  const result = await removeReaction(ctx.services.sql, found.subject, reactionId, me.id);
  if (result === 'missing') throw notFound();
  if (result === 'not-yours') throw forbidden('Must be the author of the reaction to delete it.');
  return { status: 204 as const, body: undefined };
}
