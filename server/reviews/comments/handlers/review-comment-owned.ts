// A review comment the caller may change (edit, delete): one they can see
// (404 otherwise) and wrote, or any with push access (403 otherwise), as for
// issue comments.
import { routeRepository } from '../../../http/repository-access.js';
import { forbidden, notFound } from '../../../errors/domain-error.js';
import type { OperationContext } from '../../../http/operation-context.js';
import type { OperationId } from '../../../generated/routes.js';
import { canChangeComment } from '../../../access/issue-permissions.js';
import { visibleComment } from '../review-comment-access.js';

type CommentParams = { owner: string; repo: string; comment_id: number };

export async function changeableComment<K extends OperationId>(
  ctx: OperationContext<K> & { params: CommentParams },
  verb: 'edit' | 'delete',
) {
  const { repo, permission } = await routeRepository(ctx);
  const me = ctx.user().user;
  const comment = await visibleComment(ctx.services.sql, repo.id, ctx.params.comment_id, ctx.principal);
  if (!comment) throw notFound();
  if (!canChangeComment(permission, comment.user_id, me.id))
    throw forbidden(`Must have push access to ${verb} this comment.`);
  ctx.checkScopes();
  return { repo, comment };
}
