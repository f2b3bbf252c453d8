// A repository's releases in PostgreSQL. The latest release is computed by
// the query (latestRelease), not kept in a column that every change would
// have to update.
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { ReactionCounts } from '../views/reaction-rollup.js';

export interface ReleaseValues {
  tag_name: string;
  target_commitish: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
}

export interface ReleaseRow extends ReleaseValues {
  id: number;
  repository_id: number;
  author_id: number | null;
  author_login: string | null;
  author_kind: 'User' | 'Organization' | 'Bot' | null;
  author_site_admin: boolean | null;
  latest_marked_at: Date | null;
  /** The rollup of its reactions (reactions-store.ts keeps it). */
  reaction_counts: ReactionCounts;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

type Db = Sql | TransactionSql;

const SELECT_RELEASE = (db: Db) => db`
  SELECT r.id, r.repository_id, r.tag_name, r.target_commitish, r.name, r.body, r.draft, r.prerelease,
         r.author_id, a.login AS author_login, a.kind AS author_kind, a.site_admin AS author_site_admin,
         r.latest_marked_at, r.reaction_counts, r.created_at, r.updated_at, r.published_at
  FROM releases r LEFT JOIN accounts a ON a.id = r.author_id`;

export function isTagTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e.code === '23505' && e.constraint_name === 'releases_repository_tag_idx';
}

export async function findRelease(db: Db, repositoryId: number, id: number, lock = false): Promise<ReleaseRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db<ReleaseRow[]>`${SELECT_RELEASE(db)}
    WHERE r.repository_id = ${repositoryId} AND r.id = ${id} ${lock ? db`FOR UPDATE OF r` : db``}`;
  return row ?? null;
}

/** Releases by id alone (node ids name no repository), in one query; ids not found are absent from the map. */
export async function releasesByIds(db: Db, ids: readonly number[]): Promise<Map<number, ReleaseRow>> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id >= 1);
  if (valid.length === 0) return new Map();
  const rows = await db<ReleaseRow[]>`${SELECT_RELEASE(db)} WHERE r.id = ANY(${db.array(valid)}::bigint[])`;
  return new Map(rows.map((row) => [row.id, row]));
}

/** The published release of a tag (GitHub does not find drafts by tag). */
export async function findReleaseByTag(db: Db, repositoryId: number, tag: string): Promise<ReleaseRow | null> {
  if (!canMatchText(tag)) return null;
  const [row] = await db<ReleaseRow[]>`${SELECT_RELEASE(db)}
    WHERE r.repository_id = ${repositoryId} AND r.tag_name = ${tag} AND NOT r.draft`;
  return row ?? null;
}

/** The release `make_latest` last chose, else the newest published full release. */
export async function latestRelease(db: Db, repositoryId: number): Promise<ReleaseRow | null> {
  const [row] = await db<ReleaseRow[]>`${SELECT_RELEASE(db)}
    WHERE r.repository_id = ${repositoryId} AND NOT r.draft AND NOT r.prerelease
    ORDER BY r.latest_marked_at DESC NULLS LAST, r.created_at DESC, r.id DESC LIMIT 1`;
  return row ?? null;
}

/** One page, newest first, and the total; drafts only when `withDrafts`. */
export async function listReleases(
  db: Db,
  repositoryId: number,
  withDrafts: boolean,
  limit: number,
  offset: number,
): Promise<{ rows: ReleaseRow[]; total: number }> {
  const visible = withDrafts ? db`true` : db`NOT r.draft`;
  const rows = await db<ReleaseRow[]>`${SELECT_RELEASE(db)}
    WHERE r.repository_id = ${repositoryId} AND ${visible}
    ORDER BY r.created_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await db<{ total: number }[]>`SELECT count(*)::int AS total FROM releases r
    WHERE r.repository_id = ${repositoryId} AND ${visible}`;
  return { rows, total: count!.total };
}

export async function insertRelease(
  tx: TransactionSql,
  repositoryId: number,
  authorId: number,
  values: ReleaseValues,
  markLatest: boolean,
): Promise<ReleaseRow> {
  const [row] = await tx<{ id: number }[]>`INSERT INTO releases
      (repository_id, tag_name, target_commitish, name, body, draft, prerelease, author_id, latest_marked_at, published_at)
    VALUES (${repositoryId}, ${values.tag_name}, ${values.target_commitish}, ${values.name}, ${values.body}, ${values.draft},
            ${values.prerelease}, ${authorId}, ${markLatest ? tx`clock_timestamp()` : null}, ${values.draft ? null : tx`now()`})
    RETURNING id`;
  return (await findRelease(tx, repositoryId, row!.id))!;
}

/**
 * `latest`: true marks the release latest now, false and `legacy` clear its
 * mark, undefined keeps it. `published_at` is set when a draft is published
 * and cleared when it becomes a draft again.
 */
export async function updateRelease(
  tx: TransactionSql,
  row: ReleaseRow,
  values: ReleaseValues,
  latest: boolean | undefined,
): Promise<ReleaseRow> {
  const publishedAt = values.draft ? null : row.draft ? tx`now()` : row.published_at;
  const marked = latest === undefined ? row.latest_marked_at : latest ? tx`clock_timestamp()` : null;
  await tx`UPDATE releases SET tag_name = ${values.tag_name}, target_commitish = ${values.target_commitish}, name = ${values.name},
      body = ${values.body}, draft = ${values.draft}, prerelease = ${values.prerelease}, published_at = ${publishedAt},
      latest_marked_at = ${marked}, updated_at = now()
    WHERE id = ${row.id}`;
  return (await findRelease(tx, row.repository_id, row.id))!;
}

export async function deleteRelease(tx: TransactionSql, id: number): Promise<void> {
  await tx`DELETE FROM releases WHERE id = ${id}`;
}
