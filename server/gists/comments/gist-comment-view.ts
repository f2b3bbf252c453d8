// GitHub's `gist-comment` body. `author_association` is OWNER for the gist's
// owner and NONE for anyone else: a gist has no collaborators or members.
import type { Urls } from '../../http/urls.js';
import { encodeNodeId } from '../../ids/node-id.js';
import { userOrNull } from '../../repos/user-view.js';
import { isoSeconds } from '../../views/timestamps.js';
import type { GistCommentRow } from './gist-comments-store.js';

export function gistCommentAssociation(row: GistCommentRow): 'OWNER' | 'NONE' {
  return row.author_id !== null && row.author_id === row.gist_owner_id ? 'OWNER' : 'NONE';
}

export function gistCommentView(row: GistCommentRow, urls: Urls) {
  return {
    id: row.id,
    node_id: encodeNodeId('GistComment', row.id),
    url: urls.api(`/gists/${row.gist_name}/comments/${row.id}`),
    body: row.body,
    user: userOrNull(row.author, urls),
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    author_association: gistCommentAssociation(row),
  };
}
