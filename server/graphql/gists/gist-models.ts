// What the gist resolvers pass around (codegen mappers of Gist and
// GistComment): the rows, each with a mark that tells it from the other Node
// models (node.ts's __resolveType).
import type { GistRow } from '../../gists/gists-store.js';
import type { GistCommentRow } from '../../gists/comments/gist-comments-store.js';

export interface GistModel extends GistRow {
  gist_node: true;
}

export interface GistCommentModel extends GistCommentRow {
  gist_comment_node: true;
}

export const isGist = (model: object): model is GistModel => 'gist_node' in model;
export const isGistComment = (model: object): model is GistCommentModel => 'gist_comment_node' in model;

export const gistModel = (row: GistRow): GistModel => ({ ...row, gist_node: true });
export const gistCommentModel = (row: GistCommentRow): GistCommentModel => ({ ...row, gist_comment_node: true });
