// Finding what an operation reacts to, in the documented order (repository,
// then issue, comment or release: 404 before 403), and GitHub's rule for a locked
// conversation: only users with push access may react there. A review
// comment of someone else's pending review does not exist for the caller.
import { forbidden, notFound } from '../../errors/domain-error.js';
import type { OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { commentById } from '../../issues/comment-rows.js';
import { issueIn, withIssues } from '../../issues/issue-lookup.js';
import { canCommentWhenLocked } from '../../access/issue-permissions.js';
import { viewerOf } from '../../reviews/comments/review-comment-access.js';
import { reviewCommentById } from '../../reviews/comments/review-comment-store.js';
import { accessRepository, type RepositoryAccess, routeRepository } from '../../http/repository-access.js';
import { seesDrafts } from '../../access/release-visibility.js';
import { findRelease } from '../../releases/releases-store.js';
import type { ReactionSubject } from '../reaction-subject.js';
import { issueLocked } from '../../issues/issue-rows.js';

type RepoParams = { owner: string; repo: string };
type Ctx<K extends OperationId, P> = OperationContext<K> & { params: RepoParams & P };

export interface SubjectAccess {
  access: RepositoryAccess;
  subject: ReactionSubject;
  locked: boolean;
}

export async function issueSubject<K extends OperationId>(
  ctx: Ctx<K, { issue_number: number }>,
): Promise<SubjectAccess> {
  const access = withIssues(await routeRepository(ctx));
  const issue = await issueIn(ctx.services.sql, access.repo.id, ctx.params.issue_number);
  return { access, subject: { kind: 'issue', id: issue.id }, locked: issue.locked };
}

export async function commentSubject<K extends OperationId>(
  ctx: Ctx<K, { comment_id: number }>,
): Promise<SubjectAccess> {
  const access = withIssues(await routeRepository(ctx));
  const { sql } = ctx.services;
  const comment = await commentById(sql, access.repo.id, ctx.params.comment_id);
  if (!comment) throw notFound();
  return { access, subject: { kind: 'comment', id: comment.id }, locked: await issueLocked(sql, comment.issue_id) };
}

export async function reviewCommentSubject<K extends OperationId>(
  ctx: Ctx<K, { comment_id: number }>,
): Promise<SubjectAccess> {
  const access = await routeRepository(ctx);
  const { sql } = ctx.services;
  const comment = await reviewCommentById(sql, access.repo.id, ctx.params.comment_id, viewerOf(ctx.principal));
  if (!comment) throw notFound();
  return {
    access,
    subject: { kind: 'review_comment', id: comment.id },
    locked: await issueLocked(sql, comment.issue_id),
  };
}

/** A release has no conversation to lock; a draft is 404 to callers who cannot push, as everywhere. */
export async function releaseSubject<K extends OperationId>(
  ctx: Ctx<K, { release_id: number }>,
): Promise<SubjectAccess> {
  const access = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  const release = await findRelease(ctx.services.sql, access.repo.id, ctx.params.release_id);
  if (!release || (release.draft && !seesDrafts(access.permission))) throw notFound();
  return { access, subject: { kind: 'release', id: release.id }, locked: false };
}

/** 403 when the conversation is locked and the caller lacks push access. */
export function requireUnlocked({ access, locked }: SubjectAccess): void {
  if (locked && !canCommentWhenLocked(access.permission))
    throw forbidden('Unable to create reaction because issue is locked.');
}
