// The handlers of the gist comment operations, keyed by operationId;
// server/handlers.ts joins every capability's map into the one the compiler
// checks for completeness.
import type { Handlers } from '../../../http/operation-context.js';
import { deleteGistCommentHandler, getGistCommentHandler, updateGistCommentHandler } from './gists-comment.js';
import { createGistCommentHandler } from './gists-create-comment.js';
import { listGistCommentsHandler } from './gists-list-comments.js';

export const gistCommentsHandlers = {
  'gists/list-comments': listGistCommentsHandler,
  'gists/create-comment': createGistCommentHandler,
  'gists/get-comment': getGistCommentHandler,
  'gists/update-comment': updateGistCommentHandler,
  'gists/delete-comment': deleteGistCommentHandler,
} satisfies Partial<Handlers>;
