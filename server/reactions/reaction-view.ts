// GitHub's `reaction` body.
import { encodeNodeId } from '../ids/node-id.js';
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { UserViews } from '../repos/user-view.js';
import type { ReactionRow } from './reactions-store.js';

export function reactionView(row: ReactionRow, urls: Urls, users = new UserViews(urls)) {
  return {
    id: row.id,
    node_id: encodeNodeId('Reaction', row.id),
    user: users.orNull(row.user),
    content: row.content,
    created_at: isoSeconds(row.created_at),
  };
}

/** A page of reactions, sharing the people's bodies. */
export function reactionViews(rows: ReactionRow[], urls: Urls) {
  const users = new UserViews(urls);
  return rows.map((row) => reactionView(row, urls, users));
}
