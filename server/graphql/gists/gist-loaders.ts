// The gist loaders of a GraphQL request: `nodes(ids:)` naming many gists or
// gist comments costs one statement per kind, and so does a page of gists
// asking each for its star or comment count, or whether the viewer starred it.
import DataLoader from 'dataloader';
import type { Sql } from '../../db/database.js';
import { findGistsByIds, type GistRow } from '../../gists/gists-store.js';
import { findGistCommentsByIds, type GistCommentRow } from '../../gists/comments/gist-comments-store.js';
import { starCounts, starredBy } from '../../gists/gist-reads-store.js';
import { commentCounts } from '../../gists/gists-list-store.js';

export interface GistLoaders {
  /** A gist by database id; null for none. */
  gistById: DataLoader<number, GistRow | null>;
  /** A gist comment by database id (any gist's); null for none. */
  gistCommentById: DataLoader<number, GistCommentRow | null>;
  gistStarCount: DataLoader<number, number>;
  gistCommentCount: DataLoader<number, number>;
  /** Whether the viewer starred the gist (false for anyone signed out). */
  gistStarredByViewer: DataLoader<number, boolean>;
}

const byId = <T extends { id: number }>(ids: readonly number[], rows: T[]) => {
  const found = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => found.get(id) ?? null);
};

export function createGistLoaders(sql: Sql, viewerId: number | null): GistLoaders {
  return {
    gistById: new DataLoader(async (ids) => byId(ids, await findGistsByIds(sql, ids))),
    gistCommentById: new DataLoader(async (ids) => byId(ids, await findGistCommentsByIds(sql, ids))),
    gistStarCount: new DataLoader(async (ids) => {
      const counts = await starCounts(sql, ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    gistCommentCount: new DataLoader(async (ids) => {
      const counts = await commentCounts(sql, ids);
      return ids.map((id) => counts.get(id) ?? 0);
    }),
    gistStarredByViewer: new DataLoader(async (ids) => {
      if (viewerId === null) return ids.map(() => false);
      const starred = await starredBy(sql, viewerId, ids);
      return ids.map((id) => starred.has(id));
    }),
  };
}
