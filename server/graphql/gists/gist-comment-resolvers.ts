// GistComment in GraphQL: GC_ nodes and a gist's comments. Its author edits
// it, its author or the gist's owner deletes it (access/gist-access.ts); a
// deleted comment's row is gone, so its GC_ id answers null for good.
// `bodyHTML` is the body rendered by the Markdown renderer (GitHub-flavoured,
// sanitised); each costs a render, so the resource limits count it as a large
// leaf (core/list-caps.ts).
import { gistRefusal, mayChangeGistComment } from '../../access/gist-access.js';
import { gistCommentAssociation } from '../../gists/comments/gist-comment-view.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { renderMarkdown } from '../../markdown/render-markdown.js';
import { isoSeconds } from '../../views/timestamps.js';
import { absentFields, emptyConnection } from '../core/absent-feature.js';
import type { GraphqlContext } from '../core/context.js';
import { notFoundError } from '../core/errors.js';
import type { GistCommentResolvers } from '../generated/resolvers-types.js';
import { cannotUpdateReasons } from '../issues/viewer-can-edit.js';
import { gistCommentModel, gistModel, type GistCommentModel } from './gist-models.js';

/** The GistComment behind a GC_ id, or null for none (or deleted); installations: as loadGist. */
export async function loadGistComment(ctx: GraphqlContext, id: number): Promise<GistCommentModel | null> {
  const row = await ctx.loaders.gistCommentById.load(id);
  return row === null ? null : gistCommentModel(row);
}

const gistOf = (comment: GistCommentModel) => ({ owner_id: comment.gist_owner_id, public: comment.gist_public });

/** Whether the caller may edit or delete: the policy's rule, and a token that may write gists at all. */
function viewerMay(ctx: GraphqlContext, comment: GistCommentModel, action: 'edit' | 'delete'): boolean {
  const gist = gistOf(comment);
  return (
    gistRefusal(ctx.principal, gist, 'comment') === null && mayChangeGistComment(ctx.principal, gist, comment, action)
  );
}

const edited = (comment: GistCommentModel) => comment.updated_at.getTime() > comment.created_at.getTime();

export const GistComment: GistCommentResolvers = {
  // No comment arrives by e-mail or is minimized on Wharf, and no edit history is kept.
  ...absentFields([
    'createdViaEmail',
    'editor',
    'includesCreatedEdit',
    'isMinimized',
    'minimizedReason',
    'viewerCanMinimize',
  ]),
  userContentEdits: (_comment, args) => emptyConnection(args),
  id: (comment) => encodeNodeId('GistComment', comment.id),
  databaseId: (comment) => comment.id,
  body: (comment) => comment.body,
  bodyText: (comment) => comment.body,
  bodyHTML: (comment, _args, ctx) => {
    const { sql, git, urls } = ctx.services;
    return renderMarkdown({ sql, git, urls, principal: ctx.principal }, { text: comment.body, mode: 'gfm' });
  },
  author: (comment, _args, ctx) =>
    comment.author_id === null ? null : ctx.loaders.accountById.load(comment.author_id),
  authorAssociation: (comment) => gistCommentAssociation(comment),
  gist: async (comment, _args, ctx) => {
    // Deleting a gist deletes its comments, so a comment read a moment before may outlive it only within one request.
    const row = await ctx.loaders.gistById.load(comment.gist_id);
    if (row === null) throw notFoundError('Could not resolve to a Gist.');
    return gistModel(row);
  },
  createdAt: (comment) => isoSeconds(comment.created_at),
  updatedAt: (comment) => isoSeconds(comment.updated_at),
  publishedAt: (comment) => isoSeconds(comment.created_at),
  // Only an edit of its body moves a comment's updated_at.
  lastEditedAt: (comment) => (edited(comment) ? isoSeconds(comment.updated_at) : null),
  viewerCanUpdate: (comment, _args, ctx) => viewerMay(ctx, comment, 'edit'),
  viewerCanDelete: (comment, _args, ctx) => viewerMay(ctx, comment, 'delete'),
  viewerCannotUpdateReasons: (comment, _args, ctx) => cannotUpdateReasons(ctx, viewerMay(ctx, comment, 'edit')),
  viewerDidAuthor: (comment, _args, ctx) => comment.author_id !== null && comment.author_id === ctx.access.viewerId,
};
